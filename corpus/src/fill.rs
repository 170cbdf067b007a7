//! Slot fillers: for each slot kind, a value for the command and the words a
//! person would use for it in a request.

use crate::rng::Rng;
use command::{Arg, PathKind, Slot, SlotKind, SAMPLE_FS};

/// A filled slot: how the request mentions it and what the command says.
#[derive(Clone, Debug)]
pub struct Filled {
    pub mention: String,
    pub arg: Arg,
}

/// Stems for files and directories that are not on the sample volume, so
/// the model learns to copy a name rather than memorise nine paths.
const STEMS: &[&str] = &[
    "report", "ideas", "plan", "list", "draft", "budget", "recipe", "poem", "story", "config",
    "data", "letter", "diary", "journal", "scores", "names", "shopping", "games", "backup", "old",
    "new", "test", "temp", "memo", "song", "book", "index", "music", "photos", "work", "school",
    "taxes", "travel", "movies", "friends", "contacts", "secret", "output", "result", "summary",
    "chapter1", "notes2", "todo2", "draft3", "a", "b", "x", "log1", "boot2", "kernel", "setup",
    "install", "license", "changes", "errors", "debug", "trace", "stats", "items", "words",
];
const EXTS: &[&str] = &[
    "TXT", "TXT", "TXT", "TXT", "LOG", "MD", "CSV", "CFG", "BIN", "DAT",
];
const DIRS: &[&str] = &[
    "DOCS", "LOGS", "WORK", "MUSIC", "ARCHIVE", "PROJECTS", "TMP", "BACKUP", "HOME", "NOTES",
    "OLD", "DATA", "GAMES", "PHOTOS", "SRC",
];

/// Free text for `echo`, `write` and `append`.
const TEXTS: &[&str] = &[
    "buy milk",
    "call mom",
    "hello world",
    "hello",
    "done",
    "test",
    "good morning",
    "meeting at 3pm",
    "remember the keys",
    "fix the bike",
    "pay rent on friday",
    "water the plants",
    "the quick brown fox",
    "ship it",
    "dentist tuesday 10am",
    "it works",
    "hi there",
    "goodbye",
    "all tests passed",
    "backup finished",
    "buy eggs and bread",
    "feed the cat",
    "lunch with sam",
    "return library books",
    "finish the report",
    "todo: clean desk",
    "version 2",
    "42",
    "nosys rocks",
    "one two three",
    "Hello World",
    "Remember to smile",
    "call the plumber",
    "book flights",
    "pick up kids at 5",
    "read chapter 3",
    "send the invoice",
    "happy birthday",
    "wake up",
    "ok",
    "yes",
    "no",
    "first line",
    "second entry",
    "note to self",
    "learn rust",
    "check the logs",
    "update the docs",
    "renew passport",
    "gym at 7",
    "bake a cake",
    "milk, eggs, butter",
    "see you soon",
    "this is a test",
    "ping",
    "hello from nosys",
    "the end",
    "chapter one",
    "draft ready",
    "vacation in june",
    "fix bug 17",
    "Meeting moved to Monday",
    "TODO",
    "password is not here",
    "lorem ipsum",
];

/// Requests quoted inside a request (`route "show me the notes"`).
const REQUESTS: &[&str] = &[
    "show me the notes",
    "list my files",
    "delete the todo list",
    "how much memory is free",
    "reboot now",
    "print hello",
    "disk usage",
    "what time is it",
    "copy notes to backup",
    "what cpu is this",
    "make a folder called music",
    "read the faq",
    "clear the screen",
    "turn it off",
    "show the kernel log",
    "rename hello.txt to hi.txt",
    "free space",
    "add milk to my todo list",
    "how long has it been up",
    "list pci devices",
];

/// Words a person uses for the root directory.
const ROOT_MENTIONS: &[&str] = &[
    "the root",
    "root",
    "/",
    "the top level",
    "the root directory",
];

/// Natural names of the sample volume's files, besides the generic ones.
fn sample_mentions(path: &str) -> &'static [&'static str] {
    match path {
        "/README.TXT" => &["the readme", "readme", "the readme file"],
        "/NOTES.TXT" => &[
            "notes",
            "my notes",
            "the notes",
            "the notes file",
            "my notes file",
        ],
        "/TODO.TXT" => &[
            "my todo list",
            "the todo list",
            "the todo file",
            "todo list",
            "my todos",
        ],
        "/HELLO.TXT" => &["the hello file", "hello file"],
        "/DOCS/GUIDE.TXT" => &["the guide", "the guide in docs", "the docs guide"],
        "/DOCS/FAQ.TXT" => &["the faq", "the faq in docs", "the faq document"],
        "/LOGS/BOOT.LOG" => &["the boot log", "boot log", "the boot log file"],
        "/DOCS" => &[
            "docs",
            "the docs folder",
            "the docs directory",
            "documents folder",
        ],
        "/LOGS" => &[
            "logs",
            "the logs folder",
            "the logs directory",
            "the log folder",
        ],
        _ => &[],
    }
}

