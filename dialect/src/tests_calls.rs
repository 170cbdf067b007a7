//! R, MATLAB/Octave, Julia, Ruby and PHP lines, as typed at a prompt.

use super::test_util::*;
use super::*;
use alloc::vec;

/// A path spelt as one (every call here quotes its paths).
fn p(path: &str) -> Part {
    super::test_util::p(path, true)
}

#[test]
fn r_calls() {
    use Shell::R;
    reads(
        "readLines(\"NOTES.TXT\")",
        R,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "cat(readLines(\"DOCS/FAQ.TXT\"), sep = \"\\n\")",
        R,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT")],
    );
    reads(
        "readLines(con = \"TODO.TXT\", n = 5, warn = FALSE)",
        R,
        Role::ShowText,
        vec![p("/TODO.TXT")],
    );
    reads(
        "print(readLines(\"README.TXT\"))",
        R,
        Role::ShowText,
        vec![p("/README.TXT")],
    );
    reads(
        "writeLines(\"buy milk\", \"NOTES.TXT\")",
        R,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads(
        "cat(\"call the bank\\n\", file = \"TODO.TXT\", append = TRUE)",
        R,
        Role::Append,
        vec![p("/TODO.TXT"), t("call the bank")],
    );
    reads(
        "cat(\"fresh start\", file = \"NOTES.TXT\")",
        R,
        Role::Write,
        vec![p("/NOTES.TXT"), t("fresh start")],
    );
    reads(
        "write(\"one more\", file = \"TODO.TXT\", append = T)",
        R,
        Role::Append,
        vec![p("/TODO.TXT"), t("one more")],
    );
    reads(
        "cat(\"hello world\\n\")",
        R,
        Role::Say,
        vec![t("hello world")],
    );
    reads("cat(\"a\", \"b\")", R, Role::Say, vec![t("a b")]);
    reads("message(\"done\")", R, Role::Say, vec![t("done")]);
    reads("writeLines(\"hi\")", R, Role::Say, vec![t("hi")]);
    reads("list.files(\"LOGS\")", R, Role::List, vec![p("/LOGS")]);
    reads("list.files()", R, Role::List, vec![]);
    reads(
        "list.files(path = \"DOCS\", full.names = TRUE)",
        R,
        Role::List,
        vec![p("/DOCS")],
    );
    reads("dir(\"DOCS\")", R, Role::List, vec![p("/DOCS")]);
    reads(
        "file.copy(\"TODO.TXT\", \"DOCS\")",
        R,
        Role::Copy,
        vec![p("/TODO.TXT"), p("/DOCS")],
    );
    reads(
        "file.copy(from = \"a.txt\", to = \"b.txt\", overwrite = TRUE)",
        R,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "file.remove(\"HELLO.TXT\")",
        R,
        Role::Remove,
        vec![p("/HELLO.TXT")],
    );
    reads(
        "unlink(\"old\", recursive = TRUE)",
        R,
        Role::Remove,
        vec![p("/old")],
    );
    reads(
        "file.rename(\"TODO.TXT\", \"tasks.txt\")",
        R,
        Role::Move,
        vec![p("/TODO.TXT"), p("/tasks.txt")],
    );
    reads(
        "dir.create(\"analysis\")",
        R,
        Role::MakeDir,
        vec![p("/analysis")],
    );
    reads(
        "file.show(\"NOTES.TXT\")",
        R,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "readBin(\"HELLO.TXT\", \"raw\", 32)",
        R,
        Role::ShowBytes,
        vec![p("/HELLO.TXT"), Part::Count(32)],
    );
    reads(
        "readBin(\"HELLO.TXT\", what = raw(), n = 16L)",
        R,
        Role::ShowBytes,
        vec![p("/HELLO.TXT"), Part::Count(16)],
    );
    reads("parallel::detectCores()", R, Role::Processor, vec![]);
    reads("detectCores(logical = FALSE)", R, Role::Processor, vec![]);
    reads("Sys.time()", R, Role::Clock, vec![]);
    reads("Sys.Date()", R, Role::Clock, vec![]);
    reads("date()", R, Role::Clock, vec![]);
    reads("format(Sys.time(), \"%H:%M\")", R, Role::Clock, vec![]);
    reads("print(Sys.time())", R, Role::Clock, vec![]);
    reads("?file.copy", R, Role::Help, vec![help_on(Role::Copy)]);
    reads("??readLines", R, Role::Help, vec![help_on(Role::ShowText)]);
    reads("help(file.copy)", R, Role::Help, vec![help_on(Role::Copy)]);
    reads(
        "help(\"file.remove\")",
        R,
        Role::Help,
        vec![help_on(Role::Remove)],
    );
    reads("help()", R, Role::Help, vec![]);
    reads("cat(\"\\014\")", R, Role::ClearScreen, vec![]);
    reads("cat(\"\\f\")", R, Role::ClearScreen, vec![]);
    reads("history()", R, Role::History, vec![]);
    reads("> list.files(\"LOGS\")", R, Role::List, vec![p("/LOGS")]);
    // A shell line inside is read as that shell's.
    reads("system(\"ls\")", Shell::Posix, Role::List, vec![]);
    reads(
        "system2(\"cat\", \"NOTES.TXT\")",
        Shell::Posix,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "system(\"dir DOCS\", intern = TRUE)",
        Shell::Posix,
        Role::List,
        vec![Part::Path {
            path: "/DOCS".into(),
            spelt: false,
            folder: false,
        }],
    );
    not_read(&[
        "readLines(f)",
        "readLines(paste0(\"NOTES\", \".TXT\"))",
        "list.files(pattern = \"\\\\.txt$\")",
        "list.files(\"*.txt\")",
        "file.remove(\"../x\")",
        "readBin(\"HELLO.TXT\", \"integer\", 4)",
        "cat(x, file = \"a.txt\")",
        "cat(readLines(\"a.txt\"), file = \"b.txt\")",
        "memory.limit(size = 8000)",
        "print(file.remove(\"a.txt\"))",
        "Sys.time",
        "system(cmd)",
        "help(me find my notes)",
    ]);
}

#[test]
fn matlab_and_octave_lines() {
    use Shell::Matlab as M;
    reads("dir('DOCS')", M, Role::List, vec![p("/DOCS")]);
    reads("ls('LOGS')", M, Role::List, vec![p("/LOGS")]);
    reads(
        "type('NOTES.TXT')",
        M,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "disp(fileread('DOCS/FAQ.TXT'))",
        M,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT")],
    );
    reads(
        "delete('HELLO.TXT')",
        M,
        Role::Remove,
        vec![p("/HELLO.TXT")],
    );
    reads("rmdir('old', 's')", M, Role::Remove, vec![p("/old")]);
    reads(
        "copyfile('TODO.TXT', 'DOCS')",
        M,
        Role::Copy,
        vec![p("/TODO.TXT"), p("/DOCS")],
    );
    reads(
        "movefile('a.txt', 'b.txt', 'f')",
        M,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("mkdir('results')", M, Role::MakeDir, vec![p("/results")]);
    reads(
        "mkdir('DOCS', 'old')",
        M,
        Role::MakeDir,
        vec![p("/DOCS/old")],
    );
    reads("disp('hi there')", M, Role::Say, vec![t("hi there")]);
    reads("fprintf('done\\n')", M, Role::Say, vec![t("done")]);
    reads(
        "fprintf('100%% done\\n');",
        M,
        Role::Say,
        vec![t("100% done")],
    );
    reads(
        "writelines(\"dear diary\", \"NOTES.TXT\", \"WriteMode\", \"append\")",
        M,
        Role::Append,
        vec![p("/NOTES.TXT"), t("dear diary")],
    );
    reads("clc", M, Role::ClearScreen, vec![]);
    reads("clc()", M, Role::ClearScreen, vec![]);
    reads("datetime('now')", M, Role::Clock, vec![]);
    reads("datestr(now)", M, Role::Clock, vec![]);
    reads("clock", M, Role::Clock, vec![]);
    reads("memory", M, Role::Memory, vec![]);
    reads("feature('numcores')", M, Role::Processor, vec![]);
    reads("commandhistory", M, Role::History, vec![]);
    reads("doc", M, Role::Help, vec![]);
    reads("help('copyfile')", M, Role::Help, vec![help_on(Role::Copy)]);
    reads(">> dir('DOCS');", M, Role::List, vec![p("/DOCS")]);
    // Command syntax.
    reads("help copyfile", M, Role::Help, vec![help_on(Role::Copy)]);
    reads("doc movefile", M, Role::Help, vec![help_on(Role::Move)]);
    reads(
        "copyfile TODO.TXT DOCS",
        M,
        Role::Copy,
        vec![
            p("/TODO.TXT"),
            Part::Path {
                path: "/DOCS".into(),
                spelt: false,
                folder: false,
            },
        ],
    );
    reads(
        "movefile a.txt b.txt",
        M,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("delete x.txt", M, Role::Remove, vec![p("/x.txt")]);
    reads("disp hello", M, Role::Say, vec![t("hello")]);
    reads(
        "type NOTES.TXT",
        Shell::Cmd,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads("!ls", Shell::Posix, Role::List, vec![]);
    not_read(&[
        "fprintf(fid, 'hi\\n')",
        "fprintf('%d\\n', 5)",
        "datetime(2020, 1, 1)",
        "dir('*.m')",
        "delete(f)",
        "disp(x)",
        "delete the readme please",
        "memory is full of junk",
        "clock in at nine",
        "copyfile please",
        "doc, what's up",
    ]);
    reads("help clc", M, Role::Help, vec![help_on(Role::ClearScreen)]);
}

#[test]
fn julia_calls() {
    use Shell::Julia as J;
    reads("readdir(\"DOCS\")", J, Role::List, vec![p("/DOCS")]);
    reads("readdir()", J, Role::List, vec![]);
    reads(
        "readdir(\"LOGS\"; join=true)",
        J,
        Role::List,
        vec![p("/LOGS")],
    );
    reads(
        "read(\"NOTES.TXT\", String)",
        J,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "println(read(\"NOTES.TXT\", String))",
        J,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "read(\"HELLO.TXT\")",
        J,
        Role::ShowBytes,
        vec![p("/HELLO.TXT")],
    );
    reads(
        "read(\"HELLO.TXT\", 16)",
        J,
        Role::ShowBytes,
        vec![p("/HELLO.TXT"), Part::Count(16)],
    );
    reads(
        "readlines(\"TODO.TXT\")",
        J,
        Role::ShowText,
        vec![p("/TODO.TXT")],
    );
    reads("println(\"hi\")", J, Role::Say, vec![t("hi")]);
    reads(
        "write(\"f.txt\", \"some text\")",
        J,
        Role::Write,
        vec![p("/f.txt"), t("some text")],
    );
    reads(
        "open(\"TODO.TXT\", \"a\") do io write(io, \"water plants\") end",
        J,
        Role::Append,
        vec![p("/TODO.TXT"), t("water plants")],
    );
    reads(
        "open(\"NOTES.TXT\", \"w\") do f; println(f, \"clean slate\"); end",
        J,
        Role::Write,
        vec![p("/NOTES.TXT"), t("clean slate")],
    );
    reads("mkdir(\"data\")", J, Role::MakeDir, vec![p("/data")]);
    reads("mkpath(\"a/b\")", J, Role::MakeDir, vec![p("/a/b")]);
    reads(
        "rm(\"old\"; recursive=true)",
        J,
        Role::Remove,
        vec![p("/old")],
    );
    reads(
        "cp(\"a.txt\", \"b.txt\"; force=true)",
        J,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "mv(\"a.txt\", \"b.txt\")",
        J,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("Sys.CPU_THREADS", J, Role::Processor, vec![]);
    reads("println(Sys.CPU_THREADS)", J, Role::Processor, vec![]);
    reads("Sys.total_memory()", J, Role::Memory, vec![]);
    reads("Sys.free_memory()", J, Role::Memory, vec![]);
    reads("Sys.uptime()", J, Role::Uptime, vec![]);
    reads("now()", J, Role::Clock, vec![]);
    reads("julia> now()", J, Role::Clock, vec![]);
    reads("?cp", J, Role::Help, vec![help_on(Role::Copy)]);
    reads(
        ";ls DOCS",
        Shell::Posix,
        Role::List,
        vec![Part::Path {
            path: "/DOCS".into(),
            spelt: false,
            folder: false,
        }],
    );
    reads("run(`ls`)", Shell::Posix, Role::List, vec![]);
    not_read(&[
        "println(\"hi $name\")",
        "write(\"f.txt\", x)",
        "readdir(dir)",
        "read(\"x\", Int)",
        "open(\"f.txt\", \"a\") do io write(other, \"x\") end",
        ";",
    ]);
}

#[test]
fn ruby_lines() {
    use Shell::Ruby as B;
    reads(
        "File.read(\"NOTES.TXT\")",
        B,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "puts File.read(\"DOCS/FAQ.TXT\")",
        B,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT")],
    );
    reads(
        "IO.readlines('TODO.TXT')",
        B,
        Role::ShowText,
        vec![p("/TODO.TXT")],
    );
    reads(
        "File.open(\"NOTES.TXT\").read",
        B,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "File.binread(\"HELLO.TXT\", 32)",
        B,
        Role::ShowBytes,
        vec![p("/HELLO.TXT"), Part::Count(32)],
    );
    reads("Dir.entries(\".\")", B, Role::List, vec![p("/")]);
    reads(
        "puts Dir.children(\"DOCS\")",
        B,
        Role::List,
        vec![p("/DOCS")],
    );
    reads("Dir.mkdir(\"x\")", B, Role::MakeDir, vec![p("/x")]);
    reads(
        "FileUtils.mkdir_p(\"a/b\")",
        B,
        Role::MakeDir,
        vec![p("/a/b")],
    );
    reads("File.delete(\"x.txt\")", B, Role::Remove, vec![p("/x.txt")]);
    reads("FileUtils.rm_rf(\"old\")", B, Role::Remove, vec![p("/old")]);
    reads(
        "FileUtils.cp(\"a.txt\", \"b.txt\")",
        B,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "FileUtils.mv(\"a.txt\", \"DOCS\")",
        B,
        Role::Move,
        vec![p("/a.txt"), p("/DOCS")],
    );
    reads(
        "File.rename(\"a.txt\", \"b.txt\")",
        B,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "File.write(\"f.txt\", \"hello\")",
        B,
        Role::Write,
        vec![p("/f.txt"), t("hello")],
    );
    reads(
        "File.write(\"f.txt\", \"more\", mode: \"a\")",
        B,
        Role::Append,
        vec![p("/f.txt"), t("more")],
    );
    reads(
        "File.open(\"TODO.TXT\", \"a\") { |f| f.puts \"feed the cat\" }",
        B,
        Role::Append,
        vec![p("/TODO.TXT"), t("feed the cat")],
    );
    reads(
        "File.open(\"NOTES.TXT\", \"w\") do |f| f.write(\"new\") end",
        B,
        Role::Write,
        vec![p("/NOTES.TXT"), t("new")],
    );
    reads(
        "File.open('TODO.TXT', 'a') { |f| f << 'more' }",
        B,
        Role::Append,
        vec![p("/TODO.TXT"), t("more")],
    );
    reads("puts \"hi\"", B, Role::Say, vec![t("hi")]);
    reads("p 'hi'", B, Role::Say, vec![t("hi")]);
    reads("print \"hi\"", B, Role::Say, vec![t("hi")]);
    reads("Time.now", B, Role::Clock, vec![]);
    reads("puts Time.now", B, Role::Clock, vec![]);
    reads("Time.now.strftime(\"%H:%M\")", B, Role::Clock, vec![]);
    reads("Etc.nprocessors", B, Role::Processor, vec![]);
    reads(
        "irb(main):001:0> Dir.children(\"LOGS\")",
        B,
        Role::List,
        vec![p("/LOGS")],
    );
    reads("system(\"clear\")", Shell::Posix, Role::ClearScreen, vec![]);
    not_read(&[
        "Dir[\"*\"]",
        "Dir.glob(\"*.txt\")",
        "puts \"hi #{name}\"",
        "puts name",
        "File.read(path)",
        "FileUtils.rm(\"a.txt\", noop: true)",
        "File.open(\"f\", \"a\") { |f| g.puts \"x\" }",
        "puts the notes on screen",
        "p",
    ]);
}

#[test]
fn php_lines() {
    use Shell::Php as H;
    reads(
        "echo file_get_contents('NOTES.TXT');",
        H,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "<?php echo file_get_contents(\"TODO.TXT\"); ?>",
        H,
        Role::ShowText,
        vec![p("/TODO.TXT")],
    );
    reads(
        "readfile('README.TXT');",
        H,
        Role::ShowText,
        vec![p("/README.TXT")],
    );
    reads("scandir('DOCS')", H, Role::List, vec![p("/DOCS")]);
    reads("print_r(scandir('.'));", H, Role::List, vec![p("/")]);
    reads("unlink('x.txt');", H, Role::Remove, vec![p("/x.txt")]);
    reads("rmdir('old');", H, Role::Remove, vec![p("/old")]);
    reads(
        "copy('a.txt', 'b.txt');",
        H,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "rename('a.txt', 'b.txt');",
        H,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("mkdir('x', 0755, true);", H, Role::MakeDir, vec![p("/x")]);
    reads(
        "file_put_contents('f.txt', 'text');",
        H,
        Role::Write,
        vec![p("/f.txt"), t("text")],
    );
    reads(
        "file_put_contents('TODO.TXT', \"walk dog\\n\", FILE_APPEND | LOCK_EX);",
        H,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads("echo \"hi\";", H, Role::Say, vec![t("hi")]);
    reads("echo 'hi' . PHP_EOL;", H, Role::Say, vec![t("hi")]);
    reads("echo 'a', 'b';", H, Role::Say, vec![t("ab")]);
    reads("print \"hi\";", H, Role::Say, vec![t("hi")]);
    reads("echo date('Y-m-d');", H, Role::Clock, vec![]);
    reads("date('H:i')", H, Role::Clock, vec![]);
    reads("disk_free_space('/');", H, Role::FreeSpace, vec![]);
    reads("echo memory_get_usage();", H, Role::Memory, vec![]);
    reads("php > echo \"hi\";", H, Role::Say, vec![t("hi")]);
    reads("shell_exec('ls');", Shell::Posix, Role::List, vec![]);
    // Without its `;`, `echo "hi"` is a POSIX shell's.
    reads("echo \"hi\"", Shell::Posix, Role::Say, vec![t("hi")]);
    not_read(&[
        "phpinfo();",
        "echo $x;",
        "echo \"hi $name\";",
        "unlink($file);",
        "file_put_contents('f.txt', $data);",
        "echo file_get_contents($f);",
        "date('Y', 0)",
    ]);
}

#[test]
fn python_and_shell_lines_keep_their_reading() {
    reads("print('hi')", Shell::Python, Role::Say, vec![t("hi")]);
    reads(
        "dir docs",
        Shell::Posix,
        Role::List,
        vec![Part::Path {
            path: "/docs".into(),
            spelt: false,
            folder: false,
        }],
    );
    not_read(&["os.system(\"rm notes.txt\")", "print(\"\\x0c\")"]);
}

#[test]
fn odd_lines_of_these_languages_never_panic() {
    let lines = [
        "readBin(\"HELLO.TXT\", what = raw(), n = -3L)",
        "cat(\"\\014\", file = \"a\", append = TRUE)",
        "File.open(\"f\", \"a\") { |f| f.puts(\"t\") }",
        "open(\"f\", \"a\") do io; write(io, \"x\"); end",
        "<?php echo 'a' . PHP_EOL; ?>",
        "?\"file.copy\"",
        "irb(main):001:0> p \"\\x0",
        "system2(\"ls\", c(\"-l\", \"DOCS\"))",
        "parallel::detectCores(::)",
        "x = -",
        "f(a: , b =",
        ";!;",
        "\"\\777\"",
        "mkdir('a', 'b', 'c')",
        "datestr(now(clock))",
    ];
    for l in lines {
        for (i, _) in l.char_indices() {
            let _ = read(&l[..i]);
        }
        let _ = read(l);
    }
}

/// A one-liner handed to an interpreter is the line it hands over, after
/// the interpreter's own options and Python's imports.
#[test]
fn one_liners_are_the_lines_they_hand_over() {
    assert_eq!(
        one_liner("perl -MFile::Copy -e 'copy(\"DOCS/FAQ.TXT\", \"faq.bak\")'"),
        Some("copy(\"DOCS/FAQ.TXT\", \"faq.bak\")")
    );
    assert_eq!(
        one_liner("python3 -c 'import os; os.remove(\"HELLO.TXT\")'"),
        Some("os.remove(\"HELLO.TXT\")")
    );
    assert_eq!(one_liner("sh -c \"rm HELLO.TXT\";"), Some("rm HELLO.TXT"));
    assert_eq!(one_liner("perl -e 'print `uptime`'"), Some("uptime"));
    assert_eq!(one_liner("x 'rm HELLO.TXT';"), Some("rm HELLO.TXT"));
    assert_eq!(one_liner("x marks the spot"), None);
    assert_eq!(one_liner("perl is a language"), None);
    assert_eq!(one_liner("sh -c 'rm a' 'b'"), None);
    assert_eq!(
        know("bash -c 'ls DOCS'"),
        know("ls DOCS"),
        "the one-liner reads as its line"
    );
}
