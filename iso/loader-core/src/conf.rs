//! The subset of `limine.conf` the loader understands.
//!
//! Format (Limine 8+): `key: value` lines; a line starting with `/` opens an
//! entry (more slashes nest it); a line starting with `#` is a comment. Keys are
//! case-insensitive. Global keys we read: `timeout`. Entry keys we read:
//! `protocol`, `path` (alias `kernel_path`), `cmdline` (alias
//! `kernel_cmdline`), `module_path`, `module_cmdline` (alias
//! `module_string`) and `resolution`. Other keys are ignored, as Limine
//! ignores keys another protocol uses. Paths must use the `boot():` resource
//! (the volume the loader itself came from); a `#hash` suffix is dropped.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::BootError;

/// Where Limine looks for its configuration on the boot volume, in its
/// order; both loaders take the first that exists.
pub const SEARCH_PATHS: [&str; 5] = [
    "/limine.conf",
    "/limine/limine.conf",
    "/boot/limine.conf",
    "/boot/limine/limine.conf",
    "/EFI/BOOT/limine.conf",
];

/// One module line: `module_path` plus the `module_cmdline` that follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Module {
    /// Path inside the boot volume, with a leading slash.
    pub path: String,
    /// Free-form string handed to the kernel with the module.
    pub cmdline: String,
}

/// One boot entry.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entry {
    /// Menu name (text after the slashes).
    pub name: String,
    /// `protocol:` value, lower-cased.
    pub protocol: String,
    /// Kernel path inside the boot volume, with a leading slash.
    pub kernel_path: Option<String>,
    /// Kernel command line.
    pub cmdline: String,
    /// Modules in file order.
    pub modules: Vec<Module>,
    /// Requested framebuffer size, `resolution: WxH[xBPP]`.
    pub resolution: Option<(u32, u32)>,
}

/// A parsed configuration file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    /// Menu timeout in seconds (the loader has no menu; kept for reporting).
    pub timeout: Option<u64>,
    /// Entries in file order.
    pub entries: Vec<Entry>,
}

/// What is wrong with a configuration file; `line` is 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfError {
    /// A non-empty line that is neither `key: value` nor an entry header.
    Syntax { line: usize },
    /// An entry key before the first entry.
    KeyOutsideEntry { line: usize },
    /// `module_cmdline` with no `module_path` before it in the entry.
    CmdlineWithoutModule { line: usize },
    /// A path that does not start with `boot():` or `boot(N):`.
    UnsupportedUri { line: usize },
    /// A number or resolution that does not parse.
    BadValue { line: usize },
    /// No entry with `protocol: limine` and a kernel path.
    NoLimineEntry,
}

impl fmt::Display for ConfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Syntax { line } => write!(f, "line {line}: expected `key: value` or `/entry`"),
            Self::KeyOutsideEntry { line } => {
                write!(f, "line {line}: entry option before any `/entry` line")
            }
            Self::CmdlineWithoutModule { line } => {
                write!(
                    f,
                    "line {line}: module_cmdline without a module_path before it"
                )
            }
            Self::UnsupportedUri { line } => {
                write!(f, "line {line}: only boot():/path URIs are supported")
            }
            Self::BadValue { line } => write!(f, "line {line}: value does not parse"),
            Self::NoLimineEntry => write!(f, "no entry with `protocol: limine` and a `path:`"),
        }
    }
}

impl Config {
    /// The entry to boot: the first with `protocol: limine` and a kernel path.
    pub fn boot_entry(&self) -> Result<&Entry, ConfError> {
        self.entries
            .iter()
            .find(|e| e.protocol == "limine" && e.kernel_path.is_some())
            .ok_or(ConfError::NoLimineEntry)
    }
}

/// The first configuration in [`SEARCH_PATHS`] that `read` has, with its
/// path, parsed. `read` answers `None` for a file it cannot read, and the
/// search goes on to the next path.
pub fn find(
    mut read: impl FnMut(&str) -> Option<Vec<u8>>,
) -> Result<(&'static str, Config), BootError> {
    let (path, bytes) = SEARCH_PATHS
        .iter()
        .find_map(|p| read(p).map(|bytes| (*p, bytes)))
        .ok_or(BootError::NoConfig)?;
    let text = String::from_utf8_lossy(&bytes);
    parse(&text).map(|c| (path, c)).map_err(BootError::Conf)
}

