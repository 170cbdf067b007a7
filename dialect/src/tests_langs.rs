//! Elixir, Wolfram Language, Go, C#, Java, Kotlin, Lua, Perl, Haskell,
//! Rust, Swift and Clojure lines, as typed at a prompt.

use super::test_util::*;
use super::*;
use alloc::vec;

/// A path spelt as one (every call here quotes its paths).
fn p(path: &str) -> Part {
    super::test_util::p(path, true)
}

#[test]
fn elixir_lines() {
    use Shell::Elixir as E;
    reads(
        "File.read!(\"NOTES.TXT\")",
        E,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads("File.ls!()", E, Role::List, vec![]);
    reads("File.ls!", E, Role::List, vec![]);
    reads("File.ls!(\"DOCS\")", E, Role::List, vec![p("/DOCS")]);
    reads("File.ls(\"LOGS\")", E, Role::List, vec![p("/LOGS")]);
    reads("File.rm!(\"x.txt\")", E, Role::Remove, vec![p("/x.txt")]);
    reads("File.rm(\"x.txt\")", E, Role::Remove, vec![p("/x.txt")]);
    reads("File.rm_rf!(\"old\")", E, Role::Remove, vec![p("/old")]);
    reads(
        "File.cp!(\"a.txt\", \"b.txt\")",
        E,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "File.rename!(\"a.txt\", \"b.txt\")",
        E,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("File.mkdir!(\"x\")", E, Role::MakeDir, vec![p("/x")]);
    reads("File.mkdir_p!(\"a/b\")", E, Role::MakeDir, vec![p("/a/b")]);
    reads(
        "File.write!(\"NOTES.TXT\", \"buy milk\")",
        E,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads(
        "File.write!(\"TODO.TXT\", \"walk dog\\n\", [:append])",
        E,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads("IO.puts \"hello\"", E, Role::Say, vec![t("hello")]);
    reads("IO.puts(\"hello\")", E, Role::Say, vec![t("hello")]);
    reads("IO.inspect(\"hello\")", E, Role::Say, vec![t("hello")]);
    reads("\"hello\" |> IO.puts", E, Role::Say, vec![t("hello")]);
    reads(
        "IO.puts File.read!(\"NOTES.TXT\")",
        E,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "File.read!(\"NOTES.TXT\") |> IO.puts",
        E,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "File.ls!(\"DOCS\") |> Enum.sort() |> IO.inspect()",
        E,
        Role::List,
        vec![p("/DOCS")],
    );
    reads("File.ls!() |> Enum.each(&IO.puts/1)", E, Role::List, vec![]);
    reads(
        "File.read!(\"HELLO.TXT\") |> Base.encode16()",
        E,
        Role::ShowBytes,
        vec![p("/HELLO.TXT")],
    );
    reads(
        "File.read!(\"HELLO.TXT\") |> Base.encode16(case: :lower)",
        E,
        Role::ShowBytes,
        vec![p("/HELLO.TXT")],
    );
    reads("System.schedulers_online()", E, Role::Processor, vec![]);
    reads(
        ":erlang.system_info(:logical_processors)",
        E,
        Role::Processor,
        vec![],
    );
    reads("DateTime.utc_now()", E, Role::Clock, vec![]);
    reads("Date.utc_today()", E, Role::Clock, vec![]);
    reads("NaiveDateTime.local_now()", E, Role::Clock, vec![]);
    reads("DateTime.now!(\"Etc/UTC\")", E, Role::Clock, vec![]);
    reads(":erlang.memory()", E, Role::Memory, vec![]);
    reads(":erlang.memory(:total)", E, Role::Memory, vec![]);
    reads("iex(1)> File.ls!()", E, Role::List, vec![]);
    reads("h File.cp/2", E, Role::Help, vec![help_on(Role::Copy)]);
    reads("h File.rm!", E, Role::Help, vec![help_on(Role::Remove)]);
    reads(
        "h(File.read!/1)",
        E,
        Role::Help,
        vec![help_on(Role::ShowText)],
    );
    // A shell line inside is read as that shell's.
    reads(":os.cmd('ls')", Shell::Posix, Role::List, vec![]);
    reads(
        "System.cmd(\"cat\", [\"NOTES.TXT\"])",
        Shell::Posix,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    // Ruby spells these the same, for the same job.
    reads(
        "File.read(\"NOTES.TXT\")",
        Shell::Ruby,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    // Help on a function nothing here does is Elixir's to give.
    elsewhere_in("h Enum.map/2", E);
    not_read(&[
        "File.read!(path)",
        "File.ls!(\"*.txt\")",
        "File.write!(\"f.txt\", \"x\", [:exclusive])",
        "File.write!(\"f.txt\", data)",
        "IO.puts \"hi #{name}\"",
        "IO.puts name",
        "IO.puts(:stderr, \"oops\")",
        "File.ls!() |> Enum.take(3)",
        "File.ls!() |> Enum.count()",
        "File.ls!() |> Base.encode16()",
        "\"hello\"",
        ":os.cmd(cmd)",
        "System.cmd(\"ls\")",
        ":erlang.system_info(:otp_release)",
        "File.rm!(\"../x\")",
    ]);
}

#[test]
fn wolfram_lines() {
    use Shell::Wolfram as W;
    reads(
        "Import[\"DOCS/GUIDE.TXT\", \"Text\"]",
        W,
        Role::ShowText,
        vec![p("/DOCS/GUIDE.TXT")],
    );
    reads(
        "Import[\"NOTES.TXT\"]",
        W,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "Import[\"HELLO.TXT\", \"Byte\"]",
        W,
        Role::ShowBytes,
        vec![p("/HELLO.TXT")],
    );
    reads("FileNames[]", W, Role::List, vec![]);
    reads(
        "FileNames[\"*\", \"LOGS\"]",
        W,
        Role::List,
        vec![p("/LOGS")],
    );
    reads("FileNames[All, \"DOCS\"]", W, Role::List, vec![p("/DOCS")]);
    reads("FileNames[] // TableForm", W, Role::List, vec![]);
    reads("TableForm[FileNames[]]", W, Role::List, vec![]);
    reads(
        "DeleteFile[\"OLD.TXT\"]",
        W,
        Role::Remove,
        vec![p("/OLD.TXT")],
    );
    reads(
        "DeleteDirectory[\"old\", DeleteContents -> True]",
        W,
        Role::Remove,
        vec![p("/old")],
    );
    reads(
        "RenameFile[\"a.txt\", \"b.txt\"]",
        W,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "CopyFile[\"a.txt\", \"b.txt\", OverwriteTarget -> True]",
        W,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("CreateDirectory[\"x\"]", W, Role::MakeDir, vec![p("/x")]);
    reads("Print[\"hello\"]", W, Role::Say, vec![t("hello")]);
    reads(
        "Print[ReadString[\"NOTES.TXT\"]]",
        W,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "BinaryReadList[\"HELLO.TXT\", \"Byte\", 48]",
        W,
        Role::ShowBytes,
        vec![p("/HELLO.TXT"), Part::Count(48)],
    );
    reads(
        "BinaryReadList[\"HELLO.TXT\"]",
        W,
        Role::ShowBytes,
        vec![p("/HELLO.TXT")],
    );
    reads(
        "ReadList[\"TODO.TXT\", String]",
        W,
        Role::ShowText,
        vec![p("/TODO.TXT")],
    );
    reads(
        "ReadString[\"NOTES.TXT\"]",
        W,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "FilePrint[\"NOTES.TXT\"]",
        W,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "Export[\"NOTES.TXT\", \"buy milk\", \"Text\"]",
        W,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads(
        "SetDirectory[\"DOCS\"]; FileNames[]",
        W,
        Role::List,
        vec![p("/DOCS")],
    );
    reads(
        "SetDirectory[\"DOCS\"]; Import[\"FAQ.TXT\"]",
        W,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT")],
    );
    reads(
        "Import[FileNameJoin[{\"DOCS\", \"FAQ.TXT\"}]]",
        W,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT")],
    );
    reads("DateString[]", W, Role::Clock, vec![]);
    reads("DateString[\"Time\"]", W, Role::Clock, vec![]);
    reads("Now", W, Role::Clock, vec![]);
    reads("Date[]", W, Role::Clock, vec![]);
    reads("$ProcessorCount", W, Role::Processor, vec![]);
    reads("MemoryInUse[]", W, Role::Memory, vec![]);
    reads("$SystemMemory", W, Role::Memory, vec![]);
    reads("In[1]:= FileNames[]", W, Role::List, vec![]);
    reads("?DeleteFile", W, Role::Help, vec![help_on(Role::Remove)]);
    reads("Run[\"ls\"]", Shell::Posix, Role::List, vec![]);
    reads(
        "RunProcess[{\"cat\", \"NOTES.TXT\"}, \"StandardOutput\"]",
        Shell::Posix,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    not_read(&[
        "SystemInformation[]",
        "Import[file]",
        "FileNames[\"*.txt\"]",
        "FileNames[\"*\", \"LOGS\", Infinity]",
        "DeleteDirectory[\"x\", Recursive -> Yes]",
        "BinaryReadList[\"x\", \"Integer32\"]",
        "ReadList[\"x\"]",
        "Print[x]",
        "Export[\"f.txt\", data]",
        "SetDirectory[\"DOCS\"]; Now",
        "SetDirectory[dir]; FileNames[]",
        "Date[2020]",
        "Now what",
        "Today",
    ]);
}

#[test]
fn go_and_csharp_calls() {
    use Shell::{CSharp as C, Go as G};
    reads(
        "os.ReadFile(\"NOTES.TXT\")",
        G,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads("os.Remove(\"x.txt\")", G, Role::Remove, vec![p("/x.txt")]);
    reads("os.RemoveAll(\"old\")", G, Role::Remove, vec![p("/old")]);
    reads(
        "os.Rename(\"a.txt\", \"b.txt\")",
        G,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("os.Mkdir(\"x\", 0755)", G, Role::MakeDir, vec![p("/x")]);
    reads(
        "os.MkdirAll(\"a/b\", 0755)",
        G,
        Role::MakeDir,
        vec![p("/a/b")],
    );
    reads("os.ReadDir(\".\")", G, Role::List, vec![p("/")]);
    reads(
        "os.WriteFile(\"NOTES.TXT\", []byte(\"buy milk\"), 0644)",
        G,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads("fmt.Println(\"hello\")", G, Role::Say, vec![t("hello")]);
    reads("fmt.Println(\"a\", \"b\")", G, Role::Say, vec![t("a b")]);
    reads(
        "fmt.Printf(\"100%% done\\n\")",
        G,
        Role::Say,
        vec![t("100% done")],
    );
    reads("runtime.NumCPU()", G, Role::Processor, vec![]);
    reads("time.Now()", G, Role::Clock, vec![]);
    reads("fmt.Println(time.Now())", G, Role::Clock, vec![]);
    reads(
        "File.ReadAllText(@\"DOCS\\FAQ.TXT\")",
        C,
        Role::ShowText,
        vec![p("/DOCS/FAQ.TXT")],
    );
    reads(
        "File.ReadAllLines(\"NOTES.TXT\");",
        C,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "File.Delete(\"x.txt\");",
        C,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "File.Move(\"a.txt\", \"b.txt\")",
        C,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "File.Copy(\"a.txt\", \"b.txt\", true)",
        C,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "File.WriteAllText(\"NOTES.TXT\", \"buy milk\")",
        C,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads(
        "File.AppendAllText(\"TODO.TXT\", \"walk dog\")",
        C,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads(
        "Directory.GetFiles(\"DOCS\")",
        C,
        Role::List,
        vec![p("/DOCS")],
    );
    reads(
        "Directory.CreateDirectory(\"x\")",
        C,
        Role::MakeDir,
        vec![p("/x")],
    );
    reads(
        "Console.WriteLine(\"hello\");",
        C,
        Role::Say,
        vec![t("hello")],
    );
    reads(
        "Console.WriteLine(File.ReadAllText(\"NOTES.TXT\"))",
        C,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads("Console.Clear()", C, Role::ClearScreen, vec![]);
    reads("DateTime.Now", C, Role::Clock, vec![]);
    reads("Console.WriteLine(DateTime.Now);", C, Role::Clock, vec![]);
    reads("Environment.ProcessorCount", C, Role::Processor, vec![]);
    reads("Environment.TickCount64", C, Role::Uptime, vec![]);
    not_read(&[
        "os.Remove(name)",
        "os.ReadFile(\"*.txt\")",
        "fmt.Printf(\"%d\\n\", n)",
        "fmt.Printf(\"%s\", \"x\")",
        "os.WriteFile(\"f\", data, 0644)",
        "File.Delete(path)",
        "Console.WriteLine($\"hi {name}\")",
        "Console.WriteLine(\"{0}\", x)",
        "Directory.GetFiles(\"DOCS\", \"*.txt\")",
        "Directory.GetFiles(\"DOCS\", \"*\", SearchOption.AllDirectories)",
    ]);
}

#[test]
fn java_kotlin_rust_swift_and_lua_calls() {
    use Shell::{Java as J, Kotlin as K, Lua as L, Rust as R, Swift as S};
    reads(
        "Files.readString(Path.of(\"NOTES.TXT\"))",
        J,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "Files.delete(Paths.get(\"x.txt\"));",
        J,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "Files.copy(Path.of(\"a.txt\"), Path.of(\"b.txt\"), StandardCopyOption.REPLACE_EXISTING)",
        J,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "Files.writeString(Path.of(\"TODO.TXT\"), \"walk dog\", StandardOpenOption.APPEND)",
        J,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads(
        "Files.list(Path.of(\"DOCS\")).forEach(System.out::println)",
        J,
        Role::List,
        vec![p("/DOCS")],
    );
    reads(
        "System.out.println(\"hello\");",
        J,
        Role::Say,
        vec![t("hello")],
    );
    reads(
        "new File(\"x.txt\").delete()",
        J,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "Runtime.getRuntime().availableProcessors()",
        J,
        Role::Processor,
        vec![],
    );
    reads("LocalDateTime.now()", J, Role::Clock, vec![]);
    reads("jshell> new Date()", J, Role::Clock, vec![]);
    reads(
        "File(\"NOTES.TXT\").readText()",
        K,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "println(File(\"NOTES.TXT\").readText())",
        K,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "File(\"x.txt\").delete()",
        K,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "File(\"TODO.TXT\").appendText(\"walk dog\")",
        K,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads(
        "File(\"a.txt\").copyTo(File(\"b.txt\"), true)",
        K,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("File(\"DOCS\").list()", K, Role::List, vec![p("/DOCS")]);
    // Kotlin's `println` is Julia's spelling, for the same job.
    reads(
        "println(\"hello\")",
        Shell::Julia,
        Role::Say,
        vec![t("hello")],
    );
    reads(
        "std::fs::read_to_string(\"NOTES.TXT\")",
        R,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "fs::read_to_string(\"NOTES.TXT\").unwrap()",
        R,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "fs::remove_file(\"x.txt\")?;",
        R,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "fs::rename(\"a.txt\", \"b.txt\").expect(\"rename failed\");",
        R,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "fs::copy(\"a.txt\", \"b.txt\")",
        R,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "fs::create_dir_all(\"a/b\")",
        R,
        Role::MakeDir,
        vec![p("/a/b")],
    );
    reads("fs::read_dir(\".\")", R, Role::List, vec![p("/")]);
    reads(
        "fs::write(\"NOTES.TXT\", \"buy milk\")",
        R,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads("println!(\"hello\");", R, Role::Say, vec![t("hello")]);
    reads(
        "println!(\"{{braces}}\")",
        R,
        Role::Say,
        vec![t("{braces}")],
    );
    reads(
        "println!(\"{}\", fs::read_to_string(\"NOTES.TXT\").unwrap())",
        R,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "std::thread::available_parallelism()",
        R,
        Role::Processor,
        vec![],
    );
    reads(
        "try FileManager.default.removeItem(atPath: \"x.txt\")",
        S,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "try FileManager.default.moveItem(atPath: \"a.txt\", toPath: \"b.txt\")",
        S,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "try FileManager.default.createDirectory(atPath: \"x\", withIntermediateDirectories: true)",
        S,
        Role::MakeDir,
        vec![p("/x")],
    );
    reads(
        "try FileManager.default.contentsOfDirectory(atPath: \"DOCS\")",
        S,
        Role::List,
        vec![p("/DOCS")],
    );
    reads(
        "try String(contentsOfFile: \"NOTES.TXT\", encoding: .utf8)",
        S,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "ProcessInfo.processInfo.processorCount",
        S,
        Role::Processor,
        vec![],
    );
    reads("Date()", S, Role::Clock, vec![]);
    reads("os.date()", L, Role::Clock, vec![]);
    reads("print(os.date(\"%c\"))", L, Role::Clock, vec![]);
    reads(
        "io.open(\"NOTES.TXT\"):read(\"*a\")",
        L,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "print(io.open(\"NOTES.TXT\", \"r\"):read(\"a\"))",
        L,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "io.open(\"TODO.TXT\", \"a\"):write(\"walk dog\")",
        L,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads("io.write(\"hello\")", L, Role::Say, vec![t("hello")]);
    reads(
        "os.execute(\"clear\")",
        Shell::Posix,
        Role::ClearScreen,
        vec![],
    );
    // Lua's and Swift's spellings that are Python's, for the same jobs.
    reads(
        "os.remove(\"x.txt\")",
        Shell::Python,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "print(\"hello\")",
        Shell::Python,
        Role::Say,
        vec![t("hello")],
    );
    not_read(&[
        "Files.readString(path)",
        "Files.delete(Path.of(name))",
        "System.out.println(\"a\" + b)",
        "System.out.println(x)",
        "File(name).delete()",
        "File(\"x\").writeText(text)",
        "fs::remove_file(p)?",
        "println!(\"{name}\")",
        "println!(\"{}\", x)",
        "fs::read_to_string(\"x\").unwrap_or_default()",
        "FileManager.default.removeItem(at: url)",
        "FileManager.default.removeItem(atPath: path)",
        "io.open(\"x\"):read(\"*l\")",
        "io.open(f):read(\"*a\")",
        "Runtime.getRuntime().exec(\"ls\")",
    ]);
}

#[test]
fn haskell_perl_and_clojure_lines() {
    use Shell::{Clojure as C, Haskell as H, Perl as P};
    reads(
        "readFile \"NOTES.TXT\" >>= putStr",
        H,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "putStrLn =<< readFile \"NOTES.TXT\"",
        H,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "readFile \"NOTES.TXT\"",
        H,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads("removeFile \"x.txt\"", H, Role::Remove, vec![p("/x.txt")]);
    reads(
        "System.Directory.removeDirectoryRecursive \"old\"",
        H,
        Role::Remove,
        vec![p("/old")],
    );
    reads(
        "renameFile \"a.txt\" \"b.txt\"",
        H,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "copyFile \"a.txt\" \"b.txt\"",
        H,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("createDirectory \"x\"", H, Role::MakeDir, vec![p("/x")]);
    reads(
        "createDirectoryIfMissing True \"a/b\"",
        H,
        Role::MakeDir,
        vec![p("/a/b")],
    );
    reads("listDirectory \".\"", H, Role::List, vec![p("/")]);
    reads(
        "listDirectory \"DOCS\" >>= mapM_ putStrLn",
        H,
        Role::List,
        vec![p("/DOCS")],
    );
    reads("putStrLn \"hello\"", H, Role::Say, vec![t("hello")]);
    reads(
        "writeFile \"NOTES.TXT\" \"buy milk\"",
        H,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads(
        "appendFile \"TODO.TXT\" \"walk dog\\n\"",
        H,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads("getCurrentTime", H, Role::Clock, vec![]);
    reads("getCurrentTime >>= print", H, Role::Clock, vec![]);
    reads("ghci> getNumProcessors", H, Role::Processor, vec![]);
    reads("unlink \"x.txt\";", P, Role::Remove, vec![p("/x.txt")]);
    reads(
        "unlink \"x.txt\" or die \"cannot: $!\"",
        P,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "rename \"a.txt\", \"b.txt\"",
        P,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads(
        "rename(\"a.txt\", \"b.txt\") || die;",
        P,
        Role::Move,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("mkdir \"x\", 0755;", P, Role::MakeDir, vec![p("/x")]);
    reads("mkdir \"x\" or die", P, Role::MakeDir, vec![p("/x")]);
    reads("rmdir 'old';", P, Role::Remove, vec![p("/old")]);
    reads("print scalar localtime;", P, Role::Clock, vec![]);
    // Without a mark of Perl these are a shell's lines, for the same jobs.
    reads(
        "unlink \"x.txt\"",
        Shell::Posix,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads("mkdir \"x\"", Shell::Posix, Role::MakeDir, vec![p("/x")]);
    // And `print "…"` is Ruby's spelling (PHP's with a `;`).
    reads(
        "print \"hello\\n\"",
        Shell::Ruby,
        Role::Say,
        vec![t("hello")],
    );
    reads(
        "(slurp \"NOTES.TXT\")",
        C,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "(println (slurp \"NOTES.TXT\"))",
        C,
        Role::ShowText,
        vec![p("/NOTES.TXT")],
    );
    reads(
        "(spit \"NOTES.TXT\" \"buy milk\")",
        C,
        Role::Write,
        vec![p("/NOTES.TXT"), t("buy milk")],
    );
    reads(
        "(spit \"TODO.TXT\" \"walk dog\\n\" :append true)",
        C,
        Role::Append,
        vec![p("/TODO.TXT"), t("walk dog")],
    );
    reads("(println \"hello\")", C, Role::Say, vec![t("hello")]);
    reads("(println \"a\" \"b\")", C, Role::Say, vec![t("a b")]);
    reads("user=> (println \"hi\")", C, Role::Say, vec![t("hi")]);
    reads(
        "(io/delete-file \"x.txt\")",
        C,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "(.delete (io/file \"x.txt\"))",
        C,
        Role::Remove,
        vec![p("/x.txt")],
    );
    reads(
        "(.mkdirs (java.io.File. \"a/b\"))",
        C,
        Role::MakeDir,
        vec![p("/a/b")],
    );
    reads(
        "(seq (.list (io/file \"DOCS\")))",
        C,
        Role::List,
        vec![p("/DOCS")],
    );
    reads(
        "(io/copy (io/file \"a.txt\") (io/file \"b.txt\"))",
        C,
        Role::Copy,
        vec![p("/a.txt"), p("/b.txt")],
    );
    reads("(java.util.Date.)", C, Role::Clock, vec![]);
    reads(
        "(.availableProcessors (Runtime/getRuntime))",
        C,
        Role::Processor,
        vec![],
    );
    reads("(doc spit)", C, Role::Help, vec![help_on(Role::Write)]);
    reads("(sh \"ls\")", Shell::Posix, Role::List, vec![]);
    not_read(&[
        "readFile f >>= putStr",
        "readFile \"x\" >>= length",
        "removeFile \"a\" \"b\"",
        "createDirectoryIfMissing \"x\"",
        "putStrLn (show x)",
        "unlink $file;",
        "unlink \"x\" or warn \"hm\"",
        "rename \"a\", \"b\", \"c\";",
        "(slurp f)",
        "(spit \"f\" x)",
        "(spit \"f\" \"t\" :encoding \"utf-8\")",
        "(println (str \"a\" x))",
        "(doc map)",
        "(print this please)",
    ]);
}

#[test]
fn english_that_starts_like_these_languages_is_not_read() {
    for line in [
        "import the notes",
        "Import the notes",
        "print hello",
        "print the notes",
        "delete file please",
        "println is what I use",
        "putStrLn is handy",
        "readFile notes please",
        "unlink the old file",
        "rename notes to todo",
        "mkdir for my photos",
        "File.ls! all of it",
        "IO.puts the notes",
        "Now what",
        "h is for help",
        "spit it out",
        "(spit it out)",
        "slurp the notes",
        "remove file x",
        "Print the notes",
        "FileNames please",
        "DeleteFile notes",
        "os.Remove the file",
        "Console.WriteLine hello",
        "fs::remove_file is the call",
        "date of my birthday",
    ] {
        english(line);
    }
}

#[test]
fn odd_lines_of_these_languages_never_panic() {
    let lines = [
        "File.write!(\"f\", \"t\", [:append]) |> IO.inspect(label: \"x\")",
        "h(File.cp/)",
        "iex(1)> :os.cmd('ls')",
        "SetDirectory[\"DOCS\"]; FileNames[\"*\", \"LOGS\"] // TableForm;",
        "BinaryReadList[\"x\", \"Byte\", 0]",
        "In[1]:= Print @ Import[\"x\"]",
        "File.ReadAllText(@\"C:\\\"\"x\"\"\")",
        "io.open(\"x\", \"a\"):write(\"é\")",
        "println!(\"{{}}\")",
        "try FileManager.default.copyItem(atPath: \"a\", toPath: \"b\")",
        "readFile \"x\" >>= =<< putStr",
        "rename ,, \"a\"",
        "(spit \"f\" \"t\" :append)",
        "user=> (((",
        "λ> listDirectory \"é\"",
    ];
    for l in lines {
        for (i, _) in l.char_indices() {
            let _ = know(&l[..i]);
        }
        let _ = know(l);
    }
}
