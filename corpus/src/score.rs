//! Exact-command and applet accuracy, overall and per applet, shared by every
//! evaluation so their figures mean the same thing.

use std::collections::BTreeMap;
use std::fmt::Write;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub total: usize,
    pub exact: usize,
    pub applet: usize,
    /// Predictions that are not a command of the table at all.
    pub invalid: usize,
}

impl Tally {
    fn add(&mut self, exact: bool, applet: bool, valid: bool) {
        self.total += 1;
        self.exact += usize::from(exact);
        self.applet += usize::from(applet);
        self.invalid += usize::from(!valid);
    }

    pub fn exact_rate(&self) -> f64 {
        ratio(self.exact, self.total)
    }

    pub fn applet_rate(&self) -> f64 {
        ratio(self.applet, self.total)
    }

    pub fn invalid_rate(&self) -> f64 {
        ratio(self.invalid, self.total)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// Scores keyed by the expected applet.
#[derive(Clone, Debug, Default)]
pub struct Scores {
    pub all: Tally,
    pub per_applet: BTreeMap<String, Tally>,
}

impl Scores {
    /// `valid`: whether `predicted` parses as a command of the table.
    pub fn add(&mut self, expected: &str, predicted: &str, valid: bool) {
        let exact = expected == predicted;
        let want = crate::applet_of(expected);
        let applet = want == crate::applet_of(predicted);
        self.all.add(exact, applet, valid);
        self.per_applet
            .entry(want.to_string())
            .or_default()
            .add(exact, applet, valid);
    }

    /// A Markdown table, one row per applet and a total; `mark` follows
    /// every figure line (the ledger's STALE mark for held-out reads).
    pub fn table(&self, mark: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "| applet | n | exact | applet acc | invalid |{mark}");
        let _ = writeln!(s, "|---|---:|---:|---:|---:|");
        let row = |s: &mut String, name: &str, t: &Tally| {
            let _ = writeln!(
                s,
                "| {name} | {} | {:.1}% | {:.1}% | {:.1}% |{mark}",
                t.total,
                100.0 * t.exact_rate(),
                100.0 * t.applet_rate(),
                100.0 * t.invalid_rate()
            );
        };
        for (name, t) in &self.per_applet {
            row(&mut s, name, t);
        }
        row(&mut s, "**all**", &self.all);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_exact_applet_and_invalid() {
        let mut s = Scores::default();
        s.add("cat /NOTES.TXT", "cat /NOTES.TXT", true);
        s.add("cat /NOTES.TXT", "cat /TODO.TXT", true);
        s.add("cat /NOTES.TXT", "ls /", true);
        s.add("mem", "memm", false);
        assert_eq!(
            s.all,
            Tally {
                total: 4,
                exact: 1,
                applet: 2,
                invalid: 1
            }
        );
        let cat = s.per_applet["cat"];
        assert_eq!((cat.total, cat.exact, cat.applet), (3, 1, 2));
        assert!((cat.exact_rate() - 1.0 / 3.0).abs() < 1e-12);
        let t = s.table(" STALE");
        assert!(
            t.contains("| cat | 3 | 33.3% | 66.7% | 0.0% | STALE"),
            "{t}"
        );
        assert!(
            t.contains("| mem | 1 | 0.0% | 0.0% | 100.0% | STALE"),
            "{t}"
        );
    }

    #[test]
    fn empty_scores_do_not_divide_by_zero() {
        assert_eq!(Scores::default().all.exact_rate(), 0.0);
    }
}
