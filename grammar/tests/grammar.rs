use command::{AppletSpec, Arg, Example, PathKind, Slot, SlotKind};
use grammar::{argmax, decode, DecodeError, Grammar, PathEntry, TokenSet, Vocab};

const NO_EXAMPLES: &[Example] = &[];

static CAT: AppletSpec = AppletSpec {
    name: "cat",
    summary: "",
    slots: &[Slot {
        name: "path",
        kind: SlotKind::Path {
            kind: PathKind::File,
            must_exist: true,
        },
        required: true,
        default: None,
    }],
    writes: false,
    role: None,
    examples: NO_EXAMPLES,
};
static CAL: AppletSpec = AppletSpec {
    name: "cal",
    summary: "",
    slots: &[],
    writes: false,
    role: None,
    examples: NO_EXAMPLES,
};
static LS: AppletSpec = AppletSpec {
    name: "ls",
    summary: "",
    slots: &[Slot {
        name: "dir",
        kind: SlotKind::Path {
            kind: PathKind::Dir,
            must_exist: true,
        },
        required: false,
        default: None,
    }],
    writes: false,
    role: None,
    examples: NO_EXAMPLES,
};
static ECHO: AppletSpec = AppletSpec {
    name: "echo",
    summary: "",
    slots: &[Slot {
        name: "text",
        kind: SlotKind::Text,
        required: true,
        default: None,
    }],
    writes: false,
    role: None,
    examples: NO_EXAMPLES,
};
static WRITE: AppletSpec = AppletSpec {
    name: "write",
    summary: "",
    slots: &[
        Slot {
            name: "path",
            kind: SlotKind::Path {
                kind: PathKind::File,
                must_exist: false,
            },
            required: true,
            default: None,
        },
        Slot {
            name: "text",
            kind: SlotKind::Text,
            required: true,
            default: None,
        },
    ],
    writes: true,
    role: None,
    examples: NO_EXAMPLES,
};
static HEAD: AppletSpec = AppletSpec {
    name: "head",
    summary: "",
    slots: &[
        Slot {
            name: "path",
            kind: SlotKind::Path {
                kind: PathKind::File,
                must_exist: true,
            },
            required: true,
            default: None,
        },
        Slot {
            name: "lines",
            kind: SlotKind::Integer { min: 5, max: 120 },
            required: false,
            default: None,
        },
    ],
    writes: false,
    role: None,
    examples: NO_EXAMPLES,
};
static COLOR: AppletSpec = AppletSpec {
    name: "color",
    summary: "",
    slots: &[Slot {
        name: "c",
        kind: SlotKind::OneOf(&["red", "green", "grey"]),
        required: true,
        default: None,
    }],
    writes: false,
    role: None,
    examples: NO_EXAMPLES,
};

fn all_specs() -> Vec<&'static AppletSpec> {
    vec![&CAT, &CAL, &LS, &ECHO, &WRITE, &HEAD, &COLOR]
}

fn fs() -> Vec<PathEntry> {
    [
        ("/", true),
        ("/NOTES.TXT", false),
        ("/DOCS", true),
        ("/DOCS/A.TXT", false),
        ("/NO SPACE.TXT", false),
    ]
    .iter()
    .map(|&(p, d)| PathEntry {
        path: p.into(),
        is_dir: d,
    })
    .collect()
}

