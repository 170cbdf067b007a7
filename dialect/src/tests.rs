use super::test_util::*;
use super::*;
use alloc::vec;

#[test]
fn powershell_cmdlets_and_their_parameters() {
    use Shell::PowerShell as P;
    reads(
        "Get-Content .\\NOTES.TXT",
        P,
        Role::ShowText,
        vec![p("/NOTES.TXT", true)],
    );
    reads(
        "Get-Content C:\\LOGS\\BOOT.LOG",
        P,
        Role::ShowText,
        vec![p("/LOGS/BOOT.LOG", true)],
    );
    reads(
        "Get-Content '.\\meeting notes.txt'",
        P,
        Role::ShowText,
        vec![p("/meeting notes.txt", true)],
    );
    reads(
        "Remove-Item .\\HELLO.TXT",
        P,
        Role::Remove,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "New-Item -ItemType Directory -Name Scripts",
        P,
        Role::MakeDir,
        vec![p("/Scripts", false)],
    );
    reads(
        "Add-Content -Path .\\TODO.TXT -Value 'patch Tuesday'",
        P,
        Role::Append,
        vec![p("/TODO.TXT", true), t("patch Tuesday")],
    );
    reads(
        "Set-Content notes.txt \"all clear\"",
        P,
        Role::Write,
        vec![p("/notes.txt", true), t("all clear")],
    );
    reads(
        "Format-Hex .\\HELLO.TXT",
        P,
        Role::ShowBytes,
        vec![p("/HELLO.TXT", true)],
    );
    reads(
        "Format-Hex -Path hello.txt -Count 32",
        P,
        Role::ShowBytes,
        vec![p("/hello.txt", true), Part::Count(32)],
    );
    reads(
        "Get-WinEvent -MaxEvents 20",
        P,
        Role::KernelLog,
        vec![Part::Count(20)],
    );
    reads("Get-PSDrive", P, Role::FreeSpace, vec![]);
    reads("Get-PSDrive C", P, Role::FreeSpace, vec![]);
    reads(
        "(Get-CimInstance Win32_OperatingSystem).LastBootUpTime",
        P,
        Role::Uptime,
        vec![],
    );
    reads(
        "Get-ComputerInfo -Property CsTotalPhysicalMemory",
        P,
        Role::Memory,
        vec![],
    );
    reads(
        "Get-CimInstance Win32_Processor",
        P,
        Role::Processor,
        vec![],
    );
    reads(
        "Get-Help Copy-Item",
        P,
        Role::Help,
        vec![Part::Topic(Topic::Role(Role::Copy))],
    );
    reads(
        "Rename-Item .\\TODO.TXT done.txt",
        P,
        Role::Move,
        vec![p("/TODO.TXT", true), p("/done.txt", true)],
    );
    assert!(read("Rename-Item a.txt b.txt").unwrap().renames);
    reads(
        "Copy-Item -Path .\\Docs\\faq.txt -Destination .\\faq2.txt",
        P,
        Role::Copy,
        vec![p("/Docs/faq.txt", true), p("/faq2.txt", true)],
    );
    reads("Get-ChildItem -Recurse", P, Role::List, vec![]);
    reads("Restart-Computer -Force", P, Role::Restart, vec![]);
    reads("Stop-Computer", P, Role::PowerOff, vec![]);
    reads("Clear-Host", P, Role::ClearScreen, vec![]);
    reads("Get-Date", P, Role::Clock, vec![]);
    reads(
        "\"sprint ends friday\" | Out-File -Append .\\NOTES.TXT",
        P,
        Role::Append,
        vec![p("/NOTES.TXT", true), t("sprint ends friday")],
    );
}

