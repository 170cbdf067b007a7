//! `nosys-shell eval`: the ridge path and the grammar path side by side on a
//! split — applet accuracy, exact-command accuracy, ridge top-2, per-applet
//! confusion, calibration and latency. Held-out data is read only through
//! the ledger (`corpus::ledger::open_heldout`), which counts every read.
//!
//! A command is exact when it is the expected one as FAT runs it: paths
//! compared ignoring case (`command::same_files`). A name the request
//! creates keeps the case typed (`list.txt`), while the corpus's expected
//! lines spell invented names upper case (`/LIST.TXT`); both name one file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use command::render;
use grammar::PathEntry;
use request::Via;

use crate::{add_train_rows, flag, load, read_model, HostClock, Options, Res};

struct Row {
    request: String,
    want: String,
    want_applet: String,
    ridge_applet: Option<String>,
    ridge_second: Option<String>,
    ridge_conf: f32,
    ridge_cmd: Option<String>,
    /// Why the ridge applet's restricted decode gave no command.
    ridge_err: Option<String>,
    grammar_cmd: Option<String>,
    chosen: Option<String>,
    via: Via,
    prefill_ms: f64,
    ridge_ms: f64,
    /// The ridge path's decode: the restricted decode, or the grammar's when
    /// it was reused (a ridge-only shell would have spent that decode).
    ridge_decode_ms: f64,
    grammar_ms: f64,
    total_ms: f64,
    scores: Vec<f32>,
    label: Option<usize>,
    abstain: Option<request::Abstain>,
    /// The expected applet is reachable in this mode.
    reachable: bool,
    /// Must-exist paths the chosen command names.
    chosen_files: Vec<String>,
    /// `--classify`: the line parsed as a typed command (or was refused as one).
    typed: bool,
}

fn applet_of(cmd: &str) -> &str {
    corpus::applet_of(cmd)
}

fn pct(a: usize, n: usize) -> String {
    if n == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * a as f64 / n as f64)
    }
}

fn quantiles(mut v: Vec<f64>) -> String {
    if v.is_empty() {
        return "-".into();
    }
    v.sort_by(f64::total_cmp);
    let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    format!("{mean:8.2} {:8.2} {:8.2} {:8.2}", q(0.5), q(0.9), q(1.0))
}

/// Pairs, the ledger's mark for every figure line, and the split's name.
type Split = (Vec<(String, String)>, String, String);

fn read_split(o: &Options) -> Res<Split> {
    let data = PathBuf::from(flag(&o.rest, "--data").unwrap_or_else(|| "data".into()));
    if let Some(tsv) = flag(&o.rest, "--tsv") {
        if tsv.to_ascii_lowercase().contains("heldout") {
            return Err(
                "held-out data is read only with --split heldout (through the ledger)".into(),
            );
        }
        // The hand-written splits are evaluation splits with their own ledgers:
        // a --tsv read of one would be a read nobody counted. A copy under another
        // name is refused too when its rows are a split's own.
        if let Some(split) = handwritten_file(Path::new(&tsv), &data) {
            return Err(format!(
                "{} is read only with --split {} (through {})",
                split.rows, split.name, split.ledger
            ));
        }
        return Ok((read_tsv(Path::new(&tsv))?, String::new(), tsv));
    }
    match flag(&o.rest, "--split").as_deref().unwrap_or("dev") {
        "dev" => Ok((
            read_tsv(&data.join("dev.tsv"))?,
            String::new(),
            "dev".into(),
        )),
        "heldout" => {
            let who = flag(&o.rest, "--who").unwrap_or_else(|| "nosys-shell eval".into());
            let files: Vec<PathBuf> = ["heldout_generated.tsv", "heldout_handwritten.tsv"]
                .iter()
                .map(|f| data.join(f))
                .filter(|p| p.exists())
                .collect();
            let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
            let (pairs, read) = corpus::ledger::open_heldout(
                &data.join("heldout_ledger.txt"),
                &refs,
                &who,
                "ridge vs grammar paths (nosys-shell eval)",
            )
            .map_err(|e| e.to_string())?;
            println!("held-out read #{}{}", read.number, read.mark());
            Ok((
                pairs.into_iter().flatten().collect(),
                read.mark().to_string(),
                "heldout".into(),
            ))
        }
        s => Err(format!(
            "unknown split {s:?} (dev, handwritten, handwritten2, handwritten3, handwritten4, handwritten5, handwritten6, handwritten7, handwritten8, handwritten9, handwritten10, handwritten11, handwritten12, handwritten13, handwritten14, handwritten15, handwritten16, handwritten17, handwritten18, handwritten19, handwritten20, handwritten21, handwritten22, handwritten23, handwritten24, handwritten25, handwritten26, handwritten27, handwritten28, handwritten29, handwritten30, handwritten31, handwritten32 or heldout; --tsv PATH for others)"
        )),
    }
}

