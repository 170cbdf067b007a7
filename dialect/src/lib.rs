#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
//! Lines typed in another shell's language, read as the job they ask for.
//!
//! People bring their hands from the shell they use every day: `Get-Content
//! .\NOTES.TXT`, `del /f /q TODO.TXT`, `xxd -l 40 hello.txt`, `dmesg | tail
//! -20`, `sudo shutdown -r now`. Such a line is not a request in English for
//! the model to guess at; it says exactly what it wants, in a language with
//! a known meaning. [`read`] recognises the common commands of a POSIX shell
//! with coreutils, of `cmd.exe` and of PowerShell (and one-call lines of
//! Python and JavaScript, and one SQL statement on a table), and returns the job
//! ([`command::Role`]) and what the line gives it (paths, a count, a text).
//!
//! Other systems' lines are read the same way, each by its own reader: R,
//! MATLAB, Julia, Ruby and PHP calls; Go, C#, Java, Kotlin, Rust, Swift
//! and Lua calls (`os.ReadFile("NOTES.TXT")`, `fs::remove_file("x")`);
//! Elixir at IEx (`File.ls!() |> Enum.sort()`, `h File.cp/2`); the
//! Wolfram Language (`Import["NOTES.TXT", "Text"]`, `FileNames[] //
//! TableForm`); Haskell's and Perl's calls without parentheses
//! (`readFile "NOTES.TXT" >>= putStr`, `unlink "OLD.TXT";`); a Clojure
//! form (`(slurp "NOTES.TXT")`); OpenVMS DCL; Cisco IOS; Emacs and Vim
//! commands; a home computer's BASIC, CP/M and AmigaDOS; z/OS's TSO and
//! operator commands; IBM i's control language (`DSPF '/NOTES.TXT'`,
//! `PWRDWNSYS RESTART(*YES)`); keys typed out as a chord (`Ctrl+Alt+Del`,
//! `cmd-K`, `Alt+SysRq+B`); one line of AppleScript (`tell application
//! "Finder" to delete file "HELLO.TXT"`); and git's commands on files (`git
//! rm HELLO.TXT`, `git show HEAD:NOTES.TXT`); an IRC client's slash commands
//! (`/say hi all`, `/clear`, `/stats u`); an HTTP request line or its `curl`
//! (`GET /files/NOTES.TXT`, `MKCOL /Fixtures`). A line that is plainly one of
//! theirs for a job no applet has (`git push`, `WRKACTJOB`, `alt+f4`) is
//! named by [`elsewhere`].
//!
//! It names no applet: the request path asks the live command table which
//! reachable applet does the job, so read-only mode, an added applet and a
//! missing file are handled as for any request. It knows nothing of the
//! volume either: a bare word where a path goes (`dir docs`) is marked as
//! such, and only a name the volume holds makes it a path.
//!
//! A line that only starts like a command (`type hello on the screen`,
//! `clear the notes file`, `history of rome`) is English, not a shell
//! line: every word must be a shell word (a flag, a path, a number, a
//! quoted text where the command takes one), or nothing is read.

extern crate alloc;

mod applescript;
mod basic;
mod calls;
mod clike;
mod clojure;
mod code;
mod dcl;
mod editor;
mod elixir;
mod git;
mod http;
mod ibmi;
mod ios;
mod irc;
mod keys;
mod lang;
mod mainframe;
mod prolog;
mod retro;
mod spaced;
mod sql;
mod wolfram;

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use command::Role;

/// The shell whose language a line is read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shell {
    Posix,
    Cmd,
    PowerShell,
    /// A call in Python (`os.listdir("/DOCS")`), as a programmer types it.
    Python,
    /// A call in JavaScript (`console.log("done")`, `fs.readFileSync`).
    JavaScript,
    /// A statement of SQL (`SELECT * FROM notes;`), a table being a file.
    Sql,
    /// A call in R (`readLines("NOTES.TXT")`, `list.files("LOGS")`).
    R,
    /// A line of MATLAB or Octave (`dir('DOCS')`, `type NOTES.TXT`, `clc`).
    Matlab,
    /// A call in Julia (`readdir("DOCS")`, `println("hi")`).
    Julia,
    /// A line of Ruby (`File.read("NOTES.TXT")`, `puts "hi"`).
    Ruby,
    /// A line of PHP (`echo file_get_contents('NOTES.TXT');`).
    Php,
    /// A line of OpenVMS DCL (`$ TYPE [.LOGS]BOOT.LOG`, `$ DIRECTORY/SIZE`).
    Dcl,
    /// A line of Cisco IOS (`show flash:`, `more flash:NOTES.TXT`).
    Ios,
    /// Emacs keys and commands (`C-x C-f ~/NOTES.TXT`, `M-x make-directory`).
    Emacs,
    /// A vi or Vim command (`:e NOTES.TXT`, `:!ls`).
    Vim,
    /// An immediate line of a home computer's BASIC (`PRINT "HI"`, `?
    /// FRE(0)`, `LOAD "$",8`, `*CAT`).
    Basic,
    /// A line of CP/M's console (`ERA OLD.TXT`, `REN NEW.TXT=OLD.TXT`).
    Cpm,
    /// A line of the Amiga's shell (`list DH0:DOCS`, `copy A TO B`).
    AmigaDos,
    /// A TSO or ISPF command, or an MVS operator's (`LISTC LEVEL(DOCS)`,
    /// `D IPLINFO`).
    Zos,
    /// A command of IBM i's control language (`DSPF STMF('/NOTES.TXT')`,
    /// `WRKLNK '/DOCS/*'`, `PWRDWNSYS RESTART(*YES)`).
    IbmI,
    /// Keys pressed, typed out (`Ctrl+Alt+Del`, `cmd-K`, `Alt+SysRq+B`).
    Keys,
    /// A line of AppleScript (`tell application "Finder" to delete file
    /// "HELLO.TXT"`, `display dialog "hi"`).
    AppleScript,
    /// A git command on the files (`git rm HELLO.TXT`, `git show
    /// HEAD:NOTES.TXT`).
    Git,
    /// A line of Elixir (`File.read!("NOTES.TXT")`, `File.ls!() |>
    /// Enum.sort()`, `h File.cp/2`).
    Elixir,
    /// A line of the Wolfram Language (`Import["NOTES.TXT", "Text"]`,
    /// `FileNames[] // TableForm`).
    Wolfram,
    /// A call in Go (`os.ReadFile("NOTES.TXT")`, `fmt.Println("hi")`).
    Go,
    /// A call in C# (`File.ReadAllText(@"DOCS\FAQ.TXT")`, `DateTime.Now`).
    CSharp,
    /// A call in Java (`Files.readString(Path.of("NOTES.TXT"))`).
    Java,
    /// A call in Kotlin (`File("NOTES.TXT").readText()`).
    Kotlin,
    /// A call in Lua (`io.open("NOTES.TXT"):read("*a")`, `os.date()`).
    Lua,
    /// A line of Perl (`unlink "OLD.TXT";`, `rename "a", "b"`).
    Perl,
    /// A line of Haskell (`readFile "NOTES.TXT" >>= putStr`,
    /// `removeFile "x"`).
    Haskell,
    /// A call in Rust (`std::fs::read_to_string("NOTES.TXT")`,
    /// `println!("hi")`).
    Rust,
    /// A call in Swift (`FileManager.default.removeItem(atPath: "x")`).
    Swift,
    /// A form of Clojure (`(slurp "NOTES.TXT")`, `(spit "f" "t")`).
    Clojure,
    /// An IRC client's slash command (`/say hi all`, `/clear`, `/stats u`).
    Irc,
    /// An HTTP request line or the `curl` that sends it (`GET
    /// /files/NOTES.TXT`, `MKCOL /Fixtures`, `curl -X DELETE …`).
    Http,
    /// A query at Prolog's top level (`?- delete_file('OLD.TXT').`).
    Prolog,
}

