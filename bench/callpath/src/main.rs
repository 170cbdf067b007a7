//! What one tool call costs, measured on the host in one run, for
//! docs/posts/1-address-spaces.md.
//!
//! In nosys the model's decision reaches an applet as a [`Command`] handed to
//! [`Table::run`]: a check against the applet's slots and a call through a
//! `&dyn Applet`. On an ordinary OS the same decision crosses a protection
//! boundary (a syscall), a process boundary (a pipe round trip) and usually an
//! encoding (a JSON tool call). This binary times each of those on this
//! machine, in the same run, against the same applet (`cat /NOTES.TXT`, the
//! sample volume's file, served from memory so no disk is timed), and prints a
//! markdown table.
//!
//! Usage: `cargo run --release -p callpath-bench` (the binary re-executes
//! itself with `--child echo|serve` for the other end of the pipes).

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::hint::black_box;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::FromRawFd;
use std::process::{Child, ChildStdin, ChildStdout, Command as Process, Stdio};
use std::time::Instant;

use command::testing::{FakeServices, MemFs, Node};
use command::{normalize_path, Applet, Arg, Command, Mode, RunError, SlotKind, Table};
use serde::{Deserialize, Serialize};

/// The file every path reads: the one `make run` puts on the sample volume.
const NOTES: &[u8] = include_bytes!("../../../iso/sample-disk/NOTES.TXT");
const NOTES_PATH: &str = "/NOTES.TXT";

// ---------------------------------------------------------------------------
// The machine as an applet sees it: the shared test double, its volume in
// memory with the real NOTES.TXT, output into a String.

type Machine = FakeServices;

fn machine() -> Machine {
    let mut m = FakeServices::new();
    m.out = String::with_capacity(4096);
    let mut fs = MemFs::sample();
    fs.nodes
        .insert(NOTES_PATH.into(), Node::File(NOTES.to_vec()));
    m.fs = Some(fs);
    m
}

// ---------------------------------------------------------------------------
// The JSON tool call: the shape a model-agent framework sends to a tool
// server. Arguments are keyed by the applet's declared slot names (`cat`'s
// slot is `file`), so the dispatcher is generic over the command table.

#[derive(Serialize, Deserialize)]
struct ToolCall {
    tool: String,
    args: BTreeMap<String, serde_json::Value>,
}

#[derive(Serialize, Deserialize)]
struct ToolResult {
    ok: bool,
    output: String,
}

#[derive(Debug)]
enum DispatchError {
    NoSuchTool(String),
    BadArg(&'static str),
    Run(RunError),
}

impl fmt::Display for DispatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DispatchError::NoSuchTool(t) => write!(f, "no tool named {t}"),
            DispatchError::BadArg(slot) => {
                write!(f, "argument {slot} missing or of the wrong type")
            }
            DispatchError::Run(e) => write!(f, "{e}"),
        }
    }
}

/// Decoded JSON to a typed command, run through the table: what a tool
/// server does after parsing the request.
fn dispatch(table: &Table, call: &ToolCall, m: &mut Machine) -> Result<String, DispatchError> {
    let applet = table
        .get(&call.tool, Mode::ReadOnly)
        .ok_or_else(|| DispatchError::NoSuchTool(call.tool.clone()))?;
    let spec = applet.spec();
    let mut args = Vec::with_capacity(spec.slots.len());
    for slot in spec.slots {
        let Some(v) = call.args.get(slot.name) else {
            if slot.required {
                return Err(DispatchError::BadArg(slot.name));
            }
            break;
        };
        let arg = match (slot.kind, v) {
            (SlotKind::Path { .. }, serde_json::Value::String(s)) => {
                Arg::Path(normalize_path(s).map_err(|_| DispatchError::BadArg(slot.name))?)
            }
            (SlotKind::Text | SlotKind::Request, serde_json::Value::String(s)) => {
                Arg::Text(s.clone())
            }
            (SlotKind::Integer { .. }, serde_json::Value::Number(n)) => {
                Arg::Integer(n.as_i64().ok_or(DispatchError::BadArg(slot.name))?)
            }
            _ => return Err(DispatchError::BadArg(slot.name)),
        };
        args.push(arg);
    }
    let command = Command {
        applet: spec.name,
        args,
    };
    m.out.clear();
    table
        .run(&command, Mode::ReadOnly, m)
        .map_err(DispatchError::Run)?;
    Ok(m.out.clone())
}

