//! The live command table: the one list that help, completion, parsing,
//! dispatch, the grammar and the router ask. The reachable set is computed
//! from the mode each time it is asked, so flipping the mode changes every
//! consumer at once and there is no second list to keep in step.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::files::FsError;
use crate::parse::{self, ParseError};
use crate::parsed::{Arg, Command};
use crate::services::{PowerError, Services};
use crate::spec::AppletSpec;

/// The key that toggles read-only mode. Only this keystroke changes the mode:
/// no applet and no model output can.
pub const MODE_TOGGLE_KEY: &str = "F2";

/// Whether write applets are reachable. Read-only is the boot mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    #[default]
    ReadOnly,
    ReadWrite,
}

impl Mode {
    /// Whether an applet with this spec is reachable in this mode.
    pub fn allows(self, spec: &AppletSpec) -> bool {
        self == Mode::ReadWrite || !spec.writes
    }

    pub fn toggled(self) -> Mode {
        match self {
            Mode::ReadOnly => Mode::ReadWrite,
            Mode::ReadWrite => Mode::ReadOnly,
        }
    }

    /// As the status bar shows it.
    pub fn label(self) -> &'static str {
        match self {
            Mode::ReadOnly => "READ-ONLY",
            Mode::ReadWrite => "READ-WRITE",
        }
    }
}

/// An applet: its declaration and the code that runs it.
pub trait Applet: Sync {
    fn spec(&self) -> &'static AppletSpec;
    /// Runs with arguments already checked against the spec (see
    /// [`Table::run`]): argument `i` fills slot `i` and has that slot's type.
    fn run(&self, args: &[Arg], cx: &mut Context<'_>) -> Result<(), AppletError>;
}

/// What an applet runs with.
pub struct Context<'a> {
    /// The table that dispatched this applet (help lists it).
    pub table: &'a Table,
    pub mode: Mode,
    pub services: &'a mut dyn Services,
}

impl Context<'_> {
    /// The console sink.
    pub fn out(&mut self) -> &mut dyn fmt::Write {
        self.services.out()
    }
}

/// Why an applet failed. Shown as `<applet>: <error>` on one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppletError {
    /// A filesystem operation failed on this path.
    Fs {
        path: String,
        error: FsError,
    },
    /// The command did not match the applet's slots (a caller that skipped
    /// [`Table::parse`] and [`Table::run`]'s check).
    BadArgs,
    /// The applet declines, and says what to do instead.
    Refused(String),
    Power(PowerError),
    /// A service could not answer (e.g. the RTC).
    Unavailable(&'static str),
    /// The console sink failed.
    Output,
}

impl fmt::Display for AppletError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppletError::Fs { path, error } if path.is_empty() => write!(f, "{error}"),
            AppletError::Fs { path, error } => write!(f, "{path}: {error}"),
            AppletError::BadArgs => f.write_str("arguments do not match the usage"),
            AppletError::Refused(why) => f.write_str(why),
            AppletError::Power(e) => write!(f, "{e}"),
            AppletError::Unavailable(what) => write!(f, "{what} unavailable"),
            AppletError::Output => f.write_str("console output failed"),
        }
    }
}

impl From<fmt::Error> for AppletError {
    fn from(_: fmt::Error) -> Self {
        AppletError::Output
    }
}

impl From<PowerError> for AppletError {
    fn from(e: PowerError) -> Self {
        AppletError::Power(e)
    }
}

/// Why [`Table::run`] did not run or finish a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// The command is not reachable or does not fit its spec.
    Rejected(ParseError),
    /// The applet ran and failed.
    Failed {
        applet: &'static str,
        error: AppletError,
    },
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Rejected(e) => write!(f, "{e}"),
            RunError::Failed { applet, error } => write!(f, "{applet}: {error}"),
        }
    }
}

/// Why a table could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    DuplicateName(&'static str),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::DuplicateName(n) => write!(f, "two applets are named {n}"),
        }
    }
}

/// A set of applets. `applets::builtin()` is the table the system runs; tests
/// and host tools may extend it with [`Table::with`].
#[derive(Clone)]
pub struct Table {
    applets: Vec<&'static dyn Applet>,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.applets.iter().map(|a| a.spec().name))
            .finish()
    }
}

impl Table {
    /// A table of exactly these applets.
    pub fn new(applets: &[&'static dyn Applet]) -> Result<Table, TableError> {
        let mut t = Table {
            applets: Vec::with_capacity(applets.len()),
        };
        for a in applets {
            t = t.with(*a)?;
        }
        Ok(t)
    }

    /// This table plus one applet (for tests and host tools that add an
    /// applet without rebuilding the crate).
    pub fn with(mut self, applet: &'static dyn Applet) -> Result<Table, TableError> {
        let name = applet.spec().name;
        if self.applets.iter().any(|a| a.spec().name == name) {
            return Err(TableError::DuplicateName(name));
        }
        self.applets.push(applet);
        Ok(self)
    }

    /// Every applet, whatever the mode.
    pub fn all(&self) -> impl Iterator<Item = &'static dyn Applet> + '_ {
        self.applets.iter().copied()
    }

    /// The applets reachable in `mode`: the only list consumers should use.
    pub fn reachable(&self, mode: Mode) -> impl Iterator<Item = &'static dyn Applet> + '_ {
        self.all().filter(move |a| mode.allows(a.spec()))
    }

    /// The specs of the reachable applets, in table order.
    pub fn specs(&self, mode: Mode) -> Vec<&'static AppletSpec> {
        self.reachable(mode).map(|a| a.spec()).collect()
    }

    /// A reachable applet by name.
    pub fn get(&self, name: &str, mode: Mode) -> Option<&'static dyn Applet> {
        self.reachable(mode).find(|a| a.spec().name == name)
    }

    /// An applet by name whatever the mode (to tell "not a command" from
    /// "not in this mode").
    pub fn get_any(&self, name: &str) -> Option<&'static dyn Applet> {
        self.all().find(|a| a.spec().name == name)
    }

    /// Parses a typed line against the reachable set.
    pub fn parse(&self, line: &str, mode: Mode) -> Result<Command, ParseError> {
        parse::parse(self, line, mode)
    }

    /// Runs a command that came from [`Table::parse`] or from the grammar's
    /// decoder. The command is checked again here, so a command built by
    /// hand or by the model cannot reach an applet the mode excludes or
    /// hand it arguments of the wrong type.
    pub fn run(
        &self,
        command: &Command,
        mode: Mode,
        services: &mut dyn Services,
    ) -> Result<(), RunError> {
        let applet = parse::check(self, command, mode).map_err(RunError::Rejected)?;
        let mut cx = Context {
            table: self,
            mode,
            services,
        };
        applet
            .run(&command.args, &mut cx)
            .map_err(|error| RunError::Failed {
                applet: applet.spec().name,
                error,
            })
    }
}
