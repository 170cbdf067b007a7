//! Lines of IBM i control language (CL), as typed on a 5250 session's
//! command line: the integrated file system's commands (`DSPF
//! STMF('/NOTES.TXT')`, `WRKLNK '/DOCS/*'`, `CPY OBJ('/A.TXT')
//! TODIR('/DOCS')`, `RNM '/HELLO.TXT' 'HI.TXT'`) and the system's
//! (`DSPSYSVAL QTIME`, `WRKSYSSTS`, `DSPHDWRSC *PRC`, `PWRDWNSYS
//! RESTART(*YES)`).
//!
//! A CL command is a name and its parameters, each a keyword with its
//! value in parentheses (`STMF('/NOTES.TXT')`) or the value alone in the
//! command's positional order; case means nothing, and a value in `'…'`
//! is spelt as typed. Most names are CL's alone (`DSPF`, `WRKLNK`,
//! `RMVLNK`); the aliases IBM i gives its IFS commands from DOS and Unix
//! (`COPY`, `DEL`, `MKDIR`, `RD`) are CL's only with a keyword, and
//! without one are left to the shells they come from, which read them the
//! same.
//!
//! The library file system (`/QSYS.LIB`), document folders (`/QDLS`),
//! optical media and other servers' shares (`/QOPT`, `/QNTC`) are not
//! this volume: a path into one, or a database file (`DSPF
//! FILE(MYLIB/QCLSRC)`), is another system's.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Known, Part, Reading, Shell};

/// A value as CL writes one.
#[derive(Clone, Debug)]
enum Val {
    /// In `'…'`, its `''` read as `'`.
    Quoted(String),
    /// Unquoted, as typed: a name, a number, a `*SPECIAL` value, a path.
    Word(String),
    /// `(*YES *SYS)`: a list, or a value of several elements.
    List(Vec<Val>),
}

/// A parameter: its keyword, upper case, when it is written with one.
struct Param {
    kw: Option<String>,
    val: Val,
}

type Chars<'a> = core::iter::Peekable<core::str::Chars<'a>>;

fn quoted(chars: &mut Chars) -> Option<Val> {
    chars.next();
    let mut s = String::new();
    loop {
        match chars.next()? {
            '\'' if chars.peek() == Some(&'\'') => {
                chars.next();
                s.push('\'');
            }
            '\'' => return Some(Val::Quoted(s)),
            c => s.push(c),
        }
    }
}

fn word(chars: &mut Chars) -> String {
    let mut w = String::new();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() || matches!(c, '(' | ')' | '\'') {
            break;
        }
        w.push(c);
        chars.next();
    }
    w
}

/// The values up to the `)` that closes a list, which is taken.
fn list(chars: &mut Chars) -> Option<Vec<Val>> {
    let mut out = Vec::new();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let v = match *chars.peek()? {
            ')' => {
                chars.next();
                return Some(out);
            }
            '\'' => quoted(chars)?,
            '(' => {
                chars.next();
                Val::List(list(chars)?)
            }
            _ => Val::Word(word(chars)),
        };
        if chars
            .peek()
            .is_some_and(|c| !c.is_whitespace() && *c != ')')
        {
            return None;
        }
        out.push(v);
    }
}

/// The parameters after a command's name; `None` for an unclosed quote
/// or parenthesis, or words run together that CL would not part.
fn params(s: &str) -> Option<Vec<Param>> {
    let mut chars = s.chars().peekable();
    let mut out = Vec::new();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let Some(&c) = chars.peek() else {
            return Some(out);
        };
        let p = match c {
            '\'' => Param {
                kw: None,
                val: quoted(&mut chars)?,
            },
            '(' => {
                chars.next();
                Param {
                    kw: None,
                    val: Val::List(list(&mut chars)?),
                }
            }
            ')' => return None,
            _ => {
                let w = word(&mut chars);
                if chars.peek() == Some(&'(') {
                    chars.next();
                    if !w.bytes().all(|b| b.is_ascii_alphanumeric()) {
                        return None;
                    }
                    let mut items = list(&mut chars)?;
                    let val = if items.len() == 1 {
                        items.remove(0)
                    } else {
                        Val::List(items)
                    };
                    Param {
                        kw: Some(w.to_ascii_uppercase()),
                        val,
                    }
                } else {
                    Param {
                        kw: None,
                        val: Val::Word(w),
                    }
                }
            }
        };
        if chars.peek().is_some_and(|c| !c.is_whitespace()) {
            return None;
        }
        out.push(p);
    }
}

