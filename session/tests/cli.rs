//! `nosys-shell` as a user runs it: stdin lines in, JSON lines out, the
//! feature cache written and then used. `cargo test -p session --features std`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../request/fixtures/tiny-nosys.gguf")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("nosys-shell-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the tool on `input`, returning (stdout lines as JSON, stderr).
fn run(args: &[&str], input: &str) -> (Vec<Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nosys-shell"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    let lines = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (lines, stderr)
}

#[test]
fn one_json_object_per_request() {
    let model = fixture();
    let (lines, stderr) = run(
        &[
            "--model",
            model.to_str().unwrap(),
            "--sample-fs",
            "--no-features",
        ],
        "show me the notes\ncat /NOTES.TXT\n\n  \ncp /NOTES.TXT\nwrite \"quoted\" to a file\n",
    );
    assert!(stderr.contains("files from SAMPLE_FS"), "{stderr}");
    // Blank lines give nothing; every other line one object.
    assert_eq!(lines.len(), 4, "{lines:?}");
    let req = &lines[0];
    assert_eq!(req["input"], "show me the notes");
    for key in [
        "command", "applet", "via", "ridge", "grammar", "ms", "display",
    ] {
        assert!(req.get(key).is_some(), "missing {key}: {req}");
    }
    assert!(["ridge", "grammar", "none"].contains(&req["via"].as_str().unwrap()));
    assert!(req["ridge"]["applet"].is_string());
    assert!(req["ridge"]["confidence"].as_f64().unwrap() <= 1.0);
    assert!(req["grammar"].get("command").is_some());
    assert!(req["ms"]["total"].as_f64().unwrap() >= req["ms"]["prefill"].as_f64().unwrap());
    // The chosen command's applet is the applet field; where nothing runs,
    // the reply the person reads says why.
    match req["command"].as_str() {
        Some(c) => assert_eq!(c.split(' ').next(), req["applet"].as_str()),
        None => assert!(
            req["reply"].as_str().is_some_and(|r| !r.is_empty()),
            "{req}"
        ),
    }

    let typed = &lines[1];
    assert_eq!(typed["via"], "typed");
    assert_eq!(typed["command"], "cat /NOTES.TXT");
    assert!(typed["ridge"].is_null() && typed["grammar"].is_null());

    // A mistyped command is refused as typed, not guessed at.
    let bad = &lines[2];
    assert_eq!(bad["via"], "typed");
    assert!(bad["command"].is_null());
    assert!(bad["error"].as_str().unwrap().contains("missing"), "{bad}");
}

#[test]
fn read_only_answers_contain_no_write_applet() {
    let model = fixture();
    let requests = "delete the notes\nremove todo.txt\nwrite hello into a file\nmake a folder called x\n\
                    copy the readme\nmove the notes\nshut down\nreboot please\nappend a line to notes\n";
    let (lines, _) = run(
        &[
            "--model",
            model.to_str().unwrap(),
            "--sample-fs",
            "--no-features",
            "--read-only",
        ],
        requests,
    );
    let writes = [
        "write", "append", "rm", "mkdir", "cp", "mv", "reboot", "shutdown",
    ];
    for l in &lines {
        for field in [&l["applet"], &l["ridge"]["applet"]] {
            if let Some(a) = field.as_str() {
                assert!(!writes.contains(&a), "{l}");
            }
        }
        if let Some(c) = l["grammar"]["command"].as_str() {
            assert!(!writes.contains(&c.split(' ').next().unwrap()), "{l}");
        }
    }
}

