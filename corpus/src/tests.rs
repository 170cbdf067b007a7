use super::*;
use command::{AppletError, Context, Example, PathKind, Slot};
use std::collections::HashMap;

fn small() -> Config {
    Config {
        seed: 1,
        train_per_slot: 40,
        eval_per_family: 8,
        example_repeats: 2,
        bare_per_applet: 5,
        natural: true,
        natural_per_slot: 20,
        natural_more_per_slot: 0,
        natural_more2: false,
        nothing_pairs: 0,
    }
}

fn corpus() -> Corpus {
    generate(&applets::builtin(), &small()).expect("corpus")
}

#[test]
fn every_command_is_canonical_and_names_its_applet() {
    let table = applets::builtin();
    let c = corpus();
    for s in [Split::Train, Split::Dev, Split::Heldout] {
        assert!(!c.split(s).is_empty(), "{s:?} empty");
        for p in c.split(s) {
            check_canonical(&table, &p.command).unwrap();
            assert_eq!(applet_of(&p.command), p.applet);
            assert!(!p.request.contains(['\t', '\n']));
        }
    }
}

#[test]
fn splits_share_no_family_and_no_request() {
    let c = corpus();
    let mut owner: HashMap<&str, Split> = HashMap::new();
    for s in [Split::Train, Split::Dev, Split::Heldout] {
        for p in c.split(s) {
            let prev = owner.insert(&p.family, s);
            assert!(
                prev.is_none() || prev == Some(s),
                "{} in two splits",
                p.family
            );
        }
    }
    let train: HashSet<&str> = c.train.iter().map(|p| p.request.as_str()).collect();
    for p in c.dev.iter().chain(&c.heldout) {
        assert!(!train.contains(p.request.as_str()), "{}", p.request);
    }
}

#[test]
fn every_applet_is_trained_and_most_are_in_dev() {
    let c = corpus();
    let table = applets::builtin();
    let specs = table.specs(Mode::ReadWrite);
    for spec in &specs {
        assert!(
            c.train.iter().any(|p| p.applet == spec.name),
            "{}",
            spec.name
        );
    }
    let in_dev: HashSet<&str> = c.dev.iter().map(|p| p.applet).collect();
    assert!(in_dev.len() * 10 >= specs.len() * 9, "{in_dev:?}");
}

#[test]
fn same_seed_same_corpus_other_seed_other_corpus() {
    let a = corpus();
    let b = corpus();
    assert_eq!(a.train, b.train);
    assert_eq!(a.dev, b.dev);
    let other = generate(&applets::builtin(), &Config { seed: 2, ..small() }).unwrap();
    assert_ne!(a.train, other.train);
}

#[test]
fn family_assignment_keeps_train_largest() {
    for n in [4, 10, 12] {
        let s = assign(3, "cat", n);
        let count = |x| s.iter().filter(|&&y| y == x).count();
        assert_eq!((count(Split::Dev), count(Split::Heldout)), (2, 1));
        assert_eq!(count(Split::Train), n - 3);
    }
    assert!(assign(3, "x", 3).iter().all(|&s| s == Split::Train));
}

#[test]
fn templates_parse_placeholders() {
    let p = parse_template("copy {1} to {2}s {x}");
    let shape: Vec<String> = p
        .iter()
        .map(|p| match p {
            Piece::Lit(l) => l.clone(),
            Piece::Slot(k) => format!("<{k}>"),
        })
        .collect();
    assert_eq!(shape, ["copy ", "<0>", " to ", "<1>", "s {x}"]);
}

#[test]
fn find_word_respects_word_edges() {
    assert_eq!(find_word("this is hi", "hi"), Some(8));
    assert_eq!(find_word("{1} 1", "1"), Some(4));
    assert_eq!(find_word("abc", "b"), None);
}

