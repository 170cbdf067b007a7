//! Lines typed in another shell's language, on the default model and the
//! sample disk: read as that shell reads them, through the live table's
//! reachable set and the volume's files, with no model asked
//! (`cargo test -p request --test shell_lines`).

mod common;
use command::{render, Mode};
use common::{default_model, warmed};
use request::{Abstain, Proposal, Via};

fn ask(it: &mut request::Interpreter<'_>, clock: &mut common::Ticks, line: &str) -> Proposal {
    it.propose(line, clock, &mut || false).unwrap()
}

#[test]
fn other_shells_lines_run_the_command_they_say() {
    let bytes = default_model();
    let (mut it, mut clock) = warmed(&bytes, applets::builtin(), Mode::ReadWrite);
    for (line, want) in [
        ("Get-Content .\\NOTES.TXT", "cat /NOTES.TXT"),
        (
            "Get-Content '.\\meeting notes.txt'",
            "cat \"/meeting notes.txt\"",
        ),
        ("type C:\\DOCS\\FAQ.TXT", "cat /DOCS/FAQ.TXT"),
        ("type DOCS\\FAQ", "cat /DOCS/FAQ.TXT"),
        ("Remove-Item .\\HELLO.TXT", "rm /HELLO.TXT"),
        ("del /f /q TODO.TXT, the list is done", "rm /TODO.TXT"),
        (
            "New-Item -ItemType Directory -Name Scripts",
            "mkdir /Scripts",
        ),
        (
            "Add-Content -Path .\\TODO.TXT -Value 'patch Tuesday'",
            "append /TODO.TXT \"patch Tuesday\"",
        ),
        (
            "echo shipped 0.1 >> /NOTES.TXT",
            "append /NOTES.TXT \"shipped 0.1\"",
        ),
        ("xxd -l 40 hello.txt", "hexdump /HELLO.TXT 40"),
        (
            "hexdump -C /LOGS/BOOT.LOG | head -4",
            "hexdump /LOGS/BOOT.LOG 64",
        ),
        ("dmesg | tail -20", "log 20"),
        ("Get-WinEvent -MaxEvents 5", "log 5"),
        ("cat /proc/cpuinfo | grep flags", "cpu"),
        (
            "(Get-CimInstance Win32_OperatingSystem).LastBootUpTime",
            "uptime",
        ),
        ("dir docs /s", "ls /DOCS"),
        ("ls -l /LOGS", "ls /LOGS"),
        ("dir /", "ls /"),
        // Onto a folder the file keeps its name; a rename stays in its folder.
        ("copy notes.txt C:\\DOCS\\", "cp /NOTES.TXT /DOCS/NOTES.TXT"),
        (
            "ren DOCS\\GUIDE.TXT manual.txt",
            "mv /DOCS/GUIDE.TXT /DOCS/manual.txt",
        ),
        ("Get-Help Copy-Item", "help cp"),
        ("sudo shutdown -r now", "reboot"),
        ("shutdown /s /t 0", "shutdown"),
        // A programmer's habit: one call with its arguments written out.
        ("open('notes.txt').read()", "cat /NOTES.TXT"),
        (
            "os.remove(\"photo-list 2026.txt\")",
            "rm \"/photo-list 2026.txt\"",
        ),
        (
            "console.log(\"it finally works\")",
            "echo \"it finally works\"",
        ),
        ("system_profiler SPPCIDataType", "lspci"),
        ("cmd-K", "clear"),
    ] {
        let p = ask(&mut it, &mut clock, line);
        assert!(matches!(p.via, Via::Shell(_)), "{line}: {}", p.display());
        assert_eq!(p.line().as_deref(), Some(want), "{line}");
        assert!(
            p.ridge.is_none() && p.grammar.is_none(),
            "{line}: no model was asked"
        );
    }
}

#[test]
fn a_shell_line_naming_a_missing_file_runs_nothing_and_says_so() {
    let bytes = default_model();
    let (mut it, mut clock) = warmed(&bytes, applets::builtin(), Mode::ReadWrite);
    let p = ask(&mut it, &mut clock, "del junk.txt");
    assert_eq!(p.command, None);
    assert_eq!(
        p.missing.map(|m| m.reply("NOSYS")).as_deref(),
        Some("no file junk.txt on NOSYS (closest: /TODO.TXT)")
    );
    // Into a folder the volume lacks: missing, not a new name.
    let p = ask(&mut it, &mut clock, "mv ~/NOTES.TXT ~/Dropbox/");
    assert_eq!(p.command, None);
    assert_eq!(
        p.missing.map(|m| m.reply("NOSYS")).as_deref(),
        Some("no folder Dropbox on NOSYS (closest: /DOCS)")
    );
    let p = ask(&mut it, &mut clock, "Get-Content .\\passwords.txt");
    assert_eq!((p.command, p.missing.is_some()), (None, true));
    // A slip of a live name is the request path's to read, as typed English is.
    let p = ask(&mut it, &mut clock, "type noets.txt");
    assert!(!matches!(p.via, Via::Shell(_)), "{}", p.display());
}

#[test]
fn in_read_only_mode_a_shell_line_that_writes_is_out_of_reach() {
    let bytes = default_model();
    let (mut it, mut clock) = warmed(&bytes, applets::builtin(), Mode::ReadOnly);
    for line in [
        "Remove-Item .\\HELLO.TXT",
        "del /q TODO.TXT",
        "echo done >> notes.txt",
        "sudo reboot",
        "Get-Help Copy-Item",
        "md Scripts",
    ] {
        let p = ask(&mut it, &mut clock, line);
        assert_eq!(p.command, None, "{line}");
        assert_eq!(p.abstain, Some(Abstain::NeedsWriteMode), "{line}");
    }
    // Reading is reachable.
    let p = ask(&mut it, &mut clock, "Get-Content C:\\LOGS\\BOOT.LOG");
    assert_eq!(p.line().as_deref(), Some("cat /LOGS/BOOT.LOG"));
}

#[test]
fn english_that_opens_with_a_command_word_is_a_request() {
    let bytes = default_model();
    let (mut it, mut clock) = warmed(&bytes, applets::builtin(), Mode::ReadWrite);
    for line in [
        "type hello on the screen",
        "clear the notes file",
        "history of rome",
        "date of my birthday",
        "copy the faq to faq2.txt",
        "dmesg, just the last two lines",
    ] {
        let p = ask(&mut it, &mut clock, line);
        assert!(!matches!(p.via, Via::Shell(_)), "{line}: {}", p.display());
        if let Some(c) = &p.command {
            eprintln!("{line} -> {}", render(c));
        }
    }
}
