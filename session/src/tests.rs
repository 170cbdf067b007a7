//! Every transition of the session, on the request crate's tiny fixture
//! model (random weights, the default model's tokenizer). To make the
//! model's proposal a write whatever its weights say, its table holds only
//! `rm`: the grammar and the router can name nothing else. The session's own
//! table is the builtin one.

use super::*;
use alloc::string::{String, ToString};
use command::testing::{FakeServices, MemFs, Node};
use command::SAMPLE_FS;
use core::sync::atomic::{AtomicU64, Ordering};

const MODEL: &[u8] = include_bytes!("../../request/fixtures/tiny-nosys.gguf");

static TICKS: AtomicU64 = AtomicU64::new(0);

/// 1 µs per reading: deterministic and increasing.
fn ticks() -> u64 {
    TICKS.fetch_add(1000, Ordering::Relaxed) + 1000
}

/// The front end: the shared fake machine (`command::testing`, whose volume
/// holds the sample tree and is labelled NOSYS), the status bar's model
/// state, and how often the model polled for Ctrl-C (answering
/// `cancel_after`).
struct Front {
    sv: FakeServices,
    state: String,
    /// Every state the status bar was given, in order.
    states: Vec<String>,
    polls: usize,
    cancel_after: Option<usize>,
}

impl Front {
    fn new() -> Front {
        let mut sv = FakeServices::new();
        // The session supplies the real model to the applets.
        sv.assistant = None;
        Front {
            sv,
            state: String::new(),
            states: Vec::new(),
            polls: 0,
            cancel_after: None,
        }
    }

    /// What was printed since the last call.
    fn take(&mut self) -> String {
        core::mem::take(&mut self.sv.out)
    }

    fn disk(&mut self) -> &mut MemFs {
        self.sv.fs.as_mut().expect("the fake machine has a volume")
    }

    fn has(&mut self, path: &str) -> bool {
        self.disk().file(path).is_some()
    }
}

impl Frontend for Front {
    fn services(&mut self) -> &mut dyn Services {
        &mut self.sv
    }
    fn should_cancel(&mut self) -> bool {
        self.polls += 1;
        self.cancel_after.is_some_and(|n| self.polls > n)
    }
    fn model_state(&mut self, state: &str) {
        self.state = state.into();
        self.states.push(state.into());
    }
}

fn rm_only() -> Table {
    let rm = applets::all().find(|a| a.spec().name == "rm").unwrap();
    Table::new(&[rm]).unwrap()
}

fn assistant(table: Table, mode: Mode) -> Assistant {
    assistant_over(table, mode, request::paths_from_list(SAMPLE_FS))
}

/// The fixture model over the files `paths`, as the kernel walks them at boot.
fn assistant_over(table: Table, mode: Mode, paths: Vec<grammar::PathEntry>) -> Assistant {
    Assistant::load(
        Load {
            bytes: ModelBytes::Static(MODEL),
            origin: "fixture".into(),
            table,
            mode,
            paths,
            cache: None,
            config: request::Config::default(),
            free_bytes: None,
        },
        ticks,
        &mut |_| {},
    )
    .expect("fixture loads")
}

/// A read-write session whose model can only propose `rm`.
fn rm_session() -> Session {
    let mut s = Session::new(applets::builtin(), Mode::ReadWrite, ticks);
    s.set_assistant(Some(assistant(rm_only(), Mode::ReadWrite)));
    s
}

/// Submits a request and checks it now waits for y/N; returns the path.
fn ask(s: &mut Session, fe: &mut Front) -> String {
    let outcome = s.submit("get rid of hello.txt", fe);
    let Outcome::Asked(cmd) = outcome else {
        panic!("{outcome:?}: {}", fe.sv.out)
    };
    assert_eq!(cmd.applet, "rm");
    assert_eq!(s.prompt(), CONFIRM_PROMPT);
    let printed = fe.take();
    // The proposal line names the command; the prompt alone asks.
    assert!(printed.starts_with("→ rm /"), "{printed}");
    assert!(!printed.contains("[y/N]"), "asked twice: {printed}");
    let path = command::render(&cmd).trim_start_matches("rm ").to_string();
    assert!(fe.has(&path), "{path}");
    // What a yes deletes, with its size, before the question.
    let size = fe.disk().file(&path).unwrap().len();
    assert!(
        printed.contains(&format!("deletes {path} ({size} bytes)")),
        "{printed}"
    );
    path
}