/// The hand-written split `path` is: by its file name (`handwritten2.tsv`, any
/// case, anywhere), or by holding the same bytes as a split in `data`.
fn handwritten_file(path: &Path, data: &Path) -> Option<&'static crate::handwritten::HandSplit> {
    let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
    let bytes = std::fs::read(path).ok();
    let splits = crate::handwritten::SPLITS;
    // The last (longest) name first: `handwritten2.tsv` also contains `handwritten`.
    let by_name = splits.iter().rev().find(|s| name.contains(s.name));
    by_name.or_else(|| {
        let bytes = bytes?;
        splits
            .iter()
            .find(|s| std::fs::read(data.join(s.rows)).is_ok_and(|b| b == bytes))
    })
}

/// Adds to `paths` every path `c` reads in a must-exist slot, with the
/// folders above it, when the volume lacks it.
fn add_read_paths(table: &command::Table, c: &command::Command, paths: &mut Vec<PathEntry>) {
    let Some(spec) = table.get_any(c.applet).map(|a| a.spec()) else {
        return;
    };
    for (arg, slot) in c.args.iter().zip(spec.slots) {
        let (
            command::Arg::Path(p),
            command::SlotKind::Path {
                kind,
                must_exist: true,
            },
        ) = (arg, slot.kind)
        else {
            continue;
        };
        let mut add = |path: &str, is_dir: bool| {
            if path != "/" && !paths.iter().any(|e| e.path.eq_ignore_ascii_case(path)) {
                paths.push(PathEntry {
                    path: path.to_string(),
                    is_dir,
                });
            }
        };
        let mut at = 0;
        while let Some(i) = p[at + 1..].find('/') {
            at += 1 + i;
            add(&p[..at], true);
        }
        // A slot that takes either (`rm`, `mv`): the corpus names folders
        // without an extension and files with one.
        let dir = match kind {
            command::PathKind::Dir => true,
            command::PathKind::File => false,
            command::PathKind::Any => !p.rsplit('/').next().unwrap_or("").contains('.'),
        };
        add(p, dir);
    }
}

fn read_tsv(path: &Path) -> Res<Vec<(String, String)>> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    corpus::read_tsv(&text).map_err(|e| format!("{}: {e:?}", path.display()))
}