impl Shell {
    /// As the proposal names it: `read as a PowerShell line`.
    pub fn name(self) -> &'static str {
        match self {
            Shell::Posix => "sh",
            Shell::Cmd => "cmd.exe",
            Shell::PowerShell => "PowerShell",
            Shell::Python => "Python",
            Shell::JavaScript => "JavaScript",
            Shell::Sql => "SQL",
            Shell::R => "R",
            Shell::Matlab => "MATLAB",
            Shell::Julia => "Julia",
            Shell::Ruby => "Ruby",
            Shell::Php => "PHP",
            Shell::Dcl => "DCL",
            Shell::Ios => "Cisco IOS",
            Shell::Emacs => "Emacs",
            Shell::Vim => "Vim",
            Shell::Basic => "BASIC",
            Shell::Cpm => "CP/M",
            Shell::AmigaDos => "AmigaDOS",
            Shell::Zos => "z/OS",
            Shell::IbmI => "IBM i CL",
            Shell::Keys => "key chord",
            Shell::AppleScript => "AppleScript",
            Shell::Git => "git",
            Shell::Elixir => "Elixir",
            Shell::Wolfram => "Wolfram Language",
            Shell::Go => "Go",
            Shell::CSharp => "C#",
            Shell::Java => "Java",
            Shell::Kotlin => "Kotlin",
            Shell::Lua => "Lua",
            Shell::Perl => "Perl",
            Shell::Haskell => "Haskell",
            Shell::Rust => "Rust",
            Shell::Swift => "Swift",
            Shell::Clojure => "Clojure",
            Shell::Irc => "IRC",
            Shell::Http => "HTTP",
            Shell::Prolog => "Prolog",
        }
    }
}

/// What a line gives the job, in the order it gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A file or folder, rooted at `/` with `/` between names, its case as
    /// typed (`.\Docs\faq.txt` is `/Docs/faq.txt`). `spelt` when it is
    /// written as a path (a separator, an extension, quotes) rather than a
    /// bare word that might be one (`dir docs`).
    Path {
        path: String,
        spelt: bool,
        /// Written with a separator at its end (`~/Dropbox/`, `DOCS\`):
        /// a folder, never a new file's name.
        folder: bool,
    },
    /// A number of lines or bytes (`-n 20`, `-l 40`, `-MaxEvents 5`).
    Count(u64),
    /// A text to say or write, unquoted.
    Text(String),
    /// Another command named as a topic (`man cp`, `Get-Help Copy-Item`).
    Topic(Topic),
}

/// The command a help line asks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Topic {
    /// A command this crate knows: the job it does.
    Role(Role),
    /// Any other word, lower case: perhaps an applet's own name.
    Name(String),
}

/// What [`read`] made of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub shell: Shell,
    pub role: Role,
    pub parts: Vec<Part>,
    /// The second path is a new name in the first one's folder (`ren
    /// a.txt b.txt`, `Rename-Item`), not a place.
    pub renames: bool,
}

/// The job of a Linux pseudo-file that holds what an applet tells
/// (`/proc/cpuinfo` is the processor's), for a path as typed, with or
/// without its leading `/`.
pub fn pseudo_file(path: &str) -> Option<Role> {
    let lower = path.to_ascii_lowercase();
    match lower.strip_prefix('/').unwrap_or(&lower) {
        "proc/cpuinfo" => Some(Role::Processor),
        "proc/meminfo" => Some(Role::Memory),
        "proc/uptime" => Some(Role::Uptime),
        "proc/partitions" | "proc/mounts" => Some(Role::Storage),
        "var/log/syslog" | "var/log/messages" | "var/log/kern.log" | "var/log/dmesg"
        | "dev/kmsg" => Some(Role::KernelLog),
        ".bash_history" | ".zsh_history" | ".history" => Some(Role::History),
        _ => None,
    }
}

/// The language of a line that is wholly a command of another system
/// whose job this machine has nothing for (`show running-config`, `$ SHOW
/// QUEUE/ALL`, `ipconfig /all`): it asks for no applet, and no guess at
/// one is a fair answer. `None` for a line [`read`] reads, and for a line
/// that is not plainly another system's.
pub fn elsewhere(line: &str) -> Option<Shell> {
    match know(line)? {
        Known::Elsewhere(shell) => Some(shell),
        Known::Read(_) => None,
    }
}

/// A process list or the history cleared, when the whole line asks for
/// it (`top`, `ps aux | grep ssh`, `Get-Process | Sort CPU -Descending`,
/// `history -c`): this machine runs no programs to list and keeps no
/// history to clear.
fn no_processes(line: &str) -> Option<Shell> {
    let toks = tokens(line)?;
    let mut stages: Vec<Vec<Tok>> = alloc::vec![Vec::new()];
    for t in toks {
        if t.op == Some(Op::Pipe) {
            stages.push(Vec::new());
        } else if t.op.is_some() {
            return None;
        } else {
            stages.last_mut()?.push(t);
        }
    }
    let first = stages.remove(0);
    let f = filters(&stages)?;
    if f.sink.is_some() {
        return None;
    }
    let (name, args) = first.split_first()?;
    if name.quoted {
        return None;
    }
    let flags_only = args
        .iter()
        .all(|t| t.is_flag() || t.text.parse::<u64>().is_ok());
    match name.lower().as_str() {
        "top" | "htop" | "btop" | "atop" | "pstree" if flags_only => Some(Shell::Posix),
        // BSD's letters need no dash: `ps aux`, `ps axjf`.
        "ps" if args.iter().all(|t| {
            !t.quoted
                && (t.is_flag()
                    || t.text.len() <= 5 && t.text.bytes().all(|b| b"auxefjlwmrT".contains(&b)))
        }) =>
        {
            Some(Shell::Posix)
        }
        "get-process" | "gps" if args.iter().all(|t| !dcl::english(&t.text)) => {
            Some(Shell::PowerShell)
        }
        "tasklist" if args.iter().all(|t| t.cmd_switch().is_some()) => Some(Shell::Cmd),
        "history" if !args.is_empty() && args.iter().all(|t| t.text == "-c" || t.text == "-cw") => {
            Some(Shell::Posix)
        }
        "clear-history" | "clhy" if args.is_empty() => Some(Shell::PowerShell),
        _ => None,
    }
}

/// Whether `text`, as `printf` reads its escapes, only blanks the
/// terminal: `\033c` resets it, `\033[2J` clears it, `\033[H` homes
/// the cursor.
fn clears(text: &str) -> bool {
    let mut t = text.to_string();
    for esc in ["\\x1b", "\\x1B", "\\033", "\\0033", "\\e", "\\E", "\\u001b"] {
        t = t.replace(esc, "\u{1b}");
    }
    while let Some(s) = t.strip_suffix("\\n") {
        t = s.into();
    }
    let mut rest = t.as_str();
    let mut blank = false;
    while !rest.is_empty() {
        let Some(r) = rest.strip_prefix('\u{1b}') else {
            return false;
        };
        let seq = ["c", "[2J", "[3J", "[H", "[1;1H", "[0;0H", "[J", "[0J"]
            .into_iter()
            .find(|s| r.starts_with(s));
        let Some(seq) = seq else {
            return false;
        };
        blank |= matches!(seq, "c" | "[2J");
        rest = &r[seq.len()..];
    }
    blank
}

/// The older systems' lines for jobs with nothing here: BASIC's, CP/M's
/// and AmigaDOS's, z/OS's.
fn others_elsewhere(line: &str) -> Option<Shell> {
    basic::elsewhere(line)
        .or_else(|| mainframe::elsewhere(line))
        .or_else(|| retro::elsewhere(line))
}

/// Reads `line` as another shell's command, or `None` when it is not one
/// this crate knows (or not wholly shell words).
pub fn read(line: &str) -> Option<Reading> {
    match know(line)? {
        Known::Read(r) => Some(r),
        Known::Elsewhere(_) => None,
    }
}

/// What [`know`] makes of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Known {
    /// A job this crate reads, with what the line gives it.
    Read(Reading),
    /// Plainly another system's command, for a job no applet here has.
    Elsewhere(Shell),
}