/// Before the y/N question, a proposed write says what the volume would
/// lose: the file it writes over (a write, or a copy or move onto a
/// file's name, a folder's name meaning the file inside it), the file or
/// folder it deletes; nothing for a new name or an added line.
#[test]
fn a_proposed_write_says_what_it_would_replace() {
    let s = Session::new(applets::builtin(), Mode::ReadWrite, ticks);
    let mut fe = Front::new();
    let notes = fe.disk().file("/NOTES.TXT").unwrap().len();
    let hello = fe.disk().file("/HELLO.TXT").unwrap().len();
    let loses = |s: &Session, fe: &mut Front, line: &str| {
        let c = applets::builtin().parse(line, Mode::ReadWrite).unwrap();
        s.what_it_loses(&c, fe.services())
    };
    assert_eq!(
        loses(&s, &mut fe, "write /NOTES.TXT hi").as_deref(),
        Some(format!("replaces all of /NOTES.TXT ({notes} bytes)").as_str())
    );
    assert_eq!(
        loses(&s, &mut fe, "cp /NOTES.TXT /HELLO.TXT").as_deref(),
        Some(format!("replaces /HELLO.TXT ({hello} bytes)").as_str())
    );
    assert_eq!(
        loses(&s, &mut fe, "rm /DOCS").as_deref(),
        Some("deletes the folder /DOCS")
    );
    for safe in [
        "write /new.txt hi",
        "append /NOTES.TXT hi",
        "cp /NOTES.TXT /DOCS",
        "mv /HELLO.TXT /hi.txt",
        "mkdir /x",
    ] {
        assert_eq!(loses(&s, &mut fe, safe), None, "{safe}");
    }
}

#[test]
fn classify_is_the_one_decision() {
    let t = applets::builtin();
    let ro = Mode::ReadOnly;
    let live = request::paths_from_list(SAMPLE_FS);
    let live = Some(live.as_slice());
    assert_eq!(classify(&t, ro, "   ", live), Line::Empty);
    assert!(matches!(
        classify(&t, ro, "  cat /NOTES.TXT ", live),
        Line::Typed(c) if c.applet == "cat"
    ));
    // Typed, a write command is refused as read-only, not guessed at.
    assert_eq!(
        classify(&t, ro, "rm /NOTES.TXT", live),
        Line::Rejected(ParseError::ReadOnly("rm"))
    );
    // A write applet's name opening a sentence about the screen is a
    // request, where saying it is reachable; typed as a command it is not.
    assert_eq!(
        classify(&t, ro, "write \"bom dia\" in the screen", live),
        Line::Request("write \"bom dia\" in the screen")
    );
    assert_eq!(
        classify(&t, ro, "write /screen.txt hello", live),
        Line::Rejected(ParseError::ReadOnly("write"))
    );
    assert_eq!(
        classify(&t, Mode::ReadWrite, "write hello on the screen", live),
        Line::Request("write hello on the screen")
    );
    assert_eq!(
        classify(&t, ro, " please show the notes ", live),
        Line::Request("please show the notes")
    );
    // PHP's `echo` of a call is the call's job, read on the request path;
    // this shell's `echo` of words stays typed.
    assert_eq!(
        classify(&t, ro, "echo file_get_contents('TODO.TXT');", live),
        Line::Request("echo file_get_contents('TODO.TXT');")
    );
    assert!(matches!(
        classify(&t, ro, "echo good morning", live),
        Line::Typed(c) if c.applet == "echo"
    ));
    // An applet name followed by prose: a request when a model can read it,
    // its usage error otherwise.
    assert_eq!(
        classify(&t, ro, "cat the notes please", live),
        Line::Request("cat the notes please")
    );
    assert!(matches!(
        classify(&t, ro, "cat the notes please", None),
        Line::Rejected(_)
    ));
    // A quoted sentence typed where the file goes is no name: a request.
    let rw = Mode::ReadWrite;
    let line = "write \"ERROR 0x1F: disk timeout\" to err.txt";
    assert_eq!(classify(&t, rw, line, live), Line::Request(line));
    // A pronoun or determiner where the new file goes is prose.
    for line in ["write me a poem about the sea", "write my essay for me"] {
        assert_eq!(classify(&t, rw, line, live), Line::Request(line));
    }
    assert!(matches!(
        classify(&t, rw, "write memo.txt hello", live),
        Line::Typed(c) if c.applet == "write"
    ));
    // A text pointing back where the file goes, or a comma after the word
    // where the file goes: a sentence, not the files /done and /nothing,.
    for line in [
        "append done to it",
        "append nothing, I changed my mind",
        "mkdir later, not now",
    ] {
        assert_eq!(classify(&t, rw, line, live), Line::Request(line));
    }
    assert!(matches!(
        classify(&t, rw, "append /TODO.TXT buy milk, eggs", live),
        Line::Typed(c) if c.applet == "append"
    ));
    // So is a web address typed where the file goes; a mistyped name
    // with a colon is still its usage error.
    let line = "append https://github.com/example/nosys/issues/17 to notes";
    assert_eq!(classify(&t, rw, line, live), Line::Request(line));
    assert!(matches!(
        classify(&t, rw, "append a:b hello", live),
        Line::Rejected(_)
    ));
    // A request `route` quotes may name files, new ones too: typed.
    assert!(matches!(
        classify(&t, rw, "route rename hello.txt to hi.txt", live),
        Line::Typed(c) if c.applet == "route"
    ));
    // A typed line naming a file the volume lacks would only fail: with a
    // model it is a request (the model finds NOTES.TXT or says none is
    // there); without one the applet's own error is the answer.
    assert_eq!(
        classify(&t, ro, "cat notes", live),
        Line::Request("cat notes")
    );
    assert!(matches!(
        classify(&t, ro, "cat notes", None),
        Line::Typed(c) if c.applet == "cat"
    ));
    assert!(matches!(
        classify(&t, ro, "cat /notes.txt", live),
        Line::Typed(c) if c.applet == "cat"
    ));
    // A typed text that says where it goes is English, not a text.
    let rw = Mode::ReadWrite;
    assert_eq!(
        classify(&t, rw, "write hi to a.txt", live),
        Line::Request("write hi to a.txt")
    );
    assert!(matches!(
        classify(&t, rw, "write /a.txt \"hi to a.txt\"", live),
        Line::Typed(c) if c.applet == "write"
    ));
    assert!(matches!(
        classify(&t, rw, "echo go to bed", live),
        Line::Typed(c) if c.applet == "echo"
    ));
    // A new file named by a joining word is English too.
    for line in [
        "append to hello.txt the words and goodbye",
        "write to notes.txt hello",
        "mkdir in docs",
    ] {
        assert_eq!(classify(&t, rw, line, live), Line::Request(line), "{line}");
    }
    assert!(matches!(
        classify(&t, rw, "mkdir /tools", live),
        Line::Typed(c) if c.applet == "mkdir"
    ));
    // The text names the file it goes to by a live name's stem, or the
    // file is typed where the text goes: English, whatever the parse says.
    for line in [
        "write done into the todo list",
        "append call mom to the todo list",
        "write ok to the guide",
        "write \"back at 3\" to door.txt",
        "write note to self in log1.cfg",
        "write hello world to the file /story.log",
        "write \"TODO\" to the file /projects/kernel.cfg",
        "write \"Haud yer wheesht\" intae a new file cawed wheesht.txt",
        "write \"second entry\" under the last line of the file /docs/faq.txt",
        "write new file debt.txt: Miss Pearl owe mi $2,500 JMD",
        "write new fichier plan.txt: open at nine",
        "write off the hello file, total loss",
        "write results.csv with: sample,od600 A1,0.412 A2,0.398",
        "write down call the plumber",
        "write down 'ask prof about q7' somewhere new, call it questions.txt",
        "append the file todo.txt buy milk",
        "write lyrics about love",
        "write a poem about cats",
        "write \"hi\" to a file called todo2.txt",
        "write \"first\" into a new file called meeting.txt",
        "write \"v0.2 coming soon\" into the release notes",
        "append buy stamps to my task list",
        "append hello to that file",
        "append IMG_0004.JPG beach to photo-list 2026.txt",
        "write buy milk to shopping list.txt",
        "write \"Release 0.2 on 2027-01-15\" to \"Release Notes 0.2.txt\" in docs",
        "write \"hello\" and \"bye\" to a.txt",
    ] {
        assert_eq!(classify(&t, rw, line, live), Line::Request(line), "{line}");
    }
    // Genuine typed writes stay typed: the text goes nowhere, or is quoted,
    // or only an echo's text mentions a name.
    for (line, applet) in [
        ("write /a.txt hello", "write"),
        ("write /a.txt go to bed", "write"),
        ("write /NOTES.TXT back in 5", "write"),
        ("write memo see notes.txt", "write"),
        ("write /off call the plumber", "write"),
        ("write /lyrics about love", "write"),
        ("write notes about the meeting", "write"),
        ("write /a.txt \"call mom to the todo list\"", "write"),
        ("write \"/my notes.txt\" see a.txt", "write"),
        ("append /TODO.TXT 'put it in the guide'", "append"),
        ("echo hi to the todo list", "echo"),
        ("cat /NOTES.TXT", "cat"),
    ] {
        assert!(
            matches!(classify(&t, rw, line, live), Line::Typed(c) if c.applet == applet),
            "{line}"
        );
    }
    // New names are not checked: `mkdir music` makes one.
    assert!(matches!(
        classify(&t, rw, "mkdir music", live),
        Line::Typed(c) if c.applet == "mkdir"
    ));
    // A line that does not fit and is no prose is an error either way.
    assert!(matches!(
        classify(&t, ro, "cp /NOTES.TXT", live),
        Line::Rejected(_)
    ));
}

