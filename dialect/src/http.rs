//! An HTTP request line as a web developer types it, or the `curl` that
//! sends one: `GET /files/NOTES.TXT`, `DELETE /files/HELLO.TXT`, `PUT
//! /files/status.txt body: all green`, WebDAV's `MKCOL /Fixtures` and
//! `COPY /TODO.TXT Destination: /DOCS/TODO.TXT`, `curl -X DELETE
//! http://host/files/HELLO.TXT`.
//!
//! The method says the job (read, delete, write, add to, make a folder,
//! copy, move) and the target the file; a target that names no file
//! names what it asks about by its last word (`GET /metrics/memory`,
//! `POST /system/reboot`, `GET /uptime?format=human`). A resource prefix
//! an API puts before its files (`/files/`, `/api/fs/`) is not part of a
//! name, and `%20` is a space. A line is HTTP's only with a method in
//! capitals and a target that starts with `/` or a URL.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Known, Part, Reading, Shell};

fn read_as(role: Role, parts: Vec<Part>) -> Option<Known> {
    Some(Known::Read(Reading {
        shell: Shell::Http,
        role,
        parts,
        renames: false,
    }))
}

/// What `line` asks as an HTTP request or a `curl` line, if it is one.
pub(crate) fn know(line: &str) -> Option<Known> {
    let line = line.trim();
    let (method, target, rest) = request_line(line).or_else(|| curl(line))?;
    let (path, query_free) = target_path(&target)?;
    let file = |p: &str| Part::Path {
        path: String::from(p),
        spelt: true,
        folder: false,
    };
    let folder = |p: &str| Part::Path {
        path: String::from(if p.len() > 1 {
            p.trim_end_matches('/')
        } else {
            p
        }),
        spelt: true,
        folder: true,
    };
    let names_file = has_extension(&path);
    let last = path
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match method.as_str() {
        "GET" | "HEAD" if names_file => read_as(Role::ShowText, alloc::vec![file(&path)]),
        "GET" | "HEAD" if query_free.ends_with('/') => {
            read_as(Role::List, alloc::vec![folder(&path)])
        }
        "GET" | "HEAD" | "PROPFIND" => read_as(about(&last, false)?, Vec::new()),
        "DELETE" if names_file || path.len() > 1 => read_as(Role::Remove, alloc::vec![file(&path)]),
        // (A folder to make is not one that must be there: no folder mark.)
        "MKCOL" if path.len() > 1 => read_as(Role::MakeDir, alloc::vec![file(&path)]),
        "COPY" | "MOVE" => {
            let to = destination(&rest)?;
            let (to, _) = target_path(&to)?;
            let role = if method == "COPY" {
                Role::Copy
            } else {
                Role::Move
            };
            read_as(role, alloc::vec![file(&path), file(&to)])
        }
        "PUT" if names_file => {
            let text = body(&rest)?;
            read_as(Role::Write, alloc::vec![file(&path), Part::Text(text)])
        }
        "POST" | "PATCH" => {
            // A line added to a file (`POST /files/TODO.TXT/lines {…}`).
            let (file_path, _) = path
                .rsplit_once('/')
                .filter(|(head, tail)| has_extension(head) && !has_extension(tail))
                .unwrap_or((&path, ""));
            if has_extension(file_path) {
                let text = body(&rest)?;
                return read_as(Role::Append, alloc::vec![file(file_path), Part::Text(text)]);
            }
            read_as(about(&last, true)?, Vec::new())
        }
        _ => None,
    }
}

/// `METHOD target [HTTP/1.1] [rest]`: the method, the target and the
/// rest after the version.
fn request_line(line: &str) -> Option<(String, String, String)> {
    let (method, after) = line.split_once(' ')?;
    const METHODS: &[&str] = &[
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "MKCOL", "COPY", "MOVE", "PROPFIND",
    ];
    if !METHODS.contains(&method) {
        return None;
    }
    let after = after.trim_start();
    let (target, rest) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
    let target = target.trim_end_matches(',');
    if !(target.starts_with('/') || target.starts_with("http://") || target.starts_with("https://"))
    {
        return None;
    }
    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix("HTTP/1.1")
        .or_else(|| rest.strip_prefix("HTTP/1.0"))
        .or_else(|| rest.strip_prefix("HTTP/2"))
        .unwrap_or(rest)
        .trim();
    Some((
        String::from(method),
        String::from(target),
        String::from(rest),
    ))
}

