//! `nosys-shell eval --split handwritten` (or `handwritten2`, `handwritten3`,
//! `handwritten4`, `handwritten5`, `handwritten6`, `handwritten7`, `handwritten8`,
//! `handwritten9`, `handwritten10`, `handwritten11`, `handwritten12`, `handwritten13`,
//! `handwritten14`, `handwritten15`, `handwritten16`, `handwritten17`, `handwritten18`,
//! `handwritten19`, `handwritten20`, `handwritten21`, `handwritten22`,
//! `handwritten23`, `handwritten24`, `handwritten25`,
//! `handwritten26`, `handwritten27`, `handwritten28`, `handwritten29`,
//! `handwritten30`, `handwritten31`, `handwritten32`): the
//! product's answer to each hand-written request (`data/handwritten.tsv`, the second split
//! `data/handwritten2.tsv`, the third `data/handwritten3.tsv`, the fourth
//! `data/handwritten4.tsv`, the fifth `data/handwritten5.tsv`, the sixth
//! `data/handwritten6.tsv`, the seventh `data/handwritten7.tsv`, the eighth
//! `data/handwritten8.tsv`, the ninth `data/handwritten9.tsv`, the tenth
//! `data/handwritten10.tsv`, the eleventh `data/handwritten11.tsv`, the twelfth
//! `data/handwritten12.tsv`, the thirteenth `data/handwritten13.tsv`, the fourteenth
//! `data/handwritten14.tsv`, the fifteenth `data/handwritten15.tsv`, the sixteenth
//! `data/handwritten16.tsv`, the seventeenth `data/handwritten17.tsv`, the eighteenth
//! `data/handwritten18.tsv`, the nineteenth
//! `data/handwritten19.tsv`, the twentieth `data/handwritten20.tsv`, the twenty-first
//! `data/handwritten21.tsv`, the twenty-second `data/handwritten22.tsv`, the
//! twenty-third `data/handwritten23.tsv`, the twenty-fourth `data/handwritten24.tsv`,
//! the twenty-fifth `data/handwritten25.tsv`, the twenty-sixth
//! `data/handwritten26.tsv`, the twenty-seventh `data/handwritten27.tsv`, the
//! twenty-eighth `data/handwritten28.tsv`, the twenty-ninth `data/handwritten29.tsv`,
//! the thirtieth `data/handwritten30.tsv`, the thirty-first `data/handwritten31.tsv`,
//! or the thirty-second, fresh split `data/handwritten32.tsv`), in
//! the mode the
//! row was
//! typed in, scored the way a person judges it: the right applet, the whole
//! right command, a file the request did not name (must be 0), a request
//! that deserved a command getting none (false abstain), and whether the
//! reply was the right kind (run, missing file, read-only hint, abstain).
//!
//! Every line goes through `session::classify` first, as in the kernel, so
//! a row that parses as a typed command is scored as typed. Each split is an
//! evaluation split with its own ledger (`data/handwritten_ledger.txt`,
//! `data/handwritten2_ledger.txt`, …): every read
//! is recorded there before an answer is computed, and from the fourth read on
//! its figures print as stale.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use command::{render, Arg, Command, Mode, ParseError, SlotKind, Table};
use request::{Abstain, Interpreter, Proposal};
use session::{classify, Line};

use crate::{flag, load, read_model, HostClock, Options, Res};

/// A hand-written split: its name after `--split`, its rows and its ledger (in `--data`).
pub struct HandSplit {
    pub name: &'static str,
    pub rows: &'static str,
    pub ledger: &'static str,
}