#[test]
fn typed_lines_skip_the_model() {
    let mut s = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    s.set_assistant(Some(assistant(applets::builtin(), Mode::ReadOnly)));
    let mut calls = 0;
    let Step::Typed(p) = s.decide("  cat /NOTES.TXT ", &mut || {
        calls += 1;
        false
    }) else {
        panic!()
    };
    assert_eq!(p.via, request::Via::Typed);
    assert_eq!(p.line().as_deref(), Some("cat /NOTES.TXT"));
    assert!(p.ridge.is_none() && p.grammar.is_none());
    assert_eq!(p.display().to_string(), "→ cat /NOTES.TXT");
    assert_eq!(
        p.decision().to_string(),
        "cat /NOTES.TXT | via typed | ridge - | grammar -"
    );
    assert_eq!(calls, 0, "the model was consulted");
    assert_eq!(s.decide("   ", &mut || false), Step::Empty);
    // A line that starts with an applet name but reads as prose goes to
    // the model; a plain sentence too.
    for line in ["cat the notes please", "please show the notes"] {
        assert!(
            matches!(s.decide(line, &mut || false), Step::Proposed(_)),
            "{line}"
        );
    }

    // So does a typed-looking write whose text says where it goes.
    let mut w = Session::new(applets::builtin(), Mode::ReadWrite, ticks);
    w.set_assistant(Some(assistant(applets::builtin(), Mode::ReadWrite)));
    assert!(matches!(
        w.decide("write done into the todo list", &mut || false),
        Step::Proposed(_)
    ));
    assert!(matches!(
        w.decide("write /a.txt hello", &mut || false),
        Step::Typed(p) if p.line().as_deref() == Some("write /a.txt hello")
    ));

    // Submitted, a typed line runs at once and says nothing else.
    let mut fe = Front::new();
    let r = s.submit("echo hello   world", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: true, .. }), "{r:?}");
    assert_eq!(fe.take(), "hello world\n");
    assert_eq!(fe.polls, 0);
    // A typed write in read-only mode: the one-line error, nothing runs.
    assert_eq!(s.submit("rm /NOTES.TXT", &mut fe), Outcome::Rejected);
    assert!(fe.take().contains("rm"));
    assert!(fe.has("/NOTES.TXT"));
}