fn serve_json(table: &Table, request: &[u8], m: &mut Machine) -> Vec<u8> {
    let result = match serde_json::from_slice::<ToolCall>(request) {
        Ok(call) => match dispatch(table, &call, m) {
            Ok(output) => ToolResult { ok: true, output },
            Err(e) => ToolResult {
                ok: false,
                output: e.to_string(),
            },
        },
        Err(e) => ToolResult {
            ok: false,
            output: format!("bad request: {e}"),
        },
    };
    let mut bytes = serde_json::to_vec(&result).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

fn request() -> ToolCall {
    let mut args = BTreeMap::new();
    args.insert("file".to_string(), serde_json::Value::from(NOTES_PATH));
    ToolCall {
        tool: "cat".into(),
        args,
    }
}

// ---------------------------------------------------------------------------
// The other ends of the pipes.

fn child(mode: &str) -> Result<(), String> {
    // SAFETY: fds 0 and 1 are open for the life of the process (the parent
    // made them pipes); each is wrapped once and never closed elsewhere.
    let (mut input, mut output) = unsafe { (File::from_raw_fd(0), File::from_raw_fd(1)) };
    match mode {
        "echo" => {
            let mut b = [0u8; 1];
            loop {
                match input.read(&mut b) {
                    Ok(0) => return Ok(()),
                    Ok(_) => output.write_all(&b).map_err(|e| e.to_string())?,
                    Err(e) => return Err(e.to_string()),
                }
            }
        }
        "serve" => {
            let table = applets::builtin();
            let mut m = machine();
            let mut input = BufReader::new(input);
            let mut line = Vec::new();
            loop {
                line.clear();
                match input.read_until(b'\n', &mut line) {
                    Ok(0) => return Ok(()),
                    Ok(_) => {
                        let reply = serve_json(&table, &line, &mut m);
                        output.write_all(&reply).map_err(|e| e.to_string())?;
                    }
                    Err(e) => return Err(e.to_string()),
                }
            }
        }
        other => Err(format!("unknown child mode {other}")),
    }
}

struct Peer {
    child: Child,
    tx: ChildStdin,
    rx: BufReader<ChildStdout>,
}

impl Peer {
    fn spawn(mode: &str) -> Result<Peer, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut child = Process::new(exe)
            .args(["--child", mode])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("spawn: {e}"))?;
        let tx = child.stdin.take().ok_or("no stdin pipe")?;
        let rx = BufReader::new(child.stdout.take().ok_or("no stdout pipe")?);
        Ok(Peer { child, tx, rx })
    }

    fn finish(self) -> Result<(), String> {
        let Peer { mut child, tx, rx } = self;
        drop(tx);
        drop(rx);
        let status = child.wait().map_err(|e| e.to_string())?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("child exited with {status}"))
        }
    }
}

// ---------------------------------------------------------------------------
// Timing.

fn rdtsc() -> u64 {
    // SAFETY: RDTSC is unprivileged and present on every x86_64 CPU.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// Median, 10th and 90th percentile of one measured quantity.
#[derive(Clone, Copy)]
struct Spread {
    p10: f64,
    median: f64,
    p90: f64,
}

fn spread(mut v: Vec<f64>) -> Spread {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    Spread {
        p10: at(0.1),
        median: at(0.5),
        p90: at(0.9),
    }
}

struct Row {
    name: &'static str,
    how: String,
    ns: Spread,
    ticks: Spread,
}

/// For calls too short to time one by one: `batches` timings of `batch`
/// calls each, every timing divided by `batch`. Batches are kept to tens of
/// microseconds so that on a shared machine most of them run without being
/// preempted; the median is then the uncontended cost.
fn batched(name: &'static str, batch: usize, batches: usize, mut f: impl FnMut()) -> Row {
    for _ in 0..batch {
        f();
    }
    let (mut ns, mut ticks) = (Vec::new(), Vec::new());
    for _ in 0..batches {
        let (t0, c0) = (Instant::now(), rdtsc());
        for _ in 0..batch {
            f();
        }
        let (c1, t1) = (rdtsc(), Instant::now());
        ns.push((t1 - t0).as_nanos() as f64 / batch as f64);
        ticks.push((c1 - c0) as f64 / batch as f64);
    }
    Row {
        name,
        how: format!("{batches} batches × {batch} calls"),
        ns: spread(ns),
        ticks: spread(ticks),
    }
}

/// For round trips: every one timed on its own.
fn each(name: &'static str, samples: usize, warmup: usize, mut f: impl FnMut()) -> Row {
    for _ in 0..warmup {
        f();
    }
    let (mut ns, mut ticks) = (Vec::with_capacity(samples), Vec::with_capacity(samples));
    for _ in 0..samples {
        let (t0, c0) = (Instant::now(), rdtsc());
        f();
        let (c1, t1) = (rdtsc(), Instant::now());
        ns.push((t1 - t0).as_nanos() as f64);
        ticks.push((c1 - c0) as f64);
    }
    Row {
        name,
        how: format!("{samples} round trips, each timed"),
        ns: spread(ns),
        ticks: spread(ticks),
    }
}

/// TSC ticks per nanosecond, from a 200 ms busy wait.
fn tsc_per_ns() -> f64 {
    let (t0, c0) = (Instant::now(), rdtsc());
    while t0.elapsed().as_millis() < 200 {
        std::hint::spin_loop();
    }
    let (c1, t1) = (rdtsc(), Instant::now());
    (c1 - c0) as f64 / (t1 - t0).as_nanos() as f64
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "?".into())
}