pub fn run(o: &Options) -> Res<()> {
    if let Some(split) = flag(&o.rest, "--split")
        .as_deref()
        .and_then(crate::handwritten::split_named)
    {
        return crate::handwritten::run(o, split);
    }
    let (mut pairs, mark, name) = read_split(o)?;
    if let Some(n) = flag(&o.rest, "--limit") {
        let n: usize = n.parse().map_err(|_| "--limit: bad value".to_string())?;
        // Every k-th pair, so a limited run still covers every applet.
        let k = pairs.len().div_ceil(n.max(1)).max(1);
        pairs = pairs.into_iter().step_by(k).collect();
    }
    let bytes = read_model(o)?;
    let mut it = load(o, &bytes, true)?;
    add_train_rows(o, &mut it)?;
    let classes: Vec<String> = it
        .router()
        .map(|r| r.classes().to_vec())
        .unwrap_or_default();
    let mut clock = HostClock::new();
    let mut rows = Vec::with_capacity(pairs.len());
    let t0 = Instant::now();
    // `--classify`: each line goes through `session::classify` first, as the
    // shell does, so a line that parses as a typed command is scored as typed.
    let classify = o.rest.iter().any(|a| a == "--classify");
    let table = applets::builtin();
    // `--row-files`: each row on a volume that also holds the files its
    // expected command reads (the generated rows name files such as
    // /scores.csv, which the sample disk lacks: there the right answer to
    // `byte dump of scores.csv` is "no file scores.csv").
    let row_files = o.rest.iter().any(|a| a == "--row-files");
    let base_paths = it.paths().to_vec();
    for (req, want) in &pairs {
        let want_cmd = it.table().parse(want, command::Mode::ReadWrite).ok();
        if row_files {
            let mut paths = base_paths.clone();
            if let Some(w) = &want_cmd {
                add_read_paths(&table, w, &mut paths);
            }
            if paths != it.paths() {
                it.files_changed(paths, &mut clock)
                    .map_err(|e| format!("files_changed: {e}"))?;
            }
        }
        let line = |c: &command::Command| match &want_cmd {
            Some(w) if crate::handwritten::same_command(&table, w, c) => want.clone(),
            _ => render(c),
        };
        let typed = if classify {
            let live = it.paths().to_vec();
            match session::classify(&table, o.mode, req, Some(&live)) {
                session::Line::Typed(c) => Some(Some(c)),
                session::Line::Request(_) => None,
                session::Line::Empty | session::Line::Rejected(_) => Some(None),
            }
        } else {
            None
        };
        if let Some(c) = typed {
            let cmd = c.as_ref().map(line);
            rows.push(Row {
                request: req.clone(),
                want: want.clone(),
                want_applet: applet_of(want).to_string(),
                ridge_applet: c.as_ref().map(|c| c.applet.to_string()),
                ridge_second: None,
                ridge_conf: 1.0,
                ridge_cmd: cmd.clone(),
                ridge_err: None,
                grammar_cmd: cmd.clone(),
                chosen: cmd,
                via: Via::Typed,
                prefill_ms: 0.0,
                ridge_ms: 0.0,
                ridge_decode_ms: 0.0,
                grammar_ms: 0.0,
                total_ms: 0.0,
                scores: vec![0.0; classes.len()],
                label: None,
                abstain: None,
                reachable: applets::builtin().get(applet_of(want), o.mode).is_some(),
                chosen_files: c
                    .as_ref()
                    .map(|c| crate::handwritten::named_files(&table, c))
                    .unwrap_or_default(),
                typed: true,
            });
            continue;
        }
        let p = it
            .propose(req, &mut clock, &mut || false)
            .map_err(|e| format!("{req:?}: {e}"))?;
        if std::env::var_os("WRITE_SHARE").is_some() {
            eprintln!(
                "WS\t{}\t{:.3}\t{}",
                applets::builtin().get(applet_of(want), o.mode).is_some(),
                it.write_share(),
                p.abstain.is_some()
            );
        }
        let mut scores = vec![0.0f32; classes.len()];
        if let Some(r) = it.router() {
            let _ = r.scores(it.last_features(), &mut scores);
        }
        let t = p.timings;
        let ns = |n: u64| n as f64 / 1e6;
        let ridge = p.ridge.as_ref();
        rows.push(Row {
            request: req.clone(),
            want: want.clone(),
            want_applet: applet_of(want).to_string(),
            ridge_applet: ridge.map(|r| r.applet.to_string()),
            ridge_second: ridge.and_then(|r| r.second.map(|s| s.0.to_string())),
            ridge_conf: ridge.map_or(0.0, |r| r.confidence),
            ridge_cmd: ridge.and_then(|r| r.command.as_ref().ok().map(line)),
            ridge_err: ridge.and_then(|r| r.command.as_ref().err().map(|e| e.to_string())),
            grammar_cmd: p.grammar.as_ref().and_then(|g| g.as_ref().ok().map(line)),
            chosen: p.command.as_ref().map(line),
            via: p.via,
            prefill_ms: ns(t.prefill_ns),
            ridge_ms: ns(t.ridge_ns),
            ridge_decode_ms: if ridge.is_some_and(|r| r.reused) {
                ns(t.grammar_ns)
            } else {
                ns(t.fill_ns)
            },
            grammar_ms: ns(t.grammar_ns),
            total_ms: ns(t.total_ns),
            scores,
            label: classes.iter().position(|c| *c == applet_of(want)),
            abstain: p.abstain,
            reachable: applets::builtin().get(applet_of(want), o.mode).is_some(),
            chosen_files: p
                .command
                .as_ref()
                .map(|c| crate::handwritten::named_files(&table, c))
                .unwrap_or_default(),
            typed: false,
        });
    }
    let wall = t0.elapsed().as_secs_f64();
    report(&rows, &classes, o, &name, &mark, wall, it.rows().len());
    if let Some(out) = flag(&o.rest, "--errors") {
        write_errors(&rows, Path::new(&out))?;
    }
    // What F2 costs: rebuild for the other mode, then back.
    for mode in [o.mode.toggled(), o.mode] {
        let r = it
            .set_mode(mode, &mut clock)
            .map_err(|e| format!("set_mode: {e}"))?;
        println!(
            "mode switch to {}: grammar {:.2} ms ({} states), router {:.2} ms ({} classes, {} params)",
            mode.label(),
            r.grammar_ns as f64 / 1e6,
            r.grammar_states,
            r.router_ns as f64 / 1e6,
            r.router_classes,
            r.router_parameters
        );
    }
    Ok(())
}