#[test]
fn without_a_model_requests_are_refused_with_a_hint() {
    let mut s = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    let mut fe = Front::new();
    assert_eq!(
        s.submit("frobnicate the disk", &mut fe),
        Outcome::Unanswered
    );
    assert_eq!(
        fe.take(),
        "frobnicate: not a command, and no language model is loaded to interpret it; type `help`\n"
    );
    assert_eq!(s.submit("", &mut fe), Outcome::Nothing);
    assert_eq!(fe.take(), "");
    assert_eq!(s.prompt(), PROMPT);
}

#[test]
fn yes_runs_the_write() {
    let mut s = rm_session();
    let mut fe = Front::new();
    let path = ask(&mut s, &mut fe);
    let r = s.submit(" y ", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: true, .. }), "{r:?}");
    assert!(!fe.has(&path), "{path} still there");
    // The removed file left the model's live paths: it cannot be named again.
    let live = s.assistant().unwrap().interpreter().paths().to_vec();
    assert!(!live.iter().any(|p| p.path == path), "{path} still live");
    assert!(live.iter().any(|p| p.path == "/NOTES.TXT"), "{live:?}");
    assert_eq!(s.prompt(), PROMPT);
    // The status bar was told the model was thinking, and then its state.
    assert!(fe.state.starts_with("ready "), "{}", fe.state);
    assert!(!fe.state.contains("READ"), "the mode twice: {}", fe.state);
}

#[test]
fn no_empty_and_anything_else_do_not_run_it() {
    for answer in ["n", "", "   ", "maybe", "yes please", "rm it"] {
        let mut s = rm_session();
        let mut fe = Front::new();
        let path = ask(&mut s, &mut fe);
        let r = s.submit(answer, &mut fe);
        assert!(matches!(r, Outcome::NotRun(_)), "{answer:?}: {r:?}");
        assert_eq!(fe.take(), "not run\n", "{answer:?}");
        assert!(fe.has(&path), "{answer:?} ran it");
        assert_eq!(s.prompt(), PROMPT);
        assert!(s.pending().is_none());
    }
}

#[test]
fn ctrl_c_during_confirmation_cancels_it() {
    let mut s = rm_session();
    let mut fe = Front::new();
    let path = ask(&mut s, &mut fe);
    assert!(s.cancel(&mut fe).is_some());
    assert_eq!(fe.take(), "not run\n");
    assert_eq!(s.prompt(), PROMPT);
    // The next `y` is a new line, not the answer.
    let r = s.submit("y", &mut fe);
    assert!(!matches!(r, Outcome::Ran { .. }), "{r:?}");
    assert!(fe.has(&path));
    // Ctrl-C with nothing pending changes nothing.
    let mut idle = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    assert_eq!(idle.cancel(&mut fe), None);
}

#[test]
fn f2_while_a_write_waits_drops_it() {
    let mut s = rm_session();
    let mut fe = Front::new();
    let path = ask(&mut s, &mut fe);
    assert_eq!(s.toggle_mode(&mut fe), Mode::ReadOnly);
    assert_eq!(s.mode(), Mode::ReadOnly);
    assert_eq!(fe.take(), "not run: the mode changed\n");
    assert_eq!(s.prompt(), PROMPT);
    // `y` now is an ordinary line: nothing is waiting, and in read-only
    // mode the model cannot reach `rm` at all.
    let r = s.submit("y", &mut fe);
    assert!(
        !matches!(r, Outcome::Ran { .. } | Outcome::Asked(_)),
        "{r:?}"
    );
    assert!(fe.has(&path), "the write ran in read-only mode");
    // Back to read-write: the model proposes again, and asks again.
    assert_eq!(s.toggle_mode(&mut fe), Mode::ReadWrite);
    fe.take();
    ask(&mut s, &mut fe);
}