#[test]
fn cmd_lines_and_their_switches() {
    use Shell::Cmd as C;
    reads("dir /w /p", C, Role::List, vec![]);
    reads("dir docs /s", C, Role::List, vec![p("/docs", false)]);
    reads(
        "del /f /q TODO.TXT, the list is done",
        C,
        Role::Remove,
        vec![p("/TODO.TXT", true)],
    );
    reads(
        "type C:\\DOCS\\FAQ.TXT",
        C,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT", true)],
    );
    reads(
        "more \"meeting notes.txt\"",
        Shell::Posix,
        Role::ShowText,
        vec![p("/meeting notes.txt", true)],
    );
    reads("doskey /history | more", C, Role::History, vec![]);
    reads(
        "shutdown /r /f /t 0 /c \"patching\"",
        C,
        Role::Restart,
        vec![],
    );
    reads("shutdown /s /t 0", C, Role::PowerOff, vec![]);
    reads(
        "ren hello.txt hi.txt",
        C,
        Role::Move,
        vec![p("/hello.txt", true), p("/hi.txt", true)],
    );
    reads(
        "copy notes.txt C:\\DOCS\\",
        C,
        Role::Copy,
        vec![p("/notes.txt", true), dir("/DOCS")],
    );
    reads("md Scripts", C, Role::MakeDir, vec![p("/Scripts", false)]);
    reads("cls", C, Role::ClearScreen, vec![]);
    reads("wmic cpu get name", C, Role::Processor, vec![]);
    reads("systeminfo | find \"Boot Time\"", C, Role::Uptime, vec![]);
    reads(
        "copy /?",
        C,
        Role::Help,
        vec![Part::Topic(Topic::Role(Role::Copy))],
    );
    reads(
        "C:\\> del junk.txt",
        C,
        Role::Remove,
        vec![p("/junk.txt", true)],
    );
    assert!(
        read("shutdown /a").is_none(),
        "aborting a shutdown is no shutdown"
    );
}

#[test]
fn posix_lines_flags_pipes_and_redirections() {
    use Shell::Posix as S;
    reads("cat /proc/cpuinfo | grep flags", S, Role::Processor, vec![]);
    reads("cat /proc/meminfo", S, Role::Memory, vec![]);
    reads(
        "dmesg | tail -20",
        S,
        Role::KernelLog,
        vec![Part::Count(20)],
    );
    reads(
        "journalctl -k -n 50",
        S,
        Role::KernelLog,
        vec![Part::Count(50)],
    );
    reads(
        "tail -n 5 /var/log/syslog",
        S,
        Role::KernelLog,
        vec![Part::Count(5)],
    );
    reads(
        "tail -20 /var/log/syslog",
        S,
        Role::KernelLog,
        vec![Part::Count(20)],
    );
    reads(
        "xxd -l 40 hello.txt",
        S,
        Role::ShowBytes,
        vec![p("/hello.txt", true), Part::Count(40)],
    );
    reads(
        "hexdump -C -n 64 /LOGS/BOOT.LOG",
        S,
        Role::ShowBytes,
        vec![p("/LOGS/BOOT.LOG", true), Part::Count(64)],
    );
    reads("ls -la /DOCS", S, Role::List, vec![p("/DOCS", true)]);
    reads("ls -l /LOGS", S, Role::List, vec![p("/LOGS", true)]);
    reads(
        "hexdump -C /LOGS/BOOT.LOG | head -4",
        S,
        Role::ShowBytes,
        vec![p("/LOGS/BOOT.LOG", true), Part::Count(64)],
    );
    reads(
        "rm -rf ./old\\ notes.txt",
        S,
        Role::Remove,
        vec![p("/old notes.txt", true)],
    );
    reads(
        "echo shipped 0.1 >> /NOTES.TXT",
        S,
        Role::Append,
        vec![p("/NOTES.TXT", true), t("shipped 0.1")],
    );
    reads(
        "echo 'all good' > status.txt",
        S,
        Role::Write,
        vec![p("/status.txt", true), t("all good")],
    );
    reads(
        "printf 'a line\\n' | tee -a notes.txt",
        S,
        Role::Append,
        vec![p("/notes.txt", true), t("a line")],
    );
    reads("echo hello world", S, Role::Say, vec![t("hello world")]);
    reads("sudo shutdown -r now", S, Role::Restart, vec![]);
    reads("sudo shutdown -h now", S, Role::PowerOff, vec![]);
    reads(
        "sudo shutdown -r +0 \"shift change\"",
        S,
        Role::Restart,
        vec![],
    );
    reads("systemctl reboot", S, Role::Restart, vec![]);
    reads("free -h", S, Role::Memory, vec![]);
    reads("df -h /", S, Role::FreeSpace, vec![]);
    reads("lsblk", S, Role::Storage, vec![]);
    reads("smartctl --info /dev/nvme0", S, Role::Storage, vec![]);
    reads("date +%T", S, Role::Clock, vec![]);
    reads("uptime -p", S, Role::Uptime, vec![]);
    reads("lscpu", S, Role::Processor, vec![]);
    reads(
        "man cp",
        S,
        Role::Help,
        vec![Part::Topic(Topic::Role(Role::Copy))],
    );
    reads(
        "man route",
        S,
        Role::Help,
        vec![Part::Topic(Topic::Name("route".into()))],
    );
    reads(
        "rm --help",
        S,
        Role::Help,
        vec![Part::Topic(Topic::Role(Role::Remove))],
    );
    reads(
        "mv hello.txt logs/",
        S,
        Role::Move,
        vec![p("/hello.txt", true), dir("/logs")],
    );
    reads(
        "$ cat notes.txt | less",
        S,
        Role::ShowText,
        vec![p("/notes.txt", true)],
    );
    reads("echo hi 2>&1", S, Role::Say, vec![t("hi")]);
}

