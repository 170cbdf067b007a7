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

const BOOT_TIMEOUT: Duration = Duration::from_secs(400);
/// One request: prefill plus two constrained decodes under TCG.
const REPLY_TIMEOUT: Duration = Duration::from_secs(180);

fn boot() -> Vm {
    let vm = Vm::boot(&VmConfig::new(test_iso("test-requests", "").unwrap())).unwrap();
    vm.wait_for_serial(READY, BOOT_TIMEOUT)
        .unwrap_or_else(|e| panic!("{e}\n{}", vm.qemu_log()));
    let out = vm.serial_output();
    assert!(out.contains("model: ready"), "the default model did not load:\n{out}");
    vm
}

fn reply(vm: &mut Vm, line: &str) -> String {
    vm.reply(line, REPLY_TIMEOUT).unwrap_or_else(|e| panic!("{line:?}: {e}"))
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
    let notes = std::fs::read_to_string(nosys_iso::root().join("iso/sample-disk/NOTES.TXT")).unwrap();
    let first = notes.lines().next().unwrap();
    assert!(r.contains(first), "NOTES.TXT was not printed:\n{r}");

    // A memory request runs `mem`.
    let r = reply(&mut vm, "how much memory is free");
    assert!(proposal(&r).starts_with("→ mem"), "{r}");

    // Read-only mode: a request to delete has no path to `rm`, and the file stays.
    let r = reply(&mut vm, "remove the todo list");
    assert!(!r.lines().any(|l| l.starts_with("→ rm")), "rm proposed in read-only mode:\n{r}");
    assert!(!r.contains(CONFIRM), "{r}");
    let r = reply(&mut vm, "cat /TODO.TXT");
    assert!(!r.contains("no such file"), "{r}");

    // `route` explains without running.
    let r = reply(&mut vm, "route \"show me the notes\"");
    assert!(r.contains("ridge:") && r.contains("(not run)"), "{r}");
    assert!(!r.contains(first), "route ran the command:\n{r}");

    // F2 (ESC O Q over serial) switches to read-write and rebuilds grammar and router.
    let mark = vm.serial_len();
    vm.send_serial(b"\x1bOQ").unwrap();
    vm.wait_for_serial_after(mark, "mode READ-WRITE (F2): grammar rebuilt", REPLY_TIMEOUT)
        .unwrap();

    // A write request asks first; `y` runs it; the file reads back.
    let r = reply(&mut vm, "make a new file test.txt containing 42");
    assert!(proposal(&r).starts_with("→ write /TEST.TXT 42"), "{r}");
    assert!(r.contains(CONFIRM), "a write ran without asking:\n{r}");
    reply(&mut vm, "y");
    let r = reply(&mut vm, "cat /TEST.TXT");
    assert!(r.lines().any(|l| l.trim() == "42"), "{r}");

    let out = vm.serial_output();
    assert!(!out.contains("KERNEL PANIC"), "{out}");
}
