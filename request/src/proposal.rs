//! What a request turned into, and the one line the shell shows for it.

use alloc::string::String;
use command::{render, Command};
use core::fmt;

use crate::decode::DecodeFailure;
use crate::ground::Missing;

/// Which path's command is proposed.
///
/// The rule ([`crate::Interpreter::propose`]): the ridge applet with its
/// grammar-filled arguments when the ridge confidence is at least the
/// threshold; otherwise the grammar's whole command; if that failed, the
/// ridge command anyway (marked low confidence); if both failed, nothing.
/// A typed line that parses as a reachable command is `Typed` and never
/// reaches the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    Typed,
    Ridge,
    Grammar,
    /// Neither path produced a command.
    Neither,
    /// A line in another shell's language, read as that shell reads it
    /// (`dialect`): no model was asked.
    Shell(dialect::Shell),
    /// A line that carries a text (`request::carrier`): its head named the
    /// file or the screen, and no model was asked.
    Carried,
}

impl Via {
    pub fn name(self) -> &'static str {
        match self {
            Via::Typed => "typed",
            Via::Ridge => "ridge",
            Via::Grammar => "grammar",
            Via::Neither => "none",
            Via::Shell(_) => "shell",
            Via::Carried => "carried",
        }
    }
}

/// Why a request gets no command although a model answered it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abstain {
    /// Nothing reachable does what the request asks, and in read-only mode
    /// what it asks is a write: the reply points at F2, naming no applet.
    NeedsWriteMode,
    /// Nothing reachable fits: nonsense, or a request outside the machine.
    NothingFits,
    /// The ridge is not confident and the grammar's command is another
    /// applet: on dev such a pick was right about one time in four.
    Unsure,
    /// The router's applet acts on a file, and the request refers to none
    /// the volume holds (`remove the old backup`, `cat the budget
    /// spreadsheet`): the grammar's other applet (`clear`, `ls`) is no
    /// answer to it.
    NoFile,
    /// The router is sure of an applet whose slots the request does not
    /// fill (`copy the text hello into notes.txt`: no file to copy), and
    /// the grammar's command is another applet's, which nobody asked for.
    Unfilled,
    /// The line takes its own request back (`delete the readme, no wait,
    /// never mind`): nothing was asked.
    TakenBack,
    /// The line asks for two commands (`show the todo; rm /NOTES.TXT`,
    /// `tell me the time and reboot`): one runs per line, and neither
    /// half alone is what was asked (`crate::conjoined`).
    TwoRequests,
}

/// The ridge router's answer and the command it led to.
#[derive(Clone, Debug, PartialEq)]
pub struct RidgeGuess {
    pub applet: &'static str,
    pub confidence: f32,
    /// The runner-up applet and its confidence.
    pub second: Option<(&'static str, f32)>,
    /// The applet with arguments from decoding restricted to it.
    pub command: Result<Command, DecodeFailure>,
    /// Whether `command` was taken from the whole-command decode because it
    /// had chosen the same applet (identical by construction, see
    /// `decode`), rather than decoded again.
    pub reused: bool,
}

/// Nanoseconds spent per stage; zero for a stage that did not run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    /// Grounding the request in the live files and building its grammar.
    pub ground_ns: u64,
    pub prefill_ns: u64,
    /// Router prediction only.
    pub ridge_ns: u64,
    /// Decoding the ridge applet's arguments.
    pub fill_ns: u64,
    /// Decoding the whole command under the grammar.
    pub grammar_ns: u64,
    pub total_ns: u64,
    pub prompt_tokens: usize,
    pub grammar_tokens: usize,
    pub fill_tokens: usize,
}

/// A proposed command and how it was reached.
#[derive(Clone, Debug, PartialEq)]
pub struct Proposal {
    pub input: String,
    /// The request as the model and the router read it when its odd case
    /// was read as lower case ([`crate::case`]) or a misspelt word as a
    /// known one ([`crate::spelling`]); `None` when it was read as typed.
    pub read_as: Option<String>,
    /// A model trained on "nothing" rows: its share for ending at once
    /// ([`crate::Interpreter::nothing_share`]).
    pub nothing_share: Option<f32>,
    /// The command that would run, if any.
    pub command: Option<Command>,
    pub via: Via,
    /// `None` when typed, or when no router is trained for this mode.
    pub ridge: Option<RidgeGuess>,
    /// The grammar's whole command; `None` when typed.
    pub grammar: Option<Result<Command, DecodeFailure>>,
    /// Ridge and grammar chose the same applet.
    pub agree: bool,
    /// No ridge answer, or one below the confidence threshold.
    pub low_confidence: bool,
    /// The request names a file the volume does not hold and no command
    /// creates it: nothing runs, and [`Missing::reply`] is the answer.
    pub missing: Option<Missing>,
    /// Set when nothing runs because nothing reachable fits.
    pub abstain: Option<Abstain>,
    pub timings: Timings,
}

