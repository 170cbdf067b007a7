//! IBM i CL, key chords, AppleScript and git lines: what they read as,
//! what is another system's job with nothing here to do it, and the
//! English they are not.

use super::test_util::*;
use super::*;
use alloc::vec;

#[test]
fn cl_file_commands_keyword_and_positional() {
    use Shell::IbmI as I;
    reads(
        "DSPF STMF('/NOTES.TXT')",
        I,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "DSPF '/NOTES.TXT'",
        I,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "dspf stmf('/logs/boot.log')",
        I,
        Role::ShowText,
        vec![p("/logs/boot.log", true)],
    );
    reads(
        "DSPF STMF(/DOCS/FAQ.TXT)",
        I,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT", true)],
    );
    reads(
        "DSPF 'meeting notes.txt'",
        I,
        Role::ShowText,
        vec![p("/meeting notes.txt", true)],
    );
    // A bare name is the request path's to find on the volume.
    reads("DSPF README", I, Role::ShowText, vec![p("/README", false)]);
    reads(
        "EDTF '/TODO.TXT'",
        I,
        Role::ShowText,
        vec![p("/TODO.TXT", true)],
    );
    reads("EDTF STMF('/DOCS/')", I, Role::List, vec![dir("/DOCS")]);
    reads("===> WRKLNK", I, Role::List, vec![]);
    reads("WRKLNK '/DOCS/*'", I, Role::List, vec![dir("/DOCS")]);
    reads(
        "WRKLNK OBJ('/LOGS') DETAIL(*EXTENDED)",
        I,
        Role::List,
        vec![p("/LOGS", true)],
    );
    reads("DSPLNK '/'", I, Role::List, vec![dir("/")]);
    reads(
        "CPY OBJ('/NOTES.TXT') TOOBJ('/DOCS/NOTES.TXT')",
        I,
        Role::Copy,
        vec![p("/NOTES.TXT", true), p("/DOCS/NOTES.TXT", true)],
    );
    reads(
        "CPY OBJ('/NOTES.TXT') TODIR('/DOCS') REPLACE(*YES)",
        I,
        Role::Copy,
        vec![p("/NOTES.TXT", true), dir("/DOCS")],
    );
    reads(
        "CPY '/TODO.TXT' '/TODO.BAK'",
        I,
        Role::Copy,
        vec![p("/TODO.TXT", true), p("/TODO.BAK", true)],
    );
    reads(
        "COPY OBJ('/HELLO.TXT') TODIR('/DOCS')",
        I,
        Role::Copy,
        vec![p("/HELLO.TXT", true), dir("/DOCS")],
    );
    reads(
        "MOV OBJ('/TODO.TXT') TODIR('/DOCS')",
        I,
        Role::Move,
        vec![p("/TODO.TXT", true), dir("/DOCS")],
    );
    let r = read("RNM OBJ('/DOCS/GUIDE.TXT') NEWOBJ('MANUAL.TXT')").unwrap();
    assert_eq!(
        (r.shell, r.role, r.renames),
        (I, Role::Move, true),
        "RNM keeps the folder"
    );
    reads(
        "RNM '/HELLO.TXT' 'HI.TXT'",
        I,
        Role::Move,
        vec![p("/HELLO.TXT", true), p("/HI.TXT", true)],
    );
    reads(
        "DEL OBJLNK('/HELLO.TXT')",
        I,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "RMVLNK '/LOGS/BOOT.LOG'",
        I,
        Role::Remove,
        vec![p("/LOGS/BOOT.LOG", true)],
    );
    reads("RMVDIR '/OLD'", I, Role::Remove, vec![dir("/OLD")]);
    reads(
        "RD DIR('/OLD') SUBTREE(*ALL)",
        I,
        Role::Remove,
        vec![dir("/OLD")],
    );
    reads(
        "CRTDIR '/ARCHIVE'",
        I,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "MKDIR DIR('/ARCHIVE') DTAAUT(*RWX)",
        I,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "QSH CMD('ls /DOCS')",
        Shell::Posix,
        Role::List,
        vec![p("/DOCS", true)],
    );
}