#[derive(Default)]
struct Tally {
    n: usize,
    ridge_applet: usize,
    ridge_top2: usize,
    ridge_exact: usize,
    grammar_applet: usize,
    grammar_exact: usize,
    grammar_failed: usize,
    chosen_applet: usize,
    chosen_exact: usize,
}

impl Tally {
    fn add(&mut self, r: &Row) {
        let is = |c: &Option<String>| c.as_deref() == Some(r.want.as_str());
        let applet_is = |c: &Option<String>| c.as_deref().map(applet_of) == Some(&*r.want_applet);
        self.n += 1;
        self.ridge_applet += usize::from(r.ridge_applet.as_deref() == Some(&*r.want_applet));
        self.ridge_top2 += usize::from(
            r.ridge_applet.as_deref() == Some(&*r.want_applet)
                || r.ridge_second.as_deref() == Some(&*r.want_applet),
        );
        self.ridge_exact += usize::from(is(&r.ridge_cmd));
        self.grammar_applet += usize::from(applet_is(&r.grammar_cmd));
        self.grammar_exact += usize::from(is(&r.grammar_cmd));
        self.grammar_failed += usize::from(r.grammar_cmd.is_none());
        self.chosen_applet += usize::from(applet_is(&r.chosen));
        self.chosen_exact += usize::from(is(&r.chosen));
    }
}

