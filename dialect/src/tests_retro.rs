//! BASIC, CP/M, AmigaDOS and z/OS lines, and the POSIX lines that clear a
//! terminal or list processes: what they read as, what is another system's
//! job with nothing here to do it, and the English they are not.

use super::test_util::*;
use super::*;
use alloc::vec;

#[test]
fn basic_print_and_the_screen() {
    use Shell::Basic as B;
    reads("PRINT \"HELLO\"", B, Role::Say, vec![t("HELLO")]);
    reads("PRINT \"HELLO\";", B, Role::Say, vec![t("HELLO")]);
    reads("PRINT\"READY.\"", B, Role::Say, vec![t("READY.")]);
    reads("? \"HI\"", B, Role::Say, vec![t("HI")]);
    reads("?\"hello world\"", B, Role::Say, vec![t("hello world")]);
    reads(">PRINT \"HI\"", B, Role::Say, vec![t("HI")]);
    reads("PRINT FRE(0)", B, Role::Memory, vec![]);
    reads("? FRE(0)", B, Role::Memory, vec![]);
    reads("print fre(0)", B, Role::Memory, vec![]);
    reads("PRINT FRE(0)-(FRE(0)<0)*65536", B, Role::Memory, vec![]);
    reads("PRINT CHR$(147)", B, Role::ClearScreen, vec![]);
    reads("?CHR$(147)", B, Role::ClearScreen, vec![]);
    reads("PRINT CHR$(147);", B, Role::ClearScreen, vec![]);
    reads("VDU 12", B, Role::ClearScreen, vec![]);
    reads("SCNCLR", B, Role::ClearScreen, vec![]);
    reads("PRINT TIME$", B, Role::Clock, vec![]);
    reads("PRINT DATE$", B, Role::Clock, vec![]);
    reads("PRINT TI$", B, Role::Clock, vec![]);
    reads("PRINT TI", B, Role::Uptime, vec![]);
    reads("SYS 64738", B, Role::Restart, vec![]);
    reads("SYS64738", B, Role::Restart, vec![]);
    // cmd.exe read CLS before BASIC did; the job is the same.
    reads("CLS", Shell::Cmd, Role::ClearScreen, vec![]);
    // R's help keeps its quoted names; Ruby keeps its lower-case print.
    reads(
        "?\"mean\"",
        Shell::R,
        Role::Help,
        vec![Part::Topic(Topic::Name("mean".into()))],
    );
    reads("print \"hello\"", Shell::Ruby, Role::Say, vec![t("hello")]);
}

