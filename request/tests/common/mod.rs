//! Test fixtures shared by the request path's integration tests.
// Each test binary uses its own part of this module.
#![allow(dead_code)]

use command::{Applet, AppletError, AppletSpec, Arg, Context, Example, Mode, Slot, Table};
use request::{paths_from_list, Clock, Config, Interpreter};

/// Monotonic nanoseconds for the request path's timings.
pub struct Ticks(pub std::time::Instant);

impl Clock for Ticks {
    fn now_ns(&mut self) -> u64 {
        self.0.elapsed().as_nanos() as u64
    }
}

/// The committed default model's bytes.
pub fn default_model() -> Vec<u8> {
    let p = concat!(env!("CARGO_MANIFEST_DIR"), "/../model/default/nosys.gguf");
    std::fs::read(p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// What the sample disk's files say (`iso/sample-disk/`), as the session
/// reads them for `request::Contents`.
pub fn sample_contents() -> request::Contents {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../iso/sample-disk");
    let texts: Vec<(String, String)> = command::SAMPLE_FS
        .iter()
        .filter(|p| !p.ends_with('/'))
        .filter_map(|p| {
            let t = std::fs::read_to_string(root.join(p.trim_start_matches('/'))).ok()?;
            Some((p.to_string(), t))
        })
        .collect();
    request::Contents::from_texts(texts.iter().map(|(p, t)| (p.as_str(), t.as_str())))
}

/// An interpreter over `bytes` with `table` in `mode` over the sample
/// volume, its router warmed from the declared examples.
pub fn warmed(bytes: &[u8], table: Table, mode: Mode) -> (Interpreter<'_>, Ticks) {
    warmed_over(bytes, table, mode, paths_from_list(command::SAMPLE_FS))
}

/// [`warmed`] with the words-only reader off (`Config::intent` 0): for a
/// rule measured on the router's and the model's own readings.
pub fn warmed_without_reader(bytes: &[u8], mode: Mode) -> (Interpreter<'_>, Ticks) {
    let config = Config {
        intent: 0.0,
        ..Config::default()
    };
    let paths = paths_from_list(command::SAMPLE_FS);
    let mut it = Interpreter::new(bytes, applets::builtin(), mode, paths, config).unwrap();
    let mut clock = Ticks(std::time::Instant::now());
    it.warm_router(None, 0, &mut clock, &mut |_, _| {}).unwrap();
    (it, clock)
}

/// [`warmed`] over the files `paths`.
pub fn warmed_over(
    bytes: &[u8],
    table: Table,
    mode: Mode,
    paths: Vec<grammar::PathEntry>,
) -> (Interpreter<'_>, Ticks) {
    let mut it = Interpreter::new(bytes, table, mode, paths, Config::default()).unwrap();
    let mut clock = Ticks(std::time::Instant::now());
    it.warm_router(None, 0, &mut clock, &mut |_, _| {}).unwrap();
    (it, clock)
}

// An applet the model never saw: only its declared examples teach the
// router about it.
pub struct Weather;
pub static WEATHER: Weather = Weather;
pub static WEATHER_SPEC: AppletSpec = AppletSpec {
    name: "weather",
    summary: "test applet: a forecast",
    slots: &[Slot::one_of("when", &["today", "tomorrow"]).optional()],
    writes: false,
    role: None,
    examples: &[
        Example::new("will it rain today", "weather today"),
        Example::new("weather forecast for tomorrow", "weather tomorrow"),
        Example::new("is it sunny outside", "weather"),
        Example::new("do I need an umbrella tomorrow", "weather tomorrow"),
        Example::new("how hot is it today", "weather today"),
        Example::new("any snow expected", "weather"),
        Example::new("rain or shine tomorrow?", "weather tomorrow"),
        Example::new("what's the weather like", "weather"),
    ],
};

impl Applet for Weather {
    fn spec(&self) -> &'static AppletSpec {
        &WEATHER_SPEC
    }
    fn run(&self, _: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        writeln!(cx.out(), "sunny")?;
        Ok(())
    }
}

// A second applet the model never saw, written to choose
// `Config::unlearnt_weight` on, so the weather requests stay a test.
pub struct Battery;
pub static BATTERY: Battery = Battery;
pub static BATTERY_SPEC: AppletSpec = AppletSpec {
    name: "battery",
    summary: "test applet: the battery's charge",
    slots: &[],
    writes: false,
    role: None,
    examples: &[
        Example::new("how much battery is left", "battery"),
        Example::new("battery level", "battery"),
        Example::new("am I running low on charge", "battery"),
        Example::new("is the laptop charging", "battery"),
        Example::new("how long until the battery dies", "battery"),
        Example::new("show the power status", "battery"),
        Example::new("percent charge remaining?", "battery"),
        Example::new("do I need to plug in", "battery"),
    ],
};

impl Applet for Battery {
    fn spec(&self) -> &'static AppletSpec {
        &BATTERY_SPEC
    }
    fn run(&self, _: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        writeln!(cx.out(), "87%")?;
        Ok(())
    }
}

/// `gguf` with a bool metadata key added (`nosys.nothing`, say): the key
/// goes right after the header, with a padding string beside it so that
/// what is inserted is a whole number of 32-byte alignment units and the
/// tensor data, found relative to its aligned start, stays where it was.
pub fn with_bool_key(gguf: &[u8], key: &str, value: bool) -> Vec<u8> {
    with_key(gguf, key, 7, &[value as u8])
}