#[test]
fn a_confirmed_write_still_checks_the_mode() {
    // Even a command that is pending cannot outlive a mode change, but the
    // run itself is checked too: the table refuses a write in read-only mode.
    let mut s = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    let mut fe = Front::new();
    let cmd = applets::builtin()
        .parse("rm /NOTES.TXT", Mode::ReadWrite)
        .unwrap();
    s.pending = Some(cmd);
    let r = s.submit("y", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: false, .. }), "{r:?}");
    assert!(fe.has("/NOTES.TXT"));
}

#[test]
fn ctrl_c_while_the_model_thinks() {
    let mut s = rm_session();
    let mut fe = Front::new();
    // The first poll is before the prefill; the second is in the decode.
    fe.cancel_after = Some(1);
    assert_eq!(s.submit("get rid of a file", &mut fe), Outcome::Cancelled);
    assert!(
        fe.polls >= 2,
        "cancelled before the model ran: {}",
        fe.polls
    );
    assert_eq!(fe.take(), "^C cancelled\n");
    assert_eq!(s.prompt(), PROMPT);
    assert!(fe.state.starts_with("ready "), "{}", fe.state);
}

#[test]
fn f2_rebuilds_the_model_and_the_status_shows_the_mode_once() {
    let mut s = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    s.set_assistant(Some(assistant(applets::builtin(), Mode::ReadOnly)));
    let mut fe = Front::new();
    assert_eq!(s.toggle_mode(&mut fe), Mode::ReadWrite);
    let a = s.assistant().unwrap().interpreter();
    assert_eq!(a.mode(), Mode::ReadWrite);
    assert!(a.router().unwrap().classes().iter().any(|c| c == "rm"));
    assert!(fe.state.contains("rebuilt"), "{}", fe.state);
    assert!(!fe.state.contains("READ"), "the mode twice: {}", fe.state);
    assert_eq!(s.toggle_mode(&mut fe), Mode::ReadOnly);
    let a = s.assistant().unwrap().interpreter();
    assert!(!a.router().unwrap().classes().iter().any(|c| c == "rm"));
}

#[test]
fn model_load_replaces_the_interpreter() {
    let mut s = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    let mut fe = Front::new();
    fe.disk()
        .nodes
        .insert("/M.GGU".into(), Node::File(MODEL.to_vec()));
    fe.disk()
        .nodes
        .insert("/BAD.GGU".into(), Node::File(b"not a model".to_vec()));
    let live = request::walk_files(fe.disk()).unwrap();
    s.set_assistant(Some(assistant_over(
        applets::builtin(),
        Mode::ReadOnly,
        live,
    )));
    let before = s.assistant().unwrap().bytes().as_ptr();
    // A bad file leaves the old model in place.
    let r = s.submit("model load /BAD.GGU", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: false, .. }), "{r:?}");
    assert_eq!(s.assistant().unwrap().bytes().as_ptr(), before);
    fe.take();
    let r = s.submit("model load /M.GGU", &mut fe);
    assert!(
        matches!(r, Outcome::Ran { ok: true, .. }),
        "{r:?}: {}",
        fe.sv.out
    );
    let printed = fe.take();
    assert!(printed.contains("loaded /M.GGU"), "{printed}");
    let a = s.assistant().unwrap();
    assert_ne!(a.bytes().as_ptr(), before);
    assert_eq!(a.bytes(), MODEL);
    assert_eq!(a.interpreter().mode(), Mode::ReadOnly);
    assert!(fe.state.starts_with("ready "), "{}", fe.state);
    // `model` describes the new one.
    s.submit("model", &mut fe);
    assert!(fe.take().contains("/M.GGU (data volume)"));
}

#[test]
fn a_loaded_file_is_read_in_place() {
    let mut a = assistant(applets::builtin(), Mode::ReadOnly);
    // As the volume returns a file: whole clusters allocated, the tail cut off.
    let mut bytes = Vec::with_capacity(MODEL.len() + 4096);
    bytes.extend_from_slice(MODEL);
    let at = bytes.as_ptr();
    let mut out = String::new();
    command::Assistant::load(&mut a, "/M.GGU", bytes, Default::default(), &mut out).unwrap();
    assert_eq!(
        a.bytes().as_ptr(),
        at,
        "the weights are the buffer read, not a copy"
    );
    // The model's weights point into that buffer.
    let range = a.bytes().as_ptr_range();
    let embd = a.interpreter().model().weights.token_embd.data.as_ptr();
    assert!(range.contains(&embd));
}

/// A random-weight Qwen3 with Qwen3's vocabulary layout and a ChatML template, whose
/// vocabulary spells the command language's words as whole tokens.
fn qwen3_model() -> Vec<u8> {
    let table = applets::builtin();
    let mut words: Vec<&str> = table.all().map(|a| a.spec().name).collect();
    words.extend(SAMPLE_FS.iter().flat_map(|p| p.split('/')));
    model::testing::qwen3_vocab_model(&model::testing::Qwen3Spec {
        name: "Qwen3 test model",
        words: &words,
        ..Default::default()
    })
}

