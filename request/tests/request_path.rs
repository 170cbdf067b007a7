//! The request path end to end on `fixtures/tiny-nosys.gguf`: random weights
//! with the default model's real tokenizer. Random weights say nothing about
//! accuracy; these tests assert mechanics — determinism, KV reuse, masks,
//! the mode's reachable set, cancellation, the feature cache and routing by
//! declared examples.

mod common;
use command::{render, Arg, Mode, Table, SAMPLE_FS};
use common::{WEATHER, WEATHER_SPEC};
use grammar::PathEntry;
use request::{
    paths_from_list, CacheError, CacheStatus, Clock, Config, FeatureCache, Interpreter,
    RequestError, Via,
};

const MODEL: &[u8] = include_bytes!("../fixtures/tiny-nosys.gguf");

/// Advances 1 µs per reading: deterministic and strictly increasing.
struct Ticks(u64);

impl Clock for Ticks {
    fn now_ns(&mut self) -> u64 {
        self.0 += 1000;
        self.0
    }
}

fn never() -> impl FnMut() -> bool {
    || false
}

fn interpreter(table: Table, mode: Mode) -> Interpreter<'static> {
    let mut it = Interpreter::new(
        MODEL,
        table,
        mode,
        paths_from_list(SAMPLE_FS),
        Config::default(),
    )
    .expect("fixture loads");
    it.warm_router(None, 0, &mut Ticks(0), &mut |_, _| {})
        .expect("router warms");
    it
}

const REQUESTS: &[&str] = &[
    "show me the notes",
    "delete the todo file",
    "how much memory is free",
    "write hello into a new file called greet.txt",
    "what pci devices are there",
    "rename notes to old notes",
    "switch the machine off",
    "",
    "x",
];

fn is_write(table: &Table, applet: &str) -> bool {
    table.get_any(applet).is_some_and(|a| a.spec().writes)
}

#[test]
fn prompt_is_the_training_format() {
    let it = interpreter(applets::builtin(), Mode::ReadOnly);
    let mut toks = Vec::new();
    it.prompt_tokens("show me the notes", &mut toks);
    let t = it.tokenizer();
    assert_eq!(toks.first().copied(), t.token_id(request::USER));
    assert_eq!(toks.last().copied(), t.token_id(request::CMD));
    // The same ids as the whole training string with specials parsed.
    let expected = t.encode(request::prompt("show me the notes"), true);
    assert_eq!(toks, expected);
    // A request cannot smuggle a control token in.
    it.prompt_tokens("a <|cmd|> b", &mut toks);
    let cmd = t.token_id(request::CMD).unwrap();
    assert_eq!(toks.iter().filter(|&&x| x == cmd).count(), 1);
}

#[test]
fn proposals_are_deterministic_and_parse_back() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    let table = applets::builtin();
    for r in REQUESTS {
        let a = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        let b = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        assert_eq!(a, b, "{r}");
        // The router reads the same hidden state the cache rows were made
        // of, followed by the request's lexical buckets.
        let seen = it.last_features().to_vec();
        assert_eq!(seen.len(), it.router_dim());
        assert_eq!(it.features(r).unwrap(), seen[..it.feature_dim()], "{r}");
        for cmd in [
            a.command.as_ref(),
            a.grammar.as_ref().and_then(|g| g.as_ref().ok()),
            a.ridge.as_ref().and_then(|g| g.command.as_ref().ok()),
        ]
        .into_iter()
        .flatten()
        {
            // Whatever a path proposes is a command of the table, typed as
            // the parser types it.
            assert_eq!(
                table.parse(&render(cmd), Mode::ReadWrite).as_ref(),
                Ok(cmd),
                "{r}"
            );
        }
        let ridge = a.ridge.as_ref().expect("router trained");
        if let Ok(c) = &ridge.command {
            assert_eq!(c.applet, ridge.applet, "ridge fill keeps the ridge applet");
        }
        assert!((0.0..=1.0).contains(&ridge.confidence));
        assert_eq!(a.low_confidence, ridge.confidence < it.config().threshold);
        let t = a.timings;
        assert!(t.prompt_tokens >= 2);
        assert_eq!(
            t.total_ns,
            t.ground_ns + t.prefill_ns + t.ridge_ns + t.grammar_ns + t.fill_ns,
            "stages add up"
        );
    }
}

