//! The held-out ledger. Every evaluation that reads a held-out split goes
//! through [`open_heldout`], which appends a line to the ledger before it
//! hands out a single pair. The first [`FREE_READS`] reads give quotable
//! figures; from the next one on, the figures are STALE: the held-out data
//! has been looked at often enough that choices may have been fitted to it.

use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Reads of the held-out split whose figures may be quoted.
pub const FREE_READS: usize = 3;

/// What the ledger says about this read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeldoutRead {
    /// 1 for the first read ever recorded.
    pub number: usize,
}

impl HeldoutRead {
    pub fn stale(&self) -> bool {
        self.number > FREE_READS
    }

    /// Appended to every figure printed from this read.
    pub fn mark(&self) -> &'static str {
        if self.stale() {
            " STALE (held-out read more than 3 times: not quotable)"
        } else {
            ""
        }
    }
}

#[derive(Debug)]
pub enum LedgerError {
    Io {
        path: PathBuf,
        error: io::Error,
    },
    /// A held-out file is not `request<TAB>command` lines.
    Format {
        path: PathBuf,
        line: usize,
    },
    /// `who` or `what` would break the one-line-per-read format.
    BadField,
}

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LedgerError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            LedgerError::Format { path, line } => {
                write!(f, "{}:{line}: expected request<TAB>command", path.display())
            }
            LedgerError::BadField => write!(f, "ledger fields may not hold tabs or newlines"),
        }
    }
}

impl std::error::Error for LedgerError {}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> LedgerError + '_ {
    move |error| LedgerError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Reads recorded so far (0 when the ledger does not exist yet).
pub fn reads(ledger: &Path) -> Result<usize, LedgerError> {
    match fs::read_to_string(ledger) {
        Ok(text) => Ok(text.lines().filter(|l| l.starts_with("read\t")).count()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(io_err(ledger)(e)),
    }
}

/// Appends one read to the ledger and says which read it is.
pub fn record_read(ledger: &Path, who: &str, what: &str) -> Result<HeldoutRead, LedgerError> {
    if [who, what].iter().any(|s| s.contains(['\t', '\n', '\r'])) {
        return Err(LedgerError::BadField);
    }
    let number = reads(ledger)? + 1;
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(ledger)
        .map_err(io_err(ledger))?;
    let line = format!("read\t{number}\t{}\t{who}\t{what}\n", utc_now());
    f.write_all(line.as_bytes()).map_err(io_err(ledger))?;
    Ok(HeldoutRead { number })
}

/// Request and command pairs of each held-out file, in the order given.
pub type HeldoutPairs = Vec<Vec<(String, String)>>;

/// The only way an evaluation gets held-out pairs: records the read, then
/// returns the (request, command) pairs of each file separately, so figures
/// can be given per source.
pub fn open_heldout(
    ledger: &Path,
    files: &[&Path],
    who: &str,
    what: &str,
) -> Result<(HeldoutPairs, HeldoutRead), LedgerError> {
    let read = record_read(ledger, who, what)?;
    let mut pairs = Vec::new();
    for path in files {
        let text = fs::read_to_string(path).map_err(io_err(path))?;
        let rows = crate::read_tsv(&text).map_err(|e| LedgerError::Format {
            path: path.to_path_buf(),
            line: e.line,
        })?;
        pairs.push(rows);
    }
    Ok((pairs, read))
}

/// `YYYY-MM-DDTHH:MM:SSZ` from the system clock.
fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nosys-ledger-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn fourth_read_is_stale_and_every_read_is_recorded() {
        let dir = scratch("stale");
        let ledger = dir.join("ledger.txt");
        let data = dir.join("h.tsv");
        fs::write(
            &data,
            "show notes\tcat /NOTES.TXT\n# comment\nfree memory\tmem\n",
        )
        .unwrap();
        let mut marks = Vec::new();
        for i in 0..5 {
            let (pairs, read) =
                open_heldout(&ledger, &[&data], "test", &format!("run {i}")).unwrap();
            assert_eq!(pairs.len(), 1);
            assert_eq!(pairs[0].len(), 2);
            assert_eq!(read.number, i + 1);
            marks.push(read.stale());
        }
        assert_eq!(marks, [false, false, false, true, true]);
        assert_eq!(reads(&ledger).unwrap(), 5);
        assert!(HeldoutRead { number: 4 }.mark().contains("STALE"));
        assert_eq!(HeldoutRead { number: 3 }.mark(), "");
    }

    #[test]
    fn a_failed_read_still_counts() {
        // The data was about to be looked at: a crash must not hand back a
        // free read.
        let dir = scratch("fail");
        let ledger = dir.join("ledger.txt");
        let bad = dir.join("bad.tsv");
        fs::write(&bad, "no tab here\n").unwrap();
        assert!(matches!(
            open_heldout(&ledger, &[&bad], "t", "x"),
            Err(LedgerError::Format { line: 1, .. })
        ));
        assert_eq!(reads(&ledger).unwrap(), 1);
    }

    #[test]
    fn fields_cannot_forge_lines() {
        let dir = scratch("forge");
        let ledger = dir.join("ledger.txt");
        assert!(matches!(
            record_read(&ledger, "me\nread", "x"),
            Err(LedgerError::BadField)
        ));
        assert_eq!(reads(&ledger).unwrap(), 0);
    }

    #[test]
    fn clock_format() {
        let s = utc_now();
        assert_eq!(s.len(), 20, "{s}");
        assert!(s.starts_with("20") && s.ends_with('Z'));
    }
}