/// The hand-written evaluation splits. The first was read four times while the
/// final model was being chosen, so its figures print STALE; the second was
/// written later, blind, for the final model; the third, blind too, on 4 December 2026,
/// the fourth, blind, on its evening, after the third's last quotable read, the
/// fifth, blind, later that night, the sixth, blind, on 5 December 2026, when the fifth
/// had one quotable read left, the seventh, blind, later on 5 December, when the sixth
/// had one quotable read left, the eighth, blind, after the seventh's last quotable read, and
/// the ninth, blind, when the eighth had two quotable reads left.
pub const SPLITS: &[HandSplit] = &[
    HandSplit {
        name: "handwritten",
        rows: "handwritten.tsv",
        ledger: "handwritten_ledger.txt",
    },
    HandSplit {
        name: "handwritten2",
        rows: "handwritten2.tsv",
        ledger: "handwritten2_ledger.txt",
    },
    HandSplit {
        name: "handwritten3",
        rows: "handwritten3.tsv",
        ledger: "handwritten3_ledger.txt",
    },
    HandSplit {
        name: "handwritten4",
        rows: "handwritten4.tsv",
        ledger: "handwritten4_ledger.txt",
    },
    HandSplit {
        name: "handwritten5",
        rows: "handwritten5.tsv",
        ledger: "handwritten5_ledger.txt",
    },
    HandSplit {
        name: "handwritten6",
        rows: "handwritten6.tsv",
        ledger: "handwritten6_ledger.txt",
    },
    HandSplit {
        name: "handwritten7",
        rows: "handwritten7.tsv",
        ledger: "handwritten7_ledger.txt",
    },
    HandSplit {
        name: "handwritten8",
        rows: "handwritten8.tsv",
        ledger: "handwritten8_ledger.txt",
    },
    HandSplit {
        name: "handwritten9",
        rows: "handwritten9.tsv",
        ledger: "handwritten9_ledger.txt",
    },
    HandSplit {
        name: "handwritten10",
        rows: "handwritten10.tsv",
        ledger: "handwritten10_ledger.txt",
    },
    HandSplit {
        name: "handwritten11",
        rows: "handwritten11.tsv",
        ledger: "handwritten11_ledger.txt",
    },
    HandSplit {
        name: "handwritten12",
        rows: "handwritten12.tsv",
        ledger: "handwritten12_ledger.txt",
    },
    HandSplit {
        name: "handwritten13",
        rows: "handwritten13.tsv",
        ledger: "handwritten13_ledger.txt",
    },
    HandSplit {
        name: "handwritten14",
        rows: "handwritten14.tsv",
        ledger: "handwritten14_ledger.txt",
    },
    HandSplit {
        name: "handwritten15",
        rows: "handwritten15.tsv",
        ledger: "handwritten15_ledger.txt",
    },
    HandSplit {
        name: "handwritten16",
        rows: "handwritten16.tsv",
        ledger: "handwritten16_ledger.txt",
    },
    HandSplit {
        name: "handwritten17",
        rows: "handwritten17.tsv",
        ledger: "handwritten17_ledger.txt",
    },
    HandSplit {
        name: "handwritten18",
        rows: "handwritten18.tsv",
        ledger: "handwritten18_ledger.txt",
    },
    HandSplit {
        name: "handwritten19",
        rows: "handwritten19.tsv",
        ledger: "handwritten19_ledger.txt",
    },
    HandSplit {
        name: "handwritten20",
        rows: "handwritten20.tsv",
        ledger: "handwritten20_ledger.txt",
    },
    HandSplit {
        name: "handwritten21",
        rows: "handwritten21.tsv",
        ledger: "handwritten21_ledger.txt",
    },
    HandSplit {
        name: "handwritten22",
        rows: "handwritten22.tsv",
        ledger: "handwritten22_ledger.txt",
    },
    HandSplit {
        name: "handwritten23",
        rows: "handwritten23.tsv",
        ledger: "handwritten23_ledger.txt",
    },
    HandSplit {
        name: "handwritten24",
        rows: "handwritten24.tsv",
        ledger: "handwritten24_ledger.txt",
    },
    HandSplit {
        name: "handwritten25",
        rows: "handwritten25.tsv",
        ledger: "handwritten25_ledger.txt",
    },
    HandSplit {
        name: "handwritten26",
        rows: "handwritten26.tsv",
        ledger: "handwritten26_ledger.txt",
    },
    HandSplit {
        name: "handwritten27",
        rows: "handwritten27.tsv",
        ledger: "handwritten27_ledger.txt",
    },
    HandSplit {
        name: "handwritten28",
        rows: "handwritten28.tsv",
        ledger: "handwritten28_ledger.txt",
    },
    HandSplit {
        name: "handwritten29",
        rows: "handwritten29.tsv",
        ledger: "handwritten29_ledger.txt",
    },
    HandSplit {
        name: "handwritten30",
        rows: "handwritten30.tsv",
        ledger: "handwritten30_ledger.txt",
    },
    HandSplit {
        name: "handwritten31",
        rows: "handwritten31.tsv",
        ledger: "handwritten31_ledger.txt",
    },
    HandSplit {
        name: "handwritten32",
        rows: "handwritten32.tsv",
        ledger: "handwritten32_ledger.txt",
    },
];

