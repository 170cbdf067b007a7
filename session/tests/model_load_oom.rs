//! `model load` when the heap cannot hold the new model's run state: the KV cache's
//! `try_reserve` fails, the load answers `OutOfMemory` as one line, and the old model stays
//! loaded and answers. The failure is real, not simulated in the loader: this binary's global
//! allocator refuses any single allocation above a limit the test sets, as a kernel heap with
//! no block that large does.

use command::{Assistant as _, LoadOptions, Mode, SAMPLE_FS};
use session::{Assistant, Load, ModelBytes};

const MODEL: &[u8] = include_bytes!("../../request/fixtures/tiny-nosys.gguf");

#[global_allocator]
static ALLOC: alloc_limit::Limited = alloc_limit::Limited;

/// The old model's context; the new load asks for the file's whole trained context.
const SMALL: usize = 64;

fn now() -> u64 {
    0
}

#[test]
fn a_kv_cache_the_heap_cannot_hold_is_refused_and_the_old_model_stays() {
    let mut a = Assistant::load(
        Load {
            bytes: ModelBytes::Static(MODEL),
            origin: "fixture".into(),
            table: applets::builtin(),
            mode: Mode::ReadOnly,
            paths: request::paths_from_list(SAMPLE_FS),
            cache: None,
            config: request::Config {
                max_seq: SMALL,
                ..request::Config::default()
            },
            free_bytes: None,
        },
        now,
        &mut |_| {},
    )
    .unwrap();
    let before = a.interpreter().model().config.clone();
    let mut answer = String::new();
    a.route("list the files", &mut answer).unwrap();

    // The whole trained context: its key cache is then larger than any allocation the old
    // model's load made (they all succeeded under the limit below), and the limit sits just
    // below it.
    let g = model::gguf::Gguf::parse(MODEL).unwrap();
    let trained = model::Config::from_gguf(&g, None).unwrap().seq_len;
    assert!(trained > SMALL, "trained context {trained}");
    let key_cache = model::Config::from_gguf(&g, Some(trained))
        .unwrap()
        .kv_cache_bytes()
        / 2;
    let bytes = MODEL.to_vec();
    alloc_limit::set(key_cache - 1);
    let mut out = String::new();
    let err = a
        .load(
            "/BIG.GGU",
            bytes,
            LoadOptions {
                ctx: Some(trained),
                free_bytes: None,
            },
            &mut out,
        )
        .unwrap_err();
    alloc_limit::set(usize::MAX);
    assert!(
        err.starts_with("model rejected: model: not enough memory for the run state")
            && err.contains(&format!("{trained} positions")),
        "{err}"
    );
    assert!(!err.contains('\n'), "one line: {err:?}");

    let after = a.interpreter().model().config.clone();
    assert_eq!(after.seq_len, before.seq_len);
    let mut again = String::new();
    a.route("list the files", &mut again).unwrap();
    assert_eq!(again, answer, "the old model answers as before");
}