#[test]
fn accepts_exactly_the_commands_of_the_table() {
    let g = Grammar::build(&all_specs(), &fs()).unwrap();
    for ok in [
        "cat /NOTES.TXT",
        "cat /DOCS/A.TXT",
        "cal",
        "ls",
        "ls /",
        "ls /DOCS",
        "echo hi",
        "echo \"two words\"",
        "echo \"\"",
        "echo \"caf\u{e9} \\\"q\\\" \\\\\"",
        "write /NEW.TXT hello",
        "write /DIR/NEW-1.TXT \"line\\n\"",
        "echo caf\u{e9}",
        "head /NOTES.TXT",
        "head /NOTES.TXT 5",
        "head /NOTES.TXT 120",
        "head /NOTES.TXT 77",
        "color grey",
    ] {
        assert!(g.accepts(ok.as_bytes()), "should accept {ok:?}");
    }
    for bad in [
        "",
        "ca",
        "cat",
        "cat ",
        "cat /MISSING.TXT",
        "cat /DOCS",
        "cat /NO SPACE.TXT",
        "ls /NOTES.TXT",
        "rm /NOTES.TXT",
        "echo",
        "echo two words",
        "echo \"open",
        "echo \"bad\\x\"",
        "write /new.txt hello",
        "write /A//B hello",
        "write /A/ hello",
        "write /A/./B hello",
        "write /.. hello",
        "write / hello",
        "write NEW.TXT hello",
        "head /NOTES.TXT 4",
        "head /NOTES.TXT 121",
        "head /NOTES.TXT 05",
        "head /NOTES.TXT 1000",
        "color blue",
        "cat  /NOTES.TXT",
        "echo \"\u{e9}\"x",
    ] {
        assert!(!g.accepts(bad.as_bytes()), "should reject {bad:?}");
    }
    // Invalid UTF-8 inside a quoted string: a lone continuation byte,
    // an overlong lead and a surrogate.
    for bytes in [
        &b"echo \"\x80\""[..],
        b"echo \"\xc0\xaf\"",
        b"echo \"\xed\xa0\x80\"",
    ] {
        assert!(!g.accepts(bytes));
    }
    assert!(g.accepts("echo \"\u{1F600}\"".as_bytes()));
}

/// A vocabulary of all single bytes plus multi-byte pieces, some of which
/// span a name and the following space, or cut a UTF-8 character.
fn vocab() -> Vocab {
    let mut toks: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
    for piece in [
        "cat", "cat ", "cat /", "ca", "at", " /", "/N", "NOTES", ".TXT", "ls", "ls /", "echo",
        "echo \"", "\"", "hi", " hi", "write", " /NEW", "head", " 1", "12", "120", "00", "gre",
        "en", "grey", "red", "<|end|>", "/DOCS", "/DOCS/", "A.TXT", "caf", "\u{e9}", "\u{e9}\"",
    ] {
        toks.push(piece.as_bytes().to_vec());
    }
    toks.push(vec![0xc3]); // first byte of é alone (duplicate of the byte token)
    toks.push(vec![0xa9, b'"']); // second byte of é then a quote
    let end = toks.iter().position(|t| t == b"<|end|>").unwrap() as u32;
    Vocab::new(toks, end, &[])
}

/// Brute force: a token is allowed iff its bytes can be read from the state
/// and the result can still be completed (the grammar is pruned, so being
/// readable is enough) — recomputed here by extending the line and asking
/// `accepts` of some completion is too costly, so we check readability via a
/// fresh matcher replay.
fn brute_force_mask(g: &mut Grammar, v: &Vocab, prefix: &[u32]) -> TokenSet {
    let mut set = TokenSet::new(v.len());
    for t in 0..v.len() as u32 {
        let mut m = g.matcher();
        for &p in prefix {
            m.commit(v, p).unwrap();
        }
        if m.commit(v, t).is_ok() {
            set.insert(t);
        }
    }
    set
}

#[test]
fn masks_match_brute_force_along_random_walks() {
    let v = vocab();
    let g = Grammar::build(&all_specs(), &fs()).unwrap();
    let mut g = check_random_walks(g, &v, 12345);
    assert!(g.shared_masks() > 0);
    // Masks kept across a rebuild must still be exact for the new grammar:
    // fewer applets, fewer files.
    let files: Vec<PathEntry> = fs()
        .into_iter()
        .filter(|p| p.path != "/NOTES.TXT")
        .collect();
    g = g.rebuild(&[&ECHO, &CAT, &HEAD], &files).unwrap();
    check_random_walks(g, &v, 999);
}

fn check_random_walks(mut g: Grammar, v: &Vocab, seed: u64) -> Grammar {
    let mut seed = seed;
    let mut scratch = TokenSet::new(v.len());
    for _ in 0..60 {
        let mut prefix: Vec<u32> = Vec::new();
        for _ in 0..12 {
            let expect = brute_force_mask(&mut g, v, &prefix);
            let mut m = g.matcher();
            for &p in &prefix {
                m.commit(v, p).unwrap();
            }
            m.mask(v, &mut scratch);
            assert_eq!(
                scratch,
                expect,
                "prefix {:?}",
                String::from_utf8_lossy(m.text())
            );
            let allowed: Vec<u32> = scratch.iter().collect();
            if allowed.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            let t = allowed[(seed >> 33) as usize % allowed.len()];
            if t == v.end() {
                break;
            }
            prefix.push(t);
        }
    }
    g
}