/// The hand-written split `--split NAME` names, if it names one.
pub fn split_named(name: &str) -> Option<&'static HandSplit> {
    SPLITS.iter().find(|s| s.name == name)
}

/// One row of the split.
struct Want {
    request: String,
    /// `None`: nothing may run.
    command: Option<String>,
    applet: String,
    family: String,
    mode: Mode,
    reply: String,
}

fn read_rows(path: &Path) -> Res<Vec<Want>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let [request, command, applet, family, mode, reply] = f[..] else {
            return Err(format!(
                "{}:{}: expected 6 tab-separated columns",
                path.display(),
                i + 1
            ));
        };
        let mode = match mode {
            "rw" => Mode::ReadWrite,
            "ro" => Mode::ReadOnly,
            m => return Err(format!("{}:{}: mode {m:?}", path.display(), i + 1)),
        };
        rows.push(Want {
            request: request.into(),
            command: (command != "nothing").then(|| command.to_string()),
            applet: applet.into(),
            family: family.into(),
            mode,
            reply: reply.into(),
        });
    }
    Ok(rows)
}

/// What one path answered for a row.
#[derive(Default, Clone)]
struct Answer {
    command: Option<String>,
    /// Must-exist paths the command names.
    files: Vec<String>,
}

impl Answer {
    fn of(table: &Table, c: &Command) -> Answer {
        Answer {
            command: Some(render(c)),
            files: named_files(table, c),
        }
    }
}

/// The paths `c` passes in slots that must name an existing file or folder
/// (the root, which every volume has, is no file a request could mistake).
pub(crate) fn named_files(table: &Table, c: &Command) -> Vec<String> {
    let Some(spec) = table.get_any(c.applet).map(|a| a.spec()) else {
        return Vec::new();
    };
    c.args
        .iter()
        .zip(spec.slots)
        .filter_map(|(a, s)| match (a, s.kind) {
            (
                Arg::Path(p),
                SlotKind::Path {
                    must_exist: true, ..
                },
            ) if p != "/" => Some(p.to_string()),
            _ => None,
        })
        .collect()
}

/// The files the expected command names, however the slot calls them.
pub(crate) fn expected_files(want: &Option<String>) -> Vec<String> {
    let Some(w) = want else { return Vec::new() };
    command::parse::split(w)
        .words
        .into_iter()
        .skip(1)
        .map(|w| w.text)
        .collect()
}

struct Scored {
    want: Want,
    ridge: Answer,
    grammar: Answer,
    chosen: Answer,
    reply: &'static str,
}

fn reply_kind(p: &Proposal) -> &'static str {
    if p.command.is_some() {
        "run"
    } else if p.missing.is_some() {
        "missing-file"
    } else if p.abstain == Some(Abstain::NeedsWriteMode) {
        "read-only-hint"
    } else {
        // Nothing fits, or the paths disagree: either way nothing ran.
        "abstain"
    }
}