impl Proposal {
    /// Nothing runs, for the reason `why`, before any model was asked.
    pub fn nothing(input: &str, why: Abstain, total_ns: u64) -> Proposal {
        Proposal {
            input: input.into(),
            read_as: None,
            nothing_share: None,
            command: None,
            via: Via::Neither,
            ridge: None,
            grammar: None,
            agree: true,
            low_confidence: false,
            missing: None,
            abstain: Some(why),
            timings: Timings {
                total_ns,
                ..Timings::default()
            },
        }
    }

    /// A typed command: no model involved.
    pub fn typed(input: &str, command: Command, total_ns: u64) -> Proposal {
        Proposal {
            input: input.into(),
            read_as: None,
            nothing_share: None,
            command: Some(command),
            via: Via::Typed,
            ridge: None,
            grammar: None,
            agree: true,
            low_confidence: false,
            missing: None,
            abstain: None,
            timings: Timings {
                total_ns,
                ..Timings::default()
            },
        }
    }

    /// The command line that would run.
    pub fn line(&self) -> Option<String> {
        self.command.as_ref().map(render)
    }

    pub fn applet(&self) -> Option<&'static str> {
        self.command.as_ref().map(|c| c.applet)
    }

    /// The answer without timings, for comparing the host's answers with
    /// the kernel's: `cat /NOTES.TXT | via ridge | ridge cat 0.97 | grammar cat /NOTES.TXT`
    /// (`-` for a missing part). Confidence to two decimals, so a last-bit
    /// difference between two float code paths does not show.
    pub fn decision(&self) -> Decision<'_> {
        Decision(self)
    }

    /// The one-line summary the shell prints, e.g.
    /// `→ cat /NOTES.TXT   ridge 0.97 · 1.4 ms | grammar agrees · 38 ms | prefill 12 ms`,
    /// with `[disagree]` / `[low confidence]` marks.
    pub fn display(&self) -> Display<'_> {
        Display(self)
    }
}

/// See [`Proposal::decision`].
pub struct Decision<'a>(&'a Proposal);

impl fmt::Display for Decision<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        match &p.command {
            Some(c) => f.write_str(&render(c))?,
            None => f.write_str("-")?,
        }
        write!(f, " | via {}", p.via.name())?;
        match &p.ridge {
            Some(r) => write!(f, " | ridge {} {:.2}", r.applet, r.confidence)?,
            None => f.write_str(" | ridge -")?,
        }
        match &p.grammar {
            Some(Ok(g)) => write!(f, " | grammar {}", render(g)),
            _ => f.write_str(" | grammar -"),
        }
    }
}

/// See [`Proposal::display`].
pub struct Display<'a>(&'a Proposal);

struct Ms(u64);

impl fmt::Display for Ms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0 as f64 / 1e6;
        if ms < 10.0 {
            write!(f, "{ms:.1} ms")
        } else {
            write!(f, "{ms:.0} ms")
        }
    }
}

impl fmt::Display for Display<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.0;
        match &p.command {
            Some(c) => write!(f, "→ {}", render(c))?,
            None => f.write_str("→ (no command)")?,
        }
        if p.via == Via::Typed {
            return Ok(());
        }
        if let Via::Shell(shell) = p.via {
            return write!(f, "   (read as a {} line)", shell.name());
        }
        if p.via == Via::Carried {
            return f.write_str("   (a text after the name of where it goes)");
        }
        let t = &p.timings;
        f.write_str("   ")?;
        match &p.ridge {
            Some(r) => {
                if p.via == Via::Ridge {
                    write!(f, "ridge {:.2}", r.confidence)?;
                } else {
                    write!(f, "ridge {} {:.2}", r.applet, r.confidence)?;
                }
                // A reused decode is the ridge path's decode too.
                let decode = if r.reused { t.grammar_ns } else { t.fill_ns };
                write!(f, " · {}", Ms(t.ridge_ns + decode))?;
            }
            None => f.write_str("ridge n/a")?,
        }
        f.write_str(" | ")?;
        match &p.grammar {
            Some(Ok(g)) if Some(g) == p.command.as_ref() => f.write_str("grammar agrees")?,
            Some(Ok(g)) => write!(f, "grammar: {}", render(g))?,
            Some(Err(e)) => write!(f, "grammar failed ({e})")?,
            None => f.write_str("grammar n/a")?,
        }
        write!(f, " · {} | prefill {}", Ms(t.grammar_ns), Ms(t.prefill_ns))?;
        if !p.agree {
            f.write_str("   [disagree]")?;
        }
        if p.low_confidence {
            f.write_str("   [low confidence]")?;
        }
        if let Some(r) = &p.read_as {
            write!(f, "   [read as: {r}]")?;
        }
        Ok(())
    }
}