// A new applet with no paraphrase families: its declared examples alone must
// carry it into the corpus, re-filled with other slot values.
static PROBE_SPEC: AppletSpec = AppletSpec {
    name: "shred",
    summary: "Overwrite a file with zeros",
    slots: &[Slot::path("path", PathKind::File, true)],
    writes: true,
    role: None,
    examples: &[
        Example {
            request: "shred notes.txt",
            command: "shred /NOTES.TXT",
        },
        Example {
            request: "securely erase my list of chores",
            command: "shred /TODO.TXT",
        },
    ],
};

struct Probe;

impl command::Applet for Probe {
    fn spec(&self) -> &'static AppletSpec {
        &PROBE_SPEC
    }
    fn run(&self, _: &[Arg], _: &mut Context<'_>) -> Result<(), AppletError> {
        Ok(())
    }
}

static PROBE: Probe = Probe;

#[test]
fn a_new_applets_examples_flow_in() {
    let table = applets::builtin().with(&PROBE).expect("register");
    let c = generate(&table, &small()).unwrap();
    let shred: Vec<&Pair> = c.train.iter().filter(|p| p.applet == "shred").collect();
    assert!(shred.iter().any(|p| p.request == "shred notes.txt"));
    // The first example's path became a placeholder: other files appear.
    let commands: HashSet<&str> = shred.iter().map(|p| p.command.as_str()).collect();
    assert!(commands.len() > 3, "{commands:?}");
    // The second mentions no path literally, so it stays as written.
    assert!(shred
        .iter()
        .filter(|p| p.family == "shred/example/1")
        .all(|p| p.command == "shred /TODO.TXT"));
}

#[test]
fn tsv_reader_reports_the_bad_line() {
    assert_eq!(
        read_tsv("a\tb\n\n# c\nd\te\tf\n").unwrap(),
        [("a".into(), "b".into()), ("d".into(), "e".into())]
    );
    assert_eq!(read_tsv("a\tb\nnope\n"), Err(TsvError { line: 2 }));
}

#[test]
fn sequence_format() {
    assert_eq!(
        sequence("show notes", "cat /NOTES.TXT"),
        "<|user|>show notes<|cmd|>cat /NOTES.TXT<|end|>"
    );
    assert!(sequence("a", "b").starts_with(&prompt("a")));
}

/// The hand-written held-out file is well-formed: at least 300 requests,
/// every command canonical, and no request the generator can produce. This
/// checks the file's format, not a model, so it is not a held-out read.
#[test]
fn handwritten_heldout_is_canonical_and_unseen() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/heldout_handwritten.tsv");
    let text = std::fs::read_to_string(&path).expect("data/heldout_handwritten.tsv");
    let pairs = read_tsv(&text).expect("tsv");
    assert!(pairs.len() >= 300, "{}", pairs.len());
    let table = applets::builtin();
    let bad: Vec<String> = pairs
        .iter()
        .filter_map(|(_, c)| check_canonical(&table, c).err().map(|e| e.to_string()))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
    // As `corpus` writes it: without the natural pairs that are requests of
    // an evaluation file.
    let mut c = generate(&table, &Config::default()).unwrap();
    c.drop_natural_seen_in(&evaluation_requests(path.parent().unwrap()));
    let generated: HashSet<String> = [&c.train, &c.dev, &c.heldout]
        .iter()
        .flat_map(|s| s.iter().map(|p| p.request.to_ascii_lowercase()))
        .collect();
    let seen: Vec<&String> = pairs
        .iter()
        .map(|(r, _)| r)
        .filter(|r| generated.contains(&r.to_ascii_lowercase()))
        .collect();
    // A few short requests ("list files plz") may coincide; most must not.
    assert!(seen.len() * 20 <= pairs.len(), "{seen:?}");
}