/// Parses a whole configuration file.
pub fn parse(text: &str) -> Result<Config, ConfError> {
    let mut conf = Config::default();
    for (idx, raw) in text.lines().enumerate() {
        let line = idx + 1;
        // Only whole-line comments: `#` inside a value is a path's hash suffix.
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        if let Some(name) = content.strip_prefix('/') {
            let name = name.trim_start_matches('/').trim_start_matches('+').trim();
            conf.entries.push(Entry {
                name: name.into(),
                ..Entry::default()
            });
            continue;
        }
        let (key, value) = content.split_once(':').ok_or(ConfError::Syntax { line })?;
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        if key == "timeout" {
            let t = value.parse().map_err(|_| ConfError::BadValue { line })?;
            conf.timeout = Some(t);
            continue;
        }
        if !is_entry_key(&key) {
            continue;
        }
        let entry = conf
            .entries
            .last_mut()
            .ok_or(ConfError::KeyOutsideEntry { line })?;
        match key.as_str() {
            "protocol" => entry.protocol = value.to_ascii_lowercase(),
            "path" | "kernel_path" => entry.kernel_path = Some(boot_path(value, line)?),
            "cmdline" | "kernel_cmdline" => entry.cmdline = value.into(),
            "module_path" => entry.modules.push(Module {
                path: boot_path(value, line)?,
                cmdline: String::new(),
            }),
            "module_cmdline" | "module_string" => {
                let m = entry
                    .modules
                    .last_mut()
                    .ok_or(ConfError::CmdlineWithoutModule { line })?;
                m.cmdline = value.into();
            }
            "resolution" => entry.resolution = Some(resolution(value, line)?),
            _ => unreachable!("is_entry_key lists exactly the keys matched above"),
        }
    }
    Ok(conf)
}

fn is_entry_key(key: &str) -> bool {
    matches!(
        key,
        "protocol"
            | "path"
            | "kernel_path"
            | "cmdline"
            | "kernel_cmdline"
            | "module_path"
            | "module_cmdline"
            | "module_string"
            | "resolution"
    )
}

/// `boot():/a/b#hash` -> `/a/b`.
fn boot_path(value: &str, line: usize) -> Result<String, ConfError> {
    let rest = value
        .strip_prefix("boot(")
        .ok_or(ConfError::UnsupportedUri { line })?;
    let (partition, path) = rest
        .split_once("):")
        .ok_or(ConfError::UnsupportedUri { line })?;
    if !partition.chars().all(|c| c.is_ascii_digit()) {
        return Err(ConfError::UnsupportedUri { line });
    }
    let path = path.split('#').next().unwrap_or("").trim();
    if !path.starts_with('/') || path.len() < 2 {
        return Err(ConfError::UnsupportedUri { line });
    }
    Ok(path.into())
}