/// Reads `line` once as both [`read`] and [`elsewhere`] would, for a
/// caller that wants either answer (the request path does, per line).
pub fn know(line: &str) -> Option<Known> {
    let read_as = |reading: Reading| Some(Known::Read(reading));
    // DCL's own prompt: `$ show time` is a DCL line, `show time` English.
    let prompted = line.trim().starts_with("$ ");
    let line = without_prompt(line.trim());
    // A one-liner handed to an interpreter (`perl -e 'unlink "a.txt"'`,
    // `sh -c "rm a.txt"`) is the line it hands over.
    if let Some(inner) = one_liner(line) {
        return know(inner);
    }
    // Keys typed out (`cmd-K`, `Ctrl+Alt+Del`): no other system's line
    // is only key names.
    if let Some(known) = keys::know(line) {
        return Some(known);
    }
    // A chat client's slash command (`/say hi`, `/clear`): the slash is
    // no path's.
    if let Some(known) = irc::know(line) {
        return Some(known);
    }
    // An HTTP request line (`GET /files/NOTES.TXT`) or its `curl`.
    if let Some(known) = http::know(line) {
        return Some(known);
    }
    // A Prolog query (`?- delete_file('x').`): its prompt is no BASIC
    // `?`.
    if let Some(known) = prolog::know(line) {
        return Some(known);
    }
    if let Some(r) = sql::read(line) {
        return Some(Known::Read(r));
    }
    // (Before DCL's and R's: `PRINT FRE(0)` and `? "HI"` are BASIC's.)
    if let Some(r) = basic::read(line) {
        return Some(Known::Read(r));
    }
    // Each has marks no other system's line has (a CL keyword's
    // parentheses or a name of CL's own, `tell application`, `git`), and
    // each says for itself when its line is for a job with nothing here.
    if let Some(known) = ibmi::know(line)
        .or_else(|| applescript::know(line))
        .or_else(|| git::know(line))
    {
        return Some(known);
    }
    if let Some(r) = dcl::read(line, prompted)
        .or_else(|| ios::read(line))
        .or_else(|| editor::read(line))
        .or_else(|| mainframe::read(line))
        .or_else(|| retro::read(line))
    {
        return Some(Known::Read(r));
    }
    if line.contains('(') {
        if let Some(r) = code::read(line) {
            return Some(Known::Read(r));
        }
    }
    // (Before IOS's prompts: `julia> now()` is Julia's.)
    if let Some(r) = calls::read(line) {
        return Some(Known::Read(r));
    }
    // (Before the shell's words: `rename "a", "b"` is Perl's, and `h
    // File.cp/2` asks IEx for help, not the shell for its history.)
    if let Some(known) = elixir::know(line) {
        return Some(known);
    }
    if let Some(r) = clike::read(line)
        .or_else(|| wolfram::read(line))
        .or_else(|| spaced::read(line))
        .or_else(|| clojure::read(line))
    {
        return Some(Known::Read(r));
    }
    // `copy run start` is IOS's, for a job nothing here does, whatever
    // cmd.exe would make of its words. (z/OS's name first: `ALLOC
    // DA('X.Y') SHR` takes a DCL verb's.)
    if let Some(other) = dcl::elsewhere(line, prompted)
        .or_else(|| ios::elsewhere(line))
        .or_else(|| editor::elsewhere(line))
        .or_else(|| others_elsewhere(line))
    {
        return Some(Known::Elsewhere(
            mainframe::elsewhere(line).unwrap_or(other),
        ));
    }
    if let Some(reading) = shell_words(line) {
        return read_as(reading);
    }
    mainframe::elsewhere(line)
        .or_else(|| no_processes(line))
        .map(Known::Elsewhere)
}

/// A line of a POSIX shell, `cmd.exe` or PowerShell: its command's job
/// and arguments, through pipes of filters and redirections.
fn shell_words(line: &str) -> Option<Reading> {
    let line = property_access(line);
    let toks = tokens(&line)?;
    let toks = without_commentary(toks);
    let mut stages: Vec<Vec<Tok>> = Vec::new();
    let mut cur = Vec::new();
    for t in toks {
        if t.op == Some(Op::Pipe) {
            stages.push(core::mem::take(&mut cur));
        } else {
            cur.push(t);
        }
    }
    stages.push(cur);
    let mut first = stages.remove(0);
    // `sudo` and `doas` only ask for rights this machine does not have.
    while first
        .first()
        .is_some_and(|t| !t.quoted && matches!(t.lower().as_str(), "sudo" | "doas"))
    {
        first.remove(0);
        while first.first().is_some_and(|t| t.is_flag()) {
            first.remove(0);
        }
    }
    // PowerShell writes a bare string as its output: `"done" | Out-File a.txt`.
    if first.len() == 1 && first[0].quoted && !stages.is_empty() {
        first.insert(
            0,
            Tok {
                text: "Write-Output".into(),
                quoted: false,
                op: None,
            },
        );
    }
    let name_tok = first.first()?;
    if name_tok.quoted || name_tok.op.is_some() {
        return None;
    }
    let name = name_tok.lower();
    let name = name.strip_suffix(".exe").unwrap_or(&name).to_string();
    let args = &first[1..];
    let filters = filters(&stages)?;
    // `cp --help`, `del /?`, `Get-Help Copy-Item`: usage, whatever the command.
    if args.len() == 1 && matches!(args[0].text.as_str(), "--help" | "/?" | "-?") {
        let shell = shell_of(&name, args);
        return Some(Reading {
            shell,
            role: Role::Help,
            parts: alloc::vec![Part::Topic(topic(&name))],
            renames: false,
        });
    }
    let does = lookup(&name)?;
    let shell = shell_of(&name, args);
    let a = Args::parse(args, shell, does)?;
    reading(does, &name, shell, a, &filters)
}

/// What a known command name does; the readers below check its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Does {
    Show,
    Bytes,
    List,
    Say,
    Remove,
    Move,
    Rename,
    Copy,
    MakeDir,
    NewItem,
    SetContent,
    AddContent,
    Log,
    History,
    Free,
    Storage,
    Memory,
    Cpu,
    Devices,
    Clock,
    Uptime,
    Clear,
    Tput,
    Reboot,
    PowerOff,
    Shutdown,
    Systemctl,
    Init,
    Help,
    Wmi,
    Wmic,
    ComputerInfo,
    SystemInfo,
    DiskUtil,
    SystemProfiler,
    Sysctl,
}

/// Command names, lower case, of all three shells: where two shells share
/// a name they share its job (`dir`, `del`, `copy`, `ls`, `rm`, `echo`).
const NAMES: &[(&[&str], Does)] = &[
    (
        &[
            "cat",
            "type",
            "more",
            "less",
            "most",
            "head",
            "tail",
            "bat",
            "nl",
            "get-content",
            "gc",
        ],
        Does::Show,
    ),
    (
        &["xxd", "hexdump", "hd", "od", "format-hex", "fhx"],
        Does::Bytes,
    ),
    (
        &[
            "ls",
            "ll",
            "la",
            "dir",
            "tree",
            "exa",
            "eza",
            "get-childitem",
            "gci",
        ],
        Does::List,
    ),
    (
        &[
            "echo",
            "printf",
            "write-host",
            "write-output",
            "write",
            "disp",
        ],
        Does::Say,
    ),
    (
        &[
            "rm",
            "unlink",
            "rmdir",
            "rd",
            "del",
            "erase",
            "remove-item",
            "ri",
            "delete",
        ],
        Does::Remove,
    ),
    (&["mv", "move", "move-item", "mi", "movefile"], Does::Move),
    (&["ren", "rename", "rename-item", "rni"], Does::Rename),
    (
        &["cp", "copy", "xcopy", "copy-item", "cpi", "copyfile"],
        Does::Copy,
    ),
    (&["mkdir", "md"], Does::MakeDir),
    (&["new-item", "ni"], Does::NewItem),
    (&["set-content", "sc"], Does::SetContent),
    (&["add-content", "ac"], Does::AddContent),
    (
        &["dmesg", "journalctl", "get-winevent", "get-eventlog"],
        Does::Log,
    ),
    (
        &["history", "get-history", "ghy", "h", "doskey"],
        Does::History,
    ),
    (
        &["df", "get-psdrive", "gdr", "get-volume", "fsutil"],
        Does::Free,
    ),
    (
        &[
            "lsblk",
            "fdisk",
            "blkid",
            "smartctl",
            "nvme",
            "hdparm",
            "get-disk",
            "get-physicaldisk",
        ],
        Does::Storage,
    ),
    (&["free", "vmstat"], Does::Memory),
    (&["lscpu", "nproc"], Does::Cpu),
    (&["lspci", "get-pnpdevice"], Does::Devices),
    (
        &["date", "time", "timedatectl", "hwclock", "get-date"],
        Does::Clock,
    ),
    (&["uptime", "get-uptime"], Does::Uptime),
    (&["clear", "cls", "clear-host", "reset", "clc"], Does::Clear),
    (&["tput"], Does::Tput),
    (&["reboot", "restart-computer"], Does::Reboot),
    (&["poweroff", "halt", "stop-computer"], Does::PowerOff),
    (&["shutdown"], Does::Shutdown),
    (&["systemctl"], Does::Systemctl),
    (&["init", "telinit"], Does::Init),
    (
        &["man", "info", "whatis", "tldr", "get-help", "help", "doc"],
        Does::Help,
    ),
    (
        &["get-ciminstance", "gcim", "get-wmiobject", "gwmi"],
        Does::Wmi,
    ),
    (&["wmic"], Does::Wmic),
    (&["get-computerinfo", "gin"], Does::ComputerInfo),
    (&["systeminfo"], Does::SystemInfo),
    (&["diskutil"], Does::DiskUtil),
    (&["system_profiler"], Does::SystemProfiler),
    (&["sysctl"], Does::Sysctl),
    (&["vm_stat"], Does::Memory),
];