// ---------------------------------------------------------------------------

fn check(what: &str, got: &[u8]) -> Result<(), String> {
    if got == NOTES {
        Ok(())
    } else {
        Err(format!(
            "{what} returned {} bytes, not the {} bytes of {NOTES_PATH}",
            got.len(),
            NOTES.len()
        ))
    }
}

fn run() -> Result<(), String> {
    let load_before = loadavg();
    let table = applets::builtin();
    let mut m = machine();
    let cat: &'static dyn Applet = table
        .get("cat", Mode::ReadOnly)
        .ok_or("cat is not in the builtin table")?;
    let command = Command {
        applet: "cat",
        args: vec![Arg::Path(NOTES_PATH.into())],
    };

    // Every path must really produce the file before it is timed.
    table
        .run(&command, Mode::ReadOnly, &mut m)
        .map_err(|e| e.to_string())?;
    check("Table::run", m.out.as_bytes())?;
    let req = request();
    let reply: ToolResult = serde_json::from_slice(&serve_json(
        &table,
        &serde_json::to_vec(&req).unwrap(),
        &mut m,
    ))
    .map_err(|e| e.to_string())?;
    check("JSON in-process", reply.output.as_bytes())?;

    let mut rows = Vec::new();

    rows.push(batched(
        "`&dyn Applet` call (`spec()`)",
        10_000,
        1_001,
        || {
            black_box(black_box(cat).spec());
        },
    ));

    rows.push(batched(
        "`Table::run(cat /NOTES.TXT)` (check + `&dyn` call + read + print)",
        50,
        1_001,
        || {
            m.out.clear();
            let r = table.run(black_box(&command), Mode::ReadOnly, &mut m);
            black_box(r).ok();
        },
    ));

    rows.push(batched("syscall `getppid`", 200, 1_001, || {
        // SAFETY: getppid takes no arguments and cannot fail.
        black_box(unsafe { libc::syscall(libc::SYS_getppid) });
    }));

    let mut echo = Peer::spawn("echo")?;
    let mut byte = [0u8; 1];
    echo.tx.write_all(b"x").map_err(|e| e.to_string())?;
    echo.rx.read_exact(&mut byte).map_err(|e| e.to_string())?;
    if byte != *b"x" {
        return Err("echo child returned a different byte".into());
    }
    let mut pipe_err = None;
    rows.push(each(
        "pipe round trip, 1 byte, to another process",
        20_000,
        1_000,
        || {
            let r = echo
                .tx
                .write_all(b"x")
                .and_then(|_| echo.rx.read_exact(&mut byte));
            if let Err(e) = r {
                pipe_err.get_or_insert(e.to_string());
            }
        },
    ));
    echo.finish()?;
    if let Some(e) = pipe_err {
        return Err(format!("pipe: {e}"));
    }

    let mut json_err = None;
    rows.push(batched(
        "JSON tool call in-process (encode, decode, dispatch, encode, decode)",
        20,
        1_001,
        || {
            let wire = serde_json::to_vec(black_box(&req)).unwrap_or_default();
            let reply = serve_json(&table, &wire, &mut m);
            match serde_json::from_slice::<ToolResult>(&reply) {
                Ok(r) => {
                    black_box(r);
                }
                Err(e) => {
                    json_err.get_or_insert(e.to_string());
                }
            }
        },
    ));

    let mut server = Peer::spawn("serve")?;
    let mut line = String::new();
    let call = |server: &mut Peer, line: &mut String| -> Result<ToolResult, String> {
        let mut wire = serde_json::to_vec(&req).map_err(|e| e.to_string())?;
        wire.push(b'\n');
        server.tx.write_all(&wire).map_err(|e| e.to_string())?;
        line.clear();
        server.rx.read_line(line).map_err(|e| e.to_string())?;
        serde_json::from_str(line).map_err(|e| e.to_string())
    };
    let first = call(&mut server, &mut line)?;
    check("JSON over the pipe", first.output.as_bytes())?;
    rows.push(each(
        "JSON tool call over a pipe to a tool-server process",
        10_000,
        500,
        || match call(&mut server, &mut line) {
            Ok(r) => {
                black_box(r);
            }
            Err(e) => {
                json_err.get_or_insert(e);
            }
        },
    ));
    server.finish()?;
    if let Some(e) = json_err {
        return Err(format!("json: {e}"));
    }

    let rate = tsc_per_ns();
    let base = rows[0].ns.median;
    println!("CPU: {}", cpu_model());
    println!(
        "Logical CPUs: {}; load average before: {load_before}, after: {}",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        loadavg()
    );
    println!("TSC: {rate:.3} ticks/ns (rdtsc counts at this constant rate, not core clock)");
    println!();
    println!("| call path | median ns | p10–p90 ns | median TSC ticks | × `&dyn` call | samples |");
    println!("|---|---:|---:|---:|---:|---|");
    for r in &rows {
        println!(
            "| {} | {} | {}–{} | {} | {} | {} |",
            r.name,
            fmt_ns(r.ns.median),
            fmt_ns(r.ns.p10),
            fmt_ns(r.ns.p90),
            fmt_ticks(r.ticks.median),
            fmt_ratio(r.ns.median / base),
            r.how
        );
    }
    Ok(())
}