/// Generic ways to say a file path: `/DOCS/A.TXT` is `a.txt`, `docs/a.txt`,
/// `/DOCS/A.TXT`, `a.txt in docs`, `the file a.txt`...
fn file_mentions(path: &str) -> Vec<String> {
    let lower = path.to_ascii_lowercase();
    let (dir, base) = match lower.rfind('/') {
        Some(i) => (&lower[..i], &lower[i + 1..]),
        None => ("", lower.as_str()),
    };
    let mut v = vec![
        lower.clone(),
        path.to_string(),
        lower[1..].to_string(),
        format!("the file {lower}"),
    ];
    if dir.is_empty() {
        v.extend([
            base.to_string(),
            base.to_string(),
            base.to_ascii_uppercase(),
            format!("the file {base}"),
            format!("{base} file"),
        ]);
    } else {
        let d = &dir[1..];
        v.extend([
            format!("{base} in {d}"),
            format!("{base} in the {d} folder"),
            format!("{d}/{base}"),
        ]);
    }
    v
}

fn dir_mentions(path: &str) -> Vec<String> {
    if path == "/" {
        return ROOT_MENTIONS.iter().map(|s| s.to_string()).collect();
    }
    let lower = path.to_ascii_lowercase();
    let d = &lower[1..];
    vec![
        d.to_string(),
        d.to_string(),
        lower.clone(),
        path.to_string(),
        format!("the {d} folder"),
        format!("the {d} directory"),
        format!("{d} folder"),
        format!("{lower}/"),
    ]
}

fn mention_of(rng: &mut Rng, path: &str, is_dir: bool) -> String {
    let natural = sample_mentions(path);
    if !natural.is_empty() && rng.chance(0.45) {
        return rng.pick(natural).to_string();
    }
    let generic = if is_dir {
        dir_mentions(path)
    } else {
        file_mentions(path)
    };
    rng.pick(&generic).clone()
}

/// Whether the corpus names a sample path: only the 8.3 ones, upper case.
/// The long names (issue 17) came after the default model was trained; a
/// request reaches them through grounding in the live volume
/// (docs/grounding.md), and naming them here would change every split and
/// so the model (`make model`).
fn in_corpus(path: &str) -> bool {
    let p = path.trim_end_matches('/');
    p == p.to_ascii_uppercase() && p.split('/').skip(1).all(command::parse::fits_short_name)
}

/// The spelling the request path gives `path` when the request spells it
/// `mention`: a name the volume has keeps the volume's spelling, a new one
/// keeps the case typed (issue 17: `mkdir music` makes `/music`), so the
/// model learns the names its grammar offers. Folders the volume has keep
/// their spelling inside a new path (`docs/plan.txt` is `/DOCS/plan.txt`).
fn typed_case(path: &str, mention: &str) -> String {
    let live = |p: &str| {
        SAMPLE_FS
            .iter()
            .any(|s| s.trim_end_matches('/') == p && in_corpus(s))
    };
    if live(path) || !mention.bytes().any(|b| b.is_ascii_lowercase()) {
        return path.to_string();
    }
    let mut out = String::new();
    let mut prefix = String::new();
    for part in path.split('/').skip(1) {
        prefix.push('/');
        prefix.push_str(part);
        out.push('/');
        if live(&prefix) {
            out.push_str(part);
        } else {
            out.push_str(&part.to_ascii_lowercase());
        }
    }
    out
}

fn sample_files() -> impl Iterator<Item = &'static str> {
    SAMPLE_FS
        .iter()
        .copied()
        .filter(|p| !p.ends_with('/') && in_corpus(p))
}

fn sample_dirs() -> impl Iterator<Item = String> {
    SAMPLE_FS
        .iter()
        .filter(|p| p.ends_with('/') && in_corpus(p))
        .map(|p| p.trim_end_matches('/').to_string())
}

fn new_file(rng: &mut Rng) -> String {
    let stem = rng.pick(STEMS).to_ascii_uppercase();
    let ext = rng.pick(EXTS);
    if rng.chance(0.3) {
        format!("/{}/{stem}.{ext}", rng.pick(DIRS))
    } else {
        format!("/{stem}.{ext}")
    }
}

fn new_dir(rng: &mut Rng) -> String {
    if rng.chance(0.5) {
        format!("/{}", rng.pick(DIRS))
    } else {
        format!("/{}", rng.pick(STEMS).to_ascii_uppercase())
    }
}

/// A file path: mostly from the sample volume (what the kernel ships), the
/// rest invented.
fn file_path(rng: &mut Rng, must_exist: bool) -> String {
    let sample: Vec<&str> = sample_files().collect();
    let p_sample = if must_exist { 0.65 } else { 0.45 };
    if rng.chance(p_sample) {
        rng.pick(&sample).to_string()
    } else {
        new_file(rng)
    }
}