/// `1280x800` or `1280x800x32` -> (1280, 800).
fn resolution(value: &str, line: usize) -> Result<(u32, u32), ConfError> {
    let mut parts = value.split('x');
    let mut next = || -> Result<u32, ConfError> {
        parts
            .next()
            .and_then(|p| p.trim().parse().ok())
            .filter(|&v| v > 0)
            .ok_or(ConfError::BadValue { line })
    };
    Ok((next()?, next()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOSYS: &str = "\
# nosys boot configuration
timeout: 0

/nosys
    protocol: limine
    path: boot():/boot/nosys
    cmdline: fault=pagefault  quiet
    module_path: boot():/boot/nosys.gguf
    module_cmdline: model
    module_path: boot(1):/boot/extra.bin#0123abcd
";

    #[test]
    fn parses_entry_kernel_cmdline_and_modules() {
        let conf = parse(NOSYS).unwrap();
        assert_eq!(conf.timeout, Some(0));
        let e = conf.boot_entry().unwrap();
        assert_eq!(e.name, "nosys");
        assert_eq!(e.kernel_path.as_deref(), Some("/boot/nosys"));
        assert_eq!(e.cmdline, "fault=pagefault  quiet");
        assert_eq!(
            e.modules,
            [
                Module {
                    path: "/boot/nosys.gguf".into(),
                    cmdline: "model".into()
                },
                Module {
                    path: "/boot/extra.bin".into(),
                    cmdline: String::new()
                },
            ]
        );
    }

    /// The configuration the ISO ships must name the kernel with the key every Limine since 8.x
    /// reads: 8.x stops with "KERNEL_PATH not specified" on `path:`.
    #[test]
    fn the_shipped_conf_uses_kernel_path_and_parses() {
        let text = include_str!("../../limine.conf");
        assert!(text
            .lines()
            .any(|l| l.trim_start().starts_with("kernel_path:")));
        assert!(!text.lines().any(|l| l.trim_start().starts_with("path:")));
        let conf = parse(text).unwrap();
        assert_eq!(
            conf.boot_entry().unwrap().kernel_path.as_deref(),
            Some("/boot/nosys")
        );
    }

    #[test]
    fn keys_are_case_insensitive_and_aliases_work() {
        let conf = parse(
            "/x\nPROTOCOL: Limine\nKERNEL_PATH: boot():/k\nKERNEL_CMDLINE: a=b\n\
             module_path: boot():/m\nmodule_string: s\nRESOLUTION: 1024x768x32\n",
        )
        .unwrap();
        let e = conf.boot_entry().unwrap();
        assert_eq!(e.protocol, "limine");
        assert_eq!(e.kernel_path.as_deref(), Some("/k"));
        assert_eq!(e.cmdline, "a=b");
        assert_eq!(e.modules[0].cmdline, "s");
        assert_eq!(e.resolution, Some((1024, 768)));
    }

    #[test]
    fn picks_first_limine_entry_and_ignores_other_protocols() {
        let conf = parse(
            "/linux\nprotocol: linux\npath: boot():/vmlinuz\n\
             //sub\nprotocol: limine\npath: boot():/boot/nosys\nverbose: yes\n",
        )
        .unwrap();
        assert_eq!(conf.entries.len(), 2);
        let e = conf.boot_entry().unwrap();
        assert_eq!(e.name, "sub");
        assert_eq!(e.kernel_path.as_deref(), Some("/boot/nosys"));
    }

    #[test]
    fn rejects_what_it_cannot_honour() {
        assert_eq!(
            parse("/e\npath: hdd(1:1):/k\n"),
            Err(ConfError::UnsupportedUri { line: 2 })
        );
        assert_eq!(
            parse("/e\npath: /k\n"),
            Err(ConfError::UnsupportedUri { line: 2 })
        );
        assert_eq!(
            parse("protocol: limine\n"),
            Err(ConfError::KeyOutsideEntry { line: 1 })
        );
        assert_eq!(
            parse("/e\njust words\n"),
            Err(ConfError::Syntax { line: 2 })
        );
        assert_eq!(
            parse("/e\nmodule_cmdline: x\n"),
            Err(ConfError::CmdlineWithoutModule { line: 2 })
        );
        assert_eq!(
            parse("timeout: soon\n"),
            Err(ConfError::BadValue { line: 1 })
        );
        assert_eq!(
            parse("/e\nresolution: 0x5\n"),
            Err(ConfError::BadValue { line: 2 })
        );
        assert_eq!(
            parse("/e\nprotocol: linux\n").unwrap().boot_entry(),
            Err(ConfError::NoLimineEntry)
        );
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let conf = parse("\n   # only a comment\n/e\nprotocol: limine\npath: boot():/k\n").unwrap();
        assert_eq!(conf.entries[0].name, "e");
    }

    #[test]
    fn the_shipped_conf_parses() {
        let text = include_str!("../../limine.conf");
        let conf = parse(text).unwrap();
        let e = conf.boot_entry().unwrap();
        assert_eq!(e.kernel_path.as_deref(), Some("/boot/nosys"));
    }

    #[test]
    fn find_takes_the_first_path_that_reads_in_limines_order() {
        let mut asked = Vec::new();
        let (path, conf) = find(|p| {
            asked.push(p.to_string());
            // None (missing or unreadable) moves the search on; it stops at the first file.
            (p == "/boot/limine.conf" || p == "/EFI/BOOT/limine.conf")
                .then(|| NOSYS.as_bytes().to_vec())
        })
        .unwrap();
        assert_eq!(path, "/boot/limine.conf");
        assert_eq!(asked, SEARCH_PATHS[..3]);
        assert_eq!(conf.boot_entry().unwrap().name, "nosys");
    }

    #[test]
    fn find_reports_no_file_and_a_bad_one() {
        assert_eq!(find(|_| None), Err(BootError::NoConfig));
        let bad = find(|_| Some(b"/x\n    protocol: limine\n    path: /boot/k\n".to_vec()));
        assert_eq!(
            bad,
            Err(BootError::Conf(ConfError::UnsupportedUri { line: 3 }))
        );
    }
}