/// The requests of a TSV's first column, lower-cased (a missing file holds none).
fn requests_in(path: &std::path::Path) -> HashSet<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// `data/handwritten2.tsv`, the second hand-written evaluation split, is well-formed: at least
/// 320 rows of request, command, applet, family, mode and reply; every expected command parses
/// in the row's mode and renders back to itself, names only files the sample disk holds where
/// the file must exist, and is the only kind of row that expects `run`; every applet appears in
/// read-write rows and every read-only applet in read-only rows; and no request is one the
/// model was trained, tuned or declared on (`train.tsv`, `dev.tsv`, `dev_nothing.tsv`, the
/// applets' examples, the abstain class's out-of-scope requests), ignoring case. This checks
/// the file, not a model: it is not one of the split's ledgered reads.
#[test]
fn handwritten2_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten2.tsv",
        320,
        (1, 1),
        &["train.tsv", "dev.tsv", "dev_nothing.tsv"],
    );
}

/// `data/handwritten3.tsv`, the third hand-written evaluation split (written blind on
/// 4 December 2026), passes the same checks as `handwritten2.tsv`, with at least 400 rows,
/// and none of its requests is one of `dev_natural.tsv` or `dev_args.tsv` either. Only this
/// file's colliding requests are reported; the other files' rows are not printed.
#[test]
fn handwritten3_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten3.tsv",
        400,
        (4, 2),
        &[
            "train.tsv",
            "dev.tsv",
            "dev_natural.tsv",
            "dev_nothing.tsv",
            "dev_args.tsv",
        ],
    );
}

/// `data/handwritten4.tsv`, the fourth (written blind on the evening of 4 December 2026),
/// passes the same checks with at least 300 rows, and none of its requests is one of the
/// other hand-written splits' either.
#[test]
fn handwritten4_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten4.tsv",
        300,
        (3, 2),
        &requests_elsewhere("handwritten4.tsv"),
    );
}

/// `data/handwritten5.tsv`, the fifth (written blind on the night of 4 December 2026),
/// passes the same checks with at least 300 rows, and none of its requests is one of the
/// four other hand-written splits' either.
#[test]
fn handwritten5_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten5.tsv",
        300,
        (3, 2),
        &requests_elsewhere("handwritten5.tsv"),
    );
}

/// `data/handwritten6.tsv`, the sixth (written blind on 5 December 2026, after the fifth's
/// reads), passes the same checks with at least 400 rows, and none of its requests is one of
/// the five other hand-written splits' either.
#[test]
fn handwritten6_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten6.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten6.tsv"),
    );
}

/// `data/handwritten7.tsv`, the seventh (written blind on 5 December 2026, when the sixth had
/// one quotable read left), passes the same checks with at least 400 rows, and none of its
/// requests is one of the six other hand-written splits' either.
#[test]
fn handwritten7_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten7.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten7.tsv"),
    );
}

/// `data/handwritten8.tsv`, the eighth (written blind on 5 December 2026, after the seventh's
/// last quotable read), passes the same checks with at least 400 rows, and none of its
/// requests is one of the seven other hand-written splits' either.
#[test]
fn handwritten8_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten8.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten8.tsv"),
    );
}

/// `data/handwritten9.tsv`, the ninth (written blind on 5 December 2026, fifth session, when the
/// eighth had two quotable reads left), passes the same checks with at least 400 rows, and none
/// of its requests is one of the eight other hand-written splits' either.
#[test]
fn handwritten9_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten9.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten9.tsv"),
    );
}

/// `data/handwritten10.tsv`, the tenth (written blind on 5 December 2026, sixth session, after
/// the eighth's last quotable read, when the ninth had one left), passes the same checks with at
/// least 400 rows, and none of its requests is one of the nine other hand-written splits' either.
#[test]
fn handwritten10_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten10.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten10.tsv"),
    );
}

/// `data/handwritten11.tsv`, the eleventh (written blind on 5 December 2026, sixth session, while
/// the tenth was being developed on), passes the same checks with at least 400 rows, and none of
/// its requests is one of the ten other hand-written splits' either.
#[test]
fn handwritten11_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten11.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten11.tsv"),
    );
}

/// `data/handwritten12.tsv`, the twelfth (written blind on 5 December 2026, seventh session, while
/// the eleventh was being developed on), passes the same checks with at least 400 rows, and none of
/// its requests is one of the eleven other hand-written splits' either.
#[test]
fn handwritten12_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten12.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten12.tsv"),
    );
}