fn lookup(name: &str) -> Option<Does> {
    NAMES
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map(|(_, d)| *d)
}

/// The job a command does when a help line names it.
fn topic(name: &str) -> Topic {
    let role = match lookup(name) {
        Some(Does::Show) => Some(Role::ShowText),
        Some(Does::Bytes) => Some(Role::ShowBytes),
        Some(Does::List) => Some(Role::List),
        Some(Does::Say) => Some(Role::Say),
        Some(Does::Remove) => Some(Role::Remove),
        Some(Does::Move | Does::Rename) => Some(Role::Move),
        Some(Does::Copy) => Some(Role::Copy),
        Some(Does::MakeDir) => Some(Role::MakeDir),
        Some(Does::SetContent) => Some(Role::Write),
        Some(Does::AddContent) => Some(Role::Append),
        Some(Does::Log) => Some(Role::KernelLog),
        Some(Does::History) => Some(Role::History),
        Some(Does::Free) => Some(Role::FreeSpace),
        Some(Does::Storage) => Some(Role::Storage),
        Some(Does::Memory) => Some(Role::Memory),
        Some(Does::Cpu) => Some(Role::Processor),
        Some(Does::Devices) => Some(Role::Devices),
        Some(Does::Clock) => Some(Role::Clock),
        Some(Does::Uptime) => Some(Role::Uptime),
        Some(Does::Clear) => Some(Role::ClearScreen),
        Some(Does::Reboot) => Some(Role::Restart),
        Some(Does::PowerOff | Does::Shutdown) => Some(Role::PowerOff),
        _ => None,
    };
    match role {
        Some(r) => Topic::Role(r),
        None => Topic::Name(name.into()),
    }
}

/// Which shell's line it is, for the proposal to say: a cmdlet's
/// Verb-Noun name or a `-Name` parameter is PowerShell's, a `/x` switch or
/// a name only `cmd.exe` has is `cmd.exe`'s.
fn shell_of(name: &str, args: &[Tok]) -> Shell {
    let ps_alias = matches!(
        name,
        "gc" | "gci"
            | "ri"
            | "mi"
            | "rni"
            | "cpi"
            | "ni"
            | "sc"
            | "ac"
            | "ghy"
            | "gdr"
            | "gcim"
            | "gwmi"
            | "gin"
            | "fhx"
    );
    if name.contains('-') || ps_alias || args.iter().any(|a| a.ps_param().is_some()) {
        return Shell::PowerShell;
    }
    let cmd_only = matches!(
        name,
        "type"
            | "del"
            | "erase"
            | "rd"
            | "md"
            | "ren"
            | "copy"
            | "xcopy"
            | "move"
            | "cls"
            | "doskey"
            | "wmic"
            | "systeminfo"
            | "fsutil"
    );
    if cmd_only || args.iter().any(|a| a.cmd_switch().is_some()) {
        return Shell::Cmd;
    }
    // MATLAB's command syntax: `copyfile a.txt b.txt`, `help copyfile`.
    let matlab = |n: &str| {
        matches!(
            n,
            "copyfile" | "movefile" | "delete" | "disp" | "doc" | "clc"
        )
    };
    if matlab(name) || name == "help" && args.first().is_some_and(|a| matlab(&a.lower())) {
        return Shell::Matlab;
    }
    Shell::Posix
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Pipe,
    /// `>`: replace the file.
    To,
    /// `>>`: add to its end.
    OnTo,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Tok {
    text: String,
    quoted: bool,
    op: Option<Op>,
}

impl Tok {
    fn lower(&self) -> String {
        self.text.to_ascii_lowercase()
    }

    /// `-x`, `--long`, `-Name`: not a negative number (`-20` is a count).
    fn is_flag(&self) -> bool {
        !self.quoted
            && self.op.is_none()
            && self.text.len() > 1
            && self.text.starts_with('-')
            && !self.text[1..].bytes().all(|b| b.is_ascii_digit())
    }

    /// A PowerShell parameter (`-Path`, `-MaxEvents`): a dash and a word
    /// of three letters or more with a capital, as PowerShell is written.
    fn ps_param(&self) -> Option<&str> {
        let w = self.text.strip_prefix('-')?;
        (!self.quoted
            && !w.starts_with('-')
            && w.len() >= 3
            && w.bytes().all(|b| b.is_ascii_alphabetic())
            && w.starts_with(|c: char| c.is_ascii_uppercase()))
        .then_some(w)
    }

    /// A `cmd.exe` switch: `/s`, `/q`, `/?`, `/t:0`, `/A:D`.
    fn cmd_switch(&self) -> Option<&str> {
        let w = self.text.strip_prefix('/')?;
        let head = w.split(':').next().unwrap_or("");
        (!self.quoted
            && self.op.is_none()
            && (1..=2).contains(&head.len())
            && head.bytes().all(|b| b.is_ascii_alphabetic() || b == b'?'))
        .then_some(w)
    }
}

/// English words that no argument of another system's command is (`type
/// the notes`, `show me my files`): a line holding one is a request.
pub(crate) fn plain_english(w: &str) -> bool {
    matches!(
        w.to_ascii_lowercase().as_str(),
        "the"
            | "me"
            | "my"
            | "a"
            | "an"
            | "of"
            | "please"
            | "in"
            | "on"
            | "to"
            | "for"
            | "what"
            | "is"
            | "are"
            | "from"
            | "with"
            | "about"
            | "and"
            | "it"
            | "this"
            | "that"
            | "your"
            | "i"
            | "you"
            | "some"
            | "now"
    )
}

/// A pasted prompt is not part of the command: `$ ls`, `PS C:\Users\ana>
/// dir`, `C:\>del a.txt`.
/// The program of an interpreter's one-liner: `perl -e '…'`, `ruby -e`,
/// `python3 -c`, `node -e`, `php -r`, `sh -c`, `bash -c`, `pwsh -Command`,
/// the program wholly in one pair of quotes.
fn one_liner(line: &str) -> Option<&str> {
    let (program, mut rest) = line.split_once(char::is_whitespace)?;
    // SAS's `x 'rm HELLO.TXT';` hands its quoted line to the system.
    if program == "x" {
        let rest = rest.trim();
        let rest = rest.strip_suffix(';').unwrap_or(rest).trim_end();
        let q = rest.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
        let inner = rest.strip_prefix(q)?.strip_suffix(q)?.trim();
        return (!inner.contains(q) && !inner.is_empty()).then_some(inner);
    }
    let interpreter = matches!(
        program,
        "perl"
            | "ruby"
            | "python"
            | "python3"
            | "node"
            | "php"
            | "sh"
            | "bash"
            | "zsh"
            | "pwsh"
            | "powershell"
    );
    if !interpreter {
        return None;
    }
    // Options before the program's (`perl -MFile::Copy -e '…'`).
    loop {
        rest = rest.trim_start();
        let (flag, after) = rest.split_once(char::is_whitespace)?;
        if matches!(flag, "-e" | "-E" | "-c" | "-r" | "-Command" | "-command") {
            rest = after.trim();
            break;
        }
        if !flag.starts_with('-') {
            return None;
        }
        rest = after;
    }
    let rest = rest.strip_suffix(';').unwrap_or(rest).trim_end();
    let q = rest.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
    let inner = rest.strip_prefix(q)?.strip_suffix(q)?.trim();
    // (Python's imports first: `import os; os.remove("a.txt")`.)
    let mut inner = inner;
    while let Some(after) = inner
        .strip_prefix("import ")
        .and_then(|r| r.split_once(';'))
        .map(|(_, after)| after.trim())
    {
        inner = after;
    }
    // (A printed command's output is the command's: `perl -e 'print
    // `uptime`'`.)
    let inner = ["print ", "echo ", "say ", "puts "]
        .iter()
        .find_map(|p| inner.strip_prefix(p))
        .map(|r| r.trim().trim_end_matches(';').trim_end())
        .and_then(|r| {
            r.strip_prefix('`')
                .and_then(|r| r.strip_suffix('`'))
                .or_else(|| r.strip_prefix("$(").and_then(|r| r.strip_suffix(')')))
        })
        .filter(|c| !c.trim().is_empty())
        .map_or(inner, str::trim);
    (!inner.contains(q) && !inner.is_empty()).then_some(inner)
}

fn without_prompt(line: &str) -> &str {
    if let Some(rest) = line.strip_prefix("$ ") {
        return rest.trim_start();
    }
    // A DOS or CP/M drive prompt: `A>TYPE README.TXT`.
    let b = line.as_bytes();
    if b.len() > 2 && b[0].is_ascii_uppercase() && b[1] == b'>' && b[2] != b'>' {
        return line[2..].trim_start();
    }
    let b = line.as_bytes();
    let drive = b.len() > 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'\\';
    if line.starts_with("PS ") || drive {
        if let Some(i) = line.find('>') {
            if !line[..i].contains(char::is_whitespace) || line.starts_with("PS ") {
                return line[i + 1..].trim_start();
            }
        }
    }
    line
}

/// `(Get-CimInstance Win32_OperatingSystem).LastBootUpTime` selects a
/// property as `| Select-Object LastBootUpTime` does.
fn property_access(line: &str) -> String {
    if let Some(inner) = line.strip_prefix('(') {
        if let Some((cmd, prop)) = inner.rsplit_once(").") {
            if !prop.is_empty() && prop.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return alloc::format!("{cmd} | Select-Object {prop}");
            }
        }
    }
    line.into()
}