#[test]
fn second_decode_from_the_same_position_matches_a_fresh_prefill() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    let mut checked = 0;
    for r in REQUESTS {
        let p = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        let fresh_whole = it.decode_command(r, None, &mut never()).unwrap();
        assert_eq!(p.grammar.clone().unwrap(), fresh_whole, "{r}");
        let ridge = p.ridge.unwrap();
        let fresh_fill = it
            .decode_command(r, Some(ridge.applet), &mut never())
            .unwrap();
        assert_eq!(ridge.command, fresh_fill, "{r}");
        checked += usize::from(!ridge.reused);
    }
    assert!(
        checked > 0,
        "no proposal decoded twice: test proves nothing"
    );
}

#[test]
fn every_reachable_applet_can_be_forced() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    for spec in applets::builtin().specs(Mode::ReadWrite) {
        let c = it
            .decode_command("do the thing called stuff", Some(spec.name), &mut never())
            .unwrap();
        // The request refers to no file (it gives a new name, `stuff`): an
        // applet that must name an existing file has no command for it
        // (issue 14: never a file the request did not refer to).
        let needs_file = spec.slots.iter().any(|s| {
            s.required
                && matches!(
                    s.kind,
                    command::SlotKind::Path {
                        must_exist: true,
                        ..
                    }
                )
        });
        if needs_file {
            assert_eq!(
                c,
                Err(request::decode::DecodeFailure::Grammar(
                    grammar::DecodeError::NoAllowedToken
                )),
                "{}",
                spec.name
            );
            continue;
        }
        match c {
            Ok(c) => assert_eq!(c.applet, spec.name),
            // Random weights may ramble in a text slot past the step limit.
            Err(e) => assert!(
                matches!(
                    e,
                    request::decode::DecodeFailure::Grammar(grammar::DecodeError::TooLong)
                ),
                "{}: {e}",
                spec.name
            ),
        }
    }
}

#[test]
fn forced_applet_sees_the_live_files() {
    let mut it = interpreter(applets::builtin(), Mode::ReadOnly);
    let only = vec![PathEntry {
        path: "/ONLY.TXT".into(),
        is_dir: false,
    }];
    let r = it.files_changed(only, &mut Ticks(0)).unwrap();
    assert!(r.grammar_ns > 0 && r.router_ns == 0);
    let c = it
        .decode_command("show me only.txt", Some("cat"), &mut never())
        .unwrap()
        .unwrap();
    assert_eq!(c.args, vec![Arg::Path("/ONLY.TXT".into())]);
    // The notes are gone: a request for them has no file to name.
    let c = it
        .decode_command("show me the notes", Some("cat"), &mut never())
        .unwrap();
    assert!(c.is_err(), "{c:?}");
    // `help <applet>` keeps the whole reachable set when forced.
    let c = it
        .decode_command("help", Some("help"), &mut never())
        .unwrap()
        .unwrap();
    assert_eq!(c.applet, "help");
}

#[test]
fn read_only_never_reaches_a_write_applet() {
    let table = applets::builtin();
    let mut it = interpreter(table.clone(), Mode::ReadWrite);
    let rw_classes = it.router().unwrap().classes().len();
    let rw_states = it.grammar().states();
    let rebuild = it.set_mode(Mode::ReadOnly, &mut Ticks(0)).unwrap();
    assert!(rebuild.grammar_ns > 0 && rebuild.router_ns > 0);
    assert!(rebuild.router_classes < rw_classes);
    assert!(it.grammar().states() < rw_states);
    assert!(it
        .router()
        .unwrap()
        .classes()
        .iter()
        .all(|c| !is_write(&table, c)));
    // Every write applet's own declared examples, and the test requests.
    let mut requests: Vec<&str> = REQUESTS.to_vec();
    for a in table.all().filter(|a| a.spec().writes) {
        requests.extend(a.spec().examples.iter().map(|e| e.request));
    }
    for r in requests {
        let p = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        if let Some(c) = &p.command {
            assert!(!is_write(&table, c.applet), "{r} -> {}", render(c));
        }
        if let Some(Ok(g)) = &p.grammar {
            assert!(!is_write(&table, g.applet), "{r}: grammar {}", render(g));
        }
        // No ridge guess at all when the router says nothing fits.
        if let Some(ridge) = p.ridge {
            assert!(
                !is_write(&table, ridge.applet),
                "{r}: ridge {}",
                ridge.applet
            );
        }
    }
    // Typed, a write command is refused as read-only: that decision is the
    // session's (`session::classify`, tested in session/src/tests.rs).
    // And the same request routes to write applets again after F2.
    it.set_mode(Mode::ReadWrite, &mut Ticks(0)).unwrap();
    assert_eq!(it.router().unwrap().classes().len(), rw_classes);
}