#[test]
fn feature_cache_written_then_used() {
    let model = fixture();
    let dir = scratch("features");
    let cache = dir.join("features.bin");
    let (_, stderr) = run(
        &[
            "features",
            "--model",
            model.to_str().unwrap(),
            "--sample-fs",
            "--out",
            cache.to_str().unwrap(),
        ],
        "",
    );
    assert!(stderr.contains("rows"), "{stderr}");
    let args = [
        "--model",
        model.to_str().unwrap(),
        "--sample-fs",
        "--features",
        cache.to_str().unwrap(),
    ];
    let (with, stderr) = run(&args, "show me the notes\n");
    assert!(stderr.contains("cache used (8 rows verified)"), "{stderr}");
    assert!(stderr.contains("0 computed"), "{stderr}");
    let (without, _) = run(
        &[
            "--model",
            model.to_str().unwrap(),
            "--sample-fs",
            "--no-features",
        ],
        "show me the notes\n",
    );
    assert_eq!(with[0]["command"], without[0]["command"]);
    assert_eq!(with[0]["ridge"]["applet"], without[0]["ridge"]["applet"]);
    // A corrupted cache is refused and everything recomputed.
    let mut b = std::fs::read(&cache).unwrap();
    let n = b.len();
    b[n / 2] ^= 1;
    std::fs::write(&cache, b).unwrap();
    let (_, stderr) = run(&args, "show me the notes\n");
    assert!(stderr.contains("recomputing"), "{stderr}");
    assert!(stderr.contains("(0 cached"), "{stderr}");
}