fn answer(it: &mut Interpreter<'_>, table: &Table, w: Want) -> Res<Scored> {
    let live = it.paths().to_vec();
    let (ridge, grammar, chosen, reply) = match classify(table, w.mode, &w.request, Some(&live)) {
        Line::Typed(c) => {
            let a = Answer::of(table, &c);
            (a.clone(), a.clone(), a, "run")
        }
        // Typed in read-only mode, a write command is refused with the F2 hint before
        // it runs: that is the read-only reply. Any other refusal runs nothing.
        Line::Rejected(ParseError::ReadOnly(_)) => (
            Answer::default(),
            Answer::default(),
            Answer::default(),
            "read-only-hint",
        ),
        Line::Empty | Line::Rejected(_) => (
            Answer::default(),
            Answer::default(),
            Answer::default(),
            "abstain",
        ),
        Line::Request(r) => {
            let p = it
                .propose(r, &mut HostClock::new(), &mut || false)
                .map_err(|e| format!("{r:?}: {e}"))?;
            let ridge = p
                .ridge
                .as_ref()
                .and_then(|g| g.command.as_ref().ok())
                .map(|c| Answer::of(table, c))
                .unwrap_or_default();
            let grammar = p
                .grammar
                .as_ref()
                .and_then(|g| g.as_ref().ok())
                .map(|c| Answer::of(table, c))
                .unwrap_or_default();
            let chosen = p
                .command
                .as_ref()
                .map(|c| Answer::of(table, c))
                .unwrap_or_default();
            (ridge, grammar, chosen, reply_kind(&p))
        }
    };
    Ok(Scored {
        want: w,
        ridge,
        grammar,
        chosen,
        reply,
    })
}

/// Whether two command lines do the same on FAT: parsed, paths compared
/// ignoring case as FAT looks names up (`mkdir /music` is `mkdir /MUSIC`).
fn same(a: &str, b: &str) -> bool {
    let t = applets::builtin();
    match (t.parse(a, Mode::ReadWrite), t.parse(b, Mode::ReadWrite)) {
        (Ok(x), Ok(y)) => same_command(&t, &x, &y),
        _ => a == b,
    }
}

/// [`command::same_files`], and an optional last folder argument that is
/// the root the same as none: `ls` lists the top folder when given none,
/// so `ls /` and `ls` are one command (the splits were written both ways);
/// so is a last argument that is its slot's declared default (`model info`
/// and `model`, [`command::Slot::or`]).
pub(crate) fn same_command(table: &Table, a: &Command, b: &Command) -> bool {
    if command::same_files(a, b) {
        return true;
    }
    let root_dropped = |c: &Command| -> Option<Command> {
        let spec = table.get_any(c.applet)?.spec();
        let last = c.args.len().checked_sub(1)?;
        let slot = spec.slots.get(last)?;
        let optional_dir = !slot.required
            && matches!(
                slot.kind,
                command::SlotKind::Path {
                    kind: command::PathKind::Dir,
                    ..
                }
            );
        match &c.args[last] {
            command::Arg::Path(p) if optional_dir && p == "/" => {
                let mut c = c.clone();
                c.args.pop();
                Some(c)
            }
            command::Arg::Word(w) if slot.default == Some(&**w) => {
                let mut c = c.clone();
                c.args.pop();
                Some(c)
            }
            _ => None,
        }
    };
    let a2 = root_dropped(a).unwrap_or_else(|| a.clone());
    let b2 = root_dropped(b).unwrap_or_else(|| b.clone());
    command::same_files(&a2, &b2)
}

/// Whether an answer names an existing file the expected command does not.
fn names_foreign_file(want: &Want, a: &Answer) -> bool {
    let files = expected_files(&want.command);
    a.files
        .iter()
        .any(|f| !files.iter().any(|e| e.eq_ignore_ascii_case(f)))
}

