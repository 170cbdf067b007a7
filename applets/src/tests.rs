//! Host tests: the table, the parser, completion, and every applet against
//! the fakes in `command::testing`.

use std::collections::BTreeSet;
use std::string::{String, ToString};
use std::vec::Vec;

use crate::{all, builtin, reachable, specs};
use command::parse::{render, split};
use command::testing::{execute, FakeServices, MemFs, Node, Outcome};
use command::*;

const WRITE_SET: [&str; 8] = [
    "write", "append", "rm", "mkdir", "cp", "mv", "reboot", "shutdown",
];

fn names(mode: Mode) -> BTreeSet<&'static str> {
    specs(mode).iter().map(|s| s.name).collect()
}

fn run(line: &str, mode: Mode, sv: &mut FakeServices) -> Outcome {
    execute(&builtin(), line, mode, sv)
}

/// Runs a line that must succeed and returns its output.
fn ok(line: &str, mode: Mode, sv: &mut FakeServices) -> String {
    let outcome = run(line, mode, sv);
    let out = sv.take();
    assert!(
        matches!(outcome, Outcome::Ran { ok: true, .. }),
        "{line}: {outcome:?}\n{out}"
    );
    out
}

/// Runs a line that must parse and fail; returns the one printed line.
fn fails(line: &str, mode: Mode, sv: &mut FakeServices) -> String {
    let outcome = run(line, mode, sv);
    let out = sv.take();
    assert!(
        matches!(outcome, Outcome::Ran { ok: false, .. }),
        "{line}: {outcome:?}\n{out}"
    );
    out
}

fn parse(line: &str, mode: Mode) -> Result<Command, ParseError> {
    builtin().parse(line, mode)
}

fn cmd(applet: &'static str, args: Vec<Arg>) -> Command {
    Command { applet, args }
}

fn text(s: &str) -> Arg {
    Arg::Text(s.to_string())
}

fn path(s: &str) -> Arg {
    Arg::Path(s.to_string())
}

// ---- the table ----

#[test]
fn read_only_reaches_everything_but_the_write_set() {
    let every: BTreeSet<_> = all().map(|a| a.spec().name).collect();
    let ro = names(Mode::ReadOnly);
    let rw = names(Mode::ReadWrite);
    assert_eq!(rw, every);
    let hidden: BTreeSet<_> = every.difference(&ro).copied().collect();
    let writers: BTreeSet<_> = all()
        .map(|a| a.spec())
        .filter(|s| s.writes)
        .map(|s| s.name)
        .collect();
    assert_eq!(hidden, writers);
    assert!(WRITE_SET.iter().all(|w| hidden.contains(w)), "{hidden:?}");
    for name in [
        "help", "clear", "echo", "history", "mem", "cpu", "uptime", "date", "lspci", "log", "ls",
        "cat", "hexdump", "df", "disk",
    ] {
        assert!(ro.contains(name), "{name} missing in read-only mode");
    }
    for spec in specs(Mode::ReadOnly) {
        assert!(!spec.writes, "{}", spec.name);
    }
}

#[test]
fn table_reachable_agrees_with_free_functions() {
    let t = builtin();
    for mode in [Mode::ReadOnly, Mode::ReadWrite] {
        let a: Vec<_> = t.specs(mode).iter().map(|s| s.name).collect();
        let b: Vec<_> = specs(mode).iter().map(|s| s.name).collect();
        assert_eq!(a, b);
        assert_eq!(reachable(mode).count(), a.len());
    }
    assert!(t.get("rm", Mode::ReadOnly).is_none());
    assert!(t.get("rm", Mode::ReadWrite).is_some());
    assert!(t.get_any("rm").is_some());
}

#[test]
fn duplicate_names_are_refused() {
    let help = builtin().get_any("help").unwrap();
    assert_eq!(
        builtin().with(help).unwrap_err(),
        TableError::DuplicateName("help")
    );
}

#[test]
fn mode_toggles_and_labels() {
    assert_eq!(Mode::default(), Mode::ReadOnly);
    assert_eq!(Mode::ReadOnly.toggled(), Mode::ReadWrite);
    assert_eq!(Mode::ReadWrite.toggled().label(), "READ-ONLY");
}

#[test]
fn specs_are_well_formed() {
    let mut seen = BTreeSet::new();
    for spec in specs(Mode::ReadWrite) {
        assert!(seen.insert(spec.name), "duplicate applet {}", spec.name);
        assert!(
            !spec.summary.is_empty() && !spec.summary.contains('\n'),
            "{}",
            spec.name
        );
        assert!(
            spec.name.chars().all(|c| c.is_ascii_lowercase()),
            "{}",
            spec.name
        );
        let mut optional_seen = false;
        for (i, slot) in spec.slots.iter().enumerate() {
            assert!(
                !(optional_seen && slot.required),
                "{}: required after optional",
                spec.name
            );
            optional_seen |= !slot.required;
            if slot.is_text() {
                assert_eq!(i, spec.slots.len() - 1, "{}: text slot not last", spec.name);
            }
        }
    }
}

#[test]
fn every_applet_has_eight_examples_that_parse_to_it_canonically() {
    let mut requests = BTreeSet::new();
    for spec in specs(Mode::ReadWrite) {
        assert!(
            spec.examples.len() >= 8,
            "{} has {} examples",
            spec.name,
            spec.examples.len()
        );
        let distinct: BTreeSet<_> = spec.examples.iter().map(|e| e.command).collect();
        // Varied arguments where there are arguments to vary.
        if !spec.slots.is_empty() {
            assert!(
                distinct.len() >= 3,
                "{}: examples all mean the same command",
                spec.name
            );
        }
        for ex in spec.examples {
            assert!(
                requests.insert(ex.request),
                "request used twice: {}",
                ex.request
            );
            let c = parse(ex.command, Mode::ReadWrite)
                .unwrap_or_else(|e| panic!("{}: {} does not parse: {e}", spec.name, ex.command));
            assert_eq!(c.applet, spec.name, "{}", ex.command);
            assert_eq!(render(&c), ex.command, "example command is not canonical");
            assert_ne!(ex.request, ex.command);
        }
    }
}

#[test]
fn example_paths_that_must_exist_are_in_the_sample_volume() {
    for spec in specs(Mode::ReadWrite) {
        for ex in spec.examples {
            let c = parse(ex.command, Mode::ReadWrite).unwrap();
            for (slot, arg) in spec.slots.iter().zip(&c.args) {
                if let (
                    SlotKind::Path {
                        kind,
                        must_exist: true,
                    },
                    Arg::Path(p),
                ) = (slot.kind, arg)
                {
                    let as_dir = format!("{p}/");
                    let found = SAMPLE_FS
                        .iter()
                        .find(|s| **s == p.as_str() || **s == as_dir);
                    let found =
                        found.unwrap_or_else(|| panic!("{}: {p} not in SAMPLE_FS", ex.command));
                    match kind {
                        PathKind::File => assert!(!found.ends_with('/'), "{}", ex.command),
                        PathKind::Dir => assert!(found.ends_with('/'), "{}", ex.command),
                        PathKind::Any => {}
                    }
                }
            }
        }
    }
}