fn report(
    rows: &[Row],
    classes: &[String],
    o: &Options,
    name: &str,
    mark: &str,
    wall: f64,
    router_rows: usize,
) {
    let c = &o.config;
    println!(
        "split {name}: {} requests, mode {}, router {} classes from {router_rows} rows, λ {} T {} threshold {}, feature {:?}{mark}",
        rows.len(),
        o.mode.label(),
        classes.len(),
        c.lambda,
        c.temperature,
        c.threshold,
        c.feature
    );
    let mut all = Tally::default();
    let mut per: BTreeMap<&str, Tally> = BTreeMap::new();
    for r in rows {
        all.add(r);
        per.entry(&r.want_applet).or_default().add(r);
    }
    let n = all.n;
    println!();
    println!("| path | applet acc | top-2 | exact command | no command |{mark}");
    println!("|---|---:|---:|---:|---:|");
    println!(
        "| ridge (applet) + grammar-filled args | {} | {} | {} | {} |{mark}",
        pct(all.ridge_applet, n),
        pct(all.ridge_top2, n),
        pct(all.ridge_exact, n),
        pct(rows.iter().filter(|r| r.ridge_cmd.is_none()).count(), n)
    );
    println!(
        "| grammar (whole command) | {} | - | {} | {} |{mark}",
        pct(all.grammar_applet, n),
        pct(all.grammar_exact, n),
        pct(all.grammar_failed, n)
    );
    println!(
        "| chosen (via rule) | {} | - | {} | {} |{mark}",
        pct(all.chosen_applet, n),
        pct(all.chosen_exact, n),
        pct(rows.iter().filter(|r| r.chosen.is_none()).count(), n)
    );
    if let Some(list) = flag(&o.rest, "--unseen") {
        // Applets held out of the language model's training: the router
        // knows them from their declared examples only.
        let unseen: Vec<&str> = list.split(',').map(str::trim).collect();
        let mut t = Tally::default();
        for r in rows
            .iter()
            .filter(|r| unseen.contains(&r.want_applet.as_str()))
        {
            t.add(r);
        }
        println!(
            "| unseen by the LM ({list}): ridge | {} | {} | {} | - |{mark}",
            pct(t.ridge_applet, t.n),
            pct(t.ridge_top2, t.n),
            pct(t.ridge_exact, t.n)
        );
        println!(
            "| unseen by the LM ({list}): grammar | {} | - | {} | {} |{mark}",
            pct(t.grammar_applet, t.n),
            pct(t.grammar_exact, t.n),
            pct(t.grammar_failed, t.n)
        );
    }
    let due: Vec<&Row> = rows.iter().filter(|r| r.reachable).collect();
    let false_abstain = due.iter().filter(|r| r.abstain.is_some()).count();
    println!(
        "\nabstained where a reachable command was due (false abstain): {} of {} ({}){mark}",
        false_abstain,
        due.len(),
        pct(false_abstain, due.len())
    );
    let wrong_file = rows.iter().filter(|r| names_foreign_file(r)).count();
    let nothings: Vec<&Row> = rows.iter().filter(|r| r.want == "nothing").collect();
    let kept = nothings.iter().filter(|r| r.chosen.is_none()).count();
    println!(
        "chosen: right answer {} of {n} (exact command, or nothing where nothing was due); \
         names a file the expected command does not (wrong file) {} ({}); \
         nothing where nothing was due {} of {}; typed {}{mark}",
        all.chosen_exact + kept,
        wrong_file,
        pct(wrong_file, n),
        kept,
        nothings.len(),
        rows.iter().filter(|r| r.typed).count()
    );
    let unreachable: Vec<&Row> = rows.iter().filter(|r| !r.reachable).collect();
    if !unreachable.is_empty() {
        let hinted = unreachable
            .iter()
            .filter(|r| r.abstain == Some(request::Abstain::NeedsWriteMode))
            .count();
        let ran = unreachable.iter().filter(|r| r.chosen.is_some()).count();
        println!(
            "requests for an unreachable applet: {} of {} answered with the F2 hint, {} ran something ({}){mark}",
            hinted,
            unreachable.len(),
            ran,
            pct(ran, unreachable.len())
        );
    }
    let split: Vec<&Row> = rows
        .iter()
        .filter(|r| {
            r.ridge_conf < c.threshold
                && r.ridge_applet.is_some()
                && r.grammar_cmd.as_deref().map(applet_of) != r.ridge_applet.as_deref()
        })
        .collect();
    println!(
        "low-confidence ridge and a grammar that disagrees: {} of requests, chosen applet right in {}, command in {}{mark}",
        pct(split.len(), n),
        pct(
            split.iter().filter(|r| r.chosen.as_deref().map(applet_of) == Some(&*r.want_applet)).count(),
            split.len()
        ),
        pct(
            split.iter().filter(|r| r.chosen.as_deref() == Some(&*r.want)).count(),
            split.len()
        )
    );
    let via = |v: Via| rows.iter().filter(|r| r.via == v).count();
    let agree = rows
        .iter()
        .filter(|r| {
            r.ridge_applet.is_some()
                && r.ridge_applet.as_deref() == r.grammar_cmd.as_deref().map(applet_of)
        })
        .count();
    println!(
        "\nvia: typed {} · ridge {} · grammar {} · none {}; paths agree on the applet {}{mark}",
        pct(via(Via::Typed), n),
        pct(via(Via::Ridge), n),
        pct(via(Via::Grammar), n),
        pct(via(Via::Neither), n),
        pct(agree, n)
    );

    // Calibration of the ridge confidence.
    let conf: Vec<f32> = rows.iter().map(|r| r.ridge_conf).collect();
    let correct: Vec<bool> = rows
        .iter()
        .map(|r| r.ridge_applet.as_deref() == Some(&*r.want_applet))
        .collect();
    let ece = router::calibrate::expected_calibration_error(&conf, &correct, 10);
    let labelled: Vec<(&[f32], usize)> = rows
        .iter()
        .filter_map(|r| r.label.map(|l| (r.scores.as_slice(), l)))
        .collect();
    let (s, l): (Vec<&[f32]>, Vec<usize>) = labelled.into_iter().unzip();
    let t_fit = router::calibrate::fit_temperature(&s, &l);
    println!(
        "ridge calibration: ECE {ece:.3} at T {}; T minimising NLL on this split {t_fit:.4} \
         (fit on dev, never on held-out){mark}",
        c.temperature
    );
    let above: Vec<&Row> = rows
        .iter()
        .filter(|r| r.ridge_conf >= c.threshold)
        .collect();
    println!(
        "ridge at confidence ≥ {}: {} of requests, applet acc {}{mark}",
        c.threshold,
        pct(above.len(), n),
        pct(
            above
                .iter()
                .filter(|r| r.ridge_applet.as_deref() == Some(&*r.want_applet))
                .count(),
            above.len()
        )
    );

    println!("\nlatency per request, ms (host, {:.1} s wall)", wall);
    println!("| stage | mean | p50 | p90 | max |");
    println!("|---|---:|---:|---:|---:|");
    let col = |f: &dyn Fn(&Row) -> f64| quantiles(rows.iter().map(f).collect());
    let line = |name: &str, q: String| {
        let v: Vec<&str> = q.split_whitespace().collect();
        println!("| {name} | {} |", v.join(" | "));
    };
    line("prefill", col(&|r| r.prefill_ms));
    line("ridge predict", col(&|r| r.ridge_ms));
    line(
        "ridge path, prefill excluded (predict + its decode)",
        col(&|r| r.ridge_ms + r.ridge_decode_ms),
    );
    line(
        "ridge path, prefill included",
        col(&|r| r.prefill_ms + r.ridge_ms + r.ridge_decode_ms),
    );
    line("grammar path, prefill excluded", col(&|r| r.grammar_ms));
    line(
        "grammar path, prefill included",
        col(&|r| r.prefill_ms + r.grammar_ms),
    );
    line("both paths (total)", col(&|r| r.total_ms));

    println!("\nper applet{mark}");
    println!("| applet | n | ridge acc | ridge top-2 | ridge exact | grammar acc | grammar exact | ridge confused with | grammar confused with |");
    println!("|---|---:|---:|---:|---:|---:|---:|---|---|");
    for (applet, t) in &per {
        let confusions = |pick: &dyn Fn(&Row) -> Option<String>| {
            let mut m: BTreeMap<String, usize> = BTreeMap::new();
            for r in rows.iter().filter(|r| r.want_applet == *applet) {
                let got = pick(r).unwrap_or_else(|| "(none)".into());
                if got != *applet {
                    *m.entry(got).or_default() += 1;
                }
            }
            let mut v: Vec<(String, usize)> = m.into_iter().collect();
            v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            v.iter()
                .map(|(a, k)| format!("{a}×{k}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "| {applet} | {} | {} | {} | {} | {} | {} | {} | {} |",
            t.n,
            pct(t.ridge_applet, t.n),
            pct(t.ridge_top2, t.n),
            pct(t.ridge_exact, t.n),
            pct(t.grammar_applet, t.n),
            pct(t.grammar_exact, t.n),
            confusions(&|r| r.ridge_applet.clone()),
            confusions(&|r| r.grammar_cmd.as_deref().map(|c| applet_of(c).to_string())),
        );
    }
}

/// The chosen command names, where a file must exist, one the expected
/// command does not (compared as FAT does).
fn names_foreign_file(r: &Row) -> bool {
    let want = (r.want != "nothing").then(|| r.want.clone());
    let files = crate::handwritten::expected_files(&want);
    r.chosen_files
        .iter()
        .any(|f| !files.iter().any(|e| e.eq_ignore_ascii_case(f)))
}

/// `--errors FILE`: every row whose chosen answer is not the expected one.
fn write_errors(rows: &[Row], out: &Path) -> Res<()> {
    let mut s = String::from(
        "# request\texpected\tchosen\tvia\tridge (conf)\tgrammar\tabstain\twrong file\n",
    );
    for r in rows {
        let got = r.chosen.as_deref().unwrap_or("nothing");
        if got == r.want {
            continue;
        }
        s.push_str(&format!(
            "{}\t{}\t{got}\t{}\t{} ({:.2})\t{}\t{:?}\t{}\n",
            r.request,
            r.want,
            r.via.name(),
            r.ridge_cmd.clone().unwrap_or_else(|| {
                let applet = r.ridge_applet.as_deref().unwrap_or("-");
                match &r.ridge_err {
                    Some(e) => format!("{applet} [{e}]"),
                    None => applet.to_string(),
                }
            }),
            r.ridge_conf,
            r.grammar_cmd.as_deref().unwrap_or("-"),
            r.abstain,
            if names_foreign_file(r) {
                "WRONG FILE"
            } else {
                ""
            },
        ));
    }
    std::fs::write(out, s).map_err(|e| format!("{}: {e}", out.display()))
}