#[test]
fn tokens_spanning_name_and_space_and_split_utf8_are_allowed() {
    let v = vocab();
    let mut g = Grammar::build(&all_specs(), &fs()).unwrap();
    let id = |s: &[u8]| {
        (0..v.len() as u32)
            .rev()
            .find(|&t| v.token_bytes(t) == s)
            .unwrap()
    };
    let mut set = TokenSet::new(v.len());
    let mut m = g.matcher();
    m.mask(&v, &mut set);
    assert!(set.contains(id(b"cat /")));
    assert!(set.contains(id(b"ls /")));
    assert!(!set.contains(id(b"at")));
    assert!(!set.contains(v.end()), "the empty line is not a command");
    for t in [b"echo \"".as_slice(), b"caf", "\u{e9}".as_bytes()] {
        m.commit(&v, id(t)).unwrap();
    }
    // After `echo "café` an end quote is fine, an end token is not.
    m.mask(&v, &mut set);
    assert!(set.contains(id(b"\"")));
    assert!(!set.contains(v.end()));
    // Split é: the lead byte alone, then its continuation fused with a quote.
    let mut m = g.matcher();
    for t in [b"echo \"".as_slice(), &[0xc3]] {
        m.commit(&v, id(t)).unwrap();
    }
    m.mask(&v, &mut set);
    assert!(set.contains(id(&[0xa9, b'"'])));
    assert!(
        !set.contains(id(b"\"")),
        "a quote cannot follow a lone lead byte"
    );
    m.commit(&v, id(&[0xa9, b'"'])).unwrap();
    let cmd = m.commit(&v, v.end()).unwrap().unwrap().clone();
    assert_eq!(cmd.applet, "echo");
    assert_eq!(cmd.args, vec![Arg::Text("\u{e9}".into())]);
}

#[test]
fn decoding_returns_typed_commands() {
    let v = vocab();
    let mut g = Grammar::build(&all_specs(), &fs()).unwrap();
    // "Model" that prefers a fixed script of byte strings, then the end token.
    let script: Vec<&[u8]> = vec![b"head", b" /", b"NOTES", b".TXT", b" 1", b"2", b"0"];
    let id = |s: &[u8]| {
        (0..v.len() as u32)
            .rev()
            .find(|&t| v.token_bytes(t) == s)
            .unwrap()
    };
    let ids: Vec<u32> = script.iter().map(|s| id(s)).collect();
    let mut i = 0;
    let cmd = decode(
        &mut g,
        &v,
        64,
        |_, logits| {
            logits.iter_mut().for_each(|l| *l = 0.0);
            if i < ids.len() {
                logits[ids[i] as usize] = 10.0;
            } else {
                logits[v.end() as usize] = 10.0;
            }
            i += 1;
        },
        argmax,
    )
    .unwrap();
    assert_eq!(cmd.applet, "head");
    assert_eq!(
        cmd.args,
        vec![Arg::Path("/NOTES.TXT".into()), Arg::Integer(120)]
    );
}

#[test]
fn commit_rejects_tokens_outside_the_mask() {
    let v = vocab();
    let mut g = Grammar::build(&all_specs(), &fs()).unwrap();
    let mut m = g.matcher();
    assert_eq!(
        m.commit(&v, v.end()),
        Err(DecodeError::Rejected { token: v.end() })
    );
    assert_eq!(
        m.commit(&v, b'Z' as u32),
        Err(DecodeError::Rejected { token: b'Z' as u32 })
    );
    assert_eq!(
        m.commit(&v, 1_000_000),
        Err(DecodeError::UnknownToken(1_000_000))
    );
}