/// Shell words: quotes group (`"meeting notes.txt"`, `'patch Tuesday'`),
/// `\ ` escapes a space, a backslash is otherwise a Windows separator;
/// `|`, `>` and `>>` stand apart, `2>…` and `>$null` are dropped (they
/// only silence errors). `;`, `&&` and backquotes (two commands, or a
/// command inside one) are not read.
fn tokens(line: &str) -> Option<Vec<Tok>> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut started = false;
    let mut chars = line.chars().peekable();
    let push = |out: &mut Vec<Tok>, cur: &mut String, quoted: &mut bool, started: &mut bool| {
        if *started {
            out.push(Tok {
                text: core::mem::take(cur),
                quoted: *quoted,
                op: None,
            });
        }
        *quoted = false;
        *started = false;
    };
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {
                let q = c;
                started = true;
                quoted = true;
                loop {
                    match chars.next()? {
                        '\\' if q == '"' && chars.peek() == Some(&'"') => {
                            chars.next();
                            cur.push('"');
                        }
                        x if x == q => break,
                        x => cur.push(x),
                    }
                }
            }
            '\\' if chars.peek() == Some(&' ') => {
                chars.next();
                cur.push(' ');
                started = true;
            }
            ';' | '&' | '`' | '<' => return None,
            '|' => {
                if chars.peek() == Some(&'|') {
                    return None;
                }
                push(&mut out, &mut cur, &mut quoted, &mut started);
                out.push(Tok {
                    text: "|".into(),
                    quoted: false,
                    op: Some(Op::Pipe),
                });
            }
            '>' => {
                // `2>&1`, `2>/dev/null`, `2>nul`: errors, not output.
                if started && !quoted && cur == "2" {
                    cur.clear();
                    started = false;
                    if chars.peek() == Some(&'&') {
                        chars.next();
                    }
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                    while chars.peek().is_some_and(|c| !c.is_whitespace()) {
                        chars.next();
                    }
                    continue;
                }
                push(&mut out, &mut cur, &mut quoted, &mut started);
                let op = if chars.peek() == Some(&'>') {
                    chars.next();
                    Op::OnTo
                } else {
                    Op::To
                };
                out.push(Tok {
                    text: if op == Op::OnTo { ">>" } else { ">" }.into(),
                    quoted: false,
                    op: Some(op),
                });
            }
            c if c.is_whitespace() => push(&mut out, &mut cur, &mut quoted, &mut started),
            c => {
                cur.push(c);
                started = true;
            }
        }
    }
    push(&mut out, &mut cur, &mut quoted, &mut started);
    // Output thrown away is no output: `> /dev/null`, `>$null`, `> nul`.
    let mut kept: Vec<Tok> = Vec::new();
    let mut i = 0;
    while i < out.len() {
        let t = &out[i];
        let sink = |n: Option<&Tok>| {
            n.is_some_and(|n| {
                !n.quoted && matches!(n.lower().as_str(), "/dev/null" | "$null" | "nul")
            })
        };
        if t.op == Some(Op::To) && sink(out.get(i + 1)) {
            i += 2;
            continue;
        }
        kept.push(t.clone());
        i += 1;
    }
    (!kept.is_empty()).then_some(kept)
}

/// `del /f /q TODO.TXT, the list is done`: what follows a word ending in a
/// comma is the person talking about the command, not part of it.
fn without_commentary(mut toks: Vec<Tok>) -> Vec<Tok> {
    let cut = toks
        .iter()
        .position(|t| !t.quoted && t.op.is_none() && t.text.len() > 1 && t.text.ends_with(','));
    // Only after a command with words of its own: `dmesg, just the last
    // two lines` asks in English for what the bare command does not say.
    if let Some(i) = cut.filter(|&i| i >= 1) {
        let after = &toks[i + 1..];
        if after.len() >= 2 && after.iter().all(|t| t.op.is_none()) {
            toks.truncate(i + 1);
            let last = toks.last_mut().expect("cut at an index");
            last.text.pop();
        }
    }
    toks
}

/// What the stages after the first pipe do to the output.
#[derive(Debug, Default)]
struct Filters {
    /// `| head -n 5`, `| tail -20`, `| Select-Object -Last 5`.
    count: Option<u64>,
    /// Words a filter selects by (`| grep flags`, `| findstr "Boot
    /// Time"`, `| Select-Object LastBootUpTime`), lower case.
    selects: Vec<String>,
    /// `| tee -a f`, `| Out-File f`, `| Add-Content f`: output sent to a file.
    sink: Option<(String, bool)>,
}

