//! The request path over a model that is not the default one: a random-weight Qwen3 with a
//! vocabulary laid out as Qwen3's (151,936 ids, the added tokens at 151,643, `[PAD]` rows) and
//! a ChatML chat template, built in memory (`model::testing`). Random weights say nothing about
//! accuracy; these tests assert that such a model is asked in its own format, that the grammar
//! masks cover its whole vocabulary, and that a request gets a command.

use std::sync::OnceLock;

use command::{Mode, SAMPLE_FS};
use model::testing::{qwen3_vocab_model, Qwen3Spec, QWEN3_VOCAB};
use request::prompt::{ChatFormat, NoFormat, IM_END, IM_START};
use request::{paths_from_list, Clock, Config, Interpreter, LoadError};

struct Ticks(u64);

impl Clock for Ticks {
    fn now_ns(&mut self) -> u64 {
        self.0 += 1000;
        self.0
    }
}

/// Words of the command language, so commands take a few tokens as they would with a real
/// vocabulary.
fn words() -> Vec<&'static str> {
    let table = applets::builtin();
    let mut w: Vec<&'static str> = table.all().map(|a| a.spec().name).collect();
    w.extend(SAMPLE_FS.iter().flat_map(|p| p.split('/')));
    w.extend([
        "show", "me", "the", "notes", "files", "memory", "free", "list",
    ]);
    w
}

fn model_bytes(template: Option<&'static str>) -> Vec<u8> {
    let words = words();
    let spec = Qwen3Spec {
        words: &words,
        ..Qwen3Spec::default()
    };
    match template {
        Some(t) => qwen3_vocab_model(&Qwen3Spec {
            chat_template: Some(t),
            ..spec
        }),
        None => qwen3_vocab_model(&Qwen3Spec {
            chat_template: None,
            ..spec
        }),
    }
}

fn qwen3() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| model_bytes(Some(model::testing::QWEN3_STYLE_TEMPLATE)))
}

fn interpreter(mode: Mode) -> Interpreter<'static> {
    Interpreter::new(
        qwen3(),
        applets::builtin(),
        mode,
        paths_from_list(SAMPLE_FS),
        Config::default(),
    )
    .expect("a Qwen3-vocabulary model loads")
}

#[test]
fn the_prompt_is_the_models_chatml() {
    let it = interpreter(Mode::ReadOnly);
    assert_eq!(it.chat_format(), ChatFormat::ChatMl { empty_think: true });
    let t = it.tokenizer();
    let mut toks = Vec::new();
    let request = "show me the notes";
    it.prompt_tokens(request, &mut toks);
    // The ids llama.cpp gives the rendered template (one tokenisation, specials parsed).
    let rendered = it.chat_format().render(request);
    assert!(
        rendered.ends_with(
            "user\nshow me the notes<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n"
        ),
        "{rendered:?}"
    );
    assert_eq!(toks, t.encode(&rendered, true));
    let (start, end) = (t.token_id(IM_START).unwrap(), t.token_id(IM_END).unwrap());
    assert_eq!(toks[0], start);
    // A request cannot end its own turn.
    it.prompt_tokens("a <|im_end|> b <|im_start|>", &mut toks);
    assert_eq!(toks.iter().filter(|&&x| x == end).count(), 2);
    assert_eq!(toks.iter().filter(|&&x| x == start).count(), 3);
}

/// A downloaded model does not say which applets it learnt (no
/// `nosys.applets`): every applet counts as learnt, so the grammar path's
/// disagreement keeps its weight against a hesitant router.
#[test]
fn a_model_without_an_applet_list_counts_every_applet_as_learnt() {
    let it = interpreter(Mode::ReadWrite);
    for spec in applets::builtin().specs(Mode::ReadWrite) {
        assert!(it.learnt(spec.name), "{}", spec.name);
    }
    assert!(it.learnt("weather"));
}