fn fmt_ns(ns: f64) -> String {
    if ns < 10.0 {
        format!("{ns:.2}")
    } else {
        format!("{ns:.0}")
    }
}

fn fmt_ticks(t: f64) -> String {
    if t < 100.0 {
        format!("{t:.1}")
    } else {
        format!("{t:.0}")
    }
}

fn fmt_ratio(r: f64) -> String {
    if r < 10.0 {
        format!("{r:.1}")
    } else {
        format!("{r:.0}")
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let result = match args.get(1).map(String::as_str) {
        Some("--child") => child(args.get(2).map_or("", String::as_str)),
        None => run(),
        Some(other) => Err(format!(
            "unknown argument {other}; usage: callpath-bench (no arguments)"
        )),
    };
    if let Err(e) = result {
        eprintln!("callpath-bench: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(json: &str) -> ToolResult {
        let table = applets::builtin();
        let mut m = machine();
        serde_json::from_slice(&serve_json(&table, json.as_bytes(), &mut m)).unwrap()
    }

    #[test]
    fn json_tool_call_returns_the_file() {
        let wire = serde_json::to_string(&request()).unwrap();
        assert_eq!(wire, r#"{"tool":"cat","args":{"file":"/NOTES.TXT"}}"#);
        let r = call(&wire);
        assert!(r.ok, "{}", r.output);
        assert_eq!(r.output.as_bytes(), NOTES);
    }

    #[test]
    fn paths_are_normalised_like_typed_ones() {
        let r = call(r#"{"tool":"cat","args":{"file":"notes.txt"}}"#);
        assert!(r.ok, "{}", r.output);
        assert_eq!(r.output.as_bytes(), NOTES);
    }

    #[test]
    fn bad_requests_are_errors_not_panics() {
        let r = call(r#"{"tool":"cat","args":{}}"#);
        assert!(!r.ok);
        assert!(r.output.contains("argument file"), "{}", r.output);
        let r = call(r#"{"tool":"cat","args":{"file":"/NOPE.TXT"}}"#);
        assert!(!r.ok);
        assert!(r.output.contains("/NOPE.TXT"), "{}", r.output);
        let r = call(r#"{"tool":"cat","args":{"file":7}}"#);
        assert!(!r.ok);
        let r = call("{not json");
        assert!(!r.ok);
        assert!(r.output.starts_with("bad request"), "{}", r.output);
    }

    #[test]
    fn write_applets_are_not_tools_in_read_only_mode() {
        let r = call(r#"{"tool":"rm","args":{"path":"/NOTES.TXT"}}"#);
        assert!(!r.ok);
        assert_eq!(r.output, "no tool named rm");
    }

    #[test]
    fn spread_takes_percentiles_of_sorted_values() {
        let s = spread((1..=11).rev().map(f64::from).collect());
        assert_eq!((s.p10, s.median, s.p90), (2.0, 6.0, 10.0));
    }
}