#[test]
fn cl_system_commands() {
    use Shell::IbmI as I;
    reads("DSPSYSVAL QTIME", I, Role::Clock, vec![]);
    reads("dspsysval sysval(qdatetime)", I, Role::Clock, vec![]);
    reads("WRKSYSVAL QDATE", I, Role::Clock, vec![]);
    reads("DSPLOG", I, Role::KernelLog, vec![]);
    reads(
        "DSPLOG LOG(QHST) PERIOD((*AVAIL *BEGIN))",
        I,
        Role::KernelLog,
        vec![],
    );
    reads("DSPJOBLOG", I, Role::History, vec![]);
    reads("WRKDSKSTS", I, Role::Storage, vec![]);
    reads("WRKSYSSTS ASTLVL(*INTERMED)", I, Role::Memory, vec![]);
    reads("DSPHDWRSC TYPE(*PRC)", I, Role::Processor, vec![]);
    reads("WRKHDWRSC *STG", I, Role::Storage, vec![]);
    reads("WRKHDWRSC TYPE(*CMN)", I, Role::Devices, vec![]);
    reads("PWRDWNSYS", I, Role::PowerOff, vec![]);
    reads("PWRDWNSYS OPTION(*IMMED)", I, Role::PowerOff, vec![]);
    reads(
        "PWRDWNSYS OPTION(*IMMED) RESTART(*YES) IPLSRC(B)",
        I,
        Role::Restart,
        vec![],
    );
    reads(
        "PWRDWNSYS OPTION(*CNTRLD) DELAY(600) RESTART(*YES)",
        I,
        Role::Restart,
        vec![],
    );
    reads(
        "PWRDWNSYS *IMMED RESTART(*YES *SYS)",
        I,
        Role::Restart,
        vec![],
    );
    reads(
        "SNDBRKMSG MSG('System going down at 5') TOMSGQ(*ALLWS)",
        I,
        Role::Say,
        vec![t("System going down at 5")],
    );
    reads(
        "SNDPGMMSG MSG('it''s done')",
        I,
        Role::Say,
        vec![t("it's done")],
    );
}

#[test]
fn cl_jobs_with_nothing_here_are_elsewhere() {
    for line in [
        "SIGNOFF",
        "signoff",
        "WRKACTJOB",
        "WRKSPLF",
        "WRKOUTQ QPRINT",
        "WRKACTJOB SBS(QINTER)",
        "SNDMSG MSG('lunch?') TOUSR(QSYSOPR)",
        "DSPSYSVAL QSECURITY",
        "DSPJOBLOG JOB(123456/QUSER/QZDASOINIT)",
        "DSPF FILE(MYLIB/QCLSRC) MBR(HELLO)",
        "DSPF '/QSYS.LIB/MYLIB.LIB/QCLSRC.FILE/HELLO.MBR'",
        "WRKLNK '/QDLS/*'",
        "DSPLOG OUTPUT(*PRINT)",
        "CALL QCMD",
        "CALL PGM(MYLIB/NIGHTLY)",
        "GO MAIN",
        "QSH",
        "ENDSBS *ALL *IMMED",
        "CHGCURDIR DIR('/DOCS')",
    ] {
        elsewhere_in(line, Shell::IbmI);
    }
}

