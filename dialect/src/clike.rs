//! A call in Go, C#, Java, Kotlin, Rust, Swift or Lua that does one file,
//! screen or machine job with literal arguments (`os.ReadFile("x")`,
//! `File.ReadAllText(@"DOCS\FAQ.TXT")`, `Files.delete(Path.of("x"))`,
//! `File("x").readText()`, `fs::remove_file("x")?`,
//! `FileManager.default.removeItem(atPath: "x")`,
//! `io.open("x"):read("*a")`): what a programmer types into a REPL or a
//! scratch file out of habit. As for Python, only calls whose arguments
//! are all written out are read.
//!
//! Where these languages spell a call as Python, R or Julia do (Lua's
//! `os.remove`, Swift's `print`, Kotlin's `println`), the job is the same
//! and the earlier reader names the language.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

use crate::calls::shows;
use crate::code::{self, Expr};
use crate::lang::{self, Job, Takes};
use crate::{Reading, Shell};

use Shell::{CSharp as Cs, Go, Java, Kotlin as Kt, Lua, Rust as Rs, Swift as Sw};
use Takes::{FileText, Folder, Nothing, Path, Say, Two};

const FUNCS: &[(&[&str], Shell, Takes)] = &[
    (
        &["os.ReadFile", "ioutil.ReadFile"],
        Go,
        Path(Role::ShowText),
    ),
    (&["os.Remove", "os.RemoveAll"], Go, Path(Role::Remove)),
    (&["os.Rename"], Go, Two(Role::Move)),
    (&["os.Mkdir", "os.MkdirAll"], Go, Path(Role::MakeDir)),
    (&["os.ReadDir", "ioutil.ReadDir"], Go, Folder),
    (
        &["os.WriteFile", "ioutil.WriteFile"],
        Go,
        FileText(Role::Write),
    ),
    (&["fmt.Println"], Go, Say(" ")),
    (&["fmt.Print", "fmt.Printf"], Go, Say("")),
    (&["runtime.NumCPU"], Go, Nothing(Role::Processor)),
    (&["time.Now"], Go, Nothing(Role::Clock)),
    (
        &["File.ReadAllText", "File.ReadAllLines", "File.ReadLines"],
        Cs,
        Path(Role::ShowText),
    ),
    (&["File.ReadAllBytes"], Cs, Path(Role::ShowBytes)),
    (&["File.Delete", "Directory.Delete"], Cs, Path(Role::Remove)),
    (&["File.Move", "Directory.Move"], Cs, Two(Role::Move)),
    (&["File.Copy"], Cs, Two(Role::Copy)),
    (&["File.WriteAllText"], Cs, FileText(Role::Write)),
    (&["File.AppendAllText"], Cs, FileText(Role::Append)),
    (
        &[
            "Directory.GetFiles",
            "Directory.GetFileSystemEntries",
            "Directory.EnumerateFiles",
            "Directory.EnumerateFileSystemEntries",
        ],
        Cs,
        Folder,
    ),
    (&["Directory.CreateDirectory"], Cs, Path(Role::MakeDir)),
    (&["Console.WriteLine", "Console.Write"], Cs, Say("")),
    (&["Console.Clear"], Cs, Nothing(Role::ClearScreen)),
    (
        &["Files.readString", "Files.readAllLines"],
        Java,
        Path(Role::ShowText),
    ),
    (&["Files.readAllBytes"], Java, Path(Role::ShowBytes)),
    (
        &["Files.delete", "Files.deleteIfExists"],
        Java,
        Path(Role::Remove),
    ),
    (&["Files.move"], Java, Two(Role::Move)),
    (&["Files.copy"], Java, Two(Role::Copy)),
    (
        &["Files.createDirectory", "Files.createDirectories"],
        Java,
        Path(Role::MakeDir),
    ),
    (&["Files.writeString"], Java, FileText(Role::Write)),
    (&["System.out.println", "System.out.print"], Java, Say("")),
    (
        &[
            "LocalDateTime.now",
            "LocalDate.now",
            "LocalTime.now",
            "ZonedDateTime.now",
            "Instant.now",
            "System.currentTimeMillis",
        ],
        Java,
        Nothing(Role::Clock),
    ),
    (
        &["std::fs::read_to_string", "fs::read_to_string"],
        Rs,
        Path(Role::ShowText),
    ),
    (&["std::fs::read", "fs::read"], Rs, Path(Role::ShowBytes)),
    (
        &[
            "std::fs::remove_file",
            "fs::remove_file",
            "std::fs::remove_dir",
            "fs::remove_dir",
            "std::fs::remove_dir_all",
            "fs::remove_dir_all",
        ],
        Rs,
        Path(Role::Remove),
    ),
    (&["std::fs::rename", "fs::rename"], Rs, Two(Role::Move)),
    (&["std::fs::copy", "fs::copy"], Rs, Two(Role::Copy)),
    (
        &[
            "std::fs::create_dir",
            "fs::create_dir",
            "std::fs::create_dir_all",
            "fs::create_dir_all",
        ],
        Rs,
        Path(Role::MakeDir),
    ),
    (&["std::fs::read_dir", "fs::read_dir"], Rs, Folder),
    (&["std::fs::write", "fs::write"], Rs, FileText(Role::Write)),
    (&["println!", "print!"], Rs, Say("")),
    (
        &[
            "std::thread::available_parallelism",
            "thread::available_parallelism",
            "num_cpus::get",
        ],
        Rs,
        Nothing(Role::Processor),
    ),
    (
        &[
            "std::time::SystemTime::now",
            "SystemTime::now",
            "chrono::Local::now",
            "Local::now",
            "chrono::Utc::now",
            "Utc::now",
        ],
        Rs,
        Nothing(Role::Clock),
    ),
    // Swift names its arguments: the paths come from `atPath:`,
    // `toPath:` and `contentsOfFile:`.
    (&["FileManager.default.removeItem"], Sw, Path(Role::Remove)),
    (&["FileManager.default.moveItem"], Sw, Two(Role::Move)),
    (&["FileManager.default.copyItem"], Sw, Two(Role::Copy)),
    (
        &["FileManager.default.createDirectory"],
        Sw,
        Path(Role::MakeDir),
    ),
    (&["FileManager.default.contentsOfDirectory"], Sw, Folder),
    (&["String"], Sw, Path(Role::ShowText)),
    (&["Date"], Sw, Nothing(Role::Clock)),
    (&["os.date", "os.time"], Lua, Nothing(Role::Clock)),
    (&["io.write"], Lua, Say("")),
    (&["os.execute"], Lua, Takes::Shell),
];