/// `gguf` with one more metadata key, an array of strings.
pub fn with_strings_key(gguf: &[u8], key: &str, values: &[&str]) -> Vec<u8> {
    // Element type (string), count, then each string: u64 length, bytes.
    let mut v = 8u32.to_le_bytes().to_vec();
    v.extend((values.len() as u64).to_le_bytes());
    for s in values {
        v.extend((s.len() as u64).to_le_bytes());
        v.extend(s.as_bytes());
    }
    with_key(gguf, key, 9, &v)
}

/// `gguf` with one more metadata key, an array of `f32`.
pub fn with_f32s_key(gguf: &[u8], key: &str, values: &[f32]) -> Vec<u8> {
    // Element type (f32), count, then the values.
    let mut v = 6u32.to_le_bytes().to_vec();
    v.extend((values.len() as u64).to_le_bytes());
    for x in values {
        v.extend(x.to_le_bytes());
    }
    with_key(gguf, key, 9, &v)
}

/// `gguf` with the words-only applet reader's keys (`nosys.intent.*`).
pub fn with_intent(gguf: &[u8], it: &intent::Intent) -> Vec<u8> {
    let key = |k: &str| format!("{}.{k}", request::INTENT_KEY);
    let classes: Vec<&str> = it.classes().iter().map(String::as_str).collect();
    let g = with_strings_key(gguf, &key("classes"), &classes);
    let g = with_f32s_key(&g, &key("weights"), it.weights());
    with_f32s_key(&g, &key("bias"), it.bias())
}

/// `gguf` with one more metadata key of GGUF type `ty` holding `value`'s
/// bytes, and a string key padding the header so the tensor data keeps its
/// alignment.
fn with_key(gguf: &[u8], key: &str, ty: u32, value: &[u8]) -> Vec<u8> {
    const ALIGN: usize = 32;
    let kv = |out: &mut Vec<u8>, k: &str, ty: u32, v: &[u8]| {
        out.extend((k.len() as u64).to_le_bytes());
        out.extend(k.as_bytes());
        out.extend(ty.to_le_bytes());
        out.extend(v);
    };
    let mut added = Vec::new();
    kv(&mut added, key, ty, value);
    // One pad per key added, so keys can be added one after another.
    let pad_key = &format!("nosys.test.pad.{key}");
    // A string value: u64 length, then the bytes.
    let fixed = added.len() + 8 + pad_key.len() + 4 + 8;
    let len = (ALIGN - fixed % ALIGN) % ALIGN;
    let mut v = (len as u64).to_le_bytes().to_vec();
    v.extend(std::iter::repeat_n(b'x', len));
    kv(&mut added, pad_key, 8, &v);
    assert_eq!(added.len() % ALIGN, 0);
    // Header: magic, version (u32 each), tensor count, metadata count (u64 each).
    let mut out = gguf[..24].to_vec();
    let n_kv = u64::from_le_bytes(gguf[16..24].try_into().unwrap()) + 2;
    out[16..24].copy_from_slice(&n_kv.to_le_bytes());
    out.extend(added);
    out.extend(&gguf[24..]);
    out
}

/// `count` lines of one to `max_words` words drawn from `words` by a
/// fixed-seed generator (the same lines on every run): odd input for
/// the request path.
pub fn odd_lines(seed: u64, words: &[&str], count: usize, max_words: usize) -> Vec<String> {
    let mut state = seed;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    (0..count)
        .map(|_| {
            let len = 1 + next(max_words);
            (0..len)
                .map(|_| words[next(words.len())])
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The words the grounding and proposal rules look at (quotes, colons,
/// slashes, flags, labels, verbs that say, names): what [`odd_lines`]
/// draws from.
pub const ODD_WORDS: &[&str] = &[
    "say",
    "print",
    "echo",
    "type",
    "show",
    "display",
    "the",
    "a",
    "to",
    "me",
    "on",
    "screen",
    "with",
    "called",
    "named",
    "it",
    "in",
    "into",
    "besides",
    "except",
    "other",
    "than",
    "apart",
    "from",
    "should",
    "just",
    "now",
    "from",
    "phrase",
    "password",
    "source",
    "link",
    ":",
    "the:",
    "\"",
    "'",
    "\"quoted",
    "words\"",
    "'x",
    "y'",
    "-20",
    "-",
    "--",
    "tok/s",
    "/",
    "//",
    "a/b",
    "DOCS/FAQ",
    "/docs/faq",
    "notes.txt",
    "meeting",
    "notes",
    "photo",
    "photos",
    "list",
    "folder",
    "docs",
    "logs",
    "readme",
    "read",
    "me",
    "q&a",
    "hello",
    "todo",
    "to-do",
    "say:",
    "route",
    "said",
    "typed",
    "told",
    "you",
    "for",
    "pick",
    "run",
    "of",
    "dry",
    ",",
    ".",
    "?",
    "!",
    "…",
    "é",
    "日本",
    "make",
    "create",
    "new",
    "file",
    "rename",
    "copy",
    "move",
    "add",
    "addd",
    "ad",
    "back",
    "out",
    "after",
    "i",
    "ok",
    "release",
    "0.1",
    "2026",
    "\"User",
    "Guide.txt\"",
    "SECRET",
    "STUFF",
    "that",
    "says",
    "saying",
    ">",
    ">>",
    "|",
    "tail",
];