/// Reads the stages after the first: only filters that page, cut, sort or
/// pick lines, or send the output to a file. Any other command changes
/// what the line means (`| wc -l`, `| Measure-Object`), and nothing is read.
fn filters(stages: &[Vec<Tok>]) -> Option<Filters> {
    let mut f = Filters::default();
    for st in stages {
        let (name, args) = st.split_first()?;
        let name = name.lower();
        let number = |args: &[Tok]| -> Option<u64> {
            let mut it = args.iter();
            while let Some(a) = it.next() {
                let l = a.lower();
                if let Some(n) = l.strip_prefix('-').and_then(|n| n.parse().ok()) {
                    return Some(n);
                }
                if matches!(l.as_str(), "-n" | "-first" | "-last" | "--lines") {
                    return it.next()?.text.parse().ok();
                }
                if let Some(n) = l.strip_prefix("-n").and_then(|n| n.parse().ok()) {
                    return Some(n);
                }
            }
            None
        };
        let words = |args: &[Tok]| -> Vec<String> {
            args.iter()
                .filter(|a| !a.is_flag() && a.op.is_none())
                .flat_map(|a| {
                    a.text
                        .split(',')
                        .map(|s| s.trim().to_ascii_lowercase())
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                })
                .collect()
        };
        match name.as_str() {
            "more" | "less" | "most" | "out-host" | "oh" | "out-string" | "sort"
            | "sort-object" | "format-table" | "ft" | "format-list" | "fl" | "column" | "uniq"
            | "cat" => {}
            // No count spelt, none given: `dmesg | tail` asks for the end,
            // and ten lines are no text the person typed.
            "head" | "tail" => f.count = number(args),
            "select-object" | "select" => {
                if let Some(n) = number(args) {
                    f.count = Some(n);
                } else {
                    f.selects.extend(words(args));
                }
            }
            "grep" | "egrep" | "findstr" | "find" | "select-string" | "sls" | "where-object"
            | "where" | "?" => f.selects.extend(words(args)),
            "tee" | "out-file" | "add-content" | "set-content" => {
                let append = name == "add-content"
                    || args
                        .iter()
                        .any(|a| matches!(a.lower().as_str(), "-a" | "--append" | "-append"));
                let file = args
                    .iter()
                    .filter(|a| !a.is_flag())
                    .find(|a| a.op.is_none())?;
                f.sink = Some((file.text.clone(), append));
            }
            _ => return None,
        }
    }
    Some(f)
}

/// A command's own words, flags apart.
#[derive(Debug, Default)]
struct Args {
    /// Words that are not flags or their values, in order.
    pos: Vec<Tok>,
    /// Flags, lower case without dashes or slashes, with the value a
    /// known flag takes.
    flags: Vec<(String, Option<Tok>)>,
    /// `> file` or `>> file` (true): where the output goes.
    redirect: Option<(Tok, bool)>,
    /// A count written as a dash and a number (`tail -20`, `head -5`).
    dash: Option<u64>,
}

/// PowerShell parameters that take a value.
const PS_VALUED: &[&str] = &[
    "path",
    "literalpath",
    "destination",
    "newname",
    "value",
    "name",
    "itemtype",
    "type",
    "count",
    "totalcount",
    "head",
    "tail",
    "first",
    "last",
    "maxevents",
    "newest",
    "logname",
    "property",
    "classname",
    "class",
    "encoding",
    "filter",
    "include",
    "exclude",
    "foregroundcolor",
    "backgroundcolor",
    "id",
    "query",
    "object",
    "inputobject",
    "delimiter",
];

/// Short POSIX flags that take a value (`-n 20`, `-l 40`, `-N 32`), by
/// what the command does: `ls -l /LOGS` is a long listing of /LOGS.
fn posix_valued(does: Does) -> &'static [&'static str] {
    match does {
        Does::Bytes => &["n", "l", "c", "N", "t", "A", "s", "j", "-length"],
        Does::Show | Does::Log => &["n", "c", "-lines"],
        Does::Shutdown => &["t"],
        _ => &[],
    }
}

impl Args {
    fn parse(toks: &[Tok], shell: Shell, does: Does) -> Option<Args> {
        let mut a = Args::default();
        let mut i = 0;
        while i < toks.len() {
            let t = &toks[i];
            if let Some(op) = t.op {
                let target = toks.get(i + 1).filter(|n| n.op.is_none())?;
                if a.redirect.is_some() || toks.len() > i + 2 {
                    return None;
                }
                a.redirect = Some((target.clone(), op == Op::OnTo));
                i += 2;
                continue;
            }
            if shell == Shell::PowerShell {
                if let Some(p) = t.ps_param() {
                    let p = p.to_ascii_lowercase();
                    // A dry run is an explanation, not this command.
                    if p == "whatif" {
                        return None;
                    }
                    let valued = PS_VALUED.contains(&p.as_str());
                    i += a.push_flag(toks, i, p, valued)?;
                    continue;
                }
            }
            if shell == Shell::Cmd {
                if let Some(s) = t.cmd_switch() {
                    let s = s.to_ascii_lowercase();
                    // `shutdown /t 0`, `/c "comment"`: switches with a value.
                    let valued = does == Does::Shutdown && matches!(s.as_str(), "t" | "c" | "d");
                    i += a.push_flag(toks, i, s, valued)?;
                    continue;
                }
            }
            if let Some(n) = t
                .text
                .strip_prefix('-')
                .filter(|_| !t.quoted)
                .and_then(|n| n.parse().ok())
            {
                a.dash = Some(n);
                i += 1;
                continue;
            }
            if t.is_flag() {
                let body = t.text.trim_start_matches('-');
                let key = if t.text.starts_with("--") {
                    alloc::format!("-{body}")
                } else {
                    body.to_string()
                };
                let (key, inline) = match key.split_once('=') {
                    Some((k, v)) => (k.to_string(), Some(v.to_string())),
                    None => (key, None),
                };
                if let Some(v) = inline {
                    a.flags.push((
                        key,
                        Some(Tok {
                            text: v,
                            quoted: false,
                            op: None,
                        }),
                    ));
                    i += 1;
                } else if posix_valued(does).contains(&key.as_str()) {
                    i += a.push_flag(toks, i, key, true)?;
                } else {
                    // `-n20`: a short flag with its number attached.
                    let (head, tail) = key.split_at(1.min(key.len()));
                    if posix_valued(does).contains(&head) && tail.parse::<u64>().is_ok() {
                        a.flags.push((
                            head.into(),
                            Some(Tok {
                                text: tail.into(),
                                quoted: false,
                                op: None,
                            }),
                        ));
                    } else {
                        a.flags.push((key.to_ascii_lowercase(), None));
                    }
                    i += 1;
                }
                continue;
            }
            a.pos.push(t.clone());
            i += 1;
        }
        Some(a)
    }

    /// Records the flag `key` at `toks[i]`, with the word after it when it
    /// takes a value; how many words it used, or `None` when its value is
    /// missing (`xxd -l`).
    fn push_flag(&mut self, toks: &[Tok], i: usize, key: String, valued: bool) -> Option<usize> {
        if valued {
            let v = toks.get(i + 1).filter(|n| n.op.is_none())?.clone();
            self.flags.push((key, Some(v)));
            Some(2)
        } else {
            self.flags.push((key, None));
            Some(1)
        }
    }

    fn flag(&self, names: &[&str]) -> Option<&Option<Tok>> {
        self.flags
            .iter()
            .find(|(k, _)| names.contains(&k.as_str()))
            .map(|(_, v)| v)
    }

    fn has(&self, names: &[&str]) -> bool {
        self.flag(names).is_some()
    }

    /// A count given by one of `names` (`-n 20`), or as `-20`.
    fn count(&self, names: &[&str], dash_number: bool) -> Option<u64> {
        if let Some(Some(v)) = self.flag(names) {
            return v.text.parse().ok();
        }
        self.dash.filter(|_| dash_number)
    }

    /// The one path the command takes, given as `-Path` or as its only
    /// word.
    fn one_path(&self) -> Option<Part> {
        let mut i = 0;
        let t = self.named_or_pos(&["path", "literalpath"], &mut i)?;
        if self.pos.len() > i {
            return None;
        }
        path(t)
    }

    /// The value of the first of `names` given, else the next positional.
    fn named_or_pos<'a>(&'a self, names: &[&str], pos: &mut usize) -> Option<&'a Tok> {
        if let Some(Some(v)) = self.flag(names) {
            return Some(v);
        }
        let t = self.pos.get(*pos)?;
        *pos += 1;
        Some(t)
    }
}