/// Values written without a call that tell what a job does.
const BARE: &[(&str, Shell, Role)] = &[
    ("DateTime.Now", Cs, Role::Clock),
    ("DateTime.UtcNow", Cs, Role::Clock),
    ("DateTime.Today", Cs, Role::Clock),
    ("DateTimeOffset.Now", Cs, Role::Clock),
    ("Environment.ProcessorCount", Cs, Role::Processor),
    // Milliseconds since the machine started.
    ("Environment.TickCount", Cs, Role::Uptime),
    ("Environment.TickCount64", Cs, Role::Uptime),
    (
        "ProcessInfo.processInfo.processorCount",
        Sw,
        Role::Processor,
    ),
    (
        "ProcessInfo.processInfo.activeProcessorCount",
        Sw,
        Role::Processor,
    ),
    ("ProcessInfo.processInfo.physicalMemory", Sw, Role::Memory),
    ("ProcessInfo.processInfo.systemUptime", Sw, Role::Uptime),
];

/// Prints of one value that belong to no table above: Lua's and Swift's
/// `print`, Kotlin's `println`, of a call that shows something.
const PRINTS: &[&str] = &["print", "println"];

/// A setting that changes nothing of the job: an overwrite flag, a
/// permission, an encoding, a search of the top folder only.
fn harmless(e: &Expr) -> bool {
    match e {
        Expr::Num(_) => true,
        Expr::Name(n) => matches!(
            n.as_str(),
            "true"
                | "false"
                | "nil"
                | "null"
                | "utf8"
                | "StandardCopyOption.REPLACE_EXISTING"
                | "StandardCopyOption.ATOMIC_MOVE"
                | "StandardOpenOption.CREATE"
                | "StandardCharsets.UTF_8"
                | "SearchOption.TopDirectoryOnly"
                | "Encoding.UTF8"
        ),
        _ => false,
    }
}