/// `curl [-s] [-X METHOD] [-d DATA] URL [| …]`.
fn curl(line: &str) -> Option<(String, String, String)> {
    let line = line.split(" | ").next()?.trim();
    let rest = line.strip_prefix("curl ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut method = None;
    let mut data = String::new();
    let mut url = None;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "-X" | "--request" => {
                method = words.get(i + 1).map(|m| String::from(*m));
                i += 1;
            }
            "-d" | "--data" | "--data-raw" => {
                data = String::from(*words.get(i + 1)?);
                i += 1;
            }
            w if w.starts_with('-') => {}
            w if url.is_none() => url = Some(w),
            _ => return None,
        }
        i += 1;
    }
    let url = url?;
    let url = if url.contains("://") {
        String::from(url)
    } else {
        alloc::format!("http://{url}")
    };
    let method =
        method.unwrap_or_else(|| String::from(if data.is_empty() { "GET" } else { "POST" }));
    Some((method, url, data))
}

/// The path a target names on this volume: the URL's host, query and an
/// API's resource prefix gone, `%20` a space. Also the target without its
/// query, to see whether it ends in `/`.
fn target_path(target: &str) -> Option<(String, String)> {
    let no_host = match target.split_once("://") {
        Some((_, after)) => after.find('/').map_or("/", |i| &after[i..]),
        None => target,
    };
    let query_free = no_host.split(['?', '#']).next().unwrap_or(no_host);
    let b = query_free.as_bytes();
    let mut bytes = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = core::str::from_utf8(&b[i + 1..i + 3]).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            bytes.push(b[i]);
            i += 1;
        }
    }
    let mut path = String::from_utf8(bytes).ok()?;
    for prefix in [
        "/api/files/",
        "/api/fs/",
        "/files/",
        "/fs/",
        "/file/",
        "/api/file/",
    ] {
        if let Some(r) = path.strip_prefix(prefix) {
            path = alloc::format!("/{r}");
            break;
        }
    }
    while path.len() > 1 && path.ends_with('/') {
        path.pop();
    }
    Some((path, String::from(query_free)))
}

fn has_extension(p: &str) -> bool {
    let base = p.rsplit('/').next().unwrap_or(p);
    base.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=4).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// The job a resource's last word names (`memory`, `uptime`, `reboot`);
/// a change only for a `POST`.
fn about(word: &str, post: bool) -> Option<Role> {
    let role = match word {
        "time" | "date" | "clock" | "now" => Role::Clock,
        "uptime" => Role::Uptime,
        "memory" | "mem" | "meminfo" => Role::Memory,
        "pci" | "devices" | "lspci" => Role::Devices,
        "cpu" | "cpuinfo" | "processor" => Role::Processor,
        "disk" | "storage" | "nvme" => Role::Storage,
        "df" | "space" | "free" => Role::FreeSpace,
        "log" | "dmesg" | "kernel-log" => Role::KernelLog,
        "history" => Role::History,
        "model" => Role::Model,
        "reboot" | "restart" if post => Role::Restart,
        "shutdown" | "poweroff" | "halt" if post => Role::PowerOff,
        _ => return None,
    };
    Some(role)
}

/// WebDAV's `Destination:` header, on the same line.
fn destination(rest: &str) -> Option<String> {
    let at = rest.find("Destination")?;
    let after = rest[at + "Destination".len()..].trim_start_matches([':', ' ']);
    let d = after.split_whitespace().next()?;
    Some(String::from(d.trim_end_matches(',')))
}

/// The text a body carries: `body: …`, a JSON `"text"` or `"content"`, or
/// the rest as it is.
fn body(rest: &str) -> Option<String> {
    let rest = rest.trim();
    if let Some(b) = rest.strip_prefix("body:") {
        let b = b.trim();
        return (!b.is_empty()).then(|| String::from(b));
    }
    if rest.starts_with('{') {
        for key in ["\"text\"", "\"content\"", "\"line\"", "\"body\""] {
            if let Some(at) = rest.find(key) {
                let after = rest[at + key.len()..]
                    .trim_start()
                    .strip_prefix(':')?
                    .trim_start();
                let inner = after.strip_prefix('"')?;
                let end = inner.find('"')?;
                return Some(String::from(&inner[..end]));
            }
        }
        return None;
    }
    (!rest.is_empty()).then(|| String::from(rest.trim_matches(['\'', '"'])))
}