/// A command's parameters by keyword: `positional` in the order values
/// alone fill them, `others` by keyword only.
struct Bound(Vec<(&'static str, Val)>);

impl Bound {
    fn get(&self, kw: &str) -> Option<&Val> {
        self.0.iter().find(|(k, _)| *k == kw).map(|(_, v)| v)
    }

    /// Whether every parameter but `taken` has a value that only tunes
    /// the command.
    fn rest_harmless(&self, taken: &[&str]) -> bool {
        self.0
            .iter()
            .all(|(k, v)| taken.contains(k) || harmless(v) || NAMED.contains(k) && operand(v))
    }
}

/// Parameters whose value is a name (a job, a message queue, the history
/// log, an IPL side): any other takes special values and numbers only.
const NAMED: &[&str] = &[
    "JOB", "MSGID", "LOG", "TOMSGQ", "RPYMSGQ", "TOPGMQ", "IPLSRC",
];

/// `None` for a keyword the command does not have, one given twice, a
/// value alone after a keyword (CL refuses it) or too many values alone.
fn bind(params: Vec<Param>, positional: &[&'static str], others: &[&'static str]) -> Option<Bound> {
    let mut out: Vec<(&'static str, Val)> = Vec::new();
    let mut next = 0;
    let mut keyed = false;
    for p in params {
        let kw = match &p.kw {
            None if keyed => return None,
            None => {
                next += 1;
                *positional.get(next - 1)?
            }
            Some(k) => {
                keyed = true;
                *positional
                    .iter()
                    .chain(others)
                    .find(|n| **n == k.as_str())?
            }
        };
        if out.iter().any(|(k, _)| *k == kw) {
            return None;
        }
        out.push((kw, p.val));
    }
    Some(Bound(out))
}

/// A `*SPECIAL` value, upper case.
fn special(v: &Val) -> Option<String> {
    match v {
        Val::Word(w) if w.len() > 1 && w.starts_with('*') => Some(w.to_ascii_uppercase()),
        _ => None,
    }
}

/// A CL name (`QSYSOPR`, `DSP01`) or one qualified by its library
/// (`MYLIB/QCLSRC`), or a job's (`123456/ANA/QPADEV0001`); a lone letter
/// is a name (`IPLSRC(A)`), not the article.
fn name(w: &str) -> bool {
    !w.is_empty()
        && w.split('/').all(|n| {
            (1..=10).contains(&n.len())
                && n.bytes().all(|b| {
                    b.is_ascii_alphanumeric() || matches!(b, b'@' | b'#' | b'$' | b'_' | b'.')
                })
        })
        && (w.len() == 1 || !crate::dcl::english(w))
}

/// A value that tunes a command without naming anything the line asks
/// about: a special value, a number, or a list of those.
fn harmless(v: &Val) -> bool {
    match v {
        Val::Word(w) => special(v).is_some() || w.bytes().all(|b| b.is_ascii_digit()),
        Val::List(items) => items.iter().all(harmless),
        Val::Quoted(_) => false,
    }
}

/// An operand of a command this machine has nothing for: anything CL
/// writes, but no English word alone.
fn operand(v: &Val) -> bool {
    match v {
        Val::Quoted(_) => true,
        Val::List(items) => items.iter().all(operand),
        Val::Word(w) => {
            harmless(v)
                || name(w)
                || w.starts_with('/') && !w.contains(['*', '?'])
                || w.parse::<f64>().is_ok()
        }
    }
}

/// Where a path value points.
enum Ifs {
    Here(Part),
    /// A file system of IBM i's own that this volume is not.
    Away,
    Bad,
}

/// The file systems under `/` that are not the root one: libraries,
/// folders, optical media, other servers, the case-sensitive `QOpenSys`.
fn away(path: &str) -> bool {
    let Some(rest) = path.strip_prefix('/') else {
        return false;
    };
    let first = rest.split('/').next().unwrap_or("").to_ascii_uppercase();
    matches!(
        first.as_str(),
        "QSYS.LIB"
            | "QDLS"
            | "QOPT"
            | "QNTC"
            | "QFILESVR.400"
            | "QOPENSYS"
            | "QNETWARE"
            | "QLANSRV"
    ) || first.ends_with(".LIB")
}

fn ifs(v: &Val) -> Ifs {
    let (text, quoted) = match v {
        Val::Quoted(s) => (s.as_str(), true),
        Val::Word(w) => (w.as_str(), false),
        Val::List(_) => return Ifs::Bad,
    };
    if text.is_empty() || text.contains(['*', '?']) {
        return Ifs::Bad;
    }
    // Unquoted, CL takes a name's characters and `/` and `.`: not an
    // English word, nor `eax,` (`MOV EAX, EBX` is an assembler's).
    let plain = |b: u8| b.is_ascii_alphanumeric() || b"/._-@#$".contains(&b);
    if !quoted && (crate::dcl::english(text) || !text.bytes().all(plain)) {
        return Ifs::Bad;
    }
    if away(text) {
        return Ifs::Away;
    }
    let part = if quoted {
        crate::spelt_path(text)
    } else {
        crate::literal_path(text)
    };
    match part {
        Some(p @ Part::Path { .. }) => Ifs::Here(p),
        _ => Ifs::Bad,
    }
}

/// The same path written as a folder (`TODIR('/DOCS')`).
fn as_folder(p: Part) -> Part {
    match p {
        Part::Path { path, .. } => Part::Path {
            path,
            spelt: true,
            folder: true,
        },
        other => other,
    }
}

fn is_root(p: &Part) -> bool {
    matches!(p, Part::Path { path, .. } if path == "/")
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Verb {
    Show,
    List,
    Copy,
    Move,
    Rename,
    Remove,
    RemoveDir,
    MakeDir,
    SysVal,
    Log,
    JobLog,
    Disks,
    System,
    Hardware,
    PowerDown,
    Break,
    Program,
    Qsh,
    /// A command for a job no applet here does.
    Other,
    /// One whose every word is a plain English one as well (`CALL`,
    /// `GO`): CL's only in capitals or with a keyword.
    OtherWord,
}

/// Command names; `true` marks an alias another shell has as well.
const VERBS: &[(&str, Verb, bool)] = &[
    ("DSPF", Verb::Show, false),
    // EDTF opens the file in an editor, showing its text; its editing
    // needs the editor's own keys, so opening it is reading it, as `:e`
    // and `C-x C-f` are read.
    ("EDTF", Verb::Show, false),
    ("WRKLNK", Verb::List, false),
    ("DSPLNK", Verb::List, false),
    ("CPY", Verb::Copy, false),
    ("COPY", Verb::Copy, true),
    ("MOV", Verb::Move, false),
    ("MOVE", Verb::Move, true),
    ("RNM", Verb::Rename, false),
    ("REN", Verb::Rename, true),
    ("RMVLNK", Verb::Remove, false),
    ("DEL", Verb::Remove, true),
    ("ERASE", Verb::Remove, true),
    ("RMVDIR", Verb::RemoveDir, false),
    ("RMDIR", Verb::RemoveDir, true),
    ("RD", Verb::RemoveDir, true),
    ("CRTDIR", Verb::MakeDir, false),
    ("MKDIR", Verb::MakeDir, true),
    ("MD", Verb::MakeDir, true),
    ("DSPSYSVAL", Verb::SysVal, false),
    ("WRKSYSVAL", Verb::SysVal, false),
    ("DSPLOG", Verb::Log, false),
    ("DSPJOBLOG", Verb::JobLog, false),
    ("WRKDSKSTS", Verb::Disks, false),
    ("WRKSYSSTS", Verb::System, false),
    ("DSPSYSSTS", Verb::System, false),
    ("DSPHDWRSC", Verb::Hardware, false),
    ("WRKHDWRSC", Verb::Hardware, false),
    ("PWRDWNSYS", Verb::PowerDown, false),
    ("SNDBRKMSG", Verb::Break, false),
    ("SNDPGMMSG", Verb::Program, false),
    ("QSH", Verb::Qsh, false),
    ("STRQSH", Verb::Qsh, false),
    ("CHGCURDIR", Verb::Other, false),
    ("CHDIR", Verb::Other, true),
    ("CD", Verb::Other, true),
    ("CALL", Verb::OtherWord, false),
    ("GO", Verb::OtherWord, false),
    ("SAV", Verb::OtherWord, false),
    ("RST", Verb::OtherWord, false),
];

/// Commands for jobs, spooled output, libraries, users, objects,
/// configuration and saves: nothing here has any of them.
const OTHERS: &[&str] = &[
    "SIGNOFF",
    "WRKACTJOB",
    "WRKSPLF",
    "WRKOUTQ",
    "WRKJOB",
    "WRKUSRJOB",
    "WRKSBMJOB",
    "WRKSBS",
    "WRKSBSJOB",
    "WRKJOBQ",
    "WRKSYSACT",
    "WRKWTR",
    "WRKMSG",
    "DSPMSG",
    "WRKMSGQ",
    "SNDMSG",
    "WRKUSRPRF",
    "DSPUSRPRF",
    "CRTUSRPRF",
    "CHGUSRPRF",
    "CHGPWD",
    "STRSQL",
    "RUNSQLSTM",
    "STRPDM",
    "WRKMBRPDM",
    "WRKOBJPDM",
    "WRKLIBPDM",
    "STRSEU",
    "WRKOBJ",
    "WRKLIB",
    "DSPLIB",
    "CRTLIB",
    "DLTLIB",
    "CLRLIB",
    "CHGCURLIB",
    "ADDLIBLE",
    "RMVLIBLE",
    "EDTLIBL",
    "DSPLIBL",
    "CHGLIBL",
    "DSPCURDIR",
    "STRTCP",
    "ENDTCP",
    "STRTCPSVR",
    "ENDTCPSVR",
    "NETSTAT",
    "WRKTCPSTS",
    "CFGTCP",
    "ENDJOB",
    "SBMJOB",
    "DSPJOB",
    "CHGJOB",
    "WRKCFGSTS",
    "WRKDEVD",
    "WRKCTLD",
    "WRKLIND",
    "VRYCFG",
    "SAVLIB",
    "RSTLIB",
    "SAVOBJ",
    "RSTOBJ",
    "SAVSYS",
    "STRSST",
    "DSPPTF",
    "WRKPTFGRP",
    "DSPFD",
    "DSPFFD",
    "DSPPFM",
    "RUNQRY",
    "WRKQRY",
    "CPYF",
    "CPYTOSTMF",
    "CPYFRMSTMF",
    "CPYTOIMPF",
    "CPYFRMIMPF",
    "DSPOBJD",
    "DSPOBJAUT",
    "EDTOBJAUT",
    "GRTOBJAUT",
    "RVKOBJAUT",
    "CHGAUT",
    "WRKAUT",
    "CHGOWN",
    "WRKJOBSCDE",
    "ADDJOBSCDE",
    "STRSBS",
    "ENDSBS",
    "ENDSYS",
    "CHGSYSVAL",
    "WRKOBJLCK",
    "WRKSHRPOOL",
    "DSPDTAARA",
    "WRKDTAARA",
    "CRTDTAARA",
    "CHGDTAARA",
    "DSPSFWRSC",
    "WRKLICINF",
    "DSPNETA",
    "WRKENVVAR",
    "ADDENVVAR",
    "CRTPF",
    "CRTLF",
    "CRTSRCPF",
    "CRTBNDCL",
    "CRTBNDRPG",
    "CRTCLPGM",
    "DLTF",
    "DLTPGM",
    "WRKCMD",
    "DSPCMD",
    "STRDBG",
    "ENDDBG",
    "WRKPRB",
    "WRKCNTINF",
    "CHGMSGQ",
    "WRKRDBDIRE",
    "STRPASTHR",
];

/// The system's own menus (`GO MAIN`, `GO POWER`); the command menus
/// are all `CMD…` (`GO CMDLNK`).
const MENUS: &[&str] = &[
    "MAIN",
    "POWER",
    "SETUP",
    "TECHHELP",
    "ASSIST",
    "BACKUP",
    "RESTORE",
    "SAVE",
    "LICPGM",
    "PTF",
    "DISKTASKS",
    "MAJOR",
    "USERHELP",
    "SECTOOLS",
    "TCPADM",
    "MANAGESYS",
    "PROBLEM",
];

fn verb(name: &str) -> Option<(Verb, bool)> {
    if OTHERS.contains(&name) {
        return Some((Verb::Other, false));
    }
    VERBS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, v, shared)| (*v, *shared))
}

/// The 5250 command line's arrow: `===> WRKLNK`.
fn without_prompt(line: &str) -> &str {
    let line = line.trim();
    line.strip_prefix("===>").map_or(line, str::trim_start)
}

fn read_as(role: Role, parts: Vec<Part>, renames: bool) -> Option<Known> {
    Some(Known::Read(Reading {
        shell: Shell::IbmI,
        role,
        parts,
        renames,
    }))
}

const ELSEWHERE: Option<Known> = Some(Known::Elsewhere(Shell::IbmI));

/// What `line` comes to as CL, or `None` when it is not CL's.
pub(crate) fn know(line: &str) -> Option<Known> {
    let line = without_prompt(line);
    let (head, rest) = match line.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r),
        None => (line, ""),
    };
    if head.is_empty() || !head.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let (v, shared) = verb(&head.to_ascii_uppercase())?;
    let ps = params(rest)?;
    let keyed = ps.iter().any(|p| p.kw.is_some());
    if shared && !keyed {
        return None;
    }
    // `OUTPUT(*PRINT)` spools the listing for a printer, and `*OUTFILE`
    // writes it to a database file: neither is this screen.
    let output_away = |b: &Bound| {
        b.get("OUTPUT")
            .is_some_and(|o| special(o).as_deref() != Some("*"))
    };
    match v {
        Verb::Show => show(bind(ps, &["STMF"], &["FILE", "MBR"])?),
        Verb::List => {
            let b = bind(ps, &["OBJ", "OBJTYPE", "DETAIL", "DSPOPT"], &["OUTPUT"])?;
            if !b.rest_harmless(&["OBJ"]) {
                return None;
            }
            if output_away(&b) {
                return ELSEWHERE;
            }
            let part = match b.get("OBJ") {
                None => None,
                Some(v) => match v {
                    Val::Quoted(s) | Val::Word(s) if s == "*" => None,
                    // `'/DOCS/*'`: every name in the folder, as people ask
                    // WRKLNK for a folder's entries.
                    Val::Quoted(s) | Val::Word(s) if s.ends_with("/*") => {
                        let folder = &s[..s.len() - 1];
                        let inner = match v {
                            Val::Quoted(_) => Val::Quoted(folder.into()),
                            _ => Val::Word(folder.into()),
                        };
                        match ifs(&inner) {
                            Ifs::Here(p) => Some(as_folder(p)),
                            Ifs::Away => return ELSEWHERE,
                            Ifs::Bad => return None,
                        }
                    }
                    _ => match ifs(v) {
                        Ifs::Here(p) if is_root(&p) => Some(crate::root()),
                        Ifs::Here(p) => Some(p),
                        Ifs::Away => return ELSEWHERE,
                        Ifs::Bad => return None,
                    },
                },
            };
            read_as(Role::List, part.into_iter().collect(), false)
        }
        Verb::Copy | Verb::Move => {
            let b = bind(
                ps,
                &["OBJ", "TOOBJ", "TODIR"],
                &[
                    "SYMLNK",
                    "FROMCCSID",
                    "TOCCSID",
                    "DTAFMT",
                    "SUBTREE",
                    "REPLACE",
                    "OWNER",
                    "FROMCODEPAGE",
                    "TOCODEPAGE",
                ],
            )?;
            if !b.rest_harmless(&["OBJ", "TOOBJ", "TODIR"]) {
                return None;
            }
            let to = match (b.get("TOOBJ"), b.get("TODIR")) {
                (Some(t), None) => (t, false),
                (None, Some(t)) => (t, true),
                _ => return None,
            };
            let (from, to) = match (ifs(b.get("OBJ")?), ifs(to.0)) {
                (Ifs::Away, _) | (_, Ifs::Away) => return ELSEWHERE,
                (Ifs::Here(f), Ifs::Here(t)) => (f, if to.1 { as_folder(t) } else { t }),
                _ => return None,
            };
            if is_root(&from) {
                return None;
            }
            let role = if v == Verb::Copy {
                Role::Copy
            } else {
                Role::Move
            };
            read_as(role, alloc::vec![from, to], false)
        }
        Verb::Rename => {
            let b = bind(ps, &["OBJ", "NEWOBJ"], &["SYMLNK"])?;
            if !b.rest_harmless(&["OBJ", "NEWOBJ"]) {
                return None;
            }
            // NEWOBJ is a name, never a path: RNM keeps the folder.
            let new = b.get("NEWOBJ")?;
            if matches!(new, Val::Quoted(s) | Val::Word(s) if s.contains('/')) {
                return None;
            }
            match (ifs(b.get("OBJ")?), ifs(new)) {
                (Ifs::Away, _) => ELSEWHERE,
                (Ifs::Here(f), Ifs::Here(t)) if !is_root(&f) => {
                    read_as(Role::Move, alloc::vec![f, t], true)
                }
                _ => None,
            }
        }
        Verb::Remove | Verb::RemoveDir | Verb::MakeDir => {
            let b = match v {
                Verb::Remove => bind(ps, &["OBJLNK"], &[])?,
                Verb::RemoveDir => bind(ps, &["DIR"], &["RMVLNK", "SUBTREE"])?,
                _ => bind(
                    ps,
                    &["DIR", "DTAAUT", "OBJAUT"],
                    &["CRTOBJAUD", "CRTOBJSCAN", "RSTDRNMUNL"],
                )?,
            };
            if !b.rest_harmless(&["OBJLNK", "DIR"]) {
                return None;
            }
            let target = b.get("OBJLNK").or_else(|| b.get("DIR"))?;
            let p = match ifs(target) {
                Ifs::Here(p) if !is_root(&p) => p,
                Ifs::Away => return ELSEWHERE,
                _ => return None,
            };
            match v {
                Verb::Remove => read_as(Role::Remove, alloc::vec![p], false),
                // RMVDIR names a directory and nothing else.
                Verb::RemoveDir => read_as(Role::Remove, alloc::vec![as_folder(p)], false),
                _ => read_as(Role::MakeDir, alloc::vec![crate::new_folder(p)], false),
            }
        }
        Verb::SysVal => {
            let b = bind(ps, &["SYSVAL", "OUTPUT"], &[])?;
            let Some(Val::Word(sv)) = b.get("SYSVAL") else {
                // WRKSYSVAL alone lists them all, to change.
                return (b.0.is_empty() && head.eq_ignore_ascii_case("WRKSYSVAL"))
                    .then_some(Known::Elsewhere(Shell::IbmI));
            };
            let sv = sv.to_ascii_uppercase();
            let qname = sv.len() > 1
                && (sv.starts_with('Q') && sv.bytes().all(|b| b.is_ascii_alphanumeric())
                    || sv.starts_with('*') && sv[1..].bytes().all(|b| b.is_ascii_alphabetic()));
            if !qname || !b.rest_harmless(&["SYSVAL"]) {
                return None;
            }
            if output_away(&b) {
                return ELSEWHERE;
            }
            match sv.as_str() {
                "QDATE" | "QTIME" | "QDATETIME" | "QDAY" | "QMONTH" | "QYEAR" | "QCENTURY"
                | "QHOUR" | "QMINUTE" | "QSECOND" | "QDAYOFWEEK" | "QTIMZON" | "QUTCOFFSET" => {
                    read_as(Role::Clock, Vec::new(), false)
                }
                // Security, IPL, library list, message values and the
                // rest: settings this machine has none of.
                _ => ELSEWHERE,
            }
        }
        // QHST, the history log, is the system's own record of what
        // happened (jobs, the operator's messages): the kernel's log here.
        Verb::Log => {
            let b = bind(ps, &["LOG", "PERIOD", "OUTPUT"], &["JOB", "MSGID"])?;
            if !b.rest_harmless(&[]) {
                return None;
            }
            if b.get("LOG")
                .is_some_and(|l| !matches!(l, Val::Word(w) if w.eq_ignore_ascii_case("QHST")))
            {
                return None;
            }
            if output_away(&b) {
                return ELSEWHERE;
            }
            read_as(Role::KernelLog, Vec::new(), false)
        }
        // An interactive job's log is, first of all, the commands typed in
        // it, each followed by its messages: the lines typed here.
        Verb::JobLog => {
            let b = bind(ps, &["JOB", "OUTPUT"], &[])?;
            if !b.rest_harmless(&[]) {
                return None;
            }
            let own = b
                .get("JOB")
                .is_none_or(|j| special(j).as_deref() == Some("*"));
            if !own || output_away(&b) {
                return ELSEWHERE;
            }
            read_as(Role::History, Vec::new(), false)
        }
        // WRKDSKSTS is a row per disk unit: its type, size, use and I/O.
        // WRKSYSSTS is mostly main storage: its pools, their sizes and
        // faults, below a few lines of totals.
        Verb::Disks | Verb::System => {
            let b = bind(ps, &["OUTPUT", "RESET", "ASTLVL"], &[])?;
            if !b.rest_harmless(&[]) {
                return None;
            }
            if output_away(&b) {
                return ELSEWHERE;
            }
            let role = if v == Verb::Disks {
                Role::Storage
            } else {
                Role::Memory
            };
            read_as(role, Vec::new(), false)
        }
        Verb::Hardware => {
            let b = bind(ps, &["TYPE", "OUTPUT"], &[])?;
            let ty = special(b.get("TYPE")?)?;
            if !b.rest_harmless(&[]) {
                return None;
            }
            if output_away(&b) {
                return ELSEWHERE;
            }
            let role = match ty.as_str() {
                "*PRC" => Role::Processor,
                "*STG" => Role::Storage,
                // Communication adapters, workstation controllers, crypto
                // cards, all of it: the cards in the machine's slots.
                "*CMN" | "*LWS" | "*CSA" | "*CRP" | "*AHW" => Role::Devices,
                _ => return None,
            };
            read_as(role, Vec::new(), false)
        }
        Verb::PowerDown => {
            let b = bind(
                ps,
                &["OPTION", "DELAY", "RESTART", "IPLSRC"],
                &["ENDSBSOPT", "TIMOUTOPT", "CONFIRM"],
            )?;
            if !b.rest_harmless(&[]) {
                return None;
            }
            // RESTART(*YES) or its list form `(*YES *SYS)`.
            let restart = match b.get("RESTART") {
                None => false,
                Some(Val::List(items)) => {
                    items.first().and_then(special).is_some_and(|s| s == "*YES")
                }
                Some(r) => match special(r)?.as_str() {
                    "*YES" => true,
                    "*NO" => false,
                    _ => return None,
                },
            };
            let role = if restart {
                Role::Restart
            } else {
                Role::PowerOff
            };
            read_as(role, Vec::new(), false)
        }
        // A break message interrupts every screen it is sent to, and this
        // machine's one screen is the one typed at.
        Verb::Break => {
            let b = bind(ps, &["MSG", "TOMSGQ", "MSGTYPE", "RPYMSGQ"], &[])?;
            say(&b)
        }
        // Typed on the command line, a program message goes to the line's
        // own message area: the text shown back.
        Verb::Program => {
            let b = bind(
                ps,
                &["MSG"],
                &[
                    "MSGID", "MSGF", "MSGDTA", "TOPGMQ", "TOMSGQ", "TOUSR", "MSGTYPE", "RPYMSGQ",
                    "KEYVAR", "CCSID",
                ],
            )?;
            let away = ["MSGID", "MSGF", "MSGDTA", "TOMSGQ", "TOUSR", "KEYVAR"];
            if away.iter().any(|k| b.get(k).is_some()) {
                return b
                    .0
                    .iter()
                    .all(|(_, v)| operand(v))
                    .then_some(Known::Elsewhere(Shell::IbmI));
            }
            say(&b)
        }
        // Qshell runs a Unix line: read in its own language.
        Verb::Qsh => {
            let b = bind(ps, &["CMD"], &[])?;
            let Some(cmd) = b.get("CMD") else {
                return ELSEWHERE;
            };
            let Val::Quoted(inner) = cmd else {
                return None;
            };
            let inner = inner.trim();
            if inner.is_empty() {
                return None;
            }
            match crate::know(inner)? {
                Known::Read(r) => Some(Known::Read(r)),
                Known::Elsewhere(s) => Some(Known::Elsewhere(s)),
            }
        }
        Verb::Other | Verb::OtherWord => {
            let capitals = !head.bytes().any(|b| b.is_ascii_lowercase());
            if v == Verb::OtherWord && (!(capitals || keyed) || ps.is_empty()) {
                return None;
            }
            // `GO` takes a menu's name, and only IBM i's menus say CL.
            if head.eq_ignore_ascii_case("GO") {
                let [Param {
                    kw: None,
                    val: Val::Word(menu),
                }] = ps.as_slice()
                else {
                    return None;
                };
                let menu = menu.to_ascii_uppercase();
                let known = menu.starts_with("CMD") || MENUS.contains(&menu.as_str());
                return known.then_some(Known::Elsewhere(Shell::IbmI));
            }
            ps.iter()
                .all(|p| operand(&p.val))
                .then_some(Known::Elsewhere(Shell::IbmI))
        }
    }
}

