//! What an applet declares about itself. Everything that lists, completes,
//! parses, dispatches, constrains decoding or trains the router reads these
//! declarations through the live command table: there is no second list.

use alloc::string::String;

/// What kind of filesystem object a path slot names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathKind {
    File,
    Dir,
    Any,
}

/// The type of one argument slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotKind {
    /// An absolute path on the data volume (`/NOTES.TXT`, `/DOCS/A.TXT`).
    /// `must_exist` paths draw their alternatives from the live filesystem
    /// (completion, grammar); the others may name something new.
    Path { kind: PathKind, must_exist: bool },
    /// Free text. A text slot is always the last slot and takes the rest of
    /// the line; it is written quoted when it holds spaces or quotes.
    Text,
    /// A request in words, as a person types one to this shell (`route
    /// "rename hello.txt to hi.txt"`): free text, parsed and rendered as
    /// [`SlotKind::Text`] is, whose words may name files, new or live, since
    /// they are quoted, not acted on.
    Request,
    /// A decimal integer within an inclusive range.
    Integer { min: i64, max: i64 },
    /// One word out of a fixed set.
    OneOf(&'static [&'static str]),
    /// The name of an applet in the reachable set (as `help rm` takes).
    /// Its alternatives are live, like a must-exist path's.
    AppletName,
}

/// One argument slot of an applet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub name: &'static str,
    pub kind: SlotKind,
    /// Optional slots may only follow required ones.
    pub required: bool,
    /// What an omitted optional slot means (`model` is `model info`): the
    /// command is the same with it written out or left out.
    pub default: Option<&'static str>,
}

impl Slot {
    /// A required path slot.
    pub const fn path(name: &'static str, kind: PathKind, must_exist: bool) -> Slot {
        Slot {
            name,
            kind: SlotKind::Path { kind, must_exist },
            required: true,
            default: None,
        }
    }

    /// A required text slot (it must be the last slot).
    pub const fn text(name: &'static str) -> Slot {
        Slot {
            name,
            kind: SlotKind::Text,
            required: true,
            default: None,
        }
    }

    /// A required request slot (it must be the last slot).
    pub const fn request(name: &'static str) -> Slot {
        Slot {
            name,
            kind: SlotKind::Request,
            required: true,
            default: None,
        }
    }

    /// Whether the slot holds free text: [`SlotKind::Text`] or
    /// [`SlotKind::Request`].
    pub fn is_text(&self) -> bool {
        matches!(self.kind, SlotKind::Text | SlotKind::Request)
    }

    /// A required integer slot, `min..=max`.
    pub const fn integer(name: &'static str, min: i64, max: i64) -> Slot {
        Slot {
            name,
            kind: SlotKind::Integer { min, max },
            required: true,
            default: None,
        }
    }

