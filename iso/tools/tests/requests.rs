//! Natural-language requests end to end in the kernel (issue 9): the default
//! model boots from its module, requests typed over serial are routed by the
//! ridge router and the grammar, the right applet runs, write applets ask
//! first, and in read-only mode a request to delete never reaches `rm`.
//!
//! The requests are applets' declared examples, which the model and the
//! router were trained on: this test checks the kernel's request path, not
//! the model's accuracy (the evaluation in docs/ does that).

use std::time::Duration;

use nosys_iso::qemu::{Vm, VmConfig, CONFIRM_PROMPT as CONFIRM};
use nosys_iso::{test_iso, READY};

mod common;

const BOOT_TIMEOUT: Duration = Duration::from_secs(400);
/// One request: prefill plus two constrained decodes under TCG.
const REPLY_TIMEOUT: Duration = Duration::from_secs(180);

fn boot() -> Vm {
    let vm = Vm::boot(&VmConfig::new(test_iso("test-requests", "").unwrap())).unwrap();
    vm.wait_for_serial(READY, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    let out = vm.serial_output();
    assert!(
        out.contains("model: ready"),
        "the default model did not load:\n{out}"
    );
    vm
}

fn reply(vm: &mut Vm, line: &str) -> String {
    vm.reply(line, REPLY_TIMEOUT)
        .unwrap_or_else(|e| panic!("{line:?}: {e}"))
}

/// The proposal line (`→ …`) of a reply.
fn proposal(reply: &str) -> &str {
    reply
        .lines()
        .find(|l| l.starts_with('→'))
        .unwrap_or_else(|| panic!("no proposal line in:\n{reply}"))
}

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn requests_reach_the_right_applets() {
    let mut vm = boot();

    // A file request runs `cat` at once and prints the file.
    let r = reply(&mut vm, "show me the notes");
    assert!(proposal(&r).starts_with("→ cat /NOTES.TXT"), "{r}");
    let notes =
        std::fs::read_to_string(nosys_iso::root().join("iso/sample-disk/NOTES.TXT")).unwrap();
    let first = notes.lines().next().unwrap();
    assert!(r.contains(first), "NOTES.TXT was not printed:\n{r}");

    // A memory request runs `mem`.
    let r = reply(&mut vm, "how much memory is free");
    assert!(proposal(&r).starts_with("→ mem"), "{r}");

    // Read-only mode: a request to delete has no path to `rm`, and the file stays.
    let r = reply(&mut vm, "remove the todo list");
    assert!(
        !r.lines().any(|l| l.starts_with("→ rm")),
        "rm proposed in read-only mode:\n{r}"
    );
    assert!(!r.contains(CONFIRM), "{r}");
    assert!(
        r.contains("write commands exist in read-write mode (F2)"),
        "{r}"
    );
    let r = reply(&mut vm, "cat /TODO.TXT");
    assert!(!r.contains("no such file"), "{r}");

    // `route` explains without running.
    let r = reply(&mut vm, "route \"show me the notes\"");
    assert!(r.contains("ridge:") && r.contains("(not run)"), "{r}");
    assert!(!r.contains(first), "route ran the command:\n{r}");

    // F2 (ESC O Q over serial) switches to read-write and rebuilds grammar and router.
    let mark = vm.serial_len();
    let raw = vm
        .press_f2("READ-WRITE (F2): grammar rebuilt", REPLY_TIMEOUT)
        .unwrap();
    // The log line is mirrored between lines: the prompt is drawn again
    // after it, and only then is the next line typed.
    let logged = mark + raw.find("grammar rebuilt").unwrap();
    vm.wait_for_serial_after(logged, "nosys> ", REPLY_TIMEOUT)
        .unwrap();

    // A request naming a file the disk lacks runs nothing, asks nothing,
    // and names the closest live files instead of using one (issue 14).
    let r = reply(&mut vm, "delete the file named junk.txt");
    assert!(
        r.contains("no file junk.txt on NOSYS (closest: /TODO.TXT)"),
        "{r}"
    );
    assert!(!r.contains(CONFIRM), "{r}");
    let r = reply(&mut vm, "cat /TODO.TXT");
    assert!(!r.contains("no such file"), "{r}");

    // A write request asks first; `y` runs it; the file reads back.
    let r = reply(&mut vm, "make a new file test.txt containing 42");
    // The new name keeps the case the request gave it.
    assert!(proposal(&r).starts_with("→ write /test.txt 42"), "{r}");
    assert!(r.contains(CONFIRM), "a write ran without asking:\n{r}");
    assert_eq!(r.matches("[y/N]").count(), 1, "asked more than once:\n{r}");
    reply(&mut vm, "y");
    let r = reply(&mut vm, "cat /TEST.TXT");
    assert!(r.lines().any(|l| l.trim() == "42"), "{r}");
    // Writing over it says so before asking; `n` keeps the file.
    let r = reply(&mut vm, "make a new file test.txt containing 43");
    assert!(
        r.to_ascii_lowercase()
            .contains("replaces all of /test.txt ("),
        "{r}"
    );
    assert!(r.contains(CONFIRM), "{r}");
    reply(&mut vm, "n");
    let r = reply(&mut vm, "cat /TEST.TXT");
    assert!(r.lines().any(|l| l.trim() == "42"), "{r}");

    // Ctrl-C while the model is generating cancels at once. The byte must
    // arrive after the kernel has started on the request (a prefill takes
    // ~100 ms under TCG), so it is sent a little after Enter; on a loaded
    // host the request may finish first, hence a few tries.
    let cancelled = (0..4).any(|_| {
        let mark = vm.serial_len();
        vm.send_serial(b"give me the memory statistics\r").unwrap();
        std::thread::sleep(Duration::from_millis(40));
        vm.send_serial(b"\x03").unwrap();
        // Wait for the reply to end: a prompt after the echoed request.
        let deadline = std::time::Instant::now() + REPLY_TIMEOUT;
        loop {
            let text = nosys_iso::plain_text(&vm.serial_output()[mark..]);
            let after = text
                .find("statistics")
                .map_or(0, |i| i + "statistics".len());
            if text[after..].contains("nosys> ") {
                break text.contains("^C cancelled");
            }
            if std::time::Instant::now() > deadline {
                break false;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    assert!(
        cancelled,
        "Ctrl-C never cancelled a request:\n{}",
        vm.serial_output()
    );

    let out = vm.serial_output();
    assert!(!out.contains("KERNEL PANIC"), "{out}");
}

/// Requests compared between the kernel and the host's `request` crate.
const SAME_ANSWER: &[&str] = &[
    "show me the notes",
    "what files are there",
    "how much memory is free",
    "which cpu is this",
    "read the guide in docs",
    "how long has it been up",
    "is there anything in the logs folder",
    "print hello there",
];

#[test]
#[ignore = "boots QEMU; run by `make test`"]
fn the_host_answers_exactly_as_the_kernel() {
    // Host: the same crates, model, feature cache and disk (read-only mode,
    // as the kernel boots).
    let mut clock = common::HostClock::start();
    let mut host = common::default_host(&mut clock);
    let mut vm = boot();
    common::assert_kernel_decides_as_host(
        &mut vm,
        &mut host,
        &mut clock,
        SAME_ANSWER,
        REPLY_TIMEOUT,
    );
}