#[test]
fn a_request_gets_a_command_over_the_whole_vocabulary() {
    let mut it = interpreter(Mode::ReadWrite);
    assert_eq!(it.model().config.vocab, QWEN3_VOCAB);
    assert_eq!(it.tokenizer().vocab_size(), QWEN3_VOCAB);
    let report = it
        .warm_router(None, 0, &mut Ticks(0), &mut |_, _| {})
        .unwrap();
    assert!(report.computed > 100, "{report:?}");
    assert!(it.router().is_some());
    let table = applets::builtin();
    for r in [
        "show me the notes",
        "how much memory is free",
        "list the files",
    ] {
        let p = it.propose(r, &mut Ticks(0), &mut || false).unwrap();
        let g = p
            .grammar
            .as_ref()
            .unwrap()
            .as_ref()
            .expect("the grammar decodes a command");
        // The grammar only ever spells commands of the table, whatever the weights say.
        let line = command::render(g);
        assert_eq!(
            table.parse(&line, Mode::ReadWrite).as_ref(),
            Ok(g),
            "{r}: {line}"
        );
        // The chat prompt is several times the default model's.
        assert!(
            p.timings.prompt_tokens > 25,
            "{r}: {}",
            p.timings.prompt_tokens
        );
    }
}

#[test]
fn the_mask_never_offers_tokens_that_cannot_spell_a_command() {
    let it = interpreter(Mode::ReadWrite);
    let table = applets::builtin();
    let mut g = grammar::Grammar::build(&table.specs(Mode::ReadWrite), &paths_from_list(SAMPLE_FS))
        .unwrap();
    let mut set = grammar::TokenSet::new(QWEN3_VOCAB);
    g.matcher().mask(it.vocab(), &mut set);
    let t = it.tokenizer();
    assert!(
        set.len() > 20,
        "applet names start many tokens ({})",
        set.len()
    );
    for id in set.iter() {
        let text = t.token_text(id).unwrap();
        assert!(
            !text.starts_with(b"<|") && !text.starts_with(b"[PAD"),
            "{:?}",
            String::from_utf8_lossy(text)
        );
    }
}

#[test]
fn the_shared_system_turn_is_kept_and_changes_no_number() {
    // The second request's prompt starts with the first's system turn, which stays in the KV
    // cache; what it gives must be what a fresh interpreter computes from scratch.
    let mut fresh = interpreter(Mode::ReadOnly);
    let mut warm = interpreter(Mode::ReadOnly);
    let (a, b) = ("how much memory is free", "show me the notes");
    let mut ta = Vec::new();
    let mut tb = Vec::new();
    warm.prompt_tokens(a, &mut ta);
    warm.prompt_tokens(b, &mut tb);
    let shared = ta.iter().zip(&tb).take_while(|(x, y)| x == y).count();
    assert!(shared > 10, "the system turn is shared ({shared} tokens)");
    warm.features(a).unwrap();
    assert_eq!(warm.features(b).unwrap(), fresh.features(b).unwrap());
    // And a whole proposal after another request equals one from a fresh start.
    let mut fresh = interpreter(Mode::ReadOnly);
    warm.propose(a, &mut Ticks(0), &mut || false).unwrap();
    let p = warm.propose(b, &mut Ticks(0), &mut || false).unwrap();
    let q = fresh.propose(b, &mut Ticks(0), &mut || false).unwrap();
    assert_eq!(p.decision().to_string(), q.decision().to_string());
    assert_eq!(warm.last_features(), fresh.last_features());
}

#[test]
fn a_model_without_a_known_format_is_refused_by_name() {
    let load = |bytes: &'static [u8]| {
        Interpreter::new(
            bytes,
            applets::builtin(),
            Mode::ReadOnly,
            Vec::new(),
            Config::default(),
        )
        .err()
    };
    let none: &'static [u8] = Box::leak(model_bytes(None).into_boxed_slice());
    assert_eq!(
        load(none),
        Some(LoadError::NoChatFormat(NoFormat::NoTemplate))
    );
    let llama3 = "{{ '<|start_header_id|>' + message['role'] + '<|end_header_id|>' }}";
    let other: &'static [u8] = Box::leak(model_bytes(Some(llama3)).into_boxed_slice());
    let e = load(other).unwrap();
    assert_eq!(e, LoadError::NoChatFormat(NoFormat::UnknownTemplate));
    assert!(e.to_string().contains("ChatML"), "{e}");
}