#[test]
fn eval_reads_dev_and_refuses_heldout_by_path() {
    let model = fixture();
    let dir = scratch("eval");
    let tsv = dir.join("mini.tsv");
    std::fs::write(
        &tsv,
        "# request\tcommand\nshow me the notes\tcat /NOTES.TXT\nfree memory?\tmem\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nosys-shell"))
        .args([
            "eval",
            "--model",
            model.to_str().unwrap(),
            "--sample-fs",
            "--no-features",
            "--tsv",
            tsv.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("2 requests"), "{stdout}");
    assert!(
        stdout.contains("| ridge (applet) + grammar-filled args |"),
        "{stdout}"
    );
    assert!(stdout.contains("| grammar (whole command) |"), "{stdout}");
    assert!(
        stdout.contains("| cat | 1 |") && stdout.contains("| mem | 1 |"),
        "{stdout}"
    );
    let held = dir.join("heldout_copy.tsv");
    std::fs::copy(&tsv, &held).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nosys-shell"))
        .args([
            "eval",
            "--model",
            model.to_str().unwrap(),
            "--tsv",
            held.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("ledger"));
}

#[test]
fn missing_model_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_nosys-shell"))
        .args(["--model", "/nonexistent/model.gguf", "--sample-fs"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/nonexistent/model.gguf"), "{err}");
}

/// A hand-written split is read through its own ledger only: `eval --split NAME` reads its
/// rows and records the read first; `--tsv` refuses the split by name and a renamed copy of
/// it, and those refusals record nothing. Run on a scratch `--data` directory, so the real
/// ledger is untouched. `summary` is the split line the read prints, `hints` how many rows
/// typed in read-only mode get the F2 hint they want.
fn split_is_read_through_its_ledger_only(name: &str, rows: &str, summary: &str, hints: usize) {
    let model = fixture();
    let dir = scratch(name);
    std::fs::write(dir.join(format!("{name}.tsv")), rows).unwrap();
    let ledger = dir.join(format!("{name}_ledger.txt"));
    std::fs::write(&ledger, "# no reads yet\n").unwrap();
    let eval = |extra: &[&str]| {
        let mut args = vec![
            "eval",
            "--model",
            model.to_str().unwrap(),
            "--sample-fs",
            "--no-features",
            "--data",
            dir.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        Command::new(env!("CARGO_BIN_EXE_nosys-shell"))
            .args(args)
            .output()
            .unwrap()
    };
    let reads = || {
        std::fs::read_to_string(&ledger)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("read\t"))
            .count()
    };

    let out = eval(&["--split", name, "--who", "cli test"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("hand-written read #1\n"), "{stdout}");
    assert!(stdout.contains(summary), "{stdout}");
    // Typed in read-only mode, a write is refused with the F2 hint: the reply the row wants.
    assert!(
        stdout.contains(&format!("| read-only-hint | read-only-hint | {hints} |")),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&ledger).unwrap();
    assert!(
        text.contains(&format!(
            "\tcli test\thand-written split (nosys-shell eval --split {name})\n"
        )),
        "{text}"
    );
    assert_eq!(reads(), 1);

    let copy = dir.join("renamed.tsv");
    std::fs::write(&copy, rows).unwrap();
    for tsv in [dir.join(format!("{name}.tsv")), copy] {
        let out = eval(&["--tsv", tsv.to_str().unwrap()]);
        assert!(!out.status.success(), "{}", tsv.display());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("--split {name} (through {name}_ledger.txt)")),
            "{err}"
        );
    }
    assert_eq!(reads(), 1, "a refused read is not recorded");
}

#[test]
fn handwritten2_is_read_through_its_ledger_only() {
    split_is_read_through_its_ledger_only(
        "handwritten2",
        "# request\tcommand\tapplet\tfamily\tmode\treply\n\
         show me the notes please\tcat /NOTES.TXT\tcat\thand/polite\trw\trun\n\
         zzz qqq\tnothing\t-\thand/odd\trw\tabstain\n\
         rm -f /NOTES.TXT\tnothing\t-\thand/terse\tro\tread-only-hint\n",
        "split handwritten2: 3 rows (2 rw, 1 ro); 1 expect a command, 2 expect nothing",
        1,
    );
}

#[test]
fn handwritten3_is_read_through_its_ledger_only() {
    split_is_read_through_its_ledger_only(
        "handwritten3",
        "# request\tcommand\tapplet\tfamily\tmode\treply\n\
         print the readme for me\tcat /README.TXT\tcat\thand/polite\trw\trun\n\
         qwfp arst\tnothing\t-\thand/odd\trw\tabstain\n\
         rm /TODO.TXT\tnothing\t-\thand/terse\tro\tread-only-hint\n\
         mkdir /ARCHIVE\tnothing\t-\thand/terse\tro\tread-only-hint\n",
        "split handwritten3: 4 rows (2 rw, 2 ro); 1 expect a command, 3 expect nothing",
        2,
    );
}

#[test]
fn handwritten4_is_read_through_its_ledger_only() {
    split_is_read_through_its_ledger_only(
        "handwritten4",
        "# request\tcommand\tapplet\tfamily\tmode\treply\n\
         what's in the readme\tcat /README.TXT\tcat\thand/question\trw\trun\n\
         zxcv zxcv\tnothing\t-\thand/odd\trw\tabstain\n\
         rm /HELLO.TXT\tnothing\t-\thand/terse\tro\tread-only-hint\n",
        "split handwritten4: 3 rows (2 rw, 1 ro); 1 expect a command, 2 expect nothing",
        1,
    );
}

#[test]
fn handwritten5_is_read_through_its_ledger_only() {
    split_is_read_through_its_ledger_only(
        "handwritten5",
        "# request\tcommand\tapplet\tfamily\tmode\treply\n\
         show me the guide\tcat /DOCS/GUIDE.TXT\tcat\thand/terse\trw\trun\n\
         qqqq wwww\tnothing\t-\thand/odd\trw\tabstain\n\
         mkdir /TEMP\tnothing\t-\thand/terse\tro\tread-only-hint\n",
        "split handwritten5: 3 rows (2 rw, 1 ro); 1 expect a command, 2 expect nothing",
        1,
    );
}

#[test]
fn handwritten6_to_17_are_read_through_their_ledgers_only() {
    for split in [
        "handwritten6",
        "handwritten7",
        "handwritten8",
        "handwritten9",
        "handwritten10",
        "handwritten11",
        "handwritten12",
        "handwritten13",
        "handwritten14",
        "handwritten15",
        "handwritten16",
        "handwritten17",
        "handwritten18",
        "handwritten19",
        "handwritten20",
        "handwritten21",
        "handwritten22",
        "handwritten23",
        "handwritten24",
        "handwritten25",
        "handwritten26",
        "handwritten27",
        "handwritten28",
        "handwritten29",
        "handwritten30",
        "handwritten31",
        "handwritten32",
    ] {
        split_is_read_through_its_ledger_only(
            split,
            "# request\tcommand\tapplet\tfamily\tmode\treply\n\
             print the hello file\tcat /HELLO.TXT\tcat\thand/terse\trw\trun\n\
             zzzz qqqq\tnothing\t-\thand/odd\trw\tabstain\n\
             rm /NOTES.TXT\tnothing\t-\thand/terse\tro\tread-only-hint\n",
            &format!("split {split}: 3 rows (2 rw, 1 ro); 1 expect a command, 2 expect nothing"),
            1,
        );
    }
}