/// A string written out, or wrapped in what only makes a path or bytes
/// of it (`Path.of("x")`, `Paths.get("x")`, `File("x")`, Go's
/// `[]byte("t")`).
fn string(e: &Expr) -> Option<String> {
    match e {
        Expr::Str(s) => Some(s.clone()),
        Expr::Call {
            name,
            on: None,
            args,
            keywords,
        } if keywords.is_empty()
            && matches!(
                name.as_str(),
                "Path.of" | "Paths.get" | "File" | "byte" | "Path::new"
            ) =>
        {
            match args.as_slice() {
                [Expr::Str(s)] => Some(s.clone()),
                _ => None,
            }
        }
        _ => None,
    }
}

fn job(e: &Expr, newed: bool) -> Option<Job> {
    match e {
        Expr::Name(n) => BARE
            .iter()
            .find(|(b, _, _)| b == n)
            .map(|&(_, shell, role)| (shell, role, Vec::new())),
        Expr::Call {
            name,
            on: Some(on),
            args,
            keywords,
        } if keywords.is_empty() => method(name, on, args, newed),
        Expr::Call {
            name,
            on: None,
            args,
            keywords,
        } => call(name, args, keywords, newed),
        _ => None,
    }
}

/// The job of a call that prints `inner`, when `inner` is a call that
/// shows something: the same.
fn printed(inner: &Expr, newed: bool) -> Option<Job> {
    if code::text(inner).is_some() {
        return None;
    }
    job(inner, newed).filter(|j| shows(j.1))
}

fn call(name: &str, args: &[Expr], keywords: &[(String, Expr)], newed: bool) -> Option<Job> {
    let entry = FUNCS.iter().find(|(names, _, _)| names.contains(&name));
    let prints = PRINTS.contains(&name) || matches!(entry, Some((_, _, Say(_))));
    if prints && keywords.is_empty() {
        match args {
            [inner] if code::text(inner).is_none() => return printed(inner, newed),
            // Rust's `println!("{}", fs::read_to_string("x")?)`.
            [Expr::Str(f), inner] if f == "{}" && name.ends_with('!') => {
                return printed(inner, newed)
            }
            _ => {}
        }
    }
    let &(_, shell, takes) = entry?;
    let shell = if name == "Date" && newed { Java } else { shell };
    let mut strs = Vec::new();
    let mut append = false;
    if shell == Sw {
        if !args.is_empty() {
            return None;
        }
        for (k, v) in keywords {
            match k.as_str() {
                "atPath" | "toPath" | "contentsOfFile" => strs.push(code::text(v)?.to_string()),
                "withIntermediateDirectories" | "attributes" | "encoding" if harmless(v) => {}
                _ => return None,
            }
        }
    } else {
        if !keywords.is_empty() {
            return None;
        }
        let wanted = match takes {
            Path(_) | Folder => 1,
            Two(_) | FileText(_) => 2,
            Nothing(_) => 0,
            Say(_) | Takes::Shell => usize::MAX,
        };
        for a in args {
            if let Some(s) = string(a) {
                // A pattern of every name, or the clock's format.
                let extra_ok = takes == Folder && matches!(s.as_str(), "*" | "*.*")
                    || takes == Nothing(Role::Clock);
                if strs.len() < wanted {
                    strs.push(s);
                } else if !extra_ok {
                    return None;
                }
                continue;
            }
            match a {
                Expr::Name(n) if n == "StandardOpenOption.APPEND" => append = true,
                a if harmless(a) => {}
                _ => return None,
            }
        }
    }
    if let Say(_) = takes {
        // One string each, or a format with its values.
        if matches!(shell, Cs | Java | Rs) && strs.len() > 1 {
            return None;
        }
        if name == "fmt.Printf" {
            strs = unformatted(&strs, &[("%%", "%")], &['%'])?;
        }
        if shell == Rs {
            strs = unformatted(&strs, &[("{{", "{"), ("}}", "}")], &['{', '}'])?;
        }
    }
    let takes = match takes {
        FileText(Role::Write) if append => FileText(Role::Append),
        t => t,
    };
    lang::apply(shell, takes, &strs)
}