#[test]
fn usage_is_derived_from_slots() {
    let t = builtin();
    let usage = |n| t.get_any(n).unwrap().spec().usage();
    assert_eq!(usage("cp"), "cp <src> <dst>");
    assert_eq!(usage("help"), "help [command]");
    assert_eq!(usage("hexdump"), "hexdump <file> [bytes]");
    assert_eq!(usage("probe"), "probe <low|high> [count]");
    assert_eq!(usage("clear"), "clear");
}

// ---- the parser ----

#[test]
fn quoting() {
    let echo = |l: &str| parse(l, Mode::ReadOnly).unwrap().args;
    assert_eq!(echo("echo \"a  b\""), [text("a  b")]);
    assert_eq!(echo("echo a   b"), [text("a b")]);
    assert_eq!(echo("echo 'x \"y\" \\n'"), [text("x \"y\" \\n")]);
    assert_eq!(echo("echo a\\ \\ b"), [text("a  b")]);
    assert_eq!(
        echo(r#"echo "say \"hi\" \\ \q""#),
        [text(r#"say "hi" \ \q"#)]
    );
    assert_eq!(echo(r#"echo "one\ntwo\tthree""#), [text("one\ntwo\tthree")]);
    assert_eq!(echo("echo pre'fix 'post"), [text("prefix post")]);
    assert_eq!(echo("echo \"\""), [text("")]);
    assert_eq!(echo("echo"), []);
    assert_eq!(echo("  echo\thi  "), [text("hi")]);
}

#[test]
fn split_reports_offsets_and_open_quotes() {
    let w = split("cat  \"/a b");
    assert_eq!(w.words.len(), 2);
    assert_eq!(w.words[1].start, 5);
    assert_eq!(w.words[1].text, "/a b");
    assert!(w.open_quote);
    assert!(split("ls ").trailing_space);
    assert!(!split("ls").trailing_space);
}

#[test]
fn blank_and_prose_lines() {
    assert_eq!(parse("", Mode::ReadOnly), Err(ParseError::Empty));
    assert_eq!(parse(" \t ", Mode::ReadOnly), Err(ParseError::Empty));
    assert_eq!(
        parse("what's on the disk", Mode::ReadOnly),
        Err(ParseError::NotACommand("whats on the disk".into()))
    );
    assert_eq!(
        parse("show me the notes", Mode::ReadOnly),
        Err(ParseError::NotACommand("show".into()))
    );
    // A quoted first word is prose even if it spells a command.
    assert_eq!(
        parse("\"ls\"", Mode::ReadOnly),
        Err(ParseError::NotACommand("ls".into()))
    );
    assert_eq!(
        parse("LS", Mode::ReadOnly),
        Err(ParseError::NotACommand("LS".into()))
    );
}

#[test]
fn write_applets_in_read_only_mode_get_the_f2_hint() {
    for name in WRITE_SET {
        let e = parse(&format!("{name} /NOTES.TXT /X"), Mode::ReadOnly).unwrap_err();
        assert_eq!(e, ParseError::ReadOnly(name));
        let msg = e.to_string();
        assert!(
            msg.contains("read-write mode") && msg.contains("F2"),
            "{msg}"
        );
    }
    assert_eq!(
        parse("help rm", Mode::ReadOnly),
        Err(ParseError::ReadOnly("rm"))
    );
    assert!(parse("help rm", Mode::ReadWrite).is_ok());
}

#[test]
fn bad_lines_get_one_line_with_the_usage() {
    let cases: &[(&str, Problem)] = &[
        ("cp /NOTES.TXT", Problem::Missing("dst")),
        ("cat", Problem::Missing("file")),
        ("ls /DOCS /LOGS", Problem::Extra("/LOGS".into())),
        ("clear now", Problem::Extra("now".into())),
        (
            "log many",
            Problem::NotInteger {
                slot: "lines",
                text: "many".into(),
            },
        ),
        (
            "log 0",
            Problem::OutOfRange {
                slot: "lines",
                value: 0,
                min: 1,
                max: 100_000,
            },
        ),
        (
            "log 99999999999999999999",
            Problem::NotInteger {
                slot: "lines",
                text: "99999999999999999999".into(),
            },
        ),
        (
            "probe medium",
            Problem::NotOneOf {
                slot: "level",
                text: "medium".into(),
                words: &["low", "high"],
            },
        ),
        (
            "help frobnicate",
            Problem::NoSuchApplet("frobnicate".into()),
        ),
        (
            "cat \"\"",
            Problem::BadPath {
                slot: "file",
                text: "".into(),
            },
        ),
        (
            "cat \"a\tb\"",
            Problem::BadPath {
                slot: "file",
                text: "a\tb".into(),
            },
        ),
    ];
    for (line, problem) in cases {
        let e = parse(line, Mode::ReadWrite).unwrap_err();
        match &e {
            ParseError::Usage { problem: p, applet } => {
                assert_eq!(p, problem, "{line}");
                let msg = e.to_string();
                assert!(
                    msg.ends_with(&format!("usage: {}", applet.usage())),
                    "{msg}"
                );
                assert!(!msg.contains('\n'), "{msg}");
            }
            other => panic!("{line}: {other:?}"),
        }
    }
    let e = parse("echo \"unclosed", Mode::ReadOnly).unwrap_err();
    assert_eq!(
        e.to_string(),
        "echo: unterminated quote; usage: echo [text]"
    );
}

#[test]
fn prose_that_starts_with_a_command_name_is_flagged() {
    let prose = [
        "help me find my notes",
        "ls what's in docs",
        "log 5 lines",
        "echo \"unclosed",
        "probe medium",
    ];
    for line in prose {
        let e = parse(line, Mode::ReadOnly).unwrap_err();
        assert!(e.could_be_prose(), "{line}: {e:?}");
        assert!(e.applet().is_some());
    }
    // A quoted sentence where the file goes: prose. A bad name of one
    // word is a mistyped command.
    for line in [
        "write \"ERROR 0x1F: disk timeout at sector 2048\" to err.txt",
        "append \"Ship build 42 before Friday; ask QA first.\" to todo.txt",
        "write todo: clean desk to guide.txt in docs",
        "cat notes?",
    ] {
        let e = parse(line, Mode::ReadWrite).unwrap_err();
        assert!(e.could_be_prose(), "{line}: {e:?}");
        assert!(e.applet().is_some());
    }
    for line in ["cat", "cp /A", "rm /A", "cat \"\"", "cat a:b", "mkdir x."] {
        let e = parse(line, Mode::ReadOnly).unwrap_err();
        assert!(!e.could_be_prose(), "{line}: {e:?}");
    }
}

#[test]
fn long_and_odd_lines_never_panic() {
    let long = "x".repeat(10_000);
    assert_eq!(
        parse(&long, Mode::ReadOnly),
        Err(ParseError::NotACommand(long.clone()))
    );
    let echo = format!("echo {long}");
    assert_eq!(parse(&echo, Mode::ReadOnly).unwrap().args, [text(&long)]);
    let odd = [
        "\\",
        "\\\"",
        "'",
        "\"",
        "echo \\",
        "ls \u{0}",
        "é→ cat",
        "cat \u{7f}",
        "\u{feff}ls",
        "ls\u{a0}/DOCS",
    ];
    let mut fs = MemFs::sample();
    for line in odd {
        let _ = parse(line, Mode::ReadWrite);
        let c = complete_with(line, Mode::ReadWrite, &mut fs);
        assert!(line.is_char_boundary(c.start));
    }
    let mut sv = FakeServices::new();
    let line = format!("echo {}", "\"a\" ".repeat(2_000));
    assert!(matches!(
        run(&line, Mode::ReadOnly, &mut sv),
        Outcome::Ran { ok: true, .. }
    ));
}

#[test]
fn paths_are_normalised() {
    let p = |l: &str| parse(l, Mode::ReadWrite).unwrap().args[0].clone();
    // Every name keeps the case typed (issue 17), 8.3 or long.
    assert_eq!(p("cat notes.txt"), path("/notes.txt"));
    assert_eq!(p("cat /docs/../Notes.Txt"), path("/Notes.Txt"));
    assert_eq!(p("cat //DOCS///./faq.txt"), path("/DOCS/faq.txt"));
    assert_eq!(p("ls .."), path("/"));
    assert_eq!(p("ls /docs/"), path("/docs"));
    assert_eq!(p("ls /../../docs"), path("/docs"));
    assert_eq!(p("cat \"/my file.txt\""), path("/my file.txt"));
    // The same files, as FAT looks them up.
    let c = |l: &str| parse(l, Mode::ReadWrite).unwrap();
    assert!(same_files(&c("cat notes.txt"), &c("cat /NOTES.TXT")));
    assert!(same_files(&c("cp /a.txt /Docs"), &c("cp /A.TXT /DOCS")));
    assert!(!same_files(&c("cat /a.txt"), &c("cat /b.txt")));
    assert!(!same_files(&c("echo a"), &c("echo A")));
    assert_eq!(normalize_path(""), Err(PathError::Empty));
    assert_eq!(normalize_path("/a\u{7}"), Err(PathError::ControlCharacter));
}

#[test]
fn render_quotes_only_when_needed() {
    assert_eq!(render(&cmd("echo", vec![text("hi")])), "echo hi");
    assert_eq!(render(&cmd("echo", vec![text("a  b")])), "echo \"a  b\"");
    assert_eq!(render(&cmd("echo", vec![text("")])), "echo \"\"");
    assert_eq!(render(&cmd("echo", vec![text("it's")])), "echo \"it's\"");
    assert_eq!(
        render(&cmd("echo", vec![text("a\"b\\c\nd")])),
        r#"echo "a\"b\\c\nd""#
    );
    assert_eq!(render(&cmd("log", vec![Arg::Integer(5)])), "log 5");
    assert_eq!(
        cmd("cp", vec![path("/A"), path("/B C")]).to_string(),
        "cp /A \"/B C\""
    );
}

/// A small deterministic generator, so the round trip covers awkward text
/// without a dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[(self.next() % xs.len() as u64) as usize]
    }
}

#[test]
fn round_trip_render_then_parse() {
    const ALPHABET: &[char] = &[
        'a', 'Z', '0', ' ', ' ', '"', '\'', '\\', '\n', '\t', '\r', '/', '.', '-', 'é', '→', '$',
        '#', '\u{1}',
    ];
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let t = builtin();
    let mut checked = 0;
    for _ in 0..2000 {
        let len = (rng.next() % 12) as usize;
        let s: String = (0..len).map(|_| *rng.pick(ALPHABET)).collect();
        let plen = (rng.next() % 12) as usize;
        let raw = (0..plen)
            .map(|_| *rng.pick(ALPHABET))
            // Names FAT cannot hold are parse errors (bad_names_are_parse_errors).
            .filter(|c| !c.is_control() && *c != '"' && *c != '\\')
            .collect::<String>()
            .split('/')
            .map(|c| c.trim_end_matches(['.', ' ']))
            .collect::<Vec<_>>()
            .join("/");
        let raw = if raw.is_empty() && plen > 0 {
            "/".to_string()
        } else {
            raw
        };
        let p = normalize_path(&raw);
        let mut cases = vec![
            cmd("echo", vec![Arg::Text(s.clone())]),
            cmd("log", vec![Arg::Integer(1 + (rng.next() % 100_000) as i64)]),
            cmd(
                "probe",
                vec![
                    Arg::Word(if rng.next().is_multiple_of(2) {
                        "low"
                    } else {
                        "high"
                    }),
                    Arg::Integer(1 + (rng.next() % 3) as i64),
                ],
            ),
        ];
        if let Ok(p) = p {
            cases.push(cmd(
                "write",
                vec![Arg::Path(p.clone()), Arg::Text(s.clone())],
            ));
            cases.push(cmd("cp", vec![Arg::Path(p.clone()), Arg::Path(p)]));
        }
        for c in cases {
            let line = render(&c);
            assert_eq!(
                t.parse(&line, Mode::ReadWrite).as_ref(),
                Ok(&c),
                "line {line:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 9500, "{checked}");
}

#[test]
fn run_rechecks_commands_from_outside_the_parser() {
    let t = builtin();
    let mut sv = FakeServices::new();
    let write = cmd("write", vec![path("/X.TXT"), text("hi")]);
    assert_eq!(
        t.run(&write, Mode::ReadOnly, &mut sv),
        Err(RunError::Rejected(ParseError::ReadOnly("write")))
    );
    assert!(sv.fs().file("/X.TXT").is_none());
    let bad = [
        cmd("cat", vec![path("/DOCS/../NOTES.TXT")]),
        cmd("cat", vec![text("/NOTES.TXT")]),
        cmd("cat", vec![]),
        cmd("ls", vec![path("/"), path("/")]),
        cmd("log", vec![Arg::Integer(0)]),
        cmd("probe", vec![Arg::Word("medium")]),
        cmd("nope", vec![]),
    ];
    for c in bad {
        assert!(
            matches!(
                t.run(&c, Mode::ReadWrite, &mut sv),
                Err(RunError::Rejected(_))
            ),
            "{c:?}"
        );
    }
    assert_eq!(sv.out, "");
    assert_eq!(t.run(&write, Mode::ReadWrite, &mut sv), Ok(()));
    assert_eq!(sv.fs().file("/X.TXT"), Some(&b"hi\n"[..]));
}

#[test]
fn execute_reports_each_outcome() {
    let mut sv = FakeServices::new();
    assert_eq!(run("   ", Mode::ReadOnly, &mut sv), Outcome::Empty);
    assert_eq!(
        run("please list my files", Mode::ReadOnly, &mut sv),
        Outcome::NotACommand
    );
    assert_eq!(sv.take(), "", "a request is not answered by the table");
    assert_eq!(
        run("rm /NOTES.TXT", Mode::ReadOnly, &mut sv),
        Outcome::Rejected(ParseError::ReadOnly("rm"))
    );
    assert!(sv.take().contains("press F2"));
    assert!(sv.fs().file("/NOTES.TXT").is_some());
    assert!(matches!(
        run("cat", Mode::ReadOnly, &mut sv),
        Outcome::Rejected(ParseError::Usage { .. })
    ));
    assert_eq!(sv.take(), "cat: missing <file>; usage: cat <file>\n");
    assert_eq!(
        fails("cat /NOPE.TXT", Mode::ReadOnly, &mut sv),
        "cat: /NOPE.TXT: no such file or directory\n"
    );
}

// ---- completion ----

fn complete_with(line: &str, mode: Mode, fs: &mut MemFs) -> Completion {
    complete(&builtin(), mode, line, Some(fs))
}

#[test]
fn completes_command_names_from_the_reachable_set() {
    let mut fs = MemFs::sample();
    let c = complete_with("c", Mode::ReadOnly, &mut fs);
    assert_eq!(c.start, 0);
    assert_eq!(c.candidates, ["cat", "clear", "cpu"]);
    assert_eq!(
        complete_with("c", Mode::ReadWrite, &mut fs).candidates,
        ["cat", "clear", "cp", "cpu"]
    );
    assert_eq!(
        complete_with("", Mode::ReadOnly, &mut fs).candidates.len(),
        specs(Mode::ReadOnly).len()
    );
    assert_eq!(
        complete_with("help m", Mode::ReadOnly, &mut fs).candidates,
        ["mem", "model"]
    );
    assert_eq!(
        complete_with("help m", Mode::ReadWrite, &mut fs).candidates,
        ["mem", "mkdir", "model", "mv"]
    );
    assert_eq!(
        complete_with("he", Mode::ReadOnly, &mut fs).common_prefix(),
        "he"
    );
    assert!(complete_with("zzz", Mode::ReadOnly, &mut fs)
        .candidates
        .is_empty());
}

#[test]
fn completes_paths_from_the_volume() {
    let mut fs = MemFs::sample();
    let c = complete_with("cat /D", Mode::ReadOnly, &mut fs);
    assert_eq!(
        (c.start, c.candidates.as_slice()),
        (4, &["/DOCS/".to_string()][..])
    );
    let c = complete_with("cat /docs/f", Mode::ReadOnly, &mut fs);
    assert_eq!(c.candidates, ["/docs/FAQ.TXT"]);
    assert_eq!(
        complete_with("ls ", Mode::ReadOnly, &mut fs).candidates,
        ["/DOCS/", "/LOGS/"]
    );
    assert_eq!(
        complete_with("cat /", Mode::ReadOnly, &mut fs).candidates,
        [
            "/DOCS/",
            "/HELLO.TXT",
            "/LOGS/",
            "\"/meeting notes.txt\"",
            "/NOTES.TXT",
            "\"/photo-list 2026.txt\"",
            "/README.TXT",
            "/TODO.TXT"
        ]
    );
    assert_eq!(
        complete_with("cat no", Mode::ReadOnly, &mut fs).candidates,
        ["NOTES.TXT"]
    );
    assert_eq!(
        complete_with("cp /HELLO.TXT /l", Mode::ReadWrite, &mut fs).candidates,
        ["/LOGS/"]
    );
    assert_eq!(
        complete_with("cat /DOCS/G", Mode::ReadOnly, &mut fs).common_prefix(),
        "/DOCS/GUIDE.TXT"
    );
    // No slot to complete, an unreachable applet, a missing directory.
    assert!(complete_with("echo /", Mode::ReadOnly, &mut fs)
        .candidates
        .is_empty());
    assert!(complete_with("rm /", Mode::ReadOnly, &mut fs)
        .candidates
        .is_empty());
    assert!(complete_with("cat /NOPE/", Mode::ReadOnly, &mut fs)
        .candidates
        .is_empty());
    assert!(complete(&builtin(), Mode::ReadOnly, "cat /", None)
        .candidates
        .is_empty());
    // Names with spaces come back quoted.
    fs.nodes.insert("/MY FILE.TXT".into(), Node::File(vec![]));
    assert_eq!(
        complete_with("cat /M", Mode::ReadOnly, &mut fs).candidates,
        ["\"/meeting notes.txt\"", "\"/MY FILE.TXT\""]
    );
}

// ---- a new applet, with no edit outside its file and its registration line ----

#[test]
fn a_newly_registered_applet_reaches_help_completion_and_dispatch() {
    let mut sv = FakeServices::new();
    let help = ok("help", Mode::ReadOnly, &mut sv);
    assert!(
        help.lines()
            .any(|l| l.starts_with("  probe ")
                && l.ends_with("test applet: report a level and a count")),
        "{help}"
    );
    assert!(ok("help probe", Mode::ReadOnly, &mut sv).contains("usage: probe <low|high> [count]"));
    let mut fs = MemFs::sample();
    assert_eq!(
        complete_with("pr", Mode::ReadOnly, &mut fs).candidates,
        ["probe"]
    );
    assert_eq!(
        complete_with("probe h", Mode::ReadOnly, &mut fs).candidates,
        ["high"]
    );
    assert_eq!(
        ok("probe high 2", Mode::ReadOnly, &mut sv),
        "probe high x2\n"
    );
    assert!(specs(Mode::ReadOnly).iter().any(|s| s.name == "probe"));
}

struct Extra;
static EXTRA_SPEC: AppletSpec = AppletSpec {
    name: "extra",
    summary: "an applet added at run time",
    slots: &[Slot::path("file", PathKind::File, true)],
    writes: true,
    role: None,
    examples: &[],
};
impl Applet for Extra {
    fn spec(&self) -> &'static AppletSpec {
        &EXTRA_SPEC
    }
    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError> {
        writeln!(cx.out(), "extra {args:?}")?;
        Ok(())
    }
}
static EXTRA: Extra = Extra;

#[test]
fn an_applet_added_to_a_table_at_run_time_follows_the_mode() {
    let t = builtin().with(&EXTRA).unwrap();
    let mut sv = FakeServices::new();
    assert_eq!(
        execute(&t, "extra /NOTES.TXT", Mode::ReadOnly, &mut sv),
        Outcome::Rejected(ParseError::ReadOnly("extra"))
    );
    sv.take();
    assert!(matches!(
        execute(&t, "extra notes.txt", Mode::ReadWrite, &mut sv),
        Outcome::Ran { ok: true, .. }
    ));
    assert_eq!(sv.take(), "extra [Path(\"/notes.txt\")]\n");
    execute(&t, "help", Mode::ReadWrite, &mut sv);
    assert!(sv
        .take()
        .contains("  extra     an applet added at run time\n"));
    execute(&t, "help", Mode::ReadOnly, &mut sv);
    assert!(!sv.take().contains("extra"));
    assert_eq!(
        complete(&t, Mode::ReadWrite, "ext", None).candidates,
        ["extra"]
    );
    assert!(complete(&t, Mode::ReadOnly, "ext", None)
        .candidates
        .is_empty());
    assert!(
        builtin().get_any("extra").is_none(),
        "the builtin table is untouched"
    );
}

// ---- every applet against the fakes ----

#[test]
fn help_lists_the_reachable_set() {
    let mut sv = FakeServices::new();
    let ro = ok("help", Mode::ReadOnly, &mut sv);
    let rw = ok("help", Mode::ReadWrite, &mut sv);
    for spec in specs(Mode::ReadWrite) {
        let width = all().map(|a| a.spec().name.len()).max().unwrap();
        let line = format!("  {:width$}  {}\n", spec.name, spec.summary);
        assert!(rw.contains(&line), "{line:?} not in\n{rw}");
        assert_eq!(ro.contains(&line), !spec.writes, "{}", spec.name);
    }
    let hidden = specs(Mode::ReadWrite).len() - specs(Mode::ReadOnly).len();
    assert!(ro.contains(&format!(
        "{hidden} more commands change the disk or the machine; press F2"
    )));
    assert!(!rw.contains("press F2"));
    let cat = ok("help cat", Mode::ReadOnly, &mut sv);
    assert!(
        cat.starts_with(
            "usage: cat <file>\n  print a text file\n  \"show me the notes\"  ->  cat /NOTES.TXT\n"
        ),
        "{cat}"
    );
    assert!(ok("help rm", Mode::ReadWrite, &mut sv).contains("read-write mode only"));
}

#[test]
fn clear_echo_history() {
    let mut sv = FakeServices::new();
    assert_eq!(ok("clear", Mode::ReadOnly, &mut sv), "");
    assert_eq!(sv.clears, 1);
    assert_eq!(ok("echo \"a  b\" c", Mode::ReadOnly, &mut sv), "a  b c\n");
    assert_eq!(ok("echo", Mode::ReadOnly, &mut sv), "\n");
    assert_eq!(
        ok("history", Mode::ReadOnly, &mut sv),
        "   1  help\n   2  ls /DOCS\n"
    );
    sv.history.clear();
    assert_eq!(ok("history", Mode::ReadOnly, &mut sv), "no history yet\n");
}

#[test]
fn mem_cpu_uptime_date() {
    let mut sv = FakeServices::new();
    assert_eq!(
        ok("mem", Mode::ReadOnly, &mut sv),
        "memory: 512.0 MiB total, 128.0 MiB used, 384.0 MiB free\nheap:   1.5 MiB of 64.0 MiB used\n"
    );
    let cpu = ok("cpu", Mode::ReadOnly, &mut sv);
    assert!(
        cpu.contains("vendor:   AuthenticAMD\n") && cpu.contains("features: sse2 avx2 fma\n"),
        "{cpu}"
    );
    assert!(cpu.contains("family 25 model 1 stepping 1, 1 logical cpus"));
    assert!(cpu.contains("cores:    2 running of 2 present\n"), "{cpu}");
    assert_eq!(
        ok("uptime", Mode::ReadOnly, &mut sv),
        "up 1d 01:01:01.042\n"
    );
    sv.uptime_ms = 59_999;
    assert_eq!(ok("uptime", Mode::ReadOnly, &mut sv), "up 00:00:59.999\n");
    assert_eq!(ok("date", Mode::ReadOnly, &mut sv), "2026-12-02 09:05:07\n");
    sv.now = None;
    assert_eq!(
        fails("date", Mode::ReadOnly, &mut sv),
        "date: real-time clock unavailable\n"
    );
}

#[test]
fn lspci_and_log() {
    let mut sv = FakeServices::new();
    assert_eq!(
        ok("lspci", Mode::ReadOnly, &mut sv),
        "00:00.0 8086:29c0 [0600] Host bridge: Intel Corporation 82G33/G31/P35/P31 Express DRAM Controller\n\
         00:04.0 1b36:0010 [0108] Non-Volatile memory controller: Red Hat, Inc. unknown\n"
    );
    sv.pci.clear();
    assert_eq!(
        ok("lspci", Mode::ReadOnly, &mut sv),
        "no PCI devices found\n"
    );
    assert_eq!(
        ok("log 2", Mode::ReadOnly, &mut sv),
        "[ 29] line 29\n[ 30] line 30\n"
    );
    assert_eq!(ok("log", Mode::ReadOnly, &mut sv).lines().count(), 30);
    assert_eq!(ok("log 1000", Mode::ReadOnly, &mut sv).lines().count(), 30);
    sv.log.clear();
    assert_eq!(ok("log", Mode::ReadOnly, &mut sv), "the log is empty\n");
}

#[test]
fn ls_lists_directories_first() {
    let mut sv = FakeServices::new();
    let root = ok("ls", Mode::ReadOnly, &mut sv);
    // The name is what follows the last two spaces (names may hold one).
    let names: Vec<_> = root
        .lines()
        .map(|l| l.rsplit("  ").next().unwrap())
        .collect();
    // Directories first, then names ignoring case.
    assert_eq!(
        names,
        [
            "DOCS/",
            "LOGS/",
            "HELLO.TXT",
            "meeting notes.txt",
            "NOTES.TXT",
            "photo-list 2026.txt",
            "README.TXT",
            "TODO.TXT"
        ]
    );
    assert_eq!(ok("ls /", Mode::ReadOnly, &mut sv), root);
    assert_eq!(
        ok("ls docs", Mode::ReadOnly, &mut sv),
        "      26 B  FAQ.TXT\n      28 B  GUIDE.TXT\n      40 B  Release Notes 0.1.txt\n"
    );
    assert_eq!(
        fails("ls /NOPE", Mode::ReadOnly, &mut sv),
        "ls: /NOPE: no such file or directory\n"
    );
    assert_eq!(
        fails("ls /NOTES.TXT", Mode::ReadOnly, &mut sv),
        "ls: /NOTES.TXT: not a directory\n"
    );
    sv.fs
        .as_mut()
        .unwrap()
        .nodes
        .insert("/EMPTY".into(), Node::Dir);
    assert_eq!(
        ok("ls /EMPTY", Mode::ReadOnly, &mut sv),
        "/EMPTY is empty\n"
    );
    sv.fs = None;
    assert_eq!(fails("ls", Mode::ReadOnly, &mut sv), "ls: no data volume\n");
}

#[test]
fn cat_prints_text_and_refuses_binaries() {
    let mut sv = FakeServices::new();
    assert_eq!(
        ok("cat notes.txt", Mode::ReadOnly, &mut sv),
        "contents of /NOTES.TXT\n"
    );
    let fs = sv.fs.as_mut().unwrap();
    fs.nodes.insert(
        "/BLOB.BIN".into(),
        Node::File(vec![0x7f, b'E', b'L', b'F', 0, 1]),
    );
    fs.nodes
        .insert("/NOEOL.TXT".into(), Node::File(b"no newline".to_vec()));
    fs.nodes.insert(
        "/LATIN1.TXT".into(),
        Node::File(vec![b'c', b'a', b'f', 0xe9]),
    );
    fs.nodes.insert("/EMPTY.TXT".into(), Node::File(vec![]));
    assert_eq!(
        fails("cat /BLOB.BIN", Mode::ReadOnly, &mut sv),
        "cat: /BLOB.BIN is not text; use hexdump /BLOB.BIN to see its bytes\n"
    );
    assert!(fails("cat /LATIN1.TXT", Mode::ReadOnly, &mut sv).contains("hexdump"));
    assert_eq!(
        ok("cat /NOEOL.TXT", Mode::ReadOnly, &mut sv),
        "no newline\n"
    );
    assert_eq!(ok("cat /EMPTY.TXT", Mode::ReadOnly, &mut sv), "");
    assert_eq!(
        fails("cat /DOCS", Mode::ReadOnly, &mut sv),
        "cat: /DOCS: is a directory\n"
    );
}

#[test]
fn hexdump_shows_offsets_hex_and_ascii() {
    let mut sv = FakeServices::new();
    let data: Vec<u8> = (0u8..40)
        .map(|i| i.wrapping_mul(7).wrapping_add(b'0'))
        .collect();
    sv.fs
        .as_mut()
        .unwrap()
        .nodes
        .insert("/B.BIN".into(), Node::File(data));
    let out = ok("hexdump /B.BIN 20", Mode::ReadOnly, &mut sv);
    let lines: Vec<_> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(
        lines[0],
        "00000000  30 37 3e 45 4c 53 5a 61  68 6f 76 7d 84 8b 92 99  |07>ELSZahov}....|"
    );
    assert_eq!(
        lines[1],
        "00000010  a0 a7 ae b5                                       |....|"
    );
    assert_eq!(lines[2], "... 20 of 40 bytes shown");
    assert!(ok("hexdump /B.BIN", Mode::ReadOnly, &mut sv).ends_with("\n40 bytes\n"));
    assert!(fails("hexdump /NOPE", Mode::ReadOnly, &mut sv).contains("no such file"));
}

#[test]
fn df_and_disk() {
    let mut sv = FakeServices::new();
    // MemFs::sample holds "contents of <path>\n" in each file.
    let used: usize = SAMPLE_FS
        .iter()
        .filter(|p| !p.ends_with('/'))
        .map(|p| format!("contents of {p}\n").len())
        .sum();
    assert_eq!(
        ok("df", Mode::ReadOnly, &mut sv),
        format!("NOSYS (FAT32): 64.0 MiB total, {used} B used (0%), 63.9 MiB free, read-write\n")
    );
    let disk = ok("disk", Mode::ReadOnly, &mut sv);
    for want in [
        "device:     nvme0\n",
        "model:      QEMU NVMe Ctrl\n",
        "serial:     nosys-0001\n",
        "firmware:   7.2.0\n",
        "capacity:   64.0 MiB (67108864 bytes), LBA size 512\n",
        "namespace 1: 131072 blocks of 512 bytes (64.0 MiB)\n",
        "volume:     NOSYS (FAT32), writable\n",
    ] {
        assert!(disk.contains(want), "{want:?} not in\n{disk}");
    }
    sv.fs.as_mut().unwrap().writable = false;
    assert!(ok("df", Mode::ReadOnly, &mut sv)
        .ends_with("read-only\nread-only because label is FOREIGN, not NOSYS\n"));
    assert!(
        ok("disk", Mode::ReadOnly, &mut sv).contains("read-only: label is FOREIGN, not NOSYS\n")
    );
    sv.fs = None;
    sv.disks.clear();
    assert_eq!(
        ok("disk", Mode::ReadOnly, &mut sv),
        "no disk found\nvolume:     none mounted\n"
    );
    assert_eq!(fails("df", Mode::ReadOnly, &mut sv), "df: no data volume\n");
}

#[test]
fn write_and_append_flush_before_returning() {
    let mut sv = FakeServices::new();
    assert_eq!(
        ok("write /MEMO.TXT \"call mom\"", Mode::ReadWrite, &mut sv),
        "wrote 9 bytes to /MEMO.TXT\n"
    );
    assert_eq!((sv.fs().flushes, sv.fs().dirty), (1, 0));
    ok("append memo.txt buy eggs", Mode::ReadWrite, &mut sv);
    assert_eq!(
        sv.fs().file("/MEMO.TXT"),
        Some(&b"call mom\nbuy eggs\n"[..])
    );
    assert_eq!((sv.fs().flushes, sv.fs().dirty), (2, 0));
    assert_eq!(
        ok("write /PLAN.TXT \"\"", Mode::ReadWrite, &mut sv),
        "wrote 0 bytes to /PLAN.TXT\n"
    );
    assert_eq!(sv.fs().file("/PLAN.TXT"), Some(&b""[..]));
    ok("append /PLAN.TXT \"\"", Mode::ReadWrite, &mut sv);
    assert_eq!(sv.fs().file("/PLAN.TXT"), Some(&b"\n"[..]));
    ok("append /NEW.TXT \"first\\n\"", Mode::ReadWrite, &mut sv);
    assert_eq!(sv.fs().file("/NEW.TXT"), Some(&b"first\n"[..]));
    assert_eq!(
        ok("cat /MEMO.TXT", Mode::ReadWrite, &mut sv),
        "call mom\nbuy eggs\n"
    );
    assert_eq!(
        fails("write /NOPE/A.TXT x", Mode::ReadWrite, &mut sv),
        "write: /NOPE/A.TXT: no such file or directory\n"
    );
    assert_eq!(
        fails("write /DOCS x", Mode::ReadWrite, &mut sv),
        "write: /DOCS: is a directory\n"
    );
    assert_eq!(sv.fs().flushes, 7, "failures flush too");
    sv.fs.as_mut().unwrap().capacity = 200;
    assert_eq!(
        fails(
            "write /BIG.TXT \"this will not fit on a tiny disk\"",
            Mode::ReadWrite,
            &mut sv
        ),
        "write: /BIG.TXT: disk full\n"
    );
    sv.fs.as_mut().unwrap().writable = false;
    assert_eq!(
        fails("write /X.TXT y", Mode::ReadWrite, &mut sv),
        "write: /X.TXT: volume is read-only\n"
    );
    sv.fs = None;
    assert_eq!(
        fails("append /X.TXT y", Mode::ReadWrite, &mut sv),
        "append: no data volume\n"
    );
}

#[test]
fn rm_and_mkdir() {
    let mut sv = FakeServices::new();
    assert_eq!(
        ok("rm /HELLO.TXT", Mode::ReadWrite, &mut sv),
        "removed /HELLO.TXT\n"
    );
    assert!(sv.fs().file("/HELLO.TXT").is_none());
    assert_eq!(sv.fs().flushes, 1);
    assert_eq!(
        fails("rm /HELLO.TXT", Mode::ReadWrite, &mut sv),
        "rm: /HELLO.TXT: no such file or directory\n"
    );
    assert_eq!(
        fails("rm /DOCS", Mode::ReadWrite, &mut sv),
        "rm: /DOCS: directory not empty\n"
    );
    assert_eq!(
        fails("rm /", Mode::ReadWrite, &mut sv),
        "rm: the top directory cannot be removed\n"
    );
    assert_eq!(
        ok("mkdir /projects", Mode::ReadWrite, &mut sv),
        "created /projects/\n"
    );
    assert_eq!(sv.fs().nodes.get("/projects"), Some(&Node::Dir));
    assert_eq!(
        fails("mkdir /PROJECTS", Mode::ReadWrite, &mut sv),
        "mkdir: /PROJECTS: already exists\n"
    );
    ok("rm /PROJECTS", Mode::ReadWrite, &mut sv);
    assert!(!sv.fs().nodes.contains_key("/projects"));
    // Every run flushed except `rm /`, refused before touching the volume.
    assert_eq!(sv.fs().flushes, 6);
}

#[test]
fn cp_and_mv() {
    let mut sv = FakeServices::new();
    assert_eq!(
        ok("cp /NOTES.TXT /NOTES.BAK", Mode::ReadWrite, &mut sv),
        "copied 23 bytes from /NOTES.TXT to /NOTES.BAK\n"
    );
    assert_eq!(sv.fs().file("/NOTES.BAK"), sv.fs().file("/NOTES.TXT"));
    assert_eq!(
        ok("cp /TODO.TXT /LOGS", Mode::ReadWrite, &mut sv),
        "copied 22 bytes from /TODO.TXT to /LOGS/TODO.TXT\n"
    );
    assert_eq!(
        fails("cp /TODO.TXT /", Mode::ReadWrite, &mut sv),
        "cp: /TODO.TXT and /TODO.TXT are the same file\n"
    );
    assert_eq!(
        fails("cp /NOPE /A", Mode::ReadWrite, &mut sv),
        "cp: /NOPE: no such file or directory\n"
    );
    assert_eq!(sv.fs().flushes, 3);
    assert_eq!(
        ok("mv /HELLO.TXT /GREETING.TXT", Mode::ReadWrite, &mut sv),
        "moved /HELLO.TXT to /GREETING.TXT\n"
    );
    assert!(sv.fs().file("/HELLO.TXT").is_none() && sv.fs().file("/GREETING.TXT").is_some());
    assert_eq!(
        ok("mv /DOCS /MANUALS", Mode::ReadWrite, &mut sv),
        "moved /DOCS to /MANUALS\n"
    );
    assert!(sv.fs().file("/MANUALS/FAQ.TXT").is_some());
    assert_eq!(
        ok("mv /GREETING.TXT /MANUALS", Mode::ReadWrite, &mut sv),
        "moved /GREETING.TXT to /MANUALS/GREETING.TXT\n"
    );
    assert_eq!(
        fails("mv /MANUALS /MANUALS/SUB", Mode::ReadWrite, &mut sv),
        "mv: /MANUALS cannot move into itself\n"
    );
    assert_eq!(
        fails("mv /TODO.TXT /NOTES.TXT", Mode::ReadWrite, &mut sv),
        "mv: /TODO.TXT: already exists\n"
    );
    assert_eq!(sv.fs().flushes, 7);
}

#[test]
fn reboot_and_shutdown_flush_and_report_failure() {
    let mut sv = FakeServices::new();
    assert_eq!(ok("reboot", Mode::ReadWrite, &mut sv), "rebooting...\n");
    assert_eq!((sv.reboots, sv.fs().flushes), (1, 1));
    assert_eq!(
        ok("shutdown", Mode::ReadWrite, &mut sv),
        "powering off...\n"
    );
    sv.shutdown_result = Err(PowerError::Unsupported(
        "no \\_S5 package in the DSDT".into(),
    ));
    assert_eq!(
        fails("shutdown", Mode::ReadWrite, &mut sv),
        "powering off...\nshutdown: not supported: no \\_S5 package in the DSDT\n"
    );
    assert_eq!(sv.shutdowns, 2);
    sv.fs = None;
    assert_eq!(ok("reboot", Mode::ReadWrite, &mut sv), "rebooting...\n");
}

#[test]
fn every_example_runs_against_the_fakes() {
    // Examples are training data; each must also be a command that works
    // on the sample volume (on a fresh copy, so deletions don't interfere).
    for spec in specs(Mode::ReadWrite) {
        for ex in spec.examples {
            let mut sv = FakeServices::new();
            let outcome = run(ex.command, Mode::ReadWrite, &mut sv);
            assert!(
                matches!(outcome, Outcome::Ran { ok: true, .. }),
                "{}: {}",
                ex.command,
                sv.out
            );
            if spec.writes
                && spec
                    .slots
                    .iter()
                    .any(|s| matches!(s.kind, SlotKind::Path { .. }))
            {
                assert!(
                    sv.fs().flushes >= 1 && sv.fs().dirty == 0,
                    "{} did not flush",
                    ex.command
                );
            }
        }
    }
}

#[test]
fn model_applets_use_the_assistant_and_say_when_there_is_none() {
    let table = builtin();
    let mut sv = FakeServices::new();
    assert!(matches!(
        execute(
            &table,
            "route \"show me the notes\"",
            Mode::ReadOnly,
            &mut sv
        ),
        Outcome::Ran { ok: true, .. }
    ));
    assert!(matches!(
        execute(&table, "model", Mode::ReadOnly, &mut sv),
        Outcome::Ran { ok: true, .. }
    ));
    assert!(matches!(
        execute(&table, "bench", Mode::ReadOnly, &mut sv),
        Outcome::Ran { ok: true, .. }
    ));
    let a = sv.assistant.as_ref().unwrap();
    assert_eq!(a.routed, ["show me the notes"]);
    assert_eq!((a.described, a.benched), (1, 1));
    assert!(sv.out.contains("route of \"show me the notes\""));
    // `model load` reads the file from the volume and hands its bytes over;
    // a non-GGUF file is refused with a clear line.
    sv.fs
        .as_mut()
        .unwrap()
        .write("/M.GGUF", b"GGUF\x03\x00\x00\x00rest", false)
        .unwrap();
    assert!(matches!(
        execute(&table, "model load /M.GGUF", Mode::ReadOnly, &mut sv),
        Outcome::Ran { ok: true, .. }
    ));
    assert_eq!(
        sv.assistant.as_ref().unwrap().loaded,
        [("/M.GGUF".to_string(), 12)]
    );
    sv.out.clear();
    sv.assistant.as_mut().unwrap().refuse_load = Some("not a GGUF file".into());
    assert!(matches!(
        execute(&table, "model load /NOTES.TXT", Mode::ReadOnly, &mut sv),
        Outcome::Ran { ok: false, .. }
    ));
    assert!(sv.out.contains("not a GGUF file"), "{}", sv.out);
    sv.assistant = None;
    sv.out.clear();
    assert!(matches!(
        execute(&table, "bench", Mode::ReadOnly, &mut sv),
        Outcome::Ran { ok: false, .. }
    ));
    assert!(sv.out.contains("no language model is loaded"), "{}", sv.out);
}

// ---- long names (issue 17) ----

/// The sample volume plus long names as another OS would have written them.
fn long_named() -> FakeServices {
    let mut sv = FakeServices::new();
    let fs = sv.fs.as_mut().unwrap();
    fs.nodes.insert(
        "/meeting notes.txt".into(),
        Node::File(b"agenda\n".to_vec()),
    );
    fs.nodes.insert(
        "/Qwen3-0.6B-Q4_K_M.gguf".into(),
        Node::File(b"GGUF".to_vec()),
    );
    fs.nodes
        .insert("/DOCS/Release Notes 0.1.txt".into(), Node::File(vec![]));
    sv
}

#[test]
fn quoted_long_names_reach_the_applet_with_their_case() {
    let mut sv = long_named();
    assert_eq!(
        parse("cat \"/meeting notes.txt\"", Mode::ReadOnly)
            .unwrap()
            .args,
        [path("/meeting notes.txt")]
    );
    // Lookup ignores case; the name keeps the case it was given.
    assert_eq!(
        ok("cat \"/Meeting Notes.TXT\"", Mode::ReadOnly, &mut sv),
        "agenda\n"
    );
    assert_eq!(
        ok("cat '/meeting notes.txt'", Mode::ReadOnly, &mut sv),
        "agenda\n"
    );
    assert_eq!(
        ok("cat /meeting\\ notes.txt", Mode::ReadOnly, &mut sv),
        "agenda\n"
    );
    // A new long name is created as typed, and reads back under any case.
    ok("write \"/New File.txt\" hello", Mode::ReadWrite, &mut sv);
    assert!(sv.fs().nodes.contains_key("/New File.txt"));
    assert_eq!(
        ok("cat \"/new file.TXT\"", Mode::ReadOnly, &mut sv),
        "hello\n"
    );
    // Writing a differently-cased name replaces the file and keeps its spelling.
    ok("write \"/MEETING NOTES.TXT\" v2", Mode::ReadWrite, &mut sv);
    assert!(sv.fs().nodes.contains_key("/meeting notes.txt"));
    assert!(!sv.fs().nodes.contains_key("/MEETING NOTES.TXT"));
    assert_eq!(
        ok("cat \"/meeting notes.txt\"", Mode::ReadOnly, &mut sv),
        "v2\n"
    );
    // Rendering quotes what needs it, and parses back to the same command.
    let c = parse("cat \"/DOCS/Release Notes 0.1.txt\"", Mode::ReadOnly).unwrap();
    assert_eq!(render(&c), "cat \"/DOCS/Release Notes 0.1.txt\"");
    assert_eq!(parse(&render(&c), Mode::ReadOnly), Ok(c));
    let c = parse("cat /qwen3-0.6b-q4_k_m.gguf", Mode::ReadOnly).unwrap();
    assert_eq!(c.args, [path("/qwen3-0.6b-q4_k_m.gguf")]);
    assert_eq!(sv.fs().file("/qwen3-0.6b-q4_k_m.gguf"), Some(&b"GGUF"[..]));
}

#[test]
fn bad_names_are_parse_errors() {
    for (line, why) in [
        ("cat /a*b.txt", "'*' is not allowed in a name"),
        ("cat \"/what?.txt\"", "'?' is not allowed in a name"),
        ("cat /a:b", "':' is not allowed in a name"),
        ("cat \"/a|b\"", "'|' is not allowed in a name"),
        ("cat \"/a<b>\"", "'<' is not allowed in a name"),
        ("cat \"/x\\\"y\"", "'\"' is not allowed in a name"),
        ("cat /notes.", "cannot end with a dot or a space"),
        ("cat \"/notes \"", "cannot end with a dot or a space"),
        ("cat \"/DOCS./A.TXT\"", "cannot end with a dot or a space"),
    ] {
        let e = parse(line, Mode::ReadOnly).unwrap_err();
        assert!(
            matches!(
                &e,
                ParseError::Usage {
                    problem: Problem::BadName { slot: "file", .. },
                    ..
                }
            ),
            "{line}: {e:?}"
        );
        assert!(e.to_string().contains(why), "{line}: {e}");
    }
    let long = format!("cat /{}", "a".repeat(256));
    let e = parse(&long, Mode::ReadOnly).unwrap_err();
    assert!(e.to_string().contains("longer than 255"), "{e}");
    // 255 UTF-16 units is the limit, not 255 bytes.
    assert!(parse(&format!("cat /{}", "é".repeat(255)), Mode::ReadOnly).is_ok());
    // Typed, the line is rejected with one line that says why; nothing runs.
    let mut sv = long_named();
    assert!(matches!(
        run("cat /a*b", Mode::ReadOnly, &mut sv),
        Outcome::Rejected(_)
    ));
    let out = sv.take();
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("'*' is not allowed in a name"), "{out}");
}

#[test]
fn completes_long_names_quoted_with_their_case() {
    let mut sv = long_named();
    let fs = sv.fs.as_mut().unwrap();
    assert_eq!(
        complete_with("cat /mee", Mode::ReadOnly, fs).candidates,
        ["\"/meeting notes.txt\""]
    );
    assert_eq!(
        complete_with("cat /MEE", Mode::ReadOnly, fs).candidates,
        ["\"/meeting notes.txt\""]
    );
    assert_eq!(
        complete_with("cat /q", Mode::ReadOnly, fs).candidates,
        ["/Qwen3-0.6B-Q4_K_M.gguf"]
    );
    // Inside an open quote, the quoted word is completed.
    let c = complete_with("cat \"/meeting n", Mode::ReadOnly, fs);
    assert_eq!(
        (c.start, c.candidates.as_slice()),
        (4, &["\"/meeting notes.txt\"".to_string()][..])
    );
    assert_eq!(
        complete_with("cat /docs/rel", Mode::ReadOnly, fs).candidates,
        ["\"/docs/Release Notes 0.1.txt\""]
    );
}