#[derive(Default)]
struct Tally {
    /// Rows that expect a command, and of those: right applet, right command,
    /// no command at all (a false abstain).
    commands: usize,
    applet: usize,
    exact: usize,
    none: usize,
    /// Rows that expect nothing, and of those the ones that got nothing.
    nothings: usize,
    nothing_kept: usize,
    /// Answers naming an existing file the expected command does not name.
    wrong_file: usize,
}

impl Tally {
    fn add(&mut self, want: &Want, a: &Answer) {
        self.wrong_file += usize::from(names_foreign_file(want, a));
        match &want.command {
            Some(w) => {
                self.commands += 1;
                match &a.command {
                    None => self.none += 1,
                    Some(c) => {
                        self.applet += usize::from(corpus::applet_of(c) == want.applet);
                        self.exact += usize::from(same(c, w));
                    }
                }
            }
            None => {
                self.nothings += 1;
                self.nothing_kept += usize::from(a.command.is_none());
            }
        }
    }
}

fn pct(a: usize, n: usize) -> String {
    if n == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * a as f64 / n as f64)
    }
}

pub fn run(o: &Options, split: &HandSplit) -> Res<()> {
    let data = PathBuf::from(flag(&o.rest, "--data").unwrap_or_else(|| "data".into()));
    let who = flag(&o.rest, "--who").unwrap_or_else(|| "nosys-shell eval".into());
    let rows = read_rows(&data.join(split.rows))?;
    // Recorded before a single answer is computed.
    let read = corpus::ledger::record_read(
        &data.join(split.ledger),
        &who,
        &format!(
            "hand-written split (nosys-shell eval --split {})",
            split.name
        ),
    )
    .map_err(|e| e.to_string())?;
    let mark = read.mark();
    println!("hand-written read #{}{mark}", read.number);

    let bytes = read_model(o)?;
    let mut it = load(o, &bytes, true)?;
    crate::add_train_rows(o, &mut it)?;
    let table = applets::builtin();
    let mut scored = Vec::with_capacity(rows.len());
    for mode in [Mode::ReadWrite, Mode::ReadOnly] {
        it.set_mode(mode, &mut HostClock::new())
            .map_err(|e| format!("set_mode: {e}"))?;
        for w in rows.iter().filter(|w| w.mode == mode) {
            let w = Want {
                request: w.request.clone(),
                command: w.command.clone(),
                applet: w.applet.clone(),
                family: w.family.clone(),
                mode: w.mode,
                reply: w.reply.clone(),
            };
            scored.push(answer(&mut it, &table, w)?);
        }
    }
    report(split.name, &scored, mark);
    if let Some(out) = flag(&o.rest, "--errors") {
        write_errors(&scored, Path::new(&out))?;
    }
    Ok(())
}

/// Which path's answer a table row scores.
type Pick = fn(&Scored) -> &Answer;

