//! A statement of SQL that does one file job with literal names (`SELECT *
//! FROM notes;`, `SHOW TABLES;`, `INSERT INTO todo VALUES ('call the
//! bank');`, `DROP TABLE hello;`): what a person who works in a database
//! console types out of habit. A table is a file and a schema a folder,
//! named by a bare word the volume may hold (`notes` for NOTES.TXT); a
//! statement with anything else (a join, a column list, an expression) is
//! not read.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Part, Reading, Shell};

/// A table's or a schema's name as a bare path: a word of letters, digits,
/// `_`, `-` and `.`.
fn name(w: &str) -> Option<Part> {
    let w = w.trim_matches(['`', '"', '[', ']']);
    (!w.is_empty()
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')))
    .then(|| Part::Path {
        path: alloc::format!("/{w}"),
        spelt: w.contains('.'),
        folder: false,
    })
}

/// The one quoted value of `VALUES ('…')`, its `''` read as `'`.
fn single_value(rest: &str) -> Option<String> {
    let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    let body = inner.strip_prefix('\'')?.strip_suffix('\'')?;
    let text = body.replace("''", "'");
    (!text.is_empty() && !body.replace("''", "").contains('\'')).then_some(text)
}

fn reading(role: Role, parts: Vec<Part>) -> Option<Reading> {
    Some(Reading {
        shell: Shell::Sql,
        role,
        parts,
        renames: false,
    })
}

/// Reads `line` as one SQL statement, or `None`.
pub(crate) fn read(line: &str) -> Option<Reading> {
    let stmt = line.trim().trim_end_matches(';').trim();
    let upper = stmt.to_ascii_uppercase();
    let w: Vec<&str> = stmt.split_whitespace().collect();
    let kw: Vec<String> = w.iter().map(|x| x.to_ascii_uppercase()).collect();
    let k = |i: usize| kw.get(i).map_or("", |s| s.as_str());
    match (k(0), k(1)) {
        // `SELECT NOW()`, `SELECT CURRENT_TIMESTAMP`: the clock.
        ("SELECT", _)
            if w.len() == 2
                && matches!(
                    k(1),
                    "NOW()"
                        | "CURRENT_TIMESTAMP"
                        | "CURRENT_DATE"
                        | "CURRENT_TIME"
                        | "SYSDATE"
                        | "SYSDATE()"
                        | "GETDATE()"
                        | "LOCALTIMESTAMP"
                ) =>
        {
            reading(Role::Clock, Vec::new())
        }
        // `SELECT * FROM notes [WHERE …|LIMIT …|ORDER BY …]`: the whole
        // table, the closest job there is.
        ("SELECT", "*") if k(2) == "FROM" && w.len() >= 4 => {
            let after = k(4);
            if !matches!(after, "" | "WHERE" | "LIMIT" | "ORDER" | "GROUP") {
                return None;
            }
            reading(Role::ShowText, alloc::vec![name(w[3])?])
        }
        ("SHOW", "TABLES" | "DATABASES" | "SCHEMAS") if w.len() == 2 => {
            reading(Role::List, Vec::new())
        }
        ("DESCRIBE" | "DESC", _) if w.len() == 2 => reading(Role::List, alloc::vec![name(w[1])?]),
        // `INSERT INTO todo VALUES ('…')`: one line more.
        ("INSERT", "INTO") if k(3) == "VALUES" && w.len() >= 5 => {
            let at = upper.find("VALUES")? + "VALUES".len();
            let text = single_value(&stmt[at..])?;
            reading(Role::Append, alloc::vec![name(w[2])?, Part::Text(text)])
        }
        ("CREATE", "SCHEMA" | "DATABASE") if w.len() == 3 => {
            reading(Role::MakeDir, alloc::vec![name(w[2])?])
        }
        // `CREATE TABLE copy AS SELECT * FROM notes`: a copy.
        ("CREATE", "TABLE")
            if w.len() == 8
                && k(3) == "AS"
                && k(4) == "SELECT"
                && k(5) == "*"
                && k(6) == "FROM" =>
        {
            reading(Role::Copy, alloc::vec![name(w[7])?, name(w[2])?])
        }
        ("DROP", "TABLE" | "SCHEMA" | "DATABASE") if w.len() == 3 => {
            reading(Role::Remove, alloc::vec![name(w[2])?])
        }
        _ => None,
    }
}