/// A path as a shell writes it, rooted at `/`: drive letters, `.\`, `./`
/// and `~/` go, `\` becomes `/`. Wildcards, variables and `..` are not
/// read: they name files the line does not spell.
fn path(t: &Tok) -> Option<Part> {
    let raw = t.text.as_str();
    if t.op.is_some()
        || raw.is_empty()
        || raw.contains(['*', '?', '$', '%', '{', '}', '[', ']'])
        || raw.starts_with(['-', '+'])
    {
        return None;
    }
    let mut s = raw.replace('\\', "/");
    let b = s.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
        s = s[2..].into();
    }
    loop {
        if let Some(r) = s.strip_prefix("./") {
            s = r.into();
        } else if let Some(r) = s.strip_prefix("~/") {
            s = r.into();
        } else {
            break;
        }
    }
    if matches!(s.as_str(), "." | "~" | "") {
        s = "/".into();
    }
    if s.split('/').any(|c| c == "..") {
        return None;
    }
    if !s.starts_with('/') {
        s.insert(0, '/');
    }
    while s.len() > 1 && s.ends_with('/') {
        s.pop();
    }
    while s.contains("//") {
        s = s.replace("//", "/");
    }
    let spelt = t.quoted
        || raw.contains(['/', '\\'])
        || raw.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && !ext.is_empty() && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        });
    let folder = raw.len() > 1 && raw.ends_with(['/', '\\']);
    Some(Part::Path {
        path: s,
        spelt,
        folder,
    })
}

/// A literal path written alone (the part of `flash:DOCS/TODO.TXT` after
/// its prefix, an Emacs or Vim file name), read as [`path`] reads a word.
fn literal_path(text: &str) -> Option<Part> {
    path(&Tok {
        text: text.into(),
        quoted: false,
        op: None,
    })
}

/// A path where another system's grammar puts one (`flash:NOTES.TXT`, a
/// quoted BASIC file name, a data set name): spelt as a path whatever its
/// shape, so a name the volume lacks is missing, not a word to read.
fn spelt_path(text: &str) -> Option<Part> {
    match literal_path(text)? {
        Part::Path { path, folder, .. } => Some(Part::Path {
            path,
            spelt: true,
            folder,
        }),
        other => Some(other),
    }
}

/// The volume's top folder, written as one (`flash:`, `[000000]`).
fn root() -> Part {
    Part::Path {
        path: "/".into(),
        spelt: true,
        folder: true,
    }
}

/// A folder to make, written as a folder (`[.ARCHIVE]`, `ARCHIVE/`): the
/// request path takes a folder mark as "must be there already".
fn new_folder(p: Part) -> Part {
    match p {
        Part::Path { path, .. } => Part::Path {
            path,
            spelt: true,
            folder: false,
        },
        other => other,
    }
}

/// Words a command that takes nothing may still carry: flags were taken
/// apart already, so these are what `date +%T`, `shutdown now`, `df /`,
/// `smartctl --info /dev/nvme0` or `Get-PSDrive C` add. An English word is
/// not one (`date of my birthday`).
fn shellish(t: &Tok) -> bool {
    let s = t.text.as_str();
    !t.quoted
        && (s.starts_with(['+', '/', '\\', '-'])
            || s.bytes().next().is_some_and(|b| b.is_ascii_digit())
            || s.contains([':', '\\', '/'])
            || s.eq_ignore_ascii_case("now")
            || (s.len() == 1 && s.bytes().all(|b| b.is_ascii_uppercase())))
}