fn report(name: &str, rows: &[Scored], mark: &str) {
    let c = rows.iter().filter(|r| r.want.command.is_some()).count();
    println!(
        "split {name}: {} rows ({} rw, {} ro); {c} expect a command, {} expect nothing{mark}",
        rows.len(),
        rows.iter()
            .filter(|r| r.want.mode == Mode::ReadWrite)
            .count(),
        rows.iter()
            .filter(|r| r.want.mode == Mode::ReadOnly)
            .count(),
        rows.len() - c,
    );
    println!();
    println!(
        "| path | applet | full command | wrong file | no command where one was due (false abstain) | nothing where nothing was due |{mark}"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    let paths: [(&str, Pick); 3] = [
        ("ridge (applet) + its grammar-filled args", |r| &r.ridge),
        ("grammar (whole command)", |r| &r.grammar),
        ("chosen (what the shell proposes)", |r| &r.chosen),
    ];
    for (name, pick) in paths {
        let mut t = Tally::default();
        for r in rows {
            t.add(&r.want, pick(r));
        }
        println!(
            "| {name} | {} | {} | {} ({}) | {} | {} |",
            pct(t.applet, t.commands),
            pct(t.exact, t.commands),
            t.wrong_file,
            pct(t.wrong_file, rows.len()),
            pct(t.none, t.commands),
            pct(t.nothing_kept, t.nothings),
        );
    }

    // The reply a person reads, for the chosen answer.
    let mut kinds: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in rows {
        *kinds.entry((r.want.reply.as_str(), r.reply)).or_default() += 1;
    }
    let right = rows.iter().filter(|r| r.want.reply == r.reply).count();
    println!(
        "\nreply kind right: {} of {} ({}){mark}",
        right,
        rows.len(),
        pct(right, rows.len())
    );
    println!("| expected reply | got | rows |");
    println!("|---|---|---:|");
    for ((want, got), n) in &kinds {
        println!("| {want} | {got} | {n} |");
    }
    let ro_write: Vec<&Scored> = rows
        .iter()
        .filter(|r| r.want.mode == Mode::ReadOnly && r.want.reply == "read-only-hint")
        .collect();
    let kept = ro_write
        .iter()
        .filter(|r| r.chosen.command.is_none())
        .count();
    println!(
        "\nread-only requests only a write applet could do: {} of {} ran nothing ({}){mark}",
        kept,
        ro_write.len(),
        pct(kept, ro_write.len())
    );

    let mut fam: BTreeMap<&str, Tally> = BTreeMap::new();
    for r in rows {
        fam.entry(&r.want.family)
            .or_default()
            .add(&r.want, &r.chosen);
    }
    println!("\nchosen answer per family{mark}");
    println!(
        "| family | rows | applet | full command | wrong file | false abstain | nothing kept |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (f, t) in &fam {
        println!(
            "| {f} | {} | {} | {} | {} | {} | {} |",
            t.commands + t.nothings,
            pct(t.applet, t.commands),
            pct(t.exact, t.commands),
            t.wrong_file,
            pct(t.none, t.commands),
            pct(t.nothing_kept, t.nothings),
        );
    }
}

fn write_errors(rows: &[Scored], out: &Path) -> Res<()> {
    let mut s = String::from(
        "# request\tmode\texpected\tchosen\treply want\treply got\tridge\tgrammar\twrong file\n",
    );
    for r in rows {
        let want = r.want.command.as_deref().unwrap_or("nothing");
        let got = r.chosen.command.as_deref().unwrap_or("nothing");
        if same(want, got) && r.want.reply == r.reply {
            continue;
        }
        s.push_str(&format!(
            "{}\t{}\t{want}\t{got}\t{}\t{}\t{}\t{}\t{}\n",
            r.want.request,
            r.want.mode.label(),
            r.want.reply,
            r.reply,
            r.ridge.command.as_deref().unwrap_or("-"),
            r.grammar.command.as_deref().unwrap_or("-"),
            if names_foreign_file(&r.want, &r.chosen) {
                "WRONG FILE"
            } else {
                ""
            },
        ));
    }
    std::fs::write(out, s).map_err(|e| format!("{}: {e}", out.display()))
}

#[cfg(test)]
mod tests {
    use super::same;

    /// Commands that do the same are the same answer: paths ignoring case,
    /// the root as the missing folder, a declared default as its omission;
    /// other arguments still count.
    #[test]
    fn commands_that_do_the_same_are_the_same_answer() {
        assert!(same("mkdir /music", "mkdir /MUSIC"));
        assert!(same("ls /", "ls"));
        assert!(same("model info", "model"));
        assert!(!same("model load /HELLO.TXT", "model"));
        assert!(!same("ls /DOCS", "ls"));
        assert!(!same("cat /NOTES.TXT", "cat /TODO.TXT"));
    }
}