#[test]
fn after_model_load_a_request_is_answered_by_the_new_model() {
    let qwen = qwen3_model();
    let mut s = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    let mut fe = Front::new();
    fe.disk()
        .nodes
        .insert("/QWEN3.GGU".into(), Node::File(qwen.clone()));
    let live = request::walk_files(fe.disk()).unwrap();
    s.set_assistant(Some(assistant_over(
        applets::builtin(),
        Mode::ReadOnly,
        live,
    )));
    let r = s.submit("model load /QWEN3.GGU", &mut fe);
    assert!(
        matches!(r, Outcome::Ran { ok: true, .. }),
        "{r:?}: {}",
        fe.sv.out
    );
    assert_eq!(s.assistant().unwrap().bytes(), &qwen[..]);
    fe.take();
    s.submit("model", &mut fe);
    let described = fe.take();
    for line in [
        "model:      Qwen3 test model\n",
        "file:       /QWEN3.GGU (data volume)",
        "arch:       qwen3 · 1 layers · dim 64",
        "quant mix:  Q8_0 8 tensors",
        "context:    256 tokens (KV cache; trained 40960)",
        "chat:       ChatML from the model's template (<|im_start|>), Qwen3 non-thinking",
        "memory:     weights ",
        "tokenizer:  byte-level BPE, 151936 tokens",
    ] {
        assert!(described.contains(line), "{line:?} in\n{described}");
    }
    // The next request is the new model's: its prompt is the ChatML one.
    let request = "show me the notes";
    let Step::Proposed(p) = s.decide(request, &mut || false) else {
        panic!("a request gets a proposal");
    };
    let it = s.assistant().unwrap().interpreter();
    let mut toks = Vec::new();
    it.prompt_tokens(request, &mut toks);
    assert_eq!(toks[0], it.tokenizer().token_id("<|im_start|>").unwrap());
    assert_eq!(p.timings.prompt_tokens, toks.len());
    let g = p.grammar.as_ref().unwrap().as_ref().expect("a command");
    assert!(s.table().get(g.applet, Mode::ReadOnly).is_some(), "{g:?}");
    // Submitted, it is answered (run, or nothing fits) rather than failing.
    let outcome = s.submit(request, &mut fe);
    assert!(
        !matches!(outcome, Outcome::Failed | Outcome::Cancelled),
        "{outcome:?}: {}",
        fe.sv.out
    );
    assert!(
        fe.sv.out.contains('→') || fe.sv.out.contains("nothing"),
        "{}",
        fe.sv.out
    );
}

/// A session over the sample volume plus `/QWEN3.GGU`, with the fixture model loaded.
fn qwen3_session(qwen: &[u8]) -> (Session, Front) {
    let mut s = Session::new(applets::builtin(), Mode::ReadOnly, ticks);
    let mut fe = Front::new();
    fe.disk()
        .nodes
        .insert("/QWEN3.GGU".into(), Node::File(qwen.to_vec()));
    let live = request::walk_files(fe.disk()).unwrap();
    s.set_assistant(Some(assistant_over(
        applets::builtin(),
        Mode::ReadOnly,
        live,
    )));
    (s, fe)
}

#[test]
fn router_features_are_computed_once_and_kept_on_the_volume() {
    let qwen = qwen3_model();
    let hash = request::model_hash(&qwen);
    let path = request::features_volume_path(hash);
    assert_eq!(path, std::format!("/FEATURES/{:08X}.BIN", hash >> 32));
    let (mut s, mut fe) = qwen3_session(&qwen);
    assert!(!fe.has(&path));
    // First load: every row computed, then written beside the model's hash.
    let r = s.submit("model load /QWEN3.GGU", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: true, .. }), "{r:?}");
    let out = fe.take();
    let a = s.assistant().unwrap();
    let rows = a.interpreter().rows().len();
    assert_eq!(a.warm_report().unwrap().computed, rows);
    assert!(
        out.contains(&std::format!("router: {rows} feature rows computed"))
            && out.contains(&std::format!("saved to {path} for the next load")),
        "{out}"
    );
    // The status bar showed the rows being computed, to the end.
    assert!(
        fe.states
            .iter()
            .any(|t| t.starts_with("router features [#")),
        "{:?}",
        fe.states
    );
    assert!(
        fe.states.iter().any(|t| t.ends_with("] 100%")),
        "{:?}",
        fe.states
    );
    let stored = fe
        .disk()
        .file(&path)
        .expect("the cache is on the volume")
        .to_vec();
    let cache = request::FeatureCache::parse(&stored).unwrap();
    assert_eq!(cache.model_hash, hash);
    assert_eq!(cache.rows.len(), rows);
    // The grammar's live files include it now.
    assert!(a.interpreter().paths().iter().any(|p| p.path == path));
    // Second load of the same file (as after a reboot): the rows come from the volume, a
    // sample is recomputed, nothing is rewritten.
    let r = s.submit("model load /QWEN3.GGU", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: true, .. }), "{r:?}");
    let out = fe.take();
    let report = s.assistant().unwrap().warm_report().unwrap().clone();
    assert_eq!(report.computed, 0, "{report:?}");
    assert_eq!(
        report.cache,
        request::CacheStatus::Used {
            verified: VERIFY_ROWS
        }
    );
    assert!(
        out.contains(&std::format!(
            "router: features from {path} ({VERIFY_ROWS} rows recomputed"
        )),
        "{out}"
    );
    assert!(!out.contains("saved"), "{out}");
    assert_eq!(fe.disk().file(&path), Some(&stored[..]));
    // The same answers either way.
    let before = s.decide("show me the notes", &mut || false);
    assert!(matches!(before, Step::Proposed(_)), "{before:?}");
}