#[test]
fn english_and_other_shells_lines_are_not_cl() {
    for line in [
        "DSPF the notes",
        "del the file",
        "call mom",
        "go home",
        "GO AWAY",
        "WRKACTJOB please",
        "mov eax, ebx",
        "CPY",
        "DSPF STMF('/NOTES.TXT') FOO(BAR)",
        "RNM '/HELLO.TXT' '/DOCS/HI.TXT'",
        "WRKLNK '/DOCS' DOCS",
        "DSPHDWRSC TYPE(*PRC) please",
    ] {
        english(line);
    }
    // Without a keyword, DOS's and Unix's names stay theirs.
    reads(
        "MD ARCHIVE",
        Shell::Cmd,
        Role::MakeDir,
        vec![p("/ARCHIVE", false)],
    );
    reads(
        "DEL HELLO.TXT",
        Shell::Cmd,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
}

#[test]
fn key_chords_that_reset_blank_or_power_off() {
    use Shell::Keys as K;
    reads("ctrl-alt-del", K, Role::Restart, vec![]);
    reads("Ctrl+Alt+Delete", K, Role::Restart, vec![]);
    reads("Ctrl + Alt + Del", K, Role::Restart, vec![]);
    reads("ctrl alt del", K, Role::Restart, vec![]);
    reads("Strg+Alt+Entf", K, Role::Restart, vec![]);
    reads("press ctrl+alt+del", K, Role::Restart, vec![]);
    reads("CTRL-AMIGA-AMIGA", K, Role::Restart, vec![]);
    reads("Ctrl-Left Amiga-Right Amiga", K, Role::Restart, vec![]);
    reads("ctrl+l", K, Role::ClearScreen, vec![]);
    reads("^L", K, Role::ClearScreen, vec![]);
    reads("cmd+k", K, Role::ClearScreen, vec![]);
    reads("\u{2318}K", K, Role::ClearScreen, vec![]);
    reads("alt+sysrq+b", K, Role::Restart, vec![]);
    reads("Alt+SysRq+O", K, Role::PowerOff, vec![]);
    reads("Alt+PrtSc+B", K, Role::Restart, vec![]);
    reads("alt+sysrq+reisub", K, Role::Restart, vec![]);
    reads("alt+sysrq+m", K, Role::Memory, vec![]);
    reads("Ctrl+Cmd+Power", K, Role::Restart, vec![]);
}

#[test]
fn other_chords_are_an_applications() {
    for line in [
        "alt+f4",
        "ctrl+c",
        "^C",
        "ctrl+z",
        "Ctrl-Alt-Backspace",
        "cmd+q",
        "alt+tab",
        "ctrl+shift+esc",
        "press ctrl-c",
        "alt+sysrq+s",
    ] {
        elsewhere_in(line, Shell::Keys);
    }
}

#[test]
fn words_with_dashes_are_no_chords() {
    for line in [
        "alt-rock",
        "co-op",
        "x-ray",
        "ctrl-alt",
        "win-win",
        "press the button",
        "alt f4 please",
        "hit ctrl+alt+del",
        "ctrl x ctrl f notes",
    ] {
        english(line);
    }
    // Emacs's notation stays Emacs's.
    reads("C-l", Shell::Emacs, Role::ClearScreen, vec![]);
}

#[test]
fn applescript_one_liners() {
    use Shell::AppleScript as A;
    reads(
        "tell application \"Finder\" to delete file \"HELLO.TXT\"",
        A,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "tell app \"Finder\" to delete the file \"FAQ.TXT\" of folder \"DOCS\"",
        A,
        Role::Remove,
        vec![p("/DOCS/FAQ.TXT", true)],
    );
    reads(
        "tell application \"Finder\" to delete file \"Macintosh HD:LOGS:BOOT.LOG\"",
        A,
        Role::Remove,
        vec![p("/LOGS/BOOT.LOG", true)],
    );
    reads(
        "tell application \"Finder\" to delete (POSIX file \"/TODO.TXT\")",
        A,
        Role::Remove,
        vec![p("/TODO.TXT", true)],
    );
    reads(
        "tell app \"Finder\" to make new folder at home with properties {name:\"ARCHIVE\"}",
        A,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "tell application \"Finder\" to make new folder at folder \"DOCS\" with properties {name:\"OLD\"}",
        A,
        Role::MakeDir,
        vec![p("/DOCS/OLD", true)],
    );
    reads(
        "tell application \"Finder\" to duplicate file \"NOTES.TXT\" to folder \"DOCS\"",
        A,
        Role::Copy,
        vec![p("/NOTES.TXT", true), dir("/DOCS")],
    );
    reads(
        "tell application \"Finder\" to move file \"TODO.TXT\" to folder \"DOCS\"",
        A,
        Role::Move,
        vec![p("/TODO.TXT", true), dir("/DOCS")],
    );
    let r = read("tell application \"Finder\" to set name of file \"HELLO.TXT\" to \"HI.TXT\"")
        .unwrap();
    assert_eq!((r.role, r.renames), (Role::Move, true), "a new name");
    reads(
        "tell application \"Finder\" to open file \"NOTES.TXT\"",
        A,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "tell application \"Finder\" to get name of every file of folder \"DOCS\"",
        A,
        Role::List,
        vec![dir("/DOCS")],
    );
    reads(
        "tell application \"System Events\" to shut down",
        A,
        Role::PowerOff,
        vec![],
    );
    reads(
        "tell application \"System Events\" to restart",
        A,
        Role::Restart,
        vec![],
    );
    reads("display dialog \"hi\"", A, Role::Say, vec![t("hi")]);
    reads(
        "display dialog \"Backup done\" buttons {\"OK\"} default button 1 with title \"nosys\"",
        A,
        Role::Say,
        vec![t("Backup done")],
    );
    reads(
        "display notification \"done\" with title \"Build\"",
        A,
        Role::Say,
        vec![t("done")],
    );
    reads(
        "say \"hello\" using \"Alex\"",
        A,
        Role::Say,
        vec![t("hello")],
    );
    reads("current date", A, Role::Clock, vec![]);
    reads(
        "osascript -e 'display dialog \"hi\"'",
        A,
        Role::Say,
        vec![t("hi")],
    );
    // A shell line run from the script is read in its own language.
    reads("do shell script \"ls\"", Shell::Posix, Role::List, vec![]);
    reads(
        "do shell script \"cat /NOTES.TXT\" with administrator privileges",
        Shell::Posix,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "tell application \"Terminal\" to do script \"cat NOTES.TXT\"",
        Shell::Posix,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
}

#[test]
fn applescript_for_what_nothing_here_does() {
    for line in [
        "the clipboard",
        "set the clipboard to \"abc\"",
        "tell application \"Finder\" to empty the trash",
        "tell application \"System Events\" to sleep",
        "tell application \"Safari\" to quit",
        "tell application \"Music\" to play",
        "beep",
        "activate application \"Mail\"",
    ] {
        elsewhere_in(line, Shell::AppleScript);
    }
    // The shell line's own system.
    elsewhere_in("do shell script \"git log\"", Shell::Git);
}

#[test]
fn english_is_not_applescript() {
    for line in [
        "display dialog boxes are annoying",
        "say hello to mom",
        "tell me about the clipboard",
        "the clipboard is empty",
        "delete the file",
        "move on",
        "tell application support to fix it",
        "do shell script",
        "display dialog",
    ] {
        english(line);
    }
}

#[test]
fn git_on_files() {
    use Shell::Git as G;
    reads(
        "git rm HELLO.TXT",
        G,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads("git rm -r DOCS", G, Role::Remove, vec![p("/DOCS", false)]);
    reads(
        "git mv a b",
        G,
        Role::Move,
        vec![p("/a", false), p("/b", false)],
    );
    reads(
        "git mv TODO.TXT DOCS/",
        G,
        Role::Move,
        vec![p("/TODO.TXT", true), dir("/DOCS")],
    );
    reads(
        "git show HEAD:NOTES.TXT",
        G,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "git show :DOCS/FAQ.TXT",
        G,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT", true)],
    );
    reads(
        "git cat-file -p HEAD:NOTES.TXT",
        G,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads("git ls-files", G, Role::List, vec![]);
    reads("git ls-files DOCS", G, Role::List, vec![p("/DOCS", false)]);
    reads("git ls-tree -r --name-only HEAD", G, Role::List, vec![]);
}

#[test]
fn git_history_index_and_remotes_are_elsewhere() {
    for line in [
        "git log",
        "git log --oneline -5",
        "git log | head",
        "git status",
        "git commit -m \"fix the thing\"",
        "git push",
        "git push origin main",
        "git pull --rebase",
        "git diff",
        "git add .",
        "git rm --cached HELLO.TXT",
        "git show HEAD~3:NOTES.TXT",
        "git show abc123",
        "git ls-files -o",
        "git --version",
    ] {
        elsewhere_in(line, Shell::Git);
    }
}

#[test]
fn english_is_not_git() {
    for line in [
        "git is confusing",
        "git status please",
        "git good",
        "git add the file",
        "git",
        "git rm",
    ] {
        english(line);
    }
}

#[test]
fn odd_lines_of_the_new_systems_never_panic() {
    let lines = [
        "DSPF STMF('/A''B.TXT') FILE((X Y) 'Z')",
        "WRKLNK '/DOCS/*' OBJTYPE(*ALL) DETAIL(",
        "PWRDWNSYS RESTART((*YES) *SYS) DELAY()",
        "===> QSH CMD('echo ''hi''')",
        "Ctrl+\u{2318}\u{21e7}+Alt-SysRq-\u{e9}",
        "^\u{e9}",
        "press \u{2318}",
        "tell application \"Finder\" to make new folder at (path to desktop with properties {name:\"",
        "tell app \u{201c}Finder\u{201d} to delete file \"a:b:\" of folder \"c\" of disk \"d\"",
        "osascript -e 'say \"x\"",
        "git show HEAD: | cat",
        "git ls-tree HEAD: ''",
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

#[test]
fn irc_slash_commands() {
    use Shell::Irc as I;
    reads(
        "/say dinner in 5 minutes",
        I,
        Role::Say,
        vec![t("dinner in 5 minutes")],
    );
    reads("/clear", I, Role::ClearScreen, vec![]);
    reads("/stats u", I, Role::Uptime, vec![]);
    reads("/die", I, Role::PowerOff, vec![]);
    reads("/lastlog", I, Role::History, vec![]);
    reads("/join #logs", I, Role::List, vec![dir_bare("/logs")]);
    // `/exec` hands a shell line over: it is that line's.
    reads(
        "/exec -o rm HELLO.TXT",
        Shell::Posix,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    elsewhere_in("/nick grandpa", I);
    elsewhere_in("/msg anna hi", I);
    // A path, or a slash command with nothing to say, is no IRC line.
    not_read(&["/DOCS", "/say", "/join docs", "/notes.txt"]);
}

#[test]
fn http_request_lines_and_curl() {
    use Shell::Http as H;
    reads(
        "GET /files/NOTES.TXT HTTP/1.1",
        H,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "GET /api/files/meeting%20notes.txt",
        H,
        Role::ShowText,
        vec![p("/meeting notes.txt", true)],
    );
    reads("GET /LOGS/", H, Role::List, vec![dir("/LOGS")]);
    reads("GET /memory?unit=mb", H, Role::Memory, vec![]);
    reads("POST /api/restart", H, Role::Restart, vec![]);
    reads(
        "DELETE /files/old.txt",
        H,
        Role::Remove,
        vec![p("/old.txt", true)],
    );
    reads(
        "MKCOL /Archive",
        H,
        Role::MakeDir,
        vec![p("/Archive", true)],
    );
    reads(
        "MOVE /a.txt Destination: /DOCS/a.txt",
        H,
        Role::Move,
        vec![p("/a.txt", true), p("/DOCS/a.txt", true)],
    );
    reads(
        "PUT /files/plan.txt body: ship it",
        H,
        Role::Write,
        vec![p("/plan.txt", true), t("ship it")],
    );
    reads(
        "POST /files/TODO.TXT/lines {\"text\": \"call the vet\"}",
        H,
        Role::Append,
        vec![p("/TODO.TXT", true), t("call the vet")],
    );
    reads(
        "curl -X DELETE http://localhost:8080/files/x.txt",
        H,
        Role::Remove,
        vec![p("/x.txt", true)],
    );
    reads(
        "curl -s example.org/files/NOTES.TXT | jq .",
        H,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    // A reboot is asked by a POST only; English after a method is no
    // request line.
    not_read(&[
        "GET /reboot",
        "GET the notes",
        "POST a letter",
        "PUT it away",
    ]);
}

#[test]
fn vba_statements_in_the_immediate_window() {
    use Shell::Basic as B;
    reads(
        "FileCopy \"NOTES.TXT\", \"DOCS\\NOTES.TXT\"",
        B,
        Role::Copy,
        vec![p("/NOTES.TXT", true), p("/DOCS/NOTES.TXT", true)],
    );
    reads(
        "Open \"TODO.TXT\" For Append As #1: Print #1, \"call Bob\": Close #1",
        B,
        Role::Append,
        vec![p("/TODO.TXT", true), t("call Bob")],
    );
    reads(
        "Open \"plan.txt\" For Output As #2: Print #2, \"go\": Close #2",
        B,
        Role::Write,
        vec![p("/plan.txt", true), t("go")],
    );
    reads("Debug.Print Now", B, Role::Clock, vec![]);
    reads("Debug.Print GetTickCount", B, Role::Uptime, vec![]);
    reads("MsgBox \"Back soon\"", B, Role::Say, vec![t("Back soon")]);
    reads(
        "MsgBox Dir(\"LOGS\\*.*\")",
        B,
        Role::List,
        vec![p("/LOGS", true)],
    );
    // Reading a file for input changes nothing here to write.
    not_read(&["Open \"TODO.TXT\" For Input As #1", "msgbox the notes"]);
}

#[test]
fn prolog_queries_at_the_top_level() {
    use Shell::Prolog as L;
    reads(
        "?- read_file_to_string('DOCS/GUIDE.TXT', S, []).",
        L,
        Role::ShowText,
        vec![p("/DOCS/GUIDE.TXT", true)],
    );
    reads(
        "?- directory_files('LOGS', Entries).",
        L,
        Role::List,
        vec![dir("/LOGS")],
    );
    reads(
        "?- delete_file('HELLO.TXT').",
        L,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "?- rename_file('TODO.TXT', 'agenda.txt').",
        L,
        Role::Move,
        vec![p("/TODO.TXT", true), p("/agenda.txt", true)],
    );
    reads(
        "?- make_directory('Horn_Clauses').",
        L,
        Role::MakeDir,
        vec![p("/Horn_Clauses", true)],
    );
    reads(
        "?- copy_file('DOCS/FAQ.TXT', 'LOGS/FAQ.TXT').",
        L,
        Role::Copy,
        vec![p("/DOCS/FAQ.TXT", true), p("/LOGS/FAQ.TXT", true)],
    );
    // A stream opened, written and closed is one append or write.
    reads(
        "?- open('NOTES.TXT', append, S), format(S, \"no cut here~n\", []), close(S).",
        L,
        Role::Append,
        vec![p("/NOTES.TXT", true), t("no cut here")],
    );
    reads(
        "?- open('facts.txt', write, Out), write(Out, 'likes(mary, wine).'), close(Out).",
        L,
        Role::Write,
        vec![p("/facts.txt", true), t("likes(mary, wine).")],
    );
    reads(
        "?- format(\"Hello, world~n\").",
        L,
        Role::Say,
        vec![t("Hello, world")],
    );
    reads(
        "?- format(\"~w~n\", ['The answer is no']).",
        L,
        Role::Say,
        vec![t("The answer is no")],
    );
    reads(
        "?- help(rename_file).",
        L,
        Role::Help,
        vec![help_on(Role::Move)],
    );
    // `shell/1` hands a shell line over: it is that line's.
    reads(
        "?- shell('rm OLD.TXT').",
        Shell::Posix,
        Role::Remove,
        vec![p("/OLD.TXT", true)],
    );
    // A goal this file does not know, an unclosed quote, a stream never
    // closed, a variable where the file should be: no reading.
    not_read(&[
        "?- consult('eliza.pl').",
        "?- delete_file('x).",
        "?- open('a.txt', append, S), write(S, 'x').",
        "?- delete_file(F).",
        "?- format(\"~d\", [3]).",
        "?- halt.",
    ]);
}