#[test]
fn cancel_stops_at_once() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    assert_eq!(
        it.propose("show me the notes", &mut Ticks(0), &mut || true),
        Err(RequestError::Cancelled)
    );
    // Cancel after the prefill and two decoded tokens.
    let mut polls = 0;
    let r = it.propose("write hello into greet.txt", &mut Ticks(0), &mut || {
        polls += 1;
        polls > 3
    });
    assert_eq!(r, Err(RequestError::Cancelled));
    assert_eq!(polls, 4, "polled once more after the answer was yes");
    // The interpreter is usable afterwards and unchanged.
    let a = it
        .propose("show me the notes", &mut Ticks(0), &mut never())
        .unwrap();
    let mut fresh = interpreter(applets::builtin(), Mode::ReadWrite);
    let b = fresh
        .propose("show me the notes", &mut Ticks(0), &mut never())
        .unwrap();
    assert_eq!(a, b);
}

#[test]
fn an_overlong_request_is_an_error() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    let long = "notes ".repeat(400);
    assert!(matches!(
        it.propose(&long, &mut Ticks(0), &mut never()),
        Err(RequestError::RequestTooLong { .. })
    ));
    assert!(matches!(
        it.features(&long),
        Err(RequestError::RequestTooLong { .. })
    ));
}

#[test]
fn feature_cache_round_trip_and_refusals() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    let cache = it.feature_cache();
    let total: usize = applets::builtin()
        .all()
        .map(|a| a.spec().examples.len())
        .sum::<usize>()
        + request::abstain::OUT_OF_SCOPE.len();
    assert_eq!(cache.rows.len(), total);
    let bytes = cache.to_bytes().unwrap();
    let parsed = FeatureCache::parse(&bytes).unwrap();
    let baseline = it
        .propose("show me the notes", &mut Ticks(0), &mut never())
        .unwrap();

    // Good cache: nothing recomputed beyond the sample, same router.
    let mut fresh = Interpreter::new(
        MODEL,
        applets::builtin(),
        Mode::ReadWrite,
        paths_from_list(SAMPLE_FS),
        Config::default(),
    )
    .unwrap();
    let mut computed = 0;
    let w = fresh
        .warm_router(Some(&parsed), 5, &mut Ticks(0), &mut |_, _| computed += 1)
        .unwrap();
    assert_eq!(w.cache, CacheStatus::Used { verified: 5 });
    assert_eq!((w.cached, w.computed, computed), (total, 0, 0));
    let p = fresh
        .propose("show me the notes", &mut Ticks(0), &mut never())
        .unwrap();
    assert_eq!(p.ridge, baseline.ridge);

    // A row that no longer matches the model is caught by the sample.
    let mut bad = parsed.clone();
    let i = bad.sample(5)[2];
    bad.rows[i].features[7] += 0.01;
    let w = fresh
        .warm_router(Some(&bad), 5, &mut Ticks(0), &mut |_, _| {})
        .unwrap();
    assert!(
        matches!(w.cache, CacheStatus::Refused(CacheError::Mismatch { .. })),
        "{:?}",
        w.cache
    );
    assert_eq!((w.cached, w.computed), (0, total));

    // Another model's cache is refused without recomputing a sample.
    let mut other = parsed.clone();
    other.model_hash ^= 1;
    let w = fresh
        .warm_router(Some(&other), 5, &mut Ticks(0), &mut |_, _| {})
        .unwrap();
    assert!(matches!(
        w.cache,
        CacheStatus::Refused(CacheError::WrongModel { .. })
    ));

    // An edited declared example is recomputed, the rest taken.
    let mut edited = parsed.clone();
    edited.rows[0].request.push('!');
    let w = fresh
        .warm_router(Some(&edited), 0, &mut Ticks(0), &mut |_, _| {})
        .unwrap();
    assert_eq!((w.cached, w.computed), (total - 1, 1));
}