    /// A required one-of-words slot.
    pub const fn one_of(name: &'static str, words: &'static [&'static str]) -> Slot {
        Slot {
            name,
            kind: SlotKind::OneOf(words),
            required: true,
            default: None,
        }
    }

    /// A required slot naming a reachable applet.
    pub const fn applet(name: &'static str) -> Slot {
        Slot {
            name,
            kind: SlotKind::AppletName,
            required: true,
            default: None,
        }
    }

    /// An optional option word such as `--ctx`, naming the slot after it. Options tune how
    /// a command runs rather than saying what it does, so the corpus leaves them out of the
    /// requests it writes ([`Slot::is_option`]).
    pub const fn option(name: &'static str, word: &'static [&'static str; 1]) -> Slot {
        Slot {
            name,
            kind: SlotKind::OneOf(word),
            required: false,
            default: None,
        }
    }

    /// Whether this is an option word ([`Slot::option`]): one word, starting with `--`.
    pub fn is_option(&self) -> bool {
        matches!(self.kind, SlotKind::OneOf([w]) if w.starts_with("--"))
    }

    /// The same slot, optional.
    pub const fn optional(self) -> Slot {
        Slot {
            required: false,
            ..self
        }
    }

    /// The same slot, optional, and meaning `word` when left out.
    pub const fn or(self, word: &'static str) -> Slot {
        Slot {
            required: false,
            default: Some(word),
            ..self
        }
    }
}

/// A request a person might type instead of the command, with the command
/// line it means. Commands use the sample data volume's paths (see
/// [`SAMPLE_FS`]), so the examples double as training and routing data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    pub request: &'static str,
    pub command: &'static str,
}

impl Example {
    pub const fn new(request: &'static str, command: &'static str) -> Example {
        Example { request, command }
    }
}

/// A job the request path recognises in a request's own words (`show the
/// release notes` shows a file's text, `i don't need todo.txt anymore`
/// removes one), so it can prefer the reachable applet that does it over
/// another reading without naming any applet. An applet declares at most
/// one; an added applet that shows files as text, say, declares
/// [`Role::ShowText`] and is read as the builtin `cat` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Prints a file's text.
    ShowText,
    /// Shows a file's bytes.
    ShowBytes,
    /// Lists a folder.
    List,
    /// Says a text back on the screen.
    Say,
    /// Creates or replaces a file with a text.
    Write,
    /// Adds a line of text at the end of a file.
    Append,
    /// Removes a file or folder.
    Remove,
    /// Moves or renames.
    Move,
    /// Copies a file.
    Copy,
    /// Makes a folder.
    MakeDir,
    /// Explains how a request would be handled, without running it.
    Explain,
    /// Shows the kernel's log.
    KernelLog,
    /// Shows the lines typed at the prompt.
    History,
    /// Shows free and used space on the data volume.
    FreeSpace,
    /// Describes the storage devices.
    Storage,
    /// Describes the memory.
    Memory,
    /// Lists the commands or describes one.
    Help,
    /// Describes the language model.
    Model,
    /// Lists the PCI devices.
    Devices,
    /// Describes the processor.
    Processor,
    /// Tells the date and time.
    Clock,
    /// Tells how long since the machine started.
    Uptime,
    /// Blanks the screen.
    ClearScreen,
    /// Restarts the machine.
    Restart,
    /// Powers the machine off.
    PowerOff,
}

/// The declaration of one applet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AppletSpec {
    pub name: &'static str,
    /// One line, shown by `help`.
    pub summary: &'static str,
    pub slots: &'static [Slot],
    /// Writes to storage or changes machine state irrecoverably: absent from
    /// the reachable set in read-only mode.
    pub writes: bool,
    /// The common job it does, if it does one the request path knows how to
    /// read from a request's own words ([`Role`]); `None` for the rest.
    pub role: Option<Role>,
    /// At least eight.
    pub examples: &'static [Example],
}

impl AppletSpec {
    /// The usage line derived from the slots, e.g. `cp <src> <dst>` or
    /// `help [command]`. There is no separately written usage string, so it
    /// cannot drift from what the parser accepts.
    pub fn usage(&self) -> String {
        let mut s = String::from(self.name);
        for slot in self.slots {
            let (open, close) = if slot.required {
                ('<', '>')
            } else {
                ('[', ']')
            };
            s.push(' ');
            s.push(open);
            match slot.kind {
                SlotKind::OneOf(words) => s.push_str(&words.join("|")),
                _ => s.push_str(slot.name),
            }
            s.push(close);
        }
        s
    }

    /// The slot the `i`-th argument fills.
    pub fn slot(&self, i: usize) -> Option<&'static Slot> {
        self.slots.get(i)
    }
}

/// The files of the sample data volume, spelt as the volume spells them:
/// `make disk` (`nosys-iso disk`) creates exactly these from
/// `iso/sample-disk/`, and the examples, the training corpus, the fakes and
/// the tests refer to them. Directories end with `/`. The long names keep
/// their case and spaces (issue 17); the hand-written evaluation splits were
/// written against these names, so renaming one changes what they measure.
pub const SAMPLE_FS: &[&str] = &[
    "/README.TXT",
    "/NOTES.TXT",
    "/TODO.TXT",
    "/HELLO.TXT",
    "/meeting notes.txt",
    "/photo-list 2026.txt",
    "/DOCS/",
    "/DOCS/GUIDE.TXT",
    "/DOCS/FAQ.TXT",
    "/DOCS/Release Notes 0.1.txt",
    "/LOGS/",
    "/LOGS/BOOT.LOG",
];