/// `data/handwritten13.tsv`, the thirteenth (written blind on 5 December 2026, eighth session, while
/// the twelfth had been read twice), passes the same checks with at least 400 rows, and none of
/// its requests is one of the twelve other hand-written splits' either.
#[test]
fn handwritten13_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten13.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten13.tsv"),
    );
}

/// `data/handwritten14.tsv`, the fourteenth (written blind on 6 December 2026, ninth session, while
/// the twelfth was being opened as a development set), passes the same checks with at least 400
/// rows, and none of its requests is one of the thirteen other hand-written splits' either.
#[test]
fn handwritten14_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten14.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten14.tsv"),
    );
}

/// `data/handwritten15.tsv`, the fifteenth (written blind on 6 December 2026, tenth session, while
/// the fourteenth had been read once), passes the same checks with at least 400 rows, and none of
/// its requests is one of the fourteen other hand-written splits' either.
#[test]
fn handwritten15_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten15.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten15.tsv"),
    );
}

/// `data/handwritten16.tsv`, the sixteenth (written blind on 6 December 2026, eleventh session,
/// while the fifteenth had been read once), passes the same checks with at least 400 rows, and
/// none of its requests is one of the fifteen other hand-written splits' either.
#[test]
fn handwritten16_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten16.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten16.tsv"),
    );
}

/// `data/handwritten17.tsv`, the seventeenth (written blind on 6 December 2026, twelfth session,
/// while the fifteenth and sixteenth had each one quotable read left), passes the same checks
/// with at least 400 rows, and none of its requests is one of the sixteen other hand-written
/// splits' either.
#[test]
fn handwritten17_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten17.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten17.tsv"),
    );
}

/// `data/handwritten18.tsv`, the eighteenth (written blind on 6 December 2026, thirteenth
/// session, while the seventeenth had one quotable read left), passes the same checks with at
/// least 400 rows, and none of its requests is one of the seventeen other hand-written splits'
/// either.
#[test]
fn handwritten18_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten18.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten18.tsv"),
    );
}

/// `data/handwritten19.tsv`, the nineteenth (written blind on 6 December 2026, fourteenth
/// session, while the eighteenth had one quotable read left), passes the same checks with at
/// least 400 rows, and none of its requests is one of the eighteen other hand-written splits'
/// either.
#[test]
fn handwritten19_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten19.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten19.tsv"),
    );
}

/// `data/handwritten20.tsv`, the twentieth (written blind on 6 December 2026, fifteenth
/// session, after the nineteenth's three reads were spent), passes the same checks with at least
/// 400 rows, and none of its requests is one of the nineteen other hand-written splits' either.
#[test]
fn handwritten20_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten20.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten20.tsv"),
    );
}

/// `data/handwritten21.tsv`, the twenty-first (written blind on 6 December 2026, sixteenth
/// session, after the twentieth's three reads were spent), passes the same checks with at least
/// 400 rows, and none of its requests is one of the twenty other hand-written splits' either.
#[test]
fn handwritten21_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten21.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten21.tsv"),
    );
}

/// `data/handwritten22.tsv`, the twenty-second (written blind on 7 December 2026, seventeenth
/// session, after the twenty-first's three reads were spent), passes the same checks with at least
/// 400 rows, and none of its requests is one of the twenty-one other hand-written splits' either.
#[test]
fn handwritten22_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten22.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten22.tsv"),
    );
}

/// `data/handwritten23.tsv`, the twenty-third (written blind on 7 December 2026, eighteenth
/// session, after the twenty-second's three reads were spent), passes the same checks with at
/// least 400 rows, and none of its requests is one of the twenty-two other hand-written splits'
/// either.
#[test]
fn handwritten23_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten23.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten23.tsv"),
    );
}

/// `data/handwritten24.tsv`, the twenty-fourth (written blind on 7 December 2026, nineteenth
/// session, after the twenty-third's three reads were spent), passes the same checks with at
/// least 400 rows, and none of its requests is one of the twenty-three other hand-written
/// splits' either.
#[test]
fn handwritten24_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten24.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten24.tsv"),
    );
}

