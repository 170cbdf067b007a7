//! An IRC client's slash commands (irssi, mIRC, WeeChat, HexChat): `/say
//! hello all`, `/clear`, `/exec ls DOCS`, `/stats u`, `/die`.
//!
//! Someone who lives in a chat client types its commands out of habit;
//! they start with a slash, which reads as a path (`/say` had been "no file
//! say"). Only a command a client or server has, written right after the
//! slash, is read: `/DOCS` and `/say.txt` are paths. What talks to other
//! people or a network (`/msg`, `/nick`, `/whois`, `/quit`) is another
//! system's job.

use alloc::string::String;
use alloc::vec::Vec;
use command::Role;

use crate::{Known, Part, Reading, Shell, Topic};

/// Commands for a chat or a network, nothing this machine has.
const ELSEWHERE: &[&str] = &[
    "msg",
    "query",
    "notice",
    "me",
    "nick",
    "whois",
    "who",
    "whowas",
    "quit",
    "part",
    "away",
    "topic",
    "kick",
    "ban",
    "unban",
    "mode",
    "invite",
    "ignore",
    "unignore",
    "connect",
    "disconnect",
    "server",
    "names",
    "ping",
    "ctcp",
    "dcc",
    "motd",
    "oper",
    "knock",
    "ison",
    "squit",
    "wallops",
    "lusers",
    "reconnect",
    "op",
    "deop",
    "voice",
    "devoice",
    "ame",
    "amsg",
];

fn read_as(role: Role, parts: Vec<Part>) -> Option<Known> {
    Some(Known::Read(Reading {
        shell: Shell::Irc,
        role,
        parts,
        renames: false,
    }))
}

/// What `line` asks as a client's slash command, if it is one.
pub(crate) fn know(line: &str) -> Option<Known> {
    let rest = line.trim().strip_prefix('/')?;
    let (name, args) = rest.split_once(' ').unwrap_or((rest, ""));
    let args = args.trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let name = name.to_ascii_lowercase();
    let words: Vec<&str> = args.split_whitespace().collect();
    match (name.as_str(), words.as_slice()) {
        // (A text shown in the window: irssi's `/echo`; `/say` sends it to
        // the channel, which here is the screen.)
        ("say" | "echo", [_, ..]) => {
            read_as(Role::Say, alloc::vec![Part::Text(String::from(args))])
        }
        ("clear" | "cls", []) => read_as(Role::ClearScreen, Vec::new()),
        // irssi's and WeeChat's `/exec`: a shell line, run locally (`-o`
        // would send its output to the channel, which here is the screen).
        ("exec", [..]) => {
            let line = words
                .iter()
                .skip_while(|w| w.starts_with('-'))
                .copied()
                .collect::<Vec<&str>>()
                .join(" ");
            crate::know(&line).filter(|_| !line.is_empty())
        }
        // A channel is a room of its own: joining one is looking in it
        // (`/join #docs`).
        ("join", [chan]) if chan.starts_with('#') && chan.len() > 1 => read_as(
            Role::List,
            alloc::vec![Part::Path {
                path: alloc::format!("/{}", &chan[1..]),
                spelt: false,
                folder: true,
            }],
        ),
        // The server's operator commands: `/die` stops it, `/restart`
        // starts it again, `/stats u` says how long it has been up.
        ("die", []) => read_as(Role::PowerOff, Vec::new()),
        ("restart", []) => read_as(Role::Restart, Vec::new()),
        // (Whatever is said after the letter: `/stats u please`.)
        ("stats", ["u", ..]) | ("uptime", []) => read_as(Role::Uptime, Vec::new()),
        ("time", []) => read_as(Role::Clock, Vec::new()),
        // irssi's `/lastlog`: what was typed and said before.
        ("lastlog", []) => read_as(Role::History, Vec::new()),
        ("help", []) => read_as(Role::Help, Vec::new()),
        ("help", [topic]) if topic.bytes().all(|b| b.is_ascii_alphabetic()) => read_as(
            Role::Help,
            alloc::vec![Part::Topic(Topic::Name(topic.to_ascii_lowercase()))],
        ),
        (n, _) if ELSEWHERE.contains(&n) || n == "stats" => Some(Known::Elsewhere(Shell::Irc)),
        _ => None,
    }
}