#[test]
fn a_feature_file_that_does_not_fit_is_recomputed_and_replaced() {
    let qwen = qwen3_model();
    let path = request::features_volume_path(request::model_hash(&qwen));
    let (mut s, mut fe) = qwen3_session(&qwen);
    // Another model's cache under this name (their hashes share the top 32 bits), then
    // a corrupt one: both are refused with the reason, recomputed and rewritten.
    let mut other = request::FeatureCache::parse(
        &s.assistant()
            .unwrap()
            .interpreter()
            .feature_cache()
            .to_bytes()
            .unwrap(),
    )
    .unwrap();
    other.model_hash ^= 1;
    fe.disk().nodes.insert("/FEATURES".into(), Node::Dir);
    fe.disk()
        .nodes
        .insert(path.clone(), Node::File(other.to_bytes().unwrap()));
    s.submit("model load /QWEN3.GGU", &mut fe);
    let out = fe.take();
    assert!(out.contains("refused (feature cache is for model"), "{out}");
    assert!(out.contains("saved to"), "{out}");
    let fixed = request::FeatureCache::parse(fe.disk().file(&path).unwrap()).unwrap();
    assert_eq!(fixed.model_hash, request::model_hash(&qwen));
    fe.disk()
        .nodes
        .insert(path.clone(), Node::File(b"NSFC garbage".to_vec()));
    s.submit("model load /QWEN3.GGU", &mut fe);
    let out = fe.take();
    assert!(
        out.contains(&std::format!("{path}: ")) && out.contains("saved to"),
        "{out}"
    );
}

#[test]
fn model_load_takes_a_context_and_later_loads_keep_the_machines() {
    let qwen = qwen3_model();
    let (mut s, mut fe) = qwen3_session(&qwen);
    let r = s.submit("model load /QWEN3.GGU --ctx 1024", &mut fe);
    assert!(
        matches!(r, Outcome::Ran { ok: true, .. }),
        "{r:?}: {}",
        fe.sv.out
    );
    let out = fe.take();
    // 1 layer × 1024 positions × 2 KV heads × 16 × (keys and values) × 4 bytes.
    assert!(
        out.contains("context 1024 positions (KV cache 0.2 MiB)"),
        "{out}"
    );
    assert_eq!(
        s.assistant().unwrap().interpreter().model().config.seq_len,
        1024
    );
    s.submit("model", &mut fe);
    assert!(fe
        .take()
        .contains("context:    1024 tokens (KV cache; trained 40960)"));
    // Past the trained context: capped there.
    s.submit("model load /QWEN3.GGU --ctx 100000", &mut fe);
    assert!(fe.take().contains("context 40960 positions"));
    // Without --ctx: the machine's context again, not the last one asked for.
    s.submit("model load /QWEN3.GGU", &mut fe);
    assert!(fe.take().contains("context 256 positions"));
    // Bad forms say what --ctx takes.
    for line in [
        "model load /QWEN3.GGU --ctx",
        "model load /QWEN3.GGU --ctx 8",
    ] {
        let r = s.submit(line, &mut fe);
        assert!(!matches!(r, Outcome::Ran { ok: true, .. }), "{line}: {r:?}");
        let out = fe.take();
        assert!(out.contains("ctx"), "{line}: {out}");
        assert_eq!(
            s.assistant().unwrap().interpreter().model().config.seq_len,
            256
        );
    }
}

#[test]
fn a_context_that_does_not_fit_is_refused_before_anything_is_allocated() {
    let qwen = qwen3_model();
    let load = |ctx: usize, free: u64| {
        Assistant::check(
            Load {
                bytes: ModelBytes::Owned(qwen.clone()),
                origin: "test".into(),
                table: applets::builtin(),
                mode: Mode::ReadOnly,
                paths: Vec::new(),
                cache: None,
                config: request::Config {
                    max_seq: ctx,
                    ..Default::default()
                },
                free_bytes: Some(free),
            },
            ticks,
            &mut |_| {},
        )
    };
    let free = 6 << 20;
    let e = load(40960, free).err().expect("refused");
    assert!(
        e.contains("a context of 40960 positions needs") && e.contains("and 6 MiB are free"),
        "{e}"
    );
    // The context it names fits, and one more position does not.
    let fits: usize = e
        .split("at most --ctx ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{e}"));
    assert!(fits > 256 && fits < 40960, "{fits}");
    let a = load(fits, free).expect("the named context fits");
    assert!(a.interpreter().model().state_bytes() <= free as usize);
    assert!(load(fits + 1, free).is_err());
}