/// `data/handwritten25.tsv`, the twenty-fifth (written blind on 7 December 2026, nineteenth
/// session, after the twenty-fourth's three reads were spent), passes the same checks with at
/// least 400 rows, and none of its requests is one of the twenty-four other hand-written
/// splits' either.
#[test]
fn handwritten25_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten25.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten25.tsv"),
    );
}

/// `data/handwritten26.tsv`, the twenty-sixth (written blind on 7 December 2026, twentieth
/// session, after the twenty-fifth), passes the same checks with at least 400 rows, and none of
/// its requests is one of the twenty-five other hand-written splits' either.
#[test]
fn handwritten26_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten26.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten26.tsv"),
    );
}

/// `data/handwritten27.tsv`, the twenty-seventh (written blind on 7 December 2026, twenty-first
/// session, after the twenty-sixth), passes the same checks with at least 400 rows, and none of
/// its requests is one of the twenty-six other hand-written splits' either.
#[test]
fn handwritten27_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten27.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten27.tsv"),
    );
}

/// `data/handwritten28.tsv`, the twenty-eighth (written blind on 7 December 2026, twenty-second
/// session, after the twenty-seventh), passes the same checks with at least 400 rows, and none of
/// its requests is one of the twenty-seven other hand-written splits' either.
#[test]
fn handwritten28_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten28.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten28.tsv"),
    );
}

/// `data/handwritten29.tsv`, the twenty-ninth (written blind on 7 December 2026, twenty-third
/// session, after the twenty-eighth), passes the same checks with at least 400 rows, and none of
/// its requests is one of the twenty-eight other hand-written splits' either.
#[test]
fn handwritten29_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten29.tsv",
        400,
        (3, 2),
        &requests_elsewhere("handwritten29.tsv"),
    );
}

/// `data/handwritten30.tsv`, the thirtieth (written blind on 8 December 2026 by the hw30
/// helper, twelve people, after the twenty-ninth), passes the same checks with at least 350
/// rows, and none of its requests is one of the twenty-nine other hand-written splits' either.
#[test]
fn handwritten30_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten30.tsv",
        350,
        (3, 2),
        &requests_elsewhere("handwritten30.tsv"),
    );
}

/// `data/handwritten31.tsv`, the thirty-first (written blind on 8 December 2026 by the hw31
/// helper: twelve people who write English as a second language or a regional English), passes
/// the same checks with at least 350 rows, and none of its requests is one of the other
/// hand-written splits' either.
#[test]
fn handwritten31_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten31.tsv",
        350,
        (3, 2),
        &requests_elsewhere("handwritten31.tsv"),
    );
}

/// `data/handwritten32.tsv`, written blind on 8 December 2026 by the hw32 helper, passes the
/// same checks with at least 350 rows, and none of its requests is one of the other hand-written
/// splits' either.
#[test]
fn handwritten32_is_canonical_unseen_and_covers_every_applet() {
    check_hand_split(
        "handwritten32.tsv",
        350,
        (3, 2),
        &requests_elsewhere("handwritten32.tsv"),
    );
}

/// The files whose requests a hand-written split's may not be: the
/// generated ones and every other hand-written split.
fn requests_elsewhere(split: &str) -> Vec<&'static str> {
    // The generated splits, then the evaluation files but the held-out one
    // (read only for the final model), so a new hand-written split listed in
    // `EVALUATION_FILES` is checked against by the others at once.
    ["train.tsv", "dev.tsv", "dev_natural.tsv"]
        .into_iter()
        .chain(
            crate::EVALUATION_FILES
                .iter()
                .copied()
                .filter(|f| !f.starts_with("heldout")),
        )
        .filter(|f| *f != split)
        .collect()
}

