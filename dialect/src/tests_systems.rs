//! DCL, Cisco IOS, Emacs and Vim lines: what they read as, what is another
//! system's job with nothing here to do it, and the English they are not.

use super::test_util::*;
use super::*;
use alloc::vec;

#[test]
fn dcl_file_verbs_specs_and_qualifiers() {
    use Shell::Dcl as D;
    reads(
        "$ TYPE [.LOGS]BOOT.LOG",
        D,
        Role::ShowText,
        vec![p("/LOGS/BOOT.LOG", true)],
    );
    reads(
        "TYPE NOTES.TXT;1",
        D,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "type/page sys$disk:[]notes.txt",
        D,
        Role::ShowText,
        vec![p("/notes.txt", true)],
    );
    reads(
        "TYPE DKA100:[000000]TODO.TXT",
        D,
        Role::ShowText,
        vec![p("/TODO.TXT", true)],
    );
    reads(
        "TYPE MEETING^_NOTES.TXT",
        D,
        Role::ShowText,
        vec![p("/MEETING NOTES.TXT", true)],
    );
    reads("DIRECTORY", D, Role::List, vec![]);
    reads("DIRECTORY/SIZE/DATE", D, Role::List, vec![]);
    reads("DIR/FULL [.DOCS]", D, Role::List, vec![dir("/DOCS")]);
    reads("DIR [.DOCS]*.*;*", D, Role::List, vec![dir("/DOCS")]);
    reads("$ dir [000000]", D, Role::List, vec![dir("/")]);
    reads("$ directory [.logs]", D, Role::List, vec![dir("/logs")]);
    reads(
        "$ COPY NOTES.TXT [.DOCS]",
        D,
        Role::Copy,
        vec![p("/NOTES.TXT", true), dir("/DOCS")],
    );
    reads(
        "COPY/LOG [.DOCS]FAQ.TXT FAQ2.TXT",
        D,
        Role::Copy,
        vec![p("/DOCS/FAQ.TXT", true), p("/FAQ2.TXT", true)],
    );
    reads(
        "DELETE HELLO.TXT;*",
        D,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "DELETE/CONFIRM [.LOGS]BOOT.LOG;1",
        D,
        Role::Remove,
        vec![p("/LOGS/BOOT.LOG", true)],
    );
    reads(
        "DELETE ARCHIVE.DIR;1",
        D,
        Role::Remove,
        vec![dir("/ARCHIVE")],
    );
    let r = read("RENAME/LOG HELLO.TXT HI.TXT").unwrap();
    assert_eq!(
        (r.shell, r.role, r.renames),
        (D, Role::Move, true),
        "a bare new name stays in the folder"
    );
    let r = read("RENAME NOTES.TXT [.DOCS]").unwrap();
    assert_eq!(r.parts, vec![p("/NOTES.TXT", true), dir("/DOCS")]);
    assert!(!r.renames, "into a folder, not a new name");
    reads(
        "CREATE/DIRECTORY [.ARCHIVE]",
        D,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "CRE/DIR [.DOCS.OLD]",
        D,
        Role::MakeDir,
        vec![p("/DOCS/OLD", true)],
    );
    reads(
        "DUMP HELLO.TXT",
        D,
        Role::ShowBytes,
        vec![p("/HELLO.TXT", true)],
    );
    // CREATE alone reads the file's text from the terminal.
    assert_eq!(read("CREATE NOTES.TXT"), None);
}

#[test]
fn dcl_show_help_and_the_rest() {
    use Shell::Dcl as D;
    reads("SHOW TIME", D, Role::Clock, vec![]);
    reads("$ sh time", D, Role::Clock, vec![]);
    reads("SHOW DEVICE/FULL DKA100:", D, Role::Storage, vec![]);
    reads("SHOW DEV D", D, Role::Storage, vec![]);
    reads("SHOW MEMORY/PHYSICAL", D, Role::Memory, vec![]);
    reads("SHOW CPU", D, Role::Processor, vec![]);
    reads("SHOW SYSTEM/NOPROCESS", D, Role::Uptime, vec![]);
    reads("RECALL/ALL", D, Role::History, vec![]);
    reads(
        "WRITE SYS$OUTPUT \"backup done\"",
        D,
        Role::Say,
        vec![t("backup done")],
    );
    reads(
        "write sys$output \"say \"\"hi\"\"\"",
        D,
        Role::Say,
        vec![t("say \"hi\"")],
    );
    reads("WRITE SYS$OUTPUT F$TIME()", D, Role::Clock, vec![]);
    reads("HELP DIRECTORY", D, Role::Help, vec![help_on(Role::List)]);
    reads("HELP DELETE", D, Role::Help, vec![help_on(Role::Remove)]);
    reads("@SYS$SYSTEM:SHUTDOWN", D, Role::PowerOff, vec![]);
    reads(
        "@SYS$SYSTEM:SHUTDOWN 0 \"patch\" NO NO LATER YES NONE",
        D,
        Role::Restart,
        vec![],
    );
    assert_eq!(
        read("WRITE SYS$OUTPUT \"''F$TIME()'\"").map(|r| r.role),
        None,
        "a symbol substituted is no literal text"
    );
}