#[test]
fn python_and_javascript_calls_with_literal_arguments() {
    use Shell::{JavaScript as J, Python as Py};
    reads(
        "open('notes.txt').read()",
        Py,
        Role::ShowText,
        vec![p("/notes.txt", true)],
    );
    reads(
        "print(open(\"docs/faq.txt\").read())",
        Py,
        Role::ShowText,
        vec![p("/docs/faq.txt", true)],
    );
    reads(
        "os.listdir(\"/DOCS\")",
        Py,
        Role::List,
        vec![p("/DOCS", true)],
    );
    reads("os.listdir()", Py, Role::List, vec![]);
    reads(
        "os.mkdir(\"projects\")",
        Py,
        Role::MakeDir,
        vec![p("/projects", true)],
    );
    reads(
        "shutil.copy(\"README.TXT\", \"readme_copy.txt\")",
        Py,
        Role::Copy,
        vec![p("/README.TXT", true), p("/readme_copy.txt", true)],
    );
    reads(
        "os.remove(\"photo-list 2026.txt\")",
        Py,
        Role::Remove,
        vec![p("/photo-list 2026.txt", true)],
    );
    reads(
        "os.rename(\"TODO.TXT\", \"tasks.txt\")",
        Py,
        Role::Move,
        vec![p("/TODO.TXT", true), p("/tasks.txt", true)],
    );
    reads(
        "print(\"hello world\", end=\"\")",
        Py,
        Role::Say,
        vec![t("hello world")],
    );
    reads(
        "with open(\"todo.txt\", \"a\") as f: f.write(\"learn loops\")",
        Py,
        Role::Append,
        vec![p("/todo.txt", true), t("learn loops")],
    );
    reads(
        "open('a.txt', 'w').write('hi there')",
        Py,
        Role::Write,
        vec![p("/a.txt", true), t("hi there")],
    );
    reads(
        "console.log(\"it finally works\");",
        J,
        Role::Say,
        vec![t("it finally works")],
    );
    reads(
        "fs.readFileSync('hello.txt', 'utf8')",
        J,
        Role::ShowText,
        vec![p("/hello.txt", true)],
    );
    reads(
        "fs.appendFileSync('notes.txt', 'done')",
        J,
        Role::Append,
        vec![p("/notes.txt", true), t("done")],
    );
    for line in [
        "open(name).read()",
        "print(x)",
        "os.remove(path + '.bak')",
        "console.log(`hi ${name}`)",
        "print(len(open('a.txt').read()))",
        "eval(\"rm -rf /\")",
        "os.system(\"rm notes.txt\")",
        "open('a.txt', 'w').write(data)",
    ] {
        assert_eq!(read(line), None, "{line:?}");
    }
}

#[test]
fn mac_commands_and_typed_out_clear_keys() {
    use Shell::Posix as S;
    reads("diskutil list", S, Role::Storage, vec![]);
    reads("system_profiler SPPCIDataType", S, Role::Devices, vec![]);
    reads(
        "sysctl -n machdep.cpu.brand_string",
        S,
        Role::Processor,
        vec![],
    );
    reads("vm_stat", S, Role::Memory, vec![]);
    reads("cmd-K", Shell::Keys, Role::ClearScreen, vec![]);
    reads("Ctrl+L", Shell::Keys, Role::ClearScreen, vec![]);
    assert_eq!(read("system_profiler"), None);
}