/// The checks of a hand-written split `file` in `data`: at least `min_rows` rows, every
/// row well-formed and canonical in its mode, every applet covered in each mode it is
/// reachable in (at least `per_applet.0` read-write and `per_applet.1` read-only rows each),
/// and no request (ignoring case) one of the `unseen` files', the applets' declared examples
/// or the abstain class's out-of-scope requests.
fn check_hand_split(file: &str, min_rows: usize, per_applet: (usize, usize), unseen: &[&str]) {
    use command::SlotKind;
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let text =
        std::fs::read_to_string(data.join(file)).unwrap_or_else(|e| panic!("data/{file}: {e}"));
    let table = applets::builtin();
    let live: Vec<&str> = command::SAMPLE_FS
        .iter()
        .map(|p| p.trim_end_matches('/'))
        .collect();
    let mut bad = Vec::new();
    let mut rows = Vec::new();
    let mut keys = HashSet::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = format!("line {}: {line}", i + 1);
        let f: Vec<&str> = line.split('\t').collect();
        let [request, cmd, applet, family, mode, reply] = f[..] else {
            bad.push(format!("{at}: not 6 columns"));
            continue;
        };
        let m = match mode {
            "rw" => Mode::ReadWrite,
            "ro" => Mode::ReadOnly,
            _ => {
                bad.push(format!("{at}: mode {mode:?}"));
                continue;
            }
        };
        if !["run", "missing-file", "read-only-hint", "abstain"].contains(&reply) {
            bad.push(format!("{at}: reply {reply:?}"));
        }
        if !family.starts_with("hand/") || request.trim() != request || request.is_empty() {
            bad.push(format!("{at}: family or request"));
        }
        if !keys.insert((request.to_ascii_lowercase(), mode)) {
            bad.push(format!("{at}: the same request twice in one mode"));
        }
        if reply == "read-only-hint" && m != Mode::ReadOnly {
            bad.push(format!("{at}: the read-only hint in read-write mode"));
        }
        if cmd == "nothing" {
            if applet != "-" || reply == "run" {
                bad.push(format!(
                    "{at}: nothing runs, so applet - and a reply other than run"
                ));
            }
        } else {
            if reply != "run" || applet_of(cmd) != applet {
                bad.push(format!("{at}: a command runs, so reply run and its applet"));
            }
            if let Err(e) = check_canonical(&table, cmd) {
                bad.push(format!("{at}: {e}"));
            }
            match table.parse(cmd, m) {
                Err(e) => bad.push(format!("{at}: not reachable in its mode: {e}")),
                Ok(c) => {
                    let spec = table.get_any(c.applet).expect("parsed").spec();
                    for (a, s) in c.args.iter().zip(spec.slots) {
                        if let (
                            Arg::Path(p),
                            SlotKind::Path {
                                must_exist: true, ..
                            },
                        ) = (a, s.kind)
                        {
                            if !live.iter().any(|l| l.eq_ignore_ascii_case(p)) {
                                bad.push(format!("{at}: {p} is not on the sample disk"));
                            }
                        }
                    }
                }
            }
        }
        rows.push((request, applet, m, reply));
    }
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(rows.len() >= min_rows, "{} rows", rows.len());

    // Every applet is asked for in read-write mode, every read-only one in read-only mode,
    // and every kind of reply is expected several times.
    for spec in table.all().map(|a| a.spec()) {
        for m in [Mode::ReadWrite, Mode::ReadOnly] {
            if m.allows(spec) {
                let n = rows.iter().filter(|r| r.1 == spec.name && r.2 == m).count();
                let least = if m == Mode::ReadWrite {
                    per_applet.0
                } else {
                    per_applet.1
                };
                assert!(
                    n >= least,
                    "{n} {} rows for {} (at least {least})",
                    m.label(),
                    spec.name
                );
            }
        }
    }
    for kind in ["missing-file", "read-only-hint", "abstain"] {
        for m in [Mode::ReadWrite, Mode::ReadOnly] {
            let n = rows.iter().filter(|r| r.3 == kind && r.2 == m).count();
            assert!(
                n >= 3 || (kind == "read-only-hint" && m == Mode::ReadWrite),
                "{n} {kind} rows in {m:?}"
            );
        }
    }

    let mut seen = HashSet::new();
    for f in unseen {
        let requests = requests_in(&data.join(f));
        assert!(!requests.is_empty(), "data/{f}: no requests");
        seen.extend(requests);
    }
    assert!(seen.len() > 1000, "{unseen:?}: {} requests", seen.len());
    seen.extend(
        table
            .all()
            .flat_map(|a| a.spec().examples)
            .map(|e| e.request.to_ascii_lowercase()),
    );
    seen.extend(
        request::abstain::OUT_OF_SCOPE
            .iter()
            .map(|r| r.to_ascii_lowercase()),
    );
    let trained: Vec<&str> = rows
        .iter()
        .map(|r| r.0)
        .filter(|r| seen.contains(&r.to_ascii_lowercase()))
        .collect();
    assert!(
        trained.is_empty(),
        "requests the model has seen: {trained:#?}"
    );
}

