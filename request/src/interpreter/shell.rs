//! Lines in another shell's language (`Get-Content .\NOTES.TXT`, `del /q
//! TODO.TXT`, `dmesg | tail -20`): [`dialect`] reads the job and what the
//! line gives it; here the live command table names the reachable applet
//! that does the job and the volume checks the files. Such a line says
//! exactly what it wants, so no model is asked and nothing is guessed: a
//! file it spells that the volume lacks is missing (and named so), a job
//! only a write applet does is out of reach in read-only mode, and a line
//! whose words do not all fit the applet's slots is left to the request
//! path as any other line.

use alloc::string::String;
use alloc::vec::Vec;

use command::{render, Arg, Command, Mode, PathKind, Role, SlotKind};
use dialect::{Part, Reading, Topic};

use super::Interpreter;
use crate::ground::{closest, Missing};
use crate::{Abstain, Proposal, Timings, Via};

/// What a shell line comes to.
enum Outcome {
    Command(Command),
    Missing(Missing),
    NeedsWriteMode,
}

impl Interpreter<'_> {
    /// The proposal for `line` read as another shell's, or `None` when it is
    /// not one or does not fit (the request path then reads it as English).
    pub(super) fn shell_line(&self, line: &str, total_ns: u64) -> Option<Proposal> {
        if !self.config.shell_lines {
            return None;
        }
        // A word with a comma after it, outside quotes, is a pause in a
        // sentence (`mkdir later, not now` had made /later).
        let paused = line
            .split('"')
            .step_by(2)
            .flat_map(|s| s.split_whitespace())
            .any(|w| {
                w.len() > 1
                    && w.ends_with(',')
                    && !w.starts_with('-')
                    && !w.contains(['.', '/', '\\'])
            });
        let reading = match dialect::know(line)? {
            dialect::Known::Read(r)
                if paused
                    && matches!(
                        r.shell,
                        dialect::Shell::Posix | dialect::Shell::Cmd | dialect::Shell::PowerShell
                    ) =>
            {
                return None
            }
            dialect::Known::Read(reading) => reading,
            // Another system's command for a job no applet has: nothing
            // fits, and a guess from the model would be a command nobody
            // asked for.
            dialect::Known::Elsewhere(shell) => {
                return Some(Proposal {
                    input: line.into(),
                    read_as: None,
                    nothing_share: None,
                    command: None,
                    via: Via::Shell(shell),
                    ridge: None,
                    grammar: None,
                    agree: true,
                    low_confidence: false,
                    missing: None,
                    abstain: Some(Abstain::NothingFits),
                    timings: Timings {
                        total_ns,
                        ..Timings::default()
                    },
                });
            }
        };
        let outcome = self.outcome_of(&reading)?;
        let (command, missing, abstain) = match outcome {
            Outcome::Command(c) => (Some(c), None, None),
            Outcome::Missing(m) => (None, Some(m), None),
            Outcome::NeedsWriteMode => (None, None, Some(Abstain::NeedsWriteMode)),
        };
        // `sudo rm -rf /`: the whole volume is no one thing to remove or
        // move, and a proposal to delete `/` is no proposal a person can
        // trust (the applet would refuse it anyway).
        let (command, abstain) = match command {
            Some(c)
                if matches!(self.role_of(c.applet), Some(Role::Remove | Role::Move))
                    && matches!(c.args.first(), Some(Arg::Path(p)) if p == "/") =>
            {
                (None, Some(Abstain::NothingFits))
            }
            c => (c, abstain),
        };
        Some(Proposal {
            input: line.into(),
            read_as: None,
            nothing_share: None,
            command,
            via: Via::Shell(reading.shell),
            ridge: None,
            grammar: None,
            agree: true,
            low_confidence: false,
            missing,
            abstain,
            timings: Timings {
                total_ns,
                ..Timings::default()
            },
        })
    }

    fn outcome_of(&self, r: &Reading) -> Option<Outcome> {
        let Some(applet) = self.doer(r.role) else {
            // Done only by a write applet, in read-only mode: out of reach.
            return self.write_doer(r.role).then_some(Outcome::NeedsWriteMode);
        };
        let spec = self.table.get(applet, self.mode)?.spec();
        let mut parts = r.parts.iter().peekable();
        let mut args = Vec::new();
        let mut source: Option<String> = None;
        for slot in spec.slots {
            match slot.kind {
                SlotKind::Path { kind, must_exist } => {
                    let Some(Part::Path {
                        path,
                        spelt,
                        folder,
                    }) = parts.peek()
                    else {
                        if slot.required {
                            return None;
                        }
                        continue;
                    };
                    parts.next();
                    let live = self.live_entry(path, kind);
                    let at = if must_exist {
                        // Spelt without its extension (`type DOCS\FAQ`): the
                        // one live file it can be.
                        match live.or_else(|| self.without_extension(path)) {
                            Some(p) => p,
                            // Spelt as nothing the volume holds, nor a slip
                            // from one of its names: missing. A slip
                            // (`cat noets.txt`) is the request path's to read.
                            None if *spelt
                                && self.live_entry(path, PathKind::Any).is_none()
                                && !self.near_a_name(path) =>
                            {
                                return Some(Outcome::Missing(self.missing(path, kind)));
                            }
                            None => return None,
                        }
                    } else {
                        let dir = self.live_entry(path, PathKind::Dir);
                        match (&source, dir, live) {
                            // `ren a.txt b.txt`: a new name in a.txt's folder.
                            (Some(src), _, _) if r.renames && !path[1..].contains('/') => {
                                let folder = src.rsplit_once('/').map_or("", |(f, _)| f);
                                alloc::format!("{folder}{path}")
                            }
                            // Onto a folder the file keeps its name there.
                            (Some(src), Some(dir), _) => {
                                let name = src.rsplit('/').next().unwrap_or("");
                                alloc::format!("{}/{name}", dir.trim_end_matches('/'))
                            }
                            // `mv a.txt ~/Dropbox/`: into a folder the
                            // volume lacks, which is missing, not a new name.
                            (_, _, None) if *folder => {
                                return Some(Outcome::Missing(self.missing(path, PathKind::Dir)));
                            }
                            (_, _, Some(p)) => p,
                            // A table is the file of its name, extension
                            // left off (`INSERT INTO todo …` adds to
                            // TODO.TXT); a shell's bare word is a new name.
                            _ if r.shell == dialect::Shell::Sql
                                && !*spelt
                                && self.without_extension(path).is_some() =>
                            {
                                self.without_extension(path)?
                            }
                            // A new name, as typed (`copy notes.txt backup`,
                            // `md Scripts`).
                            _ => path.clone(),
                        }
                    };
                    if source
                        .as_deref()
                        .is_some_and(|s| command::same_path(s, &at))
                    {
                        return None;
                    }
                    if source.is_none() {
                        source = Some(at.clone());
                    }
                    args.push(Arg::Path(at));
                }
                SlotKind::Integer { min, max } => match parts.peek() {
                    Some(Part::Count(n)) => {
                        let n = i64::try_from(*n).ok().filter(|n| (min..=max).contains(n))?;
                        parts.next();
                        args.push(Arg::Integer(n));
                    }
                    _ if slot.required => return None,
                    _ => {}
                },
                SlotKind::Text => match parts.peek() {
                    Some(Part::Text(t)) => {
                        args.push(Arg::Text(t.clone()));
                        parts.next();
                    }
                    _ if slot.required => return None,
                    _ => {}
                },
                SlotKind::AppletName => match parts.peek() {
                    Some(Part::Topic(topic)) => {
                        let name = match topic {
                            Topic::Role(role) => match self.doer(*role) {
                                Some(a) => a,
                                None if self.write_doer(*role) => {
                                    return Some(Outcome::NeedsWriteMode)
                                }
                                None => return None,
                            },
                            Topic::Name(n) => match self.table.get(n, self.mode) {
                                Some(a) => a.spec().name,
                                None if self.table.get_any(n).is_some() => {
                                    return Some(Outcome::NeedsWriteMode)
                                }
                                None => return None,
                            },
                        };
                        parts.next();
                        args.push(Arg::Word(name));
                    }
                    _ if slot.required => return None,
                    _ => {}
                },
                // No job this crate reads takes a word out of a set or a
                // request; such a slot only ever stays empty.
                _ if slot.required => return None,
                _ => {}
            }
        }
        // Something the line gives that the applet has no slot for: not
        // the command it says.
        if parts.next().is_some() {
            return None;
        }
        let command = Command { applet, args };
        // What is proposed is always a command the table parses as itself.
        let parsed = self.table.parse(&render(&command), self.mode).ok()?;
        (parsed == command).then_some(Outcome::Command(command))
    }

    /// The live path `path` names, ignoring case, of `kind`.
    fn live_entry(&self, path: &str, kind: PathKind) -> Option<String> {
        if path == "/" {
            return (kind != PathKind::File).then(|| path.into());
        }
        self.paths
            .iter()
            .find(|e| {
                command::same_path(&e.path, path)
                    && match kind {
                        PathKind::File => !e.is_dir,
                        PathKind::Dir => e.is_dir,
                        PathKind::Any => true,
                    }
            })
            .map(|e| e.path.clone())
    }

    /// The one live file whose path is `path` and an extension.
    fn without_extension(&self, path: &str) -> Option<String> {
        let mut it = self.paths.iter().filter(|e| {
            !e.is_dir
                && e.path
                    .rsplit_once('.')
                    .is_some_and(|(stem, _)| !stem.ends_with('/') && command::same_path(stem, path))
        });
        let one = it.next()?;
        it.next().is_none().then(|| one.path.clone())
    }

    /// Whether `path`'s name is one or two edits from a live name.
    fn near_a_name(&self, path: &str) -> bool {
        let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
        self.paths.iter().any(|e| {
            let live = e.path.rsplit('/').next().unwrap_or("").to_ascii_lowercase();
            crate::ground::edit_distance(&name, &live) <= 2
        })
    }

    fn missing(&self, path: &str, kind: PathKind) -> Missing {
        let name = path.trim_start_matches('/');
        Missing {
            name: name.into(),
            closest: closest(name, &self.paths),
            source: true,
            folder: kind == PathKind::Dir,
        }
    }

    /// Whether some applet does `role` but writes, and the mode leaves
    /// writes out of reach.
    fn write_doer(&self, role: Role) -> bool {
        self.mode == Mode::ReadOnly
            && self
                .table
                .reachable(Mode::ReadWrite)
                .any(|a| a.spec().role == Some(role) && a.spec().writes)
    }
}