#[test]
fn a_new_applet_is_routed_by_its_declared_examples() {
    let table = applets::builtin().with(&WEATHER).unwrap();
    let mut it = interpreter(table, Mode::ReadOnly);
    assert!(it
        .router()
        .unwrap()
        .classes()
        .iter()
        .any(|c| c == "weather"));
    assert!(it.grammar().accepts(b"weather tomorrow"));
    // Random weights cannot generalise to paraphrases; the router must at
    // least separate the new applet's own rows from ~200 others.
    let mut routed = 0;
    for e in WEATHER_SPEC.examples {
        let p = it.propose(e.request, &mut Ticks(0), &mut never()).unwrap();
        let ridge = p.ridge.unwrap();
        if ridge.applet == "weather" {
            routed += 1;
            let c = ridge.command.expect("weather has a decodable command");
            assert_eq!(c.applet, "weather");
        }
    }
    eprintln!("{routed} of 8 declared examples routed to weather");
    assert!(routed >= 3, "only {routed} of 8 routed to weather");
    // Without its examples the class does not exist.
    let mut without = interpreter(applets::builtin(), Mode::ReadOnly);
    assert!(!without
        .router()
        .unwrap()
        .classes()
        .iter()
        .any(|c| c == "weather"));
    let p = without
        .propose("will it rain today", &mut Ticks(0), &mut never())
        .unwrap();
    assert_ne!(p.applet(), Some("weather"));
}

#[test]
fn display_line_marks_disagreement_and_low_confidence() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    it.set_threshold(2.0); // nothing is confident: grammar chosen when it succeeds
    let p = it
        .propose("show me the notes", &mut Ticks(0), &mut never())
        .unwrap();
    let line = p.display().to_string();
    assert!(
        p.low_confidence && line.contains("[low confidence]"),
        "{line}"
    );
    assert!(line.starts_with("→ "), "{line}");
    assert!(line.contains(" ms"), "{line}");
    // Not confident: the grammar's command is taken when it agrees with the
    // ridge, and nothing runs when it names another applet.
    if matches!(p.grammar, Some(Ok(_))) && p.agree {
        assert_eq!(p.via, Via::Grammar);
        assert!(line.contains("grammar agrees"), "{line}");
    }
    let hesitant = p
        .ridge
        .as_ref()
        .is_some_and(|r| r.confidence < it.config().unsure);
    if matches!(p.grammar, Some(Ok(_))) && !p.agree && hesitant {
        assert_eq!(p.abstain, Some(request::Abstain::Unsure), "{line}");
        assert_eq!(p.command, None, "{line}");
    }
    assert_eq!(line.contains("[disagree]"), !p.agree, "{line}");
    if let (Some(Ok(g)), Via::Grammar) = (&p.grammar, p.via) {
        let r = p.ridge.as_ref().unwrap();
        assert_eq!(
            p.decision().to_string(),
            format!(
                "{0} | via grammar | ridge {1} {2:.2} | grammar {0}",
                render(g),
                r.applet,
                r.confidence
            )
        );
    }
    it.set_threshold(0.0); // everything is confident: ridge chosen when it fills
    let p = it
        .propose("show me the notes", &mut Ticks(0), &mut never())
        .unwrap();
    if p.ridge.as_ref().is_some_and(|r| r.command.is_ok()) {
        assert_eq!(p.via, Via::Ridge);
        assert!(!p.low_confidence);
        let line = p.display().to_string();
        assert!(
            line.contains(&format!(
                "ridge {:.2}",
                p.ridge.as_ref().unwrap().confidence
            )),
            "{line}"
        );
    }
}