#[test]
fn english_that_starts_with_a_command_word_is_not_read() {
    for line in [
        "type hello on the screen",
        "clear the notes file",
        "history of rome",
        "date of my birthday",
        "free up some space",
        "time to go home",
        "help me find my notes",
        "man overboard in the logs",
        "copy the faq to faq2.txt",
        "move the todo into docs",
        "remove the readme please",
        "cat the gide",
        "more coffee please",
        "tail of the log",
        "write me a sonnet about autumn",
        "write hello to a.txt",
        "shutdown the machine please",
        "ls the docs folder",
        "dir of logs",
        "reboot it now please",
        "uptime?",
        "Get-Process | Sort CPU -Descending",
        "ipconfig /all",
        "cat notes.txt | wc -l",
        "dmesg, just the last two lines",
        "rm *.txt",
        "cat ../etc/passwd",
        "echo $HOME",
        "cat a.txt; rm a.txt",
        "cat a.txt && rm a.txt",
        "Remove-Item notes.txt -WhatIf",
        "Get-ComputerInfo",
        "cat /etc/passwd",
        "echo \"unterminated",
        "",
        "   ",
    ] {
        assert_eq!(read(line), None, "{line:?} was read as a shell line");
    }
}

#[test]
fn a_bare_word_where_a_path_goes_is_marked_unspelt() {
    let r = read("del notes").unwrap();
    assert_eq!(r.parts, vec![p("/notes", false)]);
    let r = read("cat \"notes\"").unwrap();
    assert_eq!(r.parts, vec![p("/notes", true)], "quoting spells it");
}

#[test]
fn reading_odd_lines_never_panics() {
    // Every prefix of lines full of quotes, operators and separators.
    let lines = [
        "Get-Content -Path",
        "\"|>>\\ '",
        "echo >",
        "cat >> >",
        "( ).",
        "(Get-CimInstance).",
        "xxd -l",
        "New-Item -ItemType",
        "C:\\>",
        "PS >",
        "$ ",
        "shutdown /t",
        "2>",
        "rm \\ ",
        "echo a | tee",
        "Format-Hex -Count x y",
        "del ,, ,",
    ];
    for l in lines {
        for (i, _) in l.char_indices() {
            let _ = read(&l[..i]);
        }
        let _ = read(l);
    }
}

/// One SQL statement with literal names is the file job it does: a table
/// is a file, a schema a folder.
#[test]
fn sql_statements_read_as_file_jobs() {
    reads(
        "SELECT * FROM notes;",
        Shell::Sql,
        Role::ShowText,
        vec![p("/notes", false)],
    );
    reads(
        "select * from todo limit 100",
        Shell::Sql,
        Role::ShowText,
        vec![p("/todo", false)],
    );
    reads("SHOW TABLES;", Shell::Sql, Role::List, vec![]);
    reads(
        "DESCRIBE docs;",
        Shell::Sql,
        Role::List,
        vec![p("/docs", false)],
    );
    reads("SELECT NOW();", Shell::Sql, Role::Clock, vec![]);
    reads(
        "INSERT INTO todo VALUES ('call the bank''s office');",
        Shell::Sql,
        Role::Append,
        vec![p("/todo", false), t("call the bank's office")],
    );
    reads(
        "CREATE SCHEMA staging;",
        Shell::Sql,
        Role::MakeDir,
        vec![p("/staging", false)],
    );
    reads(
        "CREATE TABLE notes_backup AS SELECT * FROM notes;",
        Shell::Sql,
        Role::Copy,
        vec![p("/notes", false), p("/notes_backup", false)],
    );
    reads(
        "DROP TABLE hello;",
        Shell::Sql,
        Role::Remove,
        vec![p("/hello", false)],
    );
    // A column list, a join, two values or English are not read.
    for line in [
        "SELECT name FROM notes",
        "SELECT * FROM notes JOIN todo ON 1=1",
        "INSERT INTO todo VALUES ('a', 'b')",
        "select the notes for me",
        "show tables in the kitchen",
    ] {
        assert!(read(line).is_none(), "{line:?}");
    }
}