/// A format's texts with its doubled marks made single, or `None` when a
/// mark is left that takes a value (`%d`, `{name}`).
fn unformatted(strs: &[String], doubled: &[(&str, &str)], marks: &[char]) -> Option<Vec<String>> {
    strs.iter()
        .map(|s| {
            let bare = doubled.iter().fold(s.clone(), |t, (d, _)| t.replace(d, ""));
            let single = doubled
                .iter()
                .fold(s.clone(), |t, (d, one)| t.replace(d, one));
            (!bare.contains(marks)).then_some(single)
        })
        .collect()
}

/// A method called on a value: Rust's `.unwrap()`, Java's
/// `.forEach(System.out::println)`, a Kotlin or Java `File`'s, Lua's
/// `io.open(p):read("*a")`, the JVM's `Runtime.getRuntime()`.
fn method(name: &str, on: &Expr, args: &[Expr], newed: bool) -> Option<Job> {
    if matches!(name, "unwrap" | "expect") {
        let plain = match args {
            [] => true,
            [Expr::Str(_)] => name == "expect",
            _ => false,
        };
        return job(on, newed).filter(|j| plain && j.0 == Rs);
    }
    if name == "forEach" {
        if !matches!(args, [Expr::Name(n)] if n == "System.out::println") {
            return None;
        }
        if let Expr::Call {
            name: lister,
            on: None,
            args: largs,
            ..
        } = on
        {
            if lister == "Files.list" {
                let [p] = largs.as_slice() else { return None };
                return lang::apply(Java, Folder, &[string(p)?]);
            }
        }
        return job(on, newed).filter(|j| j.0 == Java && shows(j.1));
    }
    let Expr::Call {
        name: maker,
        on: None,
        args: margs,
        keywords,
    } = on
    else {
        return None;
    };
    if !keywords.is_empty() {
        return None;
    }
    match maker.as_str() {
        "File" => {
            let [p] = margs.as_slice() else { return None };
            let mut strs = alloc::vec![code::text(p)?.to_string()];
            let takes = match (name, args) {
                ("readText" | "readLines", []) => Path(Role::ShowText),
                ("readBytes", []) => Path(Role::ShowBytes),
                ("delete" | "deleteRecursively", []) => Path(Role::Remove),
                ("mkdir" | "mkdirs", []) => Path(Role::MakeDir),
                ("list" | "listFiles", []) => Folder,
                ("writeText" | "appendText", [t]) => {
                    strs.push(code::text(t)?.to_string());
                    if name == "writeText" {
                        FileText(Role::Write)
                    } else {
                        FileText(Role::Append)
                    }
                }
                ("copyTo" | "renameTo", [to, rest @ ..]) if rest.iter().all(harmless) => {
                    let Expr::Call { name: f, .. } = to else {
                        return None;
                    };
                    if f != "File" {
                        return None;
                    }
                    strs.push(string(to)?);
                    if name == "copyTo" {
                        Two(Role::Copy)
                    } else {
                        Two(Role::Move)
                    }
                }
                _ => return None,
            };
            lang::apply(if newed { Java } else { Kt }, takes, &strs)
        }
        "io.open" => {
            let (p, mode) = match margs.as_slice() {
                [p] => (p, "r"),
                [p, m] => (p, code::text(m)?),
                _ => return None,
            };
            let p = code::text(p)?.to_string();
            match (name, mode, args) {
                ("read", "r", [how])
                    if code::text(how).is_some_and(|h| matches!(h, "*a" | "*all" | "a")) =>
                {
                    lang::apply(Lua, Path(Role::ShowText), &[p])
                }
                ("write", "w" | "a", [t]) => {
                    let role = if mode == "w" {
                        Role::Write
                    } else {
                        Role::Append
                    };
                    lang::apply(Lua, FileText(role), &[p, code::text(t)?.to_string()])
                }
                _ => None,
            }
        }
        "Runtime.getRuntime" if margs.is_empty() && args.is_empty() => {
            let role = match name {
                "availableProcessors" => Role::Processor,
                "totalMemory" | "freeMemory" | "maxMemory" => Role::Memory,
                _ => return None,
            };
            Some((Java, role, Vec::new()))
        }
        _ => None,
    }
}