#[test]
fn bad_model_bytes_are_an_error() {
    for bytes in [&b""[..], b"GGUF", &MODEL[..MODEL.len() / 2]] {
        assert!(Interpreter::new(
            bytes,
            applets::builtin(),
            Mode::ReadOnly,
            Vec::new(),
            Config::default()
        )
        .is_err());
    }
}

#[test]
fn a_request_that_opens_with_an_applet_name_is_that_applets() {
    let table = applets::builtin();
    let rw = Mode::ReadWrite;
    assert_eq!(
        request::named_applet(&table, rw, "mv todo.txt to done.txt"),
        Some("mv")
    );
    assert_eq!(
        request::named_applet(&table, rw, "  ROUTE what cpu is this"),
        Some("route")
    );
    assert_eq!(
        request::named_applet(&table, rw, "Cpu, details"),
        Some("cpu")
    );
    // Only the whole first word, only a reachable applet.
    assert_eq!(
        request::named_applet(&table, rw, "catalogue my files"),
        None
    );
    assert_eq!(
        request::named_applet(&table, rw, "please show cat.txt"),
        None
    );
    // Politeness before the name does not hide it.
    assert_eq!(
        request::named_applet(&table, rw, "could you route read the faq"),
        Some("route")
    );
    assert_eq!(
        request::named_applet(&table, rw, "I'd like to model size"),
        Some("model")
    );
    assert_eq!(
        request::named_applet(&table, rw, "please cat it"),
        Some("cat")
    );
    assert_eq!(request::named_applet(&table, rw, ""), None);
    assert_eq!(
        request::named_applet(&table, Mode::ReadOnly, "rm the notes"),
        None
    );
    // Random weights choose anything; the named applet wins all the same,
    // with the model's own choice kept as the runner-up.
    let mut it = interpreter(table, rw);
    for (line, applet) in [
        ("mv todo.txt to done.txt", "mv"),
        ("cat the readme please", "cat"),
        ("Mem free?", "mem"),
    ] {
        let p = it.propose(line, &mut Ticks(0), &mut never()).unwrap();
        let r = p.ridge.as_ref().expect("a ridge guess");
        assert_eq!((r.applet, r.confidence), (applet, 1.0), "{line}");
        assert!(r.second.is_none_or(|(s, _)| s != applet), "{line}");
        if let Some(c) = &p.command {
            assert_eq!(c.applet, applet, "{line} -> {}", render(c));
        }
    }
}

/// A model whose GGUF does not say it learnt "nothing" (`nosys.nothing`):
/// the end token's chance after the prompt means nothing, so it is never
/// read as "nothing fits".
#[test]
fn a_model_that_never_learnt_nothing_has_no_nothing_share() {
    let mut it = interpreter(applets::builtin(), Mode::ReadWrite);
    for r in REQUESTS.iter().filter(|r| r.len() > 1) {
        it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        assert_eq!(it.nothing_share(), None, "{r}");
    }
}