#[test]
fn basic_files_and_directories() {
    use Shell::Basic as B;
    reads("LOAD \"$\",8", B, Role::List, vec![]);
    reads("LOAD\"$\",8", B, Role::List, vec![]);
    reads("FILES", B, Role::List, vec![]);
    reads("FILES \"DOCS\"", B, Role::List, vec![p("/DOCS", true)]);
    reads("CATALOG", B, Role::List, vec![]);
    reads("*CAT", B, Role::List, vec![]);
    reads("*.", B, Role::List, vec![]);
    reads(">*CAT", B, Role::List, vec![]);
    reads(
        "*TYPE NOTES.TXT",
        B,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "*TYPE $.DOCS.FAQ",
        B,
        Role::ShowText,
        vec![p("/DOCS/FAQ", true)],
    );
    reads(
        "*DUMP HELLO.TXT",
        B,
        Role::ShowBytes,
        vec![p("/HELLO.TXT", true)],
    );
    reads("*DELETE HELLO", B, Role::Remove, vec![p("/HELLO", false)]);
    reads("KILL \"X.TXT\"", B, Role::Remove, vec![p("/X.TXT", true)]);
    reads(
        "kill \"notes.txt\"",
        B,
        Role::Remove,
        vec![p("/notes.txt", true)],
    );
    reads(
        "NAME \"TODO.TXT\" AS \"TASKS.TXT\"",
        B,
        Role::Move,
        vec![p("/TODO.TXT", true), p("/TASKS.TXT", true)],
    );
    // QBasic's SHELL runs a DOS line: read as that line.
    reads(
        "SHELL \"TYPE NOTES.TXT\"",
        Shell::Cmd,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    // MKDIR with a quoted name was already the POSIX reader's.
    reads(
        "MKDIR \"X\"",
        Shell::Posix,
        Role::MakeDir,
        vec![p("/X", true)],
    );
    let r = read("NAME \"A.TXT\" AS \"DOCS/A.TXT\"").unwrap();
    assert!(!r.renames, "NAME takes a whole new path");
}

#[test]
fn basic_programs_are_elsewhere() {
    for line in [
        "SYSTEM",
        "NEW",
        "LOAD \"PACMAN\",8,1",
        "load \"pacman\",8,1",
        "LOAD \"*\",8,1",
        "SAVE \"X\",8",
        "GOTO 10",
        "GOSUB 100",
        "POKE 53280,0",
        "10 PRINT \"HI\"",
        "20 GOTO 10",
        "10PRINT\"HELLO\":GOTO10",
        "SYS 49152",
        "LIST 10-50",
        "*FX 200,3",
        "VDU 19,0,4,0,0,0",
    ] {
        elsewhere_in(line, Shell::Basic);
    }
    // DCL's PRINT keeps a file name; BASIC's prints what it is given.
    elsewhere_in("PRINT NOTES.TXT", Shell::Dcl);
}

#[test]
fn english_is_not_basic() {
    for line in [
        "print the notes",
        "PRINT THE NOTES",
        "print time",
        "10 PRINT THE NOTES",
        "20 print \"x\"",
        "files",
        "kill 1234",
        "KILL NOTES.TXT",
        "* list of things",
        "new",
        "run the backup",
        "goto the docs folder",
        "FILES \"*.TXT\"",
    ] {
        english(line);
    }
}

#[test]
fn cpm_lines() {
    use Shell::Cpm as C;
    reads("ERA F", C, Role::Remove, vec![p("/F", false)]);
    reads(
        "ERA HELLO.TXT",
        C,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "A>ERA B:NOTES.TXT",
        C,
        Role::Remove,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "era notes.txt",
        C,
        Role::Remove,
        vec![p("/notes.txt", true)],
    );
    // The new name first, the old after the `=`.
    let r = read("REN TASKS.TXT=TODO.TXT").expect("read");
    assert_eq!(
        (r.shell, r.role, &r.parts, r.renames),
        (
            C,
            Role::Move,
            &vec![p("/TODO.TXT", true), p("/TASKS.TXT", true)],
            true
        )
    );
    reads(
        "REN NEW.TXT = OLD.TXT",
        C,
        Role::Move,
        vec![p("/OLD.TXT", true), p("/NEW.TXT", true)],
    );
    reads(
        "PIP NOTES.BAK=NOTES.TXT",
        C,
        Role::Copy,
        vec![p("/NOTES.TXT", true), p("/NOTES.BAK", true)],
    );
    reads(
        "PIP NOTES.BAK=NOTES.TXT[V]",
        C,
        Role::Copy,
        vec![p("/NOTES.TXT", true), p("/NOTES.BAK", true)],
    );
    reads(
        "PIP B:=A:NOTES.TXT",
        C,
        Role::Copy,
        vec![p("/NOTES.TXT", true), dir("/")],
    );
    reads(
        "PIP CON:=NOTES.TXT",
        C,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads("STAT", C, Role::FreeSpace, vec![]);
    reads("STAT A:", C, Role::FreeSpace, vec![]);
    reads("B>STAT B:", C, Role::FreeSpace, vec![]);
    reads("STAT DSK:", C, Role::Storage, vec![]);
    reads(
        "ED NOTES.TXT",
        C,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    // DOS reads these the same, and did first.
    reads("DIR", Shell::Posix, Role::List, vec![]);
    reads("TYPE F", Shell::Cmd, Role::ShowText, vec![p("/F", false)]);
    reads(
        "A>TYPE README.TXT",
        Shell::Cmd,
        Role::ShowText,
        vec![p("/README.TXT", true)],
    );
    for line in [
        "PIP",
        "PIP LST:=NOTES.TXT",
        "STAT VAL:",
        "STAT NOTES.TXT $R/O",
        "USER 3",
        "DDT",
    ] {
        elsewhere_in(line, C);
    }
    for line in [
        "era of kings",
        "ERA *.*",
        "stat notes.txt",
        "ERA",
        "REN A=B=C",
    ] {
        english(line);
    }
}

#[test]
fn amigados_lines() {
    use Shell::AmigaDos as A;
    reads("list", A, Role::List, vec![]);
    reads("LIST", A, Role::List, vec![]);
    reads("list DH0:DOCS", A, Role::List, vec![p("/DOCS", true)]);
    reads("list SYS:", A, Role::List, vec![dir("/")]);
    reads("list docs", A, Role::List, vec![p("/docs", false)]);
    reads("dir DH0:", A, Role::List, vec![dir("/")]);
    reads("dir DF0:DOCS ALL", A, Role::List, vec![p("/DOCS", true)]);
    reads("1.SYS:> dir", A, Role::List, vec![]);
    reads(
        "type DH0:NOTES.TXT",
        A,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "type :LOGS/BOOT.LOG",
        A,
        Role::ShowText,
        vec![p("/LOGS/BOOT.LOG", true)],
    );
    reads(
        "type HELLO.TXT HEX",
        A,
        Role::ShowBytes,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "delete DH0:TODO.TXT",
        A,
        Role::Remove,
        vec![p("/TODO.TXT", true)],
    );
    reads(
        "copy NOTES.TXT TO DOCS",
        A,
        Role::Copy,
        vec![p("/NOTES.TXT", true), p("/DOCS", false)],
    );
    reads(
        "copy FROM DH0:NOTES.TXT TO DH0:DOCS/NOTES.TXT",
        A,
        Role::Copy,
        vec![p("/NOTES.TXT", true), p("/DOCS/NOTES.TXT", true)],
    );
    reads(
        "rename TODO.TXT AS TASKS.TXT",
        A,
        Role::Move,
        vec![p("/TODO.TXT", true), p("/TASKS.TXT", true)],
    );
    reads(
        "rename TODO.TXT TO DOCS/TODO.TXT",
        A,
        Role::Move,
        vec![p("/TODO.TXT", true), p("/DOCS/TODO.TXT", true)],
    );
    reads(
        "makedir ARCHIVE",
        A,
        Role::MakeDir,
        vec![p("/ARCHIVE", true)],
    );
    reads(
        "makedir DH0:DOCS/OLD",
        A,
        Role::MakeDir,
        vec![p("/DOCS/OLD", true)],
    );
    reads("info", A, Role::FreeSpace, vec![]);
    reads("info DH0:", A, Role::FreeSpace, vec![]);
    reads("avail", A, Role::Memory, vec![]);
    reads("avail CHIP", A, Role::Memory, vec![]);
    reads(
        "ed NOTES.TXT",
        A,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads("date", Shell::Posix, Role::Clock, vec![]);
    for line in [
        "list RAM:",
        "dir RAM:",
        "copy NOTES.TXT TO RAM:",
        "type ENV:Sys/def_pref",
        "info RAM:",
        "cd RAM:",
        "assign",
        "assign LIBS: DH0:Libs",
        "endcli",
        "newshell",
        "loadwb",
        "VERSION",
        "version exec.library",
        "version FULL",
    ] {
        elsewhere_in(line, A);
    }
}

#[test]
fn english_is_not_amigados() {
    for line in [
        "list my files please",
        "dir of docs",
        "info about the disk",
        "date of my birthday",
        "type hello on the screen",
        "copy the notes to docs",
        "COPY THE NOTES TO DOCS",
        "copy notes.txt to docs",
        "rename the todo as tasks",
        "makedir my folder",
        "avail memory",
        "assign tasks",
        "ed notes",
        "ed sheeran",
        "version",
        "info docs please",
    ] {
        assert_eq!(elsewhere(line), None, "{line:?}");
        if let Some(r) = read(line) {
            assert_ne!(r.shell, Shell::AmigaDos, "{line:?}");
        }
    }
}

#[test]
fn zos_tso_and_ispf() {
    use Shell::Zos as Z;
    reads("LISTC", Z, Role::List, vec![]);
    reads("LISTCAT", Z, Role::List, vec![]);
    reads("LISTC LEVEL(DOCS)", Z, Role::List, vec![dir("/DOCS")]);
    reads("LISTCAT LEVEL(LOGS) ALL", Z, Role::List, vec![dir("/LOGS")]);
    reads("listc lvl('docs')", Z, Role::List, vec![dir("/docs")]);
    reads("TSO LISTC", Z, Role::List, vec![]);
    reads(
        "Command ===> TSO LISTC LEVEL(DOCS)",
        Z,
        Role::List,
        vec![dir("/DOCS")],
    );
    reads(
        "BROWSE 'NOTES.TXT'",
        Z,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "browse 'todo.txt'",
        Z,
        Role::ShowText,
        vec![p("/todo.txt", true)],
    );
    reads("VIEW 'X'", Z, Role::ShowText, vec![p("/X", true)]);
    reads(
        "BROWSE NOTES.TXT",
        Z,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads("DELETE 'X'", Z, Role::Remove, vec![p("/X", true)]);
    reads(
        "DELETE 'HELLO.TXT' PURGE",
        Z,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    let r = read("RENAME 'TODO.TXT' 'TASKS.TXT'").expect("read");
    assert_eq!(
        (r.shell, r.role, r.renames),
        (Z, Role::Move, true),
        "a data set keeps its place"
    );
    for line in [
        "LISTC LEVEL(USER.DOCS)",
        "BROWSE 'USER.NOTES.TEXT'",
        "BROWSE 'SYS1.PARMLIB(IEASYS00)'",
        "VIEW 'SYS1.PROCLIB'",
        "DELETE 'SYS1.PARMLIB'",
        "RENAME 'A.B.C' 'A.B.D'",
        "=3.4",
        "===> =3.4",
        "=X",
        "LOGOFF",
        "ISPF",
        "ALLOC DA('USER.DATA.SET') F(IN) SHR",
        "FREE FI(IN)",
    ] {
        elsewhere_in(line, Z);
    }
}

#[test]
fn zos_operator_commands() {
    use Shell::Zos as Z;
    reads("D T", Z, Role::Clock, vec![]);
    reads("/D T", Z, Role::Clock, vec![]);
    reads("DISPLAY T", Z, Role::Clock, vec![]);
    reads("D IPLINFO", Z, Role::Uptime, vec![]);
    reads("D M=STOR", Z, Role::Memory, vec![]);
    reads("D M=CPU", Z, Role::Processor, vec![]);
    reads("D M=DEV", Z, Role::Devices, vec![]);
    reads("D U,DASD", Z, Role::Storage, vec![]);
    reads("/D U,DASD,ONLINE", Z, Role::Storage, vec![]);
    for line in [
        "D A,L",
        "/D A,L",
        "D M",
        "D M=MEM",
        "D SMS",
        "Z EOD",
        "S JOB",
        "S CICSPROD",
        "P JES2",
        "C U=IBMUSER",
        "F CICS,CEMT I TASK",
        "R 12,'YES'",
        "$DA",
        "$D A",
        "$PJES2",
        "$D J123",
        "/$DA",
    ] {
        elsewhere_in(line, Z);
    }
}

#[test]
fn english_and_shell_variables_are_not_zos() {
    for line in [
        "browse the notes",
        "view notes.txt",
        "VIEW NOTES",
        "display the notes",
        "S",
        "c u later",
        "C U LATER",
        "$PATH",
        "$HOME",
        "$PS1",
        "$EDITOR",
        "free my memory",
        "d",
        "=",
        "= 3",
    ] {
        assert_eq!(elsewhere(line), None, "{line:?}");
        if let Some(r) = read(line) {
            assert_ne!(r.shell, Shell::Zos, "{line:?}");
        }
    }
    reads(
        "delete 'x'",
        Shell::Matlab,
        Role::Remove,
        vec![p("/x", true)],
    );
}

#[test]
fn posix_lines_that_clear_the_terminal() {
    use Shell::Posix as S;
    for line in [
        "printf '\\033c'",
        "printf \"\\ec\"",
        "printf '\\033[2J\\033[H'",
        "printf \"\\033[H\\033[2J\"",
        "printf '\\e[3J\\e[H\\e[2J'",
        "printf '\\x1bc'",
        "echo -e \"\\033c\"",
        "echo -ne '\\033[2J'",
        "tput clear",
        "tput reset",
    ] {
        reads(line, S, Role::ClearScreen, vec![]);
    }
    reads("echo -n done", S, Role::Say, vec![t("done")]);
    reads("printf 'hello\\n'", S, Role::Say, vec![t("hello")]);
    // Without `-e` bash's echo says the backslashes as typed.
    reads("echo \"\\033c\"", S, Role::Say, vec![t("\\033c")]);
    // Homing the cursor alone blanks nothing.
    reads("printf '\\033[H'", S, Role::Say, vec![t("\\033[H")]);
    assert_eq!(read("tput cols"), None);
    assert_eq!(
        read("printf '\\033c' > screen.txt").map(|r| r.role),
        Some(Role::Write)
    );
}

#[test]
fn process_lists_and_clearing_history_are_elsewhere() {
    for line in [
        "top",
        "htop",
        "top -d 5",
        "ps",
        "ps aux",
        "ps -ef",
        "ps aux | grep ssh",
        "history -c",
    ] {
        elsewhere_in(line, Shell::Posix);
    }
    for line in [
        "Get-Process",
        "Get-Process | Sort CPU -Descending",
        "gps | Select-Object -First 5",
        "Clear-History",
    ] {
        elsewhere_in(line, Shell::PowerShell);
    }
    elsewhere_in("tasklist", Shell::Cmd);
    elsewhere_in("tasklist /v", Shell::Cmd);
    reads("history", Shell::Posix, Role::History, vec![]);
    for line in [
        "top 10 movies",
        "top of the list",
        "PS I love you",
        "ps aux > procs.txt",
        "history of rome",
    ] {
        english(line);
    }
}

#[test]
fn odd_retro_lines_never_panic() {
    let lines = [
        "PRINT \"HELLO",
        "?\"",
        "PRINT CHR$(",
        "LOAD \"$\",",
        "NAME \"A\" AS",
        "NAME \"A\" AS \"",
        "KILL \"",
        "SHELL \"",
        "*TYPE :0.$.",
        "*RENAME $.A",
        "10",
        "10 ",
        ">",
        ">*",
        "REN =",
        "REN A=",
        "PIP =",
        "PIP CON:=",
        "PIP A=B[V",
        "STAT A:DSK:",
        "1.SYS:> ",
        "1> type \"",
        "copy \"a b\" TO \"",
        "list :",
        "type DH0:/",
        "rename A AS",
        "LISTC LEVEL(",
        "LISTC LEVEL()",
        "BROWSE '",
        "BROWSE 'A(",
        "RENAME 'A' '",
        "===>",
        "Command ===> TSO ",
        "/",
        "/D",
        "$",
        "$D '",
        "D M=",
        "R ,",
        "printf '\\033",
        "printf '\\e[",
        "echo -e '\\x1b[2",
        "ps aux |",
        "Get-Process |",
        "history -",
        "PRINT \"\u{e9}\u{1f600}\"",
        "*T\u{e9}",
        "LIST\u{e9}",
        "D \u{e9}",
        "TS\u{e9}LISTC",
        "TSO\u{e9}X",
        "STAT a\u{e9}SK:",
        "Command ===> TS\u{e9}",
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