#[test]
fn natural_families_leave_dev_and_heldout_alone() {
    let without = generate(
        &applets::builtin(),
        &Config {
            natural: false,
            ..small()
        },
    )
    .unwrap();
    let with = corpus();
    assert_eq!(without.dev, with.dev);
    assert_eq!(without.heldout, with.heldout);
    assert!(with.train.len() > without.train.len());
    assert!(with.train.iter().any(|p| p.family.contains("/natural/")));
}

/// The later natural families (`corpus/natural/more/`) add training pairs
/// only: every other split, and every training pair without them, is the
/// same, and no added pair is a dev or held-out request.
#[test]
fn more_natural_families_only_add_training_pairs() {
    let without = corpus();
    let with = generate(
        &applets::builtin(),
        &Config {
            natural_more_per_slot: 50,
            ..small()
        },
    )
    .unwrap();
    assert_eq!(without.dev, with.dev);
    assert_eq!(without.heldout, with.heldout);
    assert_eq!(without.dev_natural, with.dev_natural);
    assert_eq!(without.train[..], with.train[..without.train.len()]);
    let added = &with.train[without.train.len()..];
    let evaluated: HashSet<&str> = [&with.dev, &with.heldout, &with.dev_natural]
        .into_iter()
        .flat_map(|s| s.iter().map(|p| p.request.as_str()))
        .collect();
    for p in added {
        assert!(p.family.contains("/more/"), "{}", p.family);
        assert!(!evaluated.contains(p.request.as_str()), "{}", p.request);
    }
    let more_families = templates::NATURAL_MORE_FILES
        .iter()
        .map(|(_, t)| templates::natural_file_families(t).count())
        .sum::<usize>();
    assert_eq!(added.is_empty(), more_families == 0);
    // The third round, when asked for, draws the same number of pairs
    // from more families, and moves no other split.
    let more2 = generate(
        &applets::builtin(),
        &Config {
            natural_more_per_slot: 50,
            natural_more2: true,
            ..small()
        },
    )
    .unwrap();
    assert_eq!(more2.dev_natural, with.dev_natural);
    assert_eq!(more2.train[..without.train.len()], without.train[..]);
    assert_ne!(more2.train, with.train);
}