#[test]
fn removed_applets_and_files_have_no_path() {
    let v = vocab();
    let ro: Vec<&'static AppletSpec> = all_specs().into_iter().filter(|s| !s.writes).collect();
    let mut g = Grammar::build(&ro, &fs()).unwrap();
    assert!(!g.accepts(b"write /NEW.TXT hello"));
    let mut set = TokenSet::new(v.len());
    let mut m = g.matcher();
    m.commit(&v, b'w' as u32).unwrap_err();
    m.mask(&v, &mut set);
    assert!(!set.contains(b'w' as u32));
    // Delete /NOTES.TXT: rebuilt, it cannot be named, the other file can.
    let files: Vec<PathEntry> = fs()
        .into_iter()
        .filter(|p| p.path != "/NOTES.TXT")
        .collect();
    let g = Grammar::build(&all_specs(), &files).unwrap();
    assert!(!g.accepts(b"cat /NOTES.TXT"));
    assert!(g.accepts(b"cat /DOCS/A.TXT"));
    // With no files at all, `cat` has no completion and is pruned away.
    let mut g = Grammar::build(&[&CAT, &CAL], &[]).unwrap();
    let mut m = g.matcher();
    m.commit(&v, b'c' as u32).unwrap();
    m.commit(&v, b'a' as u32).unwrap();
    m.mask(&v, &mut set);
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![b'l' as u32]);
}

#[test]
fn bad_tables_are_errors() {
    static BAD: AppletSpec = AppletSpec {
        name: "Bad",
        summary: "",
        slots: &[],
        writes: false,
        role: None,
        examples: NO_EXAMPLES,
    };
    assert!(Grammar::build(&[&BAD], &[]).is_err());
    assert!(Grammar::build(&[&CAL, &CAL], &[]).is_err());
}

/// Long names in the live path set: spelt as the volume spells them, quoted
/// as `render` quotes them, and decoded back to the name itself.
#[test]
fn long_names_are_live_paths_quoted_where_render_quotes() {
    let mut paths = fs();
    for p in [
        "/meeting notes.txt",
        "/Qwen3-0.6B-Q4_K_M.gguf",
        "/DOCS/Bob's list.txt",
        "/bad*name",
    ] {
        paths.push(PathEntry {
            path: p.into(),
            is_dir: false,
        });
    }
    let mut g = Grammar::build(&all_specs(), &paths).unwrap();
    for line in [
        "cat \"/meeting notes.txt\"",
        "cat /Qwen3-0.6B-Q4_K_M.gguf",
        "cat \"/DOCS/Bob's list.txt\"",
        "cat \"/NO SPACE.TXT\"",
        "cat /NOTES.TXT",
    ] {
        assert!(g.accepts(line.as_bytes()), "{line}");
    }
    for line in [
        "cat /meeting notes.txt",
        "cat \"/meeting notes.txt",
        "cat \"/MEETING NOTES.TXT\"",
        "cat /QWEN3-0.6B-Q4_K_M.GGUF",
        "cat /bad*name",
        "cat \"/Qwen3-0.6B-Q4_K_M.gguf\"",
    ] {
        assert!(!g.accepts(line.as_bytes()), "{line}");
    }
    let v = vocab();
    let script: Vec<&[u8]> = vec![b"cat", b" ", b"\"", b"/meeting notes.txt", b"\""];
    let bytes: Vec<u8> = script.concat();
    let mut i = 0;
    let cmd = decode(
        &mut g,
        &v,
        64,
        |_, logits| {
            logits.iter_mut().for_each(|l| *l = 0.0);
            // One byte token at a time, then the end token.
            match bytes.get(i) {
                Some(&b) => logits[b as usize] = 10.0,
                None => logits[v.end() as usize] = 10.0,
            }
            i += 1;
        },
        argmax,
    )
    .unwrap();
    assert_eq!(cmd.applet, "cat");
    assert_eq!(cmd.args, vec![Arg::Path("/meeting notes.txt".into())]);
}

#[test]
fn a_grounded_integer_slot_takes_only_the_requests_numbers_in_range() {
    let g = grammar::Grounding {
        referents: fs(),
        numbers: vec![64, 3, 1000],
        ..Default::default()
    };
    let gr = Grammar::build_grounded(&all_specs(), &g).unwrap();
    assert!(gr.accepts(b"head /NOTES.TXT 64"));
    assert!(!gr.accepts(b"head /NOTES.TXT 46"));
    assert!(!gr.accepts(b"head /NOTES.TXT 65"));
    // Out of the slot's range (5..=120) even though the request wrote them.
    assert!(!gr.accepts(b"head /NOTES.TXT 3"));
    assert!(!gr.accepts(b"head /NOTES.TXT 1000"));
    // The request gave a number the slot takes: it is not left out.
    assert!(!gr.accepts(b"head /NOTES.TXT"));
    // With none in range, leaving it out is the only way.
    let g = grammar::Grounding {
        referents: fs(),
        numbers: vec![3, 1000],
        ..Default::default()
    };
    let gr = Grammar::build_grounded(&all_specs(), &g).unwrap();
    assert!(gr.accepts(b"head /NOTES.TXT"));
    assert!(!gr.accepts(b"head /NOTES.TXT 3"));
}