/// A model whose GGUF says it learnt "nothing": its share for ending at
/// once is read after every prompt, and at or above `Config::lm_nothing`
/// nothing runs, unless the request names its applet.
#[test]
fn a_model_that_learnt_nothing_can_say_nothing_fits() {
    let bytes = common::with_bool_key(MODEL, request::NOTHING_KEY, true);
    let config = Config {
        lm_nothing: 0.0,
        ..Config::default()
    };
    let mut it = Interpreter::new(
        &bytes,
        applets::builtin(),
        Mode::ReadWrite,
        paths_from_list(SAMPLE_FS),
        config,
    )
    .expect("fixture with the key loads");
    it.warm_router(None, 0, &mut Ticks(0), &mut |_, _| {})
        .unwrap();
    let p = it
        .propose("how much memory is free", &mut Ticks(0), &mut never())
        .unwrap();
    let share = it.nothing_share().expect("a share");
    assert!((0.0..=1.0).contains(&share));
    assert_eq!(p.nothing_share, Some(share));
    assert_eq!(p.abstain, Some(request::Abstain::NothingFits));
    assert_eq!(p.line(), None);
    // A request that names its applet is that applet's.
    let p = it
        .propose("cat the notes please", &mut Ticks(0), &mut never())
        .unwrap();
    assert_ne!(p.abstain, Some(request::Abstain::NothingFits));
    // Off above 1: the share is still read.
    let mut it = Interpreter::new(
        &bytes,
        applets::builtin(),
        Mode::ReadWrite,
        paths_from_list(SAMPLE_FS),
        Config {
            lm_nothing: 2.0,
            ..Config::default()
        },
    )
    .unwrap();
    it.warm_router(None, 0, &mut Ticks(0), &mut |_, _| {})
        .unwrap();
    for r in REQUESTS.iter().filter(|r| r.len() > 1) {
        let p = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        assert!(p.nothing_share.is_some(), "{r}");
    }
}

/// A model whose GGUF lists each applet's cue words (`nosys.cues`): a
/// command runs only for a request that says one of its applet's cues, its
/// name or a word of its examples (or uses a file the request refers to);
/// the others run nothing, with "nothing fits". Without the key, or with
/// `Config::cues` off, the same lines are answered as before.
#[test]
fn a_command_runs_only_for_a_request_that_says_a_cue_of_its_applet() {
    let lines = ["xyzzy plugh", "qwop zork frotz", "plover mem", "zork clear"];
    let run = |bytes: &[u8], cues: bool| -> Vec<Option<String>> {
        let mut it = Interpreter::new(
            bytes,
            applets::builtin(),
            Mode::ReadWrite,
            paths_from_list(SAMPLE_FS),
            Config {
                cues,
                ..Config::default()
            },
        )
        .expect("fixture loads");
        it.warm_router(None, 0, &mut Ticks(0), &mut |_, _| {})
            .unwrap();
        lines
            .iter()
            .map(|r| {
                let p = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
                if p.command.is_none() {
                    assert!(p.abstain.is_some() || p.missing.is_some(), "{r}");
                }
                p.line()
            })
            .collect()
    };
    let cued = common::with_strings_key(MODEL, request::CUES_KEY, &["cat plugh", "clear wipe"]);
    let with = run(&cued, true);
    for (r, line) in lines.iter().zip(&with) {
        if let Some(l) = line {
            let applet = l.split_whitespace().next().unwrap();
            let table = applets::builtin();
            let examples = table.get_any(applet).unwrap().spec().examples;
            let cue = r.split_whitespace().any(|w| {
                w == applet
                    || (applet == "cat" && w == "plugh")
                    || examples
                        .iter()
                        .any(|e| e.request.split_whitespace().any(|x| x == w))
            });
            assert!(cue, "{r:?} ran {l:?} with no cue of {applet}");
        }
    }
    // The gate is what stopped them: off, or without the key, the fixture
    // answers as it did.
    let without = run(MODEL, true);
    assert_eq!(run(&cued, false), without);
    assert!(
        with.iter().filter(|l| l.is_some()).count()
            < without.iter().filter(|l| l.is_some()).count(),
        "with cues {with:?}, without {without:?}"
    );
}

/// A reader trained to call every line with `plugh` a `mem` request (or
/// `plugh`'s applet) and every line with `zap` an `rm` one.
fn toy_intent() -> intent::Intent {
    toy_intent_for("mem")
}

fn toy_intent_for(plugh: &str) -> intent::Intent {
    let rows = [
        ("plugh", 0),
        ("plugh now", 0),
        ("the plugh please", 0),
        ("zap it", 1),
        ("zap that file", 1),
        ("zap hello", 1),
        ("what time is it", 2),
        ("the date today", 2),
    ];
    let classes = [plugh, "rm", "date"].map(String::from).to_vec();
    intent::train(
        &rows,
        classes,
        intent::TrainOptions {
            buckets: 256,
            epochs: 40,
            ..intent::TrainOptions::default()
        },
    )
}