fn reading(does: Does, name: &str, shell: Shell, a: Args, filters: &Filters) -> Option<Reading> {
    let r = |role: Role, parts: Vec<Part>| {
        Some(Reading {
            shell,
            role,
            parts,
            renames: false,
        })
    };
    // Output sent to a file only makes sense for a text to write.
    let sent = a.redirect.is_some() || filters.sink.is_some();
    if sent && does != Does::Say {
        return None;
    }
    let fixed = |role: Role| {
        if a.pos.iter().all(shellish) {
            r(role, Vec::new())
        } else {
            None
        }
    };
    match does {
        Does::Show => {
            let p = a.one_path()?;
            let Part::Path {
                path: ref p_str, ..
            } = p
            else {
                return None;
            };
            let lower = p_str.to_ascii_lowercase();
            let special = pseudo_file(&lower);
            match special {
                Some(Role::KernelLog) => {
                    let n = a
                        .count(&["n", "-lines", "tail", "totalcount"], true)
                        .or(filters.count);
                    r(Role::KernelLog, n.map(Part::Count).into_iter().collect())
                }
                Some(role) => r(role, Vec::new()),
                None if lower.starts_with("/proc/")
                    || lower.starts_with("/etc/")
                    || lower.starts_with("/var/")
                    || lower.starts_with("/dev/")
                    || lower.starts_with("/sys/") =>
                {
                    None
                }
                None => r(Role::ShowText, alloc::vec![p]),
            }
        }
        Does::Bytes => {
            let p = a.one_path()?;
            // `| head -4` of a dump is four rows of sixteen bytes.
            let n = a
                .count(&["l", "n", "N", "-length", "len", "count"], false)
                .or(filters.count.map(|rows| rows * 16));
            let mut parts = alloc::vec![p];
            parts.extend(n.map(Part::Count));
            r(Role::ShowBytes, parts)
        }
        Does::List => {
            let mut i = 0;
            let parts = match a.named_or_pos(&["path", "literalpath"], &mut i) {
                Some(t) => alloc::vec![path(t)?],
                None => Vec::new(),
            };
            if a.pos.len() > i {
                return None;
            }
            r(Role::List, parts)
        }
        Does::Say => {
            // `write` is PowerShell's alias of Write-Output, and an English
            // verb: only a quoted text or a redirection makes it a line.
            let quoted_text = !a.pos.is_empty() && a.pos.iter().all(|t| t.quoted);
            if name == "write" && !quoted_text {
                return None;
            }
            // A variable is a value this machine does not have.
            if a.pos.iter().any(|t| t.text.contains('$')) {
                return None;
            }
            let mut words: Vec<String> = match a.flag(&["object", "inputobject"]) {
                Some(Some(v)) => alloc::vec![v.text.clone()],
                _ => a.pos.iter().map(|t| t.text.clone()).collect(),
            };
            if name == "printf" {
                if let Some(last) = words.last_mut() {
                    while let Some(s) = last.strip_suffix("\\n") {
                        *last = s.into();
                    }
                }
            }
            words.retain(|w| !w.is_empty());
            let text = words.join(" ");
            // `printf '\033c'` and `echo -e "\e[2J"`: the escapes that
            // blank a terminal, said to it.
            let escapes = name == "printf"
                || name == "echo"
                    && a.flags
                        .iter()
                        .any(|(k, _)| k.contains('e') && k.chars().all(|c| matches!(c, 'n' | 'e')));
            if escapes && a.redirect.is_none() && filters.sink.is_none() && clears(&text) {
                return r(Role::ClearScreen, Vec::new());
            }
            let target = a
                .redirect
                .as_ref()
                .map(|(t, append)| (t.clone(), *append))
                .or_else(|| {
                    filters.sink.as_ref().map(|(f, append)| {
                        (
                            Tok {
                                text: f.clone(),
                                quoted: false,
                                op: None,
                            },
                            *append,
                        )
                    })
                });
            match target {
                Some((file, append)) => {
                    if text.is_empty() {
                        return None;
                    }
                    let role = if append { Role::Append } else { Role::Write };
                    r(role, alloc::vec![path(&file)?, Part::Text(text)])
                }
                // An unquoted text of English words is a sentence that
                // starts with `echo`, or an echo: both say it.
                None => r(
                    Role::Say,
                    (!text.is_empty())
                        .then_some(Part::Text(text))
                        .into_iter()
                        .collect(),
                ),
            }
        }
        Does::Remove | Does::MakeDir => {
            let p = a.one_path()?;
            let role = if does == Does::Remove {
                Role::Remove
            } else {
                Role::MakeDir
            };
            r(role, alloc::vec![p])
        }
        Does::Move | Does::Copy | Does::Rename => {
            let mut i = 0;
            let from = a.named_or_pos(&["path", "literalpath"], &mut i)?;
            let to = a.named_or_pos(&["destination", "newname"], &mut i)?;
            if a.pos.len() > i {
                return None;
            }
            let (from, to) = (path(from)?, path(to)?);
            let role = if does == Does::Copy {
                Role::Copy
            } else {
                Role::Move
            };
            Some(Reading {
                shell,
                role,
                parts: alloc::vec![from, to],
                renames: does == Does::Rename,
            })
        }
        Does::NewItem => {
            let kind = a.flag(&["itemtype", "type"])?.as_ref()?.lower();
            let name = a.flag(&["name"]).and_then(|v| v.as_ref());
            let mut i = 0;
            let at = a.named_or_pos(&["path"], &mut i);
            if a.pos.len() > i {
                return None;
            }
            let full = match (at, name) {
                (Some(p), Some(n)) => Tok {
                    text: alloc::format!("{}/{}", p.text.trim_end_matches(['/', '\\']), n.text),
                    quoted: p.quoted || n.quoted,
                    op: None,
                },
                (Some(p), None) => p.clone(),
                (None, Some(n)) => n.clone(),
                (None, None) => return None,
            };
            match kind.as_str() {
                "directory" | "dir" | "folder" => r(Role::MakeDir, alloc::vec![path(&full)?]),
                "file" => {
                    let v = a.flag(&["value"])?.as_ref()?;
                    r(
                        Role::Write,
                        alloc::vec![path(&full)?, Part::Text(v.text.clone())],
                    )
                }
                _ => None,
            }
        }
        Does::SetContent | Does::AddContent => {
            let mut i = 0;
            let file = a.named_or_pos(&["path", "literalpath"], &mut i)?;
            let value = a.named_or_pos(&["value"], &mut i)?;
            if a.pos.len() > i {
                return None;
            }
            let role = if does == Does::SetContent {
                Role::Write
            } else {
                Role::Append
            };
            r(
                role,
                alloc::vec![path(file)?, Part::Text(value.text.clone())],
            )
        }
        Does::Log => {
            if !a.pos.iter().all(shellish) {
                return None;
            }
            let n = a
                .count(&["n", "-lines", "maxevents", "newest", "tail"], true)
                .or(filters.count);
            r(Role::KernelLog, n.map(Part::Count).into_iter().collect())
        }
        Does::History => {
            // `doskey /history` is history; `doskey` alone defines macros.
            if name == "doskey" && !a.pos.iter().any(|t| t.lower() == "/history") {
                return None;
            }
            // `history -c` clears it, `-d 5` drops a line, `-w` and
            // `-r` write and read its file: none of that is showing it.
            if a.flags.iter().any(|(k, _)| {
                k.len() <= 3 && k.chars().any(|c| matches!(c, 'c' | 'd' | 'w' | 'r' | 'a'))
            }) {
                return None;
            }
            fixed(Role::History)
        }
        Does::Free => {
            if name == "fsutil" {
                let w: Vec<String> = a.pos.iter().map(|t| t.lower()).collect();
                return (w.first().map(String::as_str) == Some("volume")
                    && w.get(1).map(String::as_str) == Some("diskfree"))
                .then(|| r(Role::FreeSpace, Vec::new()))
                .flatten();
            }
            fixed(Role::FreeSpace)
        }
        Does::Storage => {
            if name == "nvme" {
                let sub = a.pos.first().map(|t| t.lower());
                return matches!(sub.as_deref(), Some("list" | "id-ctrl" | "smart-log"))
                    .then(|| r(Role::Storage, Vec::new()))
                    .flatten();
            }
            fixed(Role::Storage)
        }
        Does::Memory => fixed(Role::Memory),
        // macOS: `diskutil list`, `system_profiler SPPCIDataType`, `sysctl
        // -n machdep.cpu.brand_string`.
        Does::DiskUtil => {
            let sub = a.pos.first().map(|t| t.lower());
            (a.pos.len() <= 2 && matches!(sub.as_deref(), Some("list" | "info")))
                .then(|| r(Role::Storage, Vec::new()))
                .flatten()
        }
        Does::SystemProfiler => {
            let [t] = a.pos.as_slice() else {
                return None;
            };
            let role = match t.lower().as_str() {
                "sppcidatatype" => Role::Devices,
                "spstoragedatatype" | "spnvmedatatype" | "spserialatadatatype" => Role::Storage,
                "spmemorydatatype" => Role::Memory,
                "sphardwaredatatype" => Role::Processor,
                _ => return None,
            };
            r(role, Vec::new())
        }
        Does::Sysctl => {
            let [t] = a.pos.as_slice() else {
                return None;
            };
            let key = t.lower();
            let role = if key.starts_with("machdep.cpu") || key == "hw.ncpu" {
                Role::Processor
            } else if key == "hw.memsize" || key == "hw.physmem" {
                Role::Memory
            } else if key == "kern.boottime" {
                Role::Uptime
            } else {
                return None;
            };
            r(role, Vec::new())
        }
        Does::Cpu => fixed(Role::Processor),
        Does::Devices => fixed(Role::Devices),
        Does::Clock => fixed(Role::Clock),
        Does::Uptime => fixed(Role::Uptime),
        Does::Clear => fixed(Role::ClearScreen),
        // `tput clear` sends the terminal's own clearing sequence.
        Does::Tput => match a.pos.as_slice() {
            [t] if a.flags.is_empty() && matches!(t.lower().as_str(), "clear" | "reset") => {
                r(Role::ClearScreen, Vec::new())
            }
            _ => None,
        },
        Does::Reboot => fixed(Role::Restart),
        Does::PowerOff => fixed(Role::PowerOff),
        Does::Shutdown => {
            // `shutdown -c` and `/a` cancel, `/l` logs off, `/h` sleeps.
            if a.has(&["a", "l", "h"]) && shell == Shell::Cmd
                || a.has(&["c", "k"]) && shell == Shell::Posix
            {
                return None;
            }
            let restart = a.has(&["r", "-reboot", "restart"]);
            // A message to users (`shutdown -r +0 "shift change"`) is fine.
            if !a.pos.iter().all(|t| shellish(t) || t.quoted) {
                return None;
            }
            r(
                if restart {
                    Role::Restart
                } else {
                    Role::PowerOff
                },
                Vec::new(),
            )
        }
        Does::Systemctl | Does::Init => {
            let sub = a.pos.first().map(|t| t.lower());
            if a.pos.len() != 1 {
                return None;
            }
            match sub.as_deref() {
                Some("reboot" | "6") => r(Role::Restart, Vec::new()),
                Some("poweroff" | "halt" | "0") => r(Role::PowerOff, Vec::new()),
                _ => None,
            }
        }
        Does::Help => {
            let [t] = a.pos.as_slice() else {
                return None;
            };
            if t.quoted {
                return None;
            }
            let w = t.lower();
            if !w
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            {
                return None;
            }
            r(Role::Help, alloc::vec![Part::Topic(topic(&w))])
        }
        Does::Wmi | Does::Wmic | Does::ComputerInfo | Does::SystemInfo => {
            let mut words: Vec<String> = a
                .pos
                .iter()
                .flat_map(|t| {
                    t.text
                        .split(',')
                        .map(|s| s.to_ascii_lowercase())
                        .collect::<Vec<_>>()
                })
                .collect();
            for (k, v) in &a.flags {
                if let Some(v) = v {
                    if matches!(k.as_str(), "classname" | "class" | "property" | "query") {
                        words.extend(v.text.split(',').map(|s| s.to_ascii_lowercase()));
                    }
                }
            }
            words.extend(filters.selects.iter().cloned());
            let has =
                |needles: &[&str]| words.iter().any(|w| needles.iter().any(|n| w.contains(n)));
            let role = if has(&["lastbootuptime", "uptime", "boot time"]) {
                Role::Uptime
            } else if has(&["processor", "cpu"]) {
                Role::Processor
            } else if has(&["physicalmemory", "memory", "memorychip"]) {
                Role::Memory
            } else if has(&["logicaldisk", "win32_volume", "freespace", "diskfree"]) {
                Role::FreeSpace
            } else if has(&["diskdrive", "physicaldisk"]) {
                Role::Storage
            } else if has(&["pnpentity", "pnpsigneddriver"]) {
                Role::Devices
            } else {
                return None;
            };
            r(role, Vec::new())
        }
    }
}

#[cfg(test)]
mod test_util;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_calls;
#[cfg(test)]
mod tests_langs;
#[cfg(test)]
mod tests_more;
#[cfg(test)]
mod tests_retro;
#[cfg(test)]
mod tests_systems;