#[test]
fn a_file_larger_than_free_memory_is_not_read() {
    let qwen = qwen3_model();
    let (mut s, mut fe) = qwen3_session(&qwen);
    let before = s.assistant().unwrap().bytes().as_ptr();
    fe.sv.memory.free_bytes = 70 << 20;
    let r = s.submit("model load /QWEN3.GGU", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: false, .. }), "{r:?}");
    let out = fe.take();
    assert!(
        out.contains("/QWEN3.GGU is 14 MiB and 70 MiB of memory are free: it does not fit"),
        "{out}"
    );
    assert_eq!(s.assistant().unwrap().bytes().as_ptr(), before);
}

#[test]
fn a_request_for_a_missing_file_runs_nothing_and_says_so() {
    let mut s = rm_session();
    let mut fe = Front::new();
    let before = fe.disk().nodes.clone();
    let outcome = s.submit("delete the file named junk.txt", &mut fe);
    assert_eq!(outcome, Outcome::Unanswered, "{}", fe.sv.out);
    assert!(s.pending().is_none());
    assert_eq!(fe.disk().nodes, before, "the disk is untouched");
    assert!(
        fe.sv
            .out
            .contains("no file junk.txt on NOSYS (closest: /TODO.TXT)"),
        "{}",
        fe.sv.out
    );
}

/// A typed `echo` whose text ends in a redirection to a file name is a
/// request (the request path writes the file, asking first); a `>` inside
/// a text that names no file stays the text.
#[test]
fn an_echo_redirected_to_a_file_is_a_request() {
    let t = applets::builtin();
    let paths = grammar::paths_from_list(command::SAMPLE_FS);
    let live = Some(paths.as_slice());
    for line in ["echo hi there>docs/guide.txt", "echo done > a.txt"] {
        assert_eq!(
            classify(&t, Mode::ReadWrite, line, live),
            Line::Request(line)
        );
    }
    for line in ["echo a -> b", "echo 3 > 2"] {
        assert!(
            matches!(classify(&t, Mode::ReadWrite, line, live), Line::Typed(_)),
            "{line}"
        );
    }
}

/// The session reads what the volume's small text files say when the model
/// is warmed and again after a write, so a request can name a file by its
/// contents: the grammar's file for `the file that says …` is that file.
#[test]
fn a_file_is_found_by_what_it_says_after_warming_and_after_a_write() {
    let mut s = Session::new(applets::builtin(), Mode::ReadWrite, ticks);
    let mut fe = Front::new();
    fe.disk().nodes.insert(
        "/HELLO.TXT".into(),
        Node::File(b"the lighthouse keeper waves at dawn\n".to_vec()),
    );
    let live = request::walk_files(fe.disk()).unwrap();
    s.set_assistant(Some(assistant_over(
        applets::builtin(),
        Mode::ReadWrite,
        live,
    )));
    s.warm_model(None, &mut fe);
    let found = |s: &mut Session, r: &str| {
        s.assistant_mut()
            .unwrap()
            .with_interpreter(|it| it.ground_request(r))
            .unwrap()
            .by_content
    };
    let asked = "which file says the lighthouse keeper waves?";
    assert_eq!(found(&mut s, asked).as_deref(), Some("/HELLO.TXT"));
    let balloon = "which file mentions a balloon that drifts away?";
    assert_eq!(found(&mut s, balloon), None);
    // A write changes what the files say.
    let r = s.submit("write /TODO.TXT a red balloon drifts away", &mut fe);
    assert!(matches!(r, Outcome::Ran { ok: true, .. }), "{r:?}");
    assert_eq!(found(&mut s, balloon).as_deref(), Some("/TODO.TXT"));
}

/// A line that takes its own request back is told so, not that nothing
/// reachable fits nor (in read-only mode) to press F2.
#[test]
fn a_request_taken_back_is_told_so() {
    let mut p = Proposal::typed(
        "x",
        command::Command {
            applet: "ls",
            args: alloc::vec![],
        },
        0,
    );
    p.command = None;
    p.via = request::Via::Neither;
    p.abstain = Some(request::Abstain::TakenBack);
    assert_eq!(abstain_reply(&p), request::abstain::TAKEN_BACK_REPLY);
    p.abstain = Some(request::Abstain::NothingFits);
    assert_eq!(abstain_reply(&p), request::abstain::NOTHING_FITS_REPLY);
}

/// A typed `echo` whose words before a colon only announce the text is a
/// request (the text after the colon is what is said); other echoes stay
/// typed.
#[test]
fn an_echo_that_announces_its_text_is_a_request() {
    let t = applets::builtin();
    let live = request::paths_from_list(SAMPLE_FS);
    let live = Some(live.as_slice());
    let rw = Mode::ReadWrite;
    assert!(matches!(
        classify(&t, rw, "Echo this back to me: all systems nominal", live),
        Line::Request(_)
    ));
    for typed in [
        "echo hello: world",
        "echo \"this: that\"",
        "echo time: 10:30",
    ] {
        assert!(
            matches!(classify(&t, rw, typed, live), Line::Typed(_)),
            "{typed}"
        );
    }
}