fn intent_interpreter(bytes: &[u8], mode: Mode, weight: f32) -> Interpreter<'_> {
    let mut it = Interpreter::new(
        bytes,
        applets::builtin(),
        mode,
        paths_from_list(SAMPLE_FS),
        Config {
            intent: weight,
            ..Config::default()
        },
    )
    .expect("fixture loads");
    it.warm_router(None, 0, &mut Ticks(0), &mut |_, _| {})
        .unwrap();
    it
}

/// The words-only reader's vote is multiplied into the router's: with the
/// key and the weight on, a line it is sure of goes to its applet; with the
/// weight 0, or without the key, the fixture answers as before.
#[test]
fn the_words_only_reader_moves_the_routers_guess() {
    let guess = |bytes: &[u8], w: f32, r: &str| {
        let mut it = intent_interpreter(bytes, Mode::ReadWrite, w);
        let p = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        p.ridge.map(|g| (g.applet, g.confidence, g.second))
    };
    for r in ["plugh plugh", "the plugh now"] {
        // Another applet than the fixture's, which the reader is then
        // trained to say; a heavy weight lets it outvote the fixture's
        // router (whose probabilities are far apart at temperature 0.1).
        let (first, _, _) = guess(MODEL, 1.0, r).expect("a guess");
        let other = if first == "mem" { "date" } else { "mem" };
        let with_key = common::with_intent(MODEL, &toy_intent_for(other));
        let (a, _, _) = guess(&with_key, 8.0, r).expect("a guess");
        assert_eq!((first, a), (first, other), "{r}");
        let off = guess(&with_key, 0.0, r);
        assert_eq!(off, guess(MODEL, 1.0, r), "{r}: off is as without the key");
    }
}

/// A write the reader gives (almost) nothing proposes nothing, unless the
/// line opens with the applet's name; in read-only mode a line the reader
/// gives to a write applet gets the F2 reply.
#[test]
fn the_words_only_reader_vetoes_unasked_writes_and_names_f2() {
    let with_key = common::with_intent(MODEL, &toy_intent());
    let mut it = intent_interpreter(&with_key, Mode::ReadWrite, 1.0);
    let table = applets::builtin();
    let writes = |l: &str| {
        let a = l.split_whitespace().next().unwrap();
        table.get_any(a).unwrap().spec().writes
    };
    for r in [
        "please delete hello.txt plugh plugh",
        "plugh: remove the todo list",
    ] {
        let p = it.propose(r, &mut Ticks(0), &mut never()).unwrap();
        if let Some(l) = p.line() {
            assert!(!writes(&l), "{r:?} proposed the write {l:?}");
        }
    }
    // Named first, the applet is the person's word.
    let p = it
        .propose("rm hello.txt please", &mut Ticks(0), &mut never())
        .unwrap();
    assert_eq!(p.line().as_deref(), Some("rm /HELLO.TXT"));
    let mut ro = intent_interpreter(&with_key, Mode::ReadOnly, 1.0);
    let p = ro
        .propose("zap hello", &mut Ticks(0), &mut never())
        .unwrap();
    assert_eq!(p.line(), None);
    assert_eq!(p.abstain, Some(request::Abstain::NeedsWriteMode));
}

/// A GGUF whose reader is malformed is refused with the key named.
#[test]
fn a_malformed_words_only_reader_is_refused() {
    let it = toy_intent();
    let key = |k: &str| format!("{}.{k}", request::INTENT_KEY);
    let classes: Vec<&str> = it.classes().iter().map(String::as_str).collect();
    let g = common::with_strings_key(MODEL, &key("classes"), &classes);
    let g = common::with_f32s_key(&g, &key("weights"), &it.weights()[1..]);
    let g = common::with_f32s_key(&g, &key("bias"), it.bias());
    let e = Interpreter::new(
        &g,
        applets::builtin(),
        Mode::ReadWrite,
        paths_from_list(SAMPLE_FS),
        Config::default(),
    )
    .err()
    .expect("refused");
    let text = e.to_string();
    assert!(
        text.contains("nosys.intent") && text.contains("not buckets"),
        "{text}"
    );
}