/// A directory: one that exists (or the root) for slots that must exist,
/// a new one otherwise (`mkdir /DOCS` would only fail).
fn dir_path(rng: &mut Rng, must_exist: bool) -> String {
    let mut sample: Vec<String> = sample_dirs().collect();
    sample.push("/".to_string());
    if must_exist && rng.chance(0.6) {
        return rng.pick(&sample).clone();
    }
    loop {
        let d = new_dir(rng);
        if !must_exist && sample.contains(&d) {
            continue;
        }
        return d;
    }
}

/// Fills one slot. `applet_names` feeds slots that name a command (`help`).
pub fn fill(rng: &mut Rng, slot: &Slot, applet_names: &[&'static str]) -> Filled {
    match slot.kind {
        SlotKind::Path { kind, must_exist } => {
            let is_dir = match kind {
                PathKind::File => false,
                PathKind::Dir => true,
                PathKind::Any => rng.chance(0.2),
            };
            let path = if is_dir {
                dir_path(rng, must_exist)
            } else {
                file_path(rng, must_exist)
            };
            let mention = mention_of(rng, &path, is_dir);
            Filled {
                arg: Arg::Path(typed_case(&path, &mention)),
                mention,
            }
        }
        SlotKind::AppletName => {
            let name = *rng.pick(applet_names);
            Filled {
                mention: name.to_string(),
                arg: Arg::Word(name),
            }
        }
        SlotKind::Text | SlotKind::Request => {
            let pool = if slot.kind == SlotKind::Request {
                REQUESTS
            } else {
                TEXTS
            };
            let text = rng.pick(pool).to_string();
            let mention = match rng.below(10) {
                0..=1 => format!("\"{text}\""),
                2 => format!("'{text}'"),
                _ => text.clone(),
            };
            Filled {
                mention,
                arg: Arg::Text(text),
            }
        }
        SlotKind::Integer { min, max } => {
            // Small numbers are what people ask for; keep a tail up to max.
            let hi = if rng.chance(0.8) {
                max.min(min + 50)
            } else {
                max
            };
            let span = (hi - min).max(0) as u64 + 1;
            let n = min + (rng.next_u64() % span) as i64;
            Filled {
                mention: n.to_string(),
                arg: Arg::Integer(n),
            }
        }
        SlotKind::OneOf(words) => {
            let w = *rng.pick(words);
            Filled {
                mention: w.to_string(),
                arg: Arg::Word(w),
            }
        }
    }
}

/// Every path a filler can produce for a sample-volume file, for tests.
pub fn sample_file_paths() -> Vec<&'static str> {
    sample_files().collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn new_names_keep_the_case_typed_and_live_ones_the_volumes() {
        use super::typed_case;
        assert_eq!(typed_case("/MEMO.TXT", "memo.txt"), "/memo.txt");
        assert_eq!(typed_case("/MEMO.TXT", "MEMO.TXT"), "/MEMO.TXT");
        assert_eq!(
            typed_case("/DOCS/PLAN.TXT", "plan.txt in docs"),
            "/DOCS/plan.txt"
        );
        assert_eq!(
            typed_case("/WORK/PLAN.TXT", "work/plan.txt"),
            "/work/plan.txt"
        );
        assert_eq!(typed_case("/NOTES.TXT", "my notes"), "/NOTES.TXT");
        assert_eq!(typed_case("/MUSIC", "the music folder"), "/music");
    }

    use super::*;

    #[test]
    fn file_mentions_name_the_file() {
        for m in file_mentions("/DOCS/A.TXT") {
            assert!(m.to_ascii_lowercase().contains("a.txt"), "{m}");
        }
    }

    #[test]
    fn must_exist_files_are_mostly_sample_files() {
        let slot = Slot {
            name: "path",
            kind: SlotKind::Path {
                kind: PathKind::File,
                must_exist: true,
            },
            required: true,
            default: None,
        };
        let mut rng = Rng::new(1);
        let sample = sample_file_paths();
        let hits = (0..1000)
            .filter(|_| match fill(&mut rng, &slot, &[]).arg {
                Arg::Path(p) => sample.contains(&p.as_str()),
                _ => false,
            })
            .count();
        assert!((550..=750).contains(&hits), "{hits}");
    }

    #[test]
    fn integers_stay_in_range() {
        let slot = Slot {
            name: "n",
            kind: SlotKind::Integer { min: 1, max: 500 },
            required: true,
            default: None,
        };
        let mut rng = Rng::new(2);
        for _ in 0..1000 {
            match fill(&mut rng, &slot, &[]).arg {
                Arg::Integer(n) => assert!((1..=500).contains(&n)),
                a => panic!("{a:?}"),
            }
        }
    }
}