#[test]
fn dcl_lines_another_shell_reads_the_same_are_left_to_it() {
    reads("DIR", Shell::Posix, Role::List, vec![]);
    reads(
        "TYPE NOTES.TXT",
        Shell::Cmd,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "$ type notes.txt",
        Shell::Cmd,
        Role::ShowText,
        vec![p("/notes.txt", true)],
    );
}

#[test]
fn dcl_jobs_with_nothing_here_are_elsewhere() {
    for line in [
        "SHOW QUEUE/ALL SYS$PRINT",
        "SET DEFAULT [.DOCS]",
        "$ set default [.docs]",
        "SHOW USERS",
        "SHOW PROCESS/CONTINUOUS",
        "PRINT NOTES.TXT",
        "SUBMIT BACKUP.COM",
        "MAIL",
        "LOGOUT",
        "PURGE/LOG",
        "TYPE SYS$MANAGER:SYSTARTUP_VMS.COM",
        "EDIT SYS$LOGIN:LOGIN.COM",
        "DIRECTORY SYS$LOGIN:",
        "COPY NOTES.TXT NODE2::DKA0:[USERS]",
        "@LOGIN.COM",
        "RECALL 3",
    ] {
        elsewhere_in(line, Shell::Dcl);
    }
}

#[test]
fn english_and_dcl_lookalikes_are_not_dcl() {
    for line in [
        "type hello on the screen",
        "show me the notes",
        "directory of docs please",
        "copy the notes to docs",
        "TYPE HELLO ON THE SCREEN",
        "COPY THE NOTES TO DOCS",
        "PRINT THE NOTES",
        "SET A TIMER",
        "SHOW ME THE NOTES",
        "DIRECTORY *.TXT",
        "TYPE [-]NOTES.TXT",
        "DELETE [...]*.TMP;*",
        "TYPE/OUTPUT=X.TXT NOTES.TXT",
        "show time",
    ] {
        english(line);
    }
}