/// The line with what these languages add to a call and the shared
/// parser does not read made plain: a C# verbatim string (`@"C:\x"`), a
/// Java `new`, Swift's `try` and `.utf8`, Go's `[]byte(…)`, Lua's `:`
/// method calls, Rust's `?`; and whether a `new` was taken out.
fn plain(line: &str) -> Option<(String, bool)> {
    let mut line = line.trim();
    for p in ["jshell>", "try!", "try?", "try "] {
        line = line.strip_prefix(p).unwrap_or(line).trim_start();
    }
    let line = line.trim_end_matches(';').trim_end();
    let line = line.strip_suffix('?').unwrap_or(line);
    let b = line.as_bytes();
    let mut out = String::new();
    let mut newed = false;
    let mut i = 0;
    while i < b.len() {
        let rest = &line[i..];
        if let Some(v) = rest.strip_prefix("@\"") {
            // Backslashes are themselves; `""` is one quote.
            let mut j = 0;
            let vb = v.as_bytes();
            out.push('"');
            loop {
                match vb.get(j)? {
                    b'"' if vb.get(j + 1) == Some(&b'"') => {
                        out.push_str("\\\"");
                        j += 2;
                    }
                    b'"' => break,
                    b'\\' => {
                        out.push_str("\\\\");
                        j += 1;
                    }
                    _ => {
                        let c = v[j..].chars().next()?;
                        out.push(c);
                        j += c.len_utf8();
                    }
                }
            }
            out.push('"');
            i += 2 + j + 1;
            continue;
        }
        if rest.starts_with(['"', '\'', '`']) {
            let (_, n) = code::quoted(rest)?;
            out.push_str(&rest[..n]);
            i += n;
            continue;
        }
        let word_start = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if word_start && rest.starts_with("new ") {
            newed = true;
            i += 4;
            continue;
        }
        let swaps = [("[]byte(", "byte("), (": .", ": ")];
        if let Some((from, to)) = swaps.iter().find(|(f, _)| rest.starts_with(f)) {
            out.push_str(to);
            i += from.len();
            continue;
        }
        if rest.starts_with("):") && rest[2..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            out.push_str(").");
            i += 2;
            continue;
        }
        let c = rest.chars().next()?;
        out.push(c);
        i += c.len_utf8();
    }
    Some((out, newed))
}

/// Reads `line` as one call in Go, C#, Java, Kotlin, Rust, Swift or Lua,
/// or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    let (line, newed) = plain(line)?;
    let e = code::parse_with(&line, false)?;
    job(&e, newed).map(lang::reading)
}