fn show(b: Bound) -> Option<Known> {
    if let Some(file) = b.get("FILE") {
        // A database file's member: the library system's, not this volume.
        let stmf_none = b
            .get("STMF")
            .is_none_or(|s| special(s).as_deref() == Some("*NONE"));
        return (stmf_none && b.0.iter().all(|(_, v)| operand(v)) && operand(file))
            .then_some(Known::Elsewhere(Shell::IbmI));
    }
    if b.get("MBR").is_some() {
        return None;
    }
    let v = b.get("STMF")?;
    let folder = matches!(v, Val::Quoted(s) | Val::Word(s) if s.len() > 1 && s.ends_with('/'));
    match ifs(v) {
        // On a directory DSPF and EDTF show its entries.
        Ifs::Here(p) if folder || is_root(&p) => {
            read_as(Role::List, alloc::vec![as_folder(p)], false)
        }
        Ifs::Here(p) => read_as(Role::ShowText, alloc::vec![p], false),
        Ifs::Away => ELSEWHERE,
        Ifs::Bad => None,
    }
}

fn say(b: &Bound) -> Option<Known> {
    if !b.rest_harmless(&["MSG"]) {
        return None;
    }
    let text = match b.get("MSG")? {
        Val::Quoted(s) => s.trim(),
        Val::Word(w) if !w.starts_with(['*', '&']) => w.as_str(),
        _ => return None,
    };
    if text.is_empty() {
        return None;
    }
    read_as(Role::Say, alloc::vec![Part::Text(text.into())], false)
}