#[test]
fn ios_file_systems_and_show_commands() {
    use Shell::Ios as I;
    reads("show flash:", I, Role::List, vec![dir("/")]);
    reads("sh flash", I, Role::List, vec![dir("/")]);
    reads("dir flash:/DOCS", I, Role::List, vec![p("/DOCS", true)]);
    reads("dir bootflash:", I, Role::List, vec![dir("/")]);
    reads("dir /all flash:", I, Role::List, vec![dir("/")]);
    reads(
        "more flash:NOTES.TXT",
        I,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "more /binary flash0:HELLO.TXT",
        I,
        Role::ShowBytes,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "copy flash:TODO.TXT flash:DOCS/TODO.TXT",
        I,
        Role::Copy,
        vec![p("/TODO.TXT", true), p("/DOCS/TODO.TXT", true)],
    );
    reads(
        "copy usbflash0:NOTES.TXT flash:",
        I,
        Role::Copy,
        vec![p("/NOTES.TXT", true), dir("/")],
    );
    reads(
        "delete /force flash:HELLO.TXT",
        I,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "rename flash:HELLO.TXT flash:HI.TXT",
        I,
        Role::Move,
        vec![p("/HELLO.TXT", true), p("/HI.TXT", true)],
    );
    reads(
        "mkdir disk0:ARCHIVE",
        I,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads("show clock", I, Role::Clock, vec![]);
    reads("sh clock detail", I, Role::Clock, vec![]);
    reads("show memory statistics", I, Role::Memory, vec![]);
    reads("show processes cpu sorted", I, Role::Processor, vec![]);
    reads("sh proc mem", I, Role::Memory, vec![]);
    reads("show logging", I, Role::KernelLog, vec![]);
    reads("sh log | i LINK", I, Role::KernelLog, vec![]);
    reads("show history", I, Role::History, vec![]);
    reads("show file systems", I, Role::FreeSpace, vec![]);
    reads("sh ver", I, Role::Uptime, vec![]);
    reads("show version | include uptime", I, Role::Uptime, vec![]);
    reads("show inventory", I, Role::Devices, vec![]);
    reads("reload", I, Role::Restart, vec![]);
    reads("R1#show clock", I, Role::Clock, vec![]);
    reads("Switch> sh ver", I, Role::Uptime, vec![]);
    reads("R1(config)#do show clock", I, Role::Clock, vec![]);
}

#[test]
fn ios_jobs_with_nothing_here_are_elsewhere() {
    for line in [
        "show running-config",
        "sh run",
        "show startup-config",
        "copy running-config startup-config",
        "copy run start",
        "write memory",
        "wr",
        "show ip interface brief",
        "sh ip int br",
        "configure terminal",
        "conf t",
        "show vlan",
        "show cdp neighbors",
        "more nvram:startup-config",
        "copy tftp: flash:",
        "show version | include IOS",
        "show processes",
        "reload in 5",
        "R1(config)#hostname R2",
        "R1#ping 10.0.0.1",
        "terminal length 0",
        "dir nvram:",
    ] {
        elsewhere_in(line, Shell::Ios);
    }
}

#[test]
fn english_is_not_ios() {
    for line in [
        "show notes",
        "show the todo list",
        "show me the ip of the router",
        "show users please",
        "show history of rome",
        "show memory usage",
        "show boot",
        "write me a sonnet about autumn",
        "clear the notes file",
        "dir /w /p",
    ] {
        assert_eq!(elsewhere(line), None, "{line:?}");
        if let Some(r) = read(line) {
            assert_ne!(r.shell, Shell::Ios, "{line:?}");
        }
    }
    reads("show history", Shell::Ios, Role::History, vec![]);
}

#[test]
fn emacs_keys_and_commands() {
    use Shell::Emacs as E;
    reads(
        "C-x C-f ~/NOTES.TXT",
        E,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "C-x C-f meeting notes.txt RET",
        E,
        Role::ShowText,
        vec![p("/meeting notes.txt", true)],
    );
    reads("C-x C-f ~/DOCS/", E, Role::List, vec![dir("/DOCS")]);
    reads("C-x d ~/LOGS", E, Role::List, vec![p("/LOGS", true)]);
    reads("M-x dired RET DOCS", E, Role::List, vec![p("/DOCS", false)]);
    reads(
        "M-x make-directory RET ARCHIVE",
        E,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "M-x make-directory ARCHIVE",
        E,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "M-x make-directory ~/ARCHIVE/",
        E,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "M-x delete-file RET ~/HELLO.TXT RET",
        E,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "M-x rename-file RET HELLO.TXT RET HI.TXT",
        E,
        Role::Move,
        vec![p("/HELLO.TXT", true), p("/HI.TXT", true)],
    );
    reads(
        "M-x copy-file NOTES.TXT DOCS/",
        E,
        Role::Copy,
        vec![p("/NOTES.TXT", true), dir("/DOCS")],
    );
    reads(
        "M-x hexl-find-file RET HELLO.TXT",
        E,
        Role::ShowBytes,
        vec![p("/HELLO.TXT", true)],
    );
    reads("M-x view-lossage", E, Role::History, vec![]);
    reads("C-h l", E, Role::History, vec![]);
    reads("C-h f copy-file", E, Role::Help, vec![help_on(Role::Copy)]);
    reads(
        "C-h f delete-file",
        E,
        Role::Help,
        vec![help_on(Role::Remove)],
    );
    reads(
        "M-x describe-function RET copy-file",
        E,
        Role::Help,
        vec![help_on(Role::Copy)],
    );
    reads(
        "C-h k C-x C-f",
        E,
        Role::Help,
        vec![help_on(Role::ShowText)],
    );
    reads("M-x emacs-uptime", E, Role::Uptime, vec![]);
    reads("M-x memory-report", E, Role::Memory, vec![]);
    reads("M-x eshell/clear", E, Role::ClearScreen, vec![]);
    reads("C-l", E, Role::ClearScreen, vec![]);
    reads(
        "M-! ls -la /DOCS",
        Shell::Posix,
        Role::List,
        vec![p("/DOCS", true)],
    );
    reads(
        "M-x shell-command RET cat NOTES.TXT RET",
        Shell::Posix,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
}

#[test]
fn vim_commands() {
    use Shell::Vim as V;
    reads(
        ":e NOTES.TXT",
        V,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        ":edit ~/DOCS/FAQ.TXT",
        V,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT", true)],
    );
    reads(
        ":view meeting\\ notes.txt",
        V,
        Role::ShowText,
        vec![p("/meeting notes.txt", true)],
    );
    reads(
        ":sp TODO.TXT",
        V,
        Role::ShowText,
        vec![p("/TODO.TXT", true)],
    );
    reads(
        ":r HELLO.TXT",
        V,
        Role::ShowText,
        vec![p("/HELLO.TXT", true)],
    );
    reads(":e DOCS/", V, Role::List, vec![dir("/DOCS")]);
    reads(":e .", V, Role::List, vec![dir("/")]);
    reads(":Ex", V, Role::List, vec![]);
    reads(":Explore LOGS", V, Role::List, vec![p("/LOGS", false)]);
    reads(":history", V, Role::History, vec![]);
    reads(":his :", V, Role::History, vec![]);
    reads(":help :edit", V, Role::Help, vec![help_on(Role::ShowText)]);
    reads(":h", V, Role::Help, vec![]);
    reads(":echo \"done\"", V, Role::Say, vec![t("done")]);
    reads(":!ls", Shell::Posix, Role::List, vec![]);
    reads(
        ":!cat /LOGS/BOOT.LOG",
        Shell::Posix,
        Role::ShowText,
        vec![p("/LOGS/BOOT.LOG", true)],
    );
    reads(":r !date", Shell::Posix, Role::Clock, vec![]);
}

#[test]
fn editor_work_on_a_buffer_is_elsewhere() {
    for line in [
        ":w NOTES.TXT",
        ":w",
        ":wq",
        ":q",
        ":q!",
        ":x",
        ":%!xxd",
        ":%s/foo/bar/g",
        ":set number",
        ":ls",
        ":e!",
        ":help 'tabstop'",
    ] {
        elsewhere_in(line, Shell::Vim);
    }
    for line in [
        "C-x C-s",
        "C-x C-c",
        "C-x C-w NOTES.TXT",
        "C-x k",
        "M-x save-buffer",
        "M-x magit-status",
        "M-x kill-emacs",
        "C-h t",
        "C-h f kill-emacs",
    ] {
        elsewhere_in(line, Shell::Emacs);
    }
}

#[test]
fn english_is_not_an_editors() {
    for line in [
        ":)",
        ":D",
        ":P",
        ":3",
        ": hello",
        "M-x",
        "C-x C-f",
        "M-x make-directory",
        "ctrl x ctrl f notes",
        "e notes.txt",
        "Explore the docs",
    ] {
        english(line);
    }
}

#[test]
fn odd_system_lines_never_panic() {
    let lines = [
        "$ TYPE [.LOGS]BOOT.LOG;1/PAGE",
        "DIR/SIZE=ALL [.A.B]\"x\"",
        "COPY \"a\"\"b\" [.^_^.]X.Y;-1",
        "@SYS$SYSTEM:SHUTDOWN 0 \"",
        "WRITE SYS$OUTPUT \"",
        "TYPE DKA100:<000000.X>Y.Z;*",
        "SHOW DEV/FULL $1$DGA100:",
        "R1(config-if)#do sh ver | i upt",
        "copy flash:/A/ flash:",
        "show flash:/ | count",
        "more /binary bootflash:",
        "M-x copy-file RET \"a b\" RET",
        "C-h k C-x 4 C-f",
        "M-! M-! ls",
        ":r!date",
        ":'<,'>!sort",
        ":e \\ ",
        ":help :",
        "C-x 4 d ~/",
    ];
    for l in lines {
        for (i, _) in l.char_indices() {
            let _ = read(&l[..i]);
            let _ = elsewhere(&l[..i]);
        }
        let _ = read(l);
        let _ = elsewhere(l);
    }
}
/// Lines other systems share words with are theirs: a request with
/// English beside an IOS file command, a DOS drive prompt, BASIC's PRINT.
#[test]
fn shared_words_stay_with_their_own_system() {
    for line in [
        "delete the old startup log, it's just clutter",
        "delete the todo, fresh start",
    ] {
        assert_eq!(crate::elsewhere(line), None, "{line:?}");
    }
    let r = read("A>TYPE README.TXT").expect("read");
    assert_eq!(r.role, Role::ShowText);
    let r = read("PRINT \"READY.\"");
    assert!(r.as_ref().is_none_or(|r| r.role == Role::Say), "{r:?}");
    assert_eq!(crate::elsewhere("PRINT \"READY.\""), None);
}