/// The lines no applet does become training pairs whose command is
/// `nothing` (an empty command in the sequence), after every other pair:
/// the splits and the other pairs do not move, every family is drawn, and
/// a line that is a request of an evaluation split is not trained on.
#[test]
fn nothing_pairs_only_add_training_pairs_that_end_at_once() {
    let without = corpus();
    let with = generate(
        &applets::builtin(),
        &Config {
            nothing_pairs: 2000,
            ..small()
        },
    )
    .unwrap();
    assert_eq!(without.dev, with.dev);
    assert_eq!(without.dev_natural, with.dev_natural);
    assert_eq!(without.train[..], with.train[..without.train.len()]);
    let added = &with.train[without.train.len()..];
    let families = templates::natural_file_families(templates::NOTHING_FILE).count();
    assert!(families >= 200, "{families} families");
    let drawn: HashSet<&str> = added.iter().map(|p| p.family.as_str()).collect();
    assert_eq!(drawn.len(), families);
    for p in added {
        assert_eq!((p.command.as_str(), p.applet), (NOTHING, "-"));
        assert!(p.family.starts_with("nothing/more/"), "{}", p.family);
        assert_eq!(
            sequence(&p.request, &p.command),
            format!("{USER}{}{CMD}{END}", p.request)
        );
        assert!(!p.request.contains('\t') && !p.request.trim().is_empty());
    }
    // Dropped like every written pair when an evaluation file has its request.
    let mut c = with.clone();
    let one: HashSet<String> = [added[0].request.to_ascii_lowercase()].into();
    assert!(c.drop_natural_seen_in(&one) >= 1);
    assert!(!c.train.iter().any(|p| p.request == added[0].request));
}

/// Each natural file is named after an applet of the table, and its
/// families go whole to one split: training or dev_natural.
#[test]
fn natural_files_name_applets_and_families_stay_in_one_split() {
    let table = applets::builtin();
    let names: HashSet<&str> = table
        .specs(Mode::ReadWrite)
        .iter()
        .map(|s| s.name)
        .collect();
    for (applet, _) in templates::NATURAL_FILES {
        assert!(
            names.contains(applet),
            "corpus/natural/{applet}.txt names no applet"
        );
    }
    let c = corpus();
    let train: HashSet<&str> = c.train.iter().map(|p| p.family.as_str()).collect();
    for p in &c.dev_natural {
        assert!(p.family.contains("/natural/"), "{}", p.family);
        assert!(
            !train.contains(p.family.as_str()),
            "{} in two splits",
            p.family
        );
    }
    let held = natural_dev(1, "cat", 16);
    assert_eq!(held.len(), 2);
    assert!(natural_dev(1, "cat", 7).is_empty());
}

/// `train/model.sh` runs the corpus with its defaults, and the shipped model
/// was trained with the natural families at 800 pairs per slot: other
/// defaults would make the script train a different model than the one
/// committed.
#[test]
fn the_default_corpus_is_the_shipped_models() {
    let c = Config::default();
    assert!(c.natural);
    assert_eq!(
        (
            c.train_per_slot,
            c.natural_per_slot,
            c.natural_more_per_slot
        ),
        (800, 800, 400)
    );
}

#[test]
fn natural_pairs_seen_in_an_evaluation_file_are_dropped() {
    let mut c = corpus();
    let natural = c
        .train
        .iter()
        .find(|p| p.family.contains("/natural/"))
        .unwrap()
        .request
        .clone();
    let generated = c
        .train
        .iter()
        .find(|p| !p.family.contains("/natural/"))
        .unwrap()
        .request
        .clone();
    let (dev, heldout, before) = (c.dev.clone(), c.heldout.clone(), c.train.len());
    let unseen: HashSet<String> = [&natural, &generated]
        .iter()
        .map(|r| r.to_ascii_lowercase())
        .collect();
    let dropped = c.drop_natural_seen_in(&unseen);
    assert!(dropped >= 1);
    assert_eq!(c.train.len(), before - dropped);
    assert!(!c.train.iter().any(|p| p.request == natural));
    // A generated pair stays: the corpus of the model before stays as it was.
    assert!(c.train.iter().any(|p| p.request == generated));
    assert_eq!((c.dev, c.heldout), (dev, heldout));
}

#[test]
fn no_copy_or_move_onto_itself() {
    assert!(onto_itself("cp /A.TXT /A.TXT"));
    assert!(onto_itself("mv /LOGS /LOGS/BOOT.LOG"));
    assert!(!onto_itself("mv /LOGS /LOGSOLD"));
    assert!(!onto_itself("cp /A.TXT /B.TXT"));
    let c = corpus();
    for s in [Split::Train, Split::Dev, Split::Heldout, Split::DevNatural] {
        assert!(!c.split(s).iter().any(|p| onto_itself(&p.command)));
    }
}