/// With `Hooks::lazy`, a token the mask alone allows runs no model step,
/// and past `max_fed` the bytes the grammar still forces (the rest of a
/// copied text) are written without the model: a long text fits in a
/// context that could not hold its tokens. Where the model must choose
/// past that room, the decode stops.
#[test]
fn a_lazy_decode_writes_forced_bytes_past_the_models_room() {
    let g = grammar::Grounding {
        referents: fs(),
        texts: vec!["hello there, general kenobi".into()],
        ..Default::default()
    };
    let mut gr = Grammar::build_grounded(&all_specs(), &g).unwrap();
    let v = vocab();
    let mut logits = vec![0f32; v.len()];
    let mut mask = TokenSet::new(v.len());
    // The model "prefers" `echo`, then the text, then ending.
    let prefer = |written: &[u8], allowed: &TokenSet, v: &Vocab| -> Option<u32> {
        let want: &[u8] = b"echo \"hello there, general kenobi\"";
        if written == want || (written.len() >= want.len()) {
            return Some(v.end());
        }
        allowed
            .iter()
            .filter(|&t| t != v.end())
            .filter(|&t| want[written.len()..].starts_with(v.token_bytes(t)))
            .max_by_key(|&t| v.token_bytes(t).len())
    };
    let mut steps = 0;
    let written = std::cell::RefCell::new(Vec::new());
    let hooks = grammar::Hooks {
        step: |_: Option<u32>, _: &mut [f32]| {
            steps += 1;
            Ok::<(), ()>(())
        },
        pick: |_: &mut [f32], allowed: &TokenSet| prefer(&written.borrow(), allowed, &v),
        keep: |w: &[u8], _: u32| {
            *written.borrow_mut() = w.to_vec();
            true
        },
        lazy: true,
        max_fed: 3,
    };
    let d = grammar::decode_with(&mut gr, &v, 200, &mut logits, &mut mask, hooks).unwrap();
    assert_eq!(d.command.applet, "echo");
    assert_eq!(
        d.command.args,
        vec![Arg::Text("hello there, general kenobi".into())]
    );
    assert!(
        steps <= 4,
        "the model ran {steps} steps, more than its room"
    );
}

/// A folder the request only places a file in is no source of a move or a
/// delete (`teleport the FAQ out of docs`): the file is; a folders-only
/// slot still takes the folder.
#[test]
fn a_container_folder_is_not_what_a_file_or_folder_slot_acts_on() {
    let entry = |p: &str, d: bool| PathEntry {
        path: p.into(),
        is_dir: d,
    };
    let g = grammar::Grounding {
        referents: vec![entry("/DOCS", true), entry("/DOCS/A.TXT", false)],
        new_paths: vec!["/A.TXT".into()],
        containers: vec!["/DOCS".into()],
        ..Default::default()
    };
    static MV: AppletSpec = AppletSpec {
        name: "mv",
        summary: "",
        slots: &[
            Slot::path("src", PathKind::Any, true),
            Slot::path("dst", PathKind::Any, false),
        ],
        writes: true,
        role: None,
        examples: NO_EXAMPLES,
    };
    static RM: AppletSpec = AppletSpec {
        name: "rm",
        summary: "",
        slots: &[Slot::path("path", PathKind::Any, true)],
        writes: true,
        role: None,
        examples: NO_EXAMPLES,
    };
    let specs = [&MV, &RM, &LS];
    let gr = Grammar::build_grounded(&specs, &g).unwrap();
    assert!(gr.accepts(b"mv /DOCS/A.TXT /A.TXT"));
    assert!(!gr.accepts(b"mv /DOCS /A.TXT"));
    assert!(gr.accepts(b"rm /DOCS/A.TXT"));
    assert!(!gr.accepts(b"rm /DOCS"));
    assert!(gr.accepts(b"ls /DOCS"));
    // Without the container mark, the folder is a source like any other.
    let g = grammar::Grounding {
        containers: vec![],
        ..g
    };
    let gr = Grammar::build_grounded(&specs, &g).unwrap();
    assert!(gr.accepts(b"mv /DOCS /A.TXT"));
}
