//! Grounding (issue 14 items 1 and 2): a request's grammar names only the
//! live files the request refers to, and new names and texts copied from
//! it. Host-only: the grammar is built from the real command table and the
//! sample disk's files, and asked which command lines it accepts.

use command::Mode;
use grammar::{Grammar, PathEntry};
use request::{ground, paths_from_list, Descriptions, Grounded};

/// The sample disk's short-named files (`build/disk.img`).
const DISK: &[&str] = &[
    "/DOCS/",
    "/DOCS/FAQ.TXT",
    "/DOCS/GUIDE.TXT",
    "/HELLO.TXT",
    "/LOGS/",
    "/LOGS/BOOT.LOG",
    "/NOTES.TXT",
    "/README.TXT",
    "/TODO.TXT",
];

fn paths() -> Vec<PathEntry> {
    paths_from_list(DISK)
}

fn grounded(request: &str) -> (Grounded, Grammar) {
    let table = applets::builtin();
    let learnt = Descriptions::learn(&table);
    let g = ground(request, &paths(), &learnt);
    let grammar = Grammar::build_grounded(&table.specs(Mode::ReadWrite), &g.grounding).unwrap();
    (g, grammar)
}

fn accepts(grammar: &Grammar, line: &str) -> bool {
    grammar.accepts(line.as_bytes())
}

#[test]
fn a_missing_file_is_never_another_file() {
    let (g, gr) = grounded("delete the file named junk.txt");
    assert_eq!(g.missing.len(), 1);
    assert_eq!(g.missing[0].name, "JUNK.TXT");
    assert_eq!(
        g.missing[0].reply("NOSYS"),
        "no file JUNK.TXT on NOSYS (closest: /TODO.TXT)"
    );
    for p in paths() {
        assert!(!accepts(&gr, &format!("rm {}", p.path)), "rm {}", p.path);
        assert!(!accepts(&gr, &format!("cat {}", p.path)), "cat {}", p.path);
    }
    let (g, gr) = grounded("show me recipes.txt");
    assert_eq!(g.missing[0].name, "RECIPES.TXT");
    assert!(
        g.grounding.referents.is_empty(),
        "{:?}",
        g.grounding.referents
    );
    assert!(!accepts(&gr, "cat /NOTES.TXT") && !accepts(&gr, "cat /README.TXT"));
    // A different number is a different file, not a misspelling.
    let (g, gr) = grounded("delete notes2.txt");
    assert_eq!(g.missing[0].name, "NOTES2.TXT");
    assert!(!accepts(&gr, "rm /NOTES.TXT"));
}

#[test]
fn files_are_referred_to_by_name_stem_misspelling_and_description() {
    for (request, path) in [
        ("cat the readme.txt", "/README.TXT"),
        ("show me the notes", "/NOTES.TXT"),
        ("what's in todo?", "/TODO.TXT"),
        ("hex dump of helo.txt", "/HELLO.TXT"),
        ("show me the reame", "/README.TXT"),
        ("print the faq", "/DOCS/FAQ.TXT"),
        ("what does my to-do list say", "/TODO.TXT"),
        ("display the boot log", "/LOGS/BOOT.LOG"),
        ("open docs/guide.txt", "/DOCS/GUIDE.TXT"),
        ("open the log", "/LOGS/BOOT.LOG"),
    ] {
        let (g, gr) = grounded(request);
        assert!(g.missing.is_empty(), "{request}: {:?}", g.missing);
        assert!(
            accepts(&gr, &format!("cat {path}")),
            "{request} → cat {path}"
        );
        // Only what the request refers to.
        for other in ["/HELLO.TXT", "/NOTES.TXT", "/TODO.TXT", "/DOCS/GUIDE.TXT"] {
            if other != path {
                assert!(
                    !accepts(&gr, &format!("cat {other}")),
                    "{request}: cat {other}"
                );
            }
        }
    }
    // A request that refers to no file leaves the slot empty.
    let (_, gr) = grounded("how much memory is free");
    assert!(paths()
        .iter()
        .all(|p| !accepts(&gr, &format!("cat {}", p.path))));
    assert!(accepts(&gr, "mem") && accepts(&gr, "ls"));
}

#[test]
fn new_names_and_texts_are_copied_from_the_request() {
    let (_, gr) = grounded("add buy eggs to list.txt");
    assert!(accepts(&gr, "append /LIST.TXT \"buy eggs\""));
    assert!(!accepts(&gr, "append /LIST.TXT \"buy eggs and bread\""));
    assert!(!accepts(&gr, "append /TODO.TXT \"buy eggs\""));
    let (_, gr) = grounded("rename notes.txt to archive.txt");
    assert!(accepts(&gr, "mv /NOTES.TXT /ARCHIVE.TXT"));
    assert!(!accepts(&gr, "mv /NOTES.TXT /ARCHIVE"));
    let (_, gr) = grounded("rename the docs folder to manuals");
    assert!(accepts(&gr, "mv /DOCS /MANUALS"), "mv /DOCS /MANUALS");
    let (_, gr) = grounded("write Hello, World! to greet.txt");
    assert!(accepts(&gr, "write /GREET.TXT \"Hello, World!\""));
    assert!(accepts(&gr, "write /GREET.TXT Hello"));
    assert!(!accepts(&gr, "write /GREET.TXT \"hello world\""));
    // Quotes inside a copied text are escaped.
    let (_, gr) = grounded("say \"hi\" there");
    assert!(accepts(&gr, r#"echo "\"hi\" there""#));
    let (_, gr) = grounded("make a folder called projects");
    assert!(accepts(&gr, "mkdir /PROJECTS"));
    assert!(!accepts(&gr, "mkdir /PHOTOS"));
    let (_, gr) = grounded("move the notes into docs");
    assert!(accepts(&gr, "mv /NOTES.TXT /DOCS/NOTES.TXT"));
    // A new file in a new folder, a possessive, a trailing slash.
    let (_, gr) = grounded("move the todo file to stats.dat in the src folder");
    assert!(accepts(&gr, "mv /TODO.TXT /SRC/STATS.DAT"));
    let (g, gr) = grounded("change /hello.txt's name to /archive/");
    assert!(accepts(&gr, "mv /HELLO.TXT /ARCHIVE"));
    assert_eq!(g.missing[0].name, "ARCHIVE");
    // A quoted request keeps its file names as text; an unquoted text
    // never takes in the file it goes to.
    let (_, gr) = grounded("what would 'rename hello.txt to hi.txt' do");
    assert!(accepts(&gr, "route \"rename hello.txt to hi.txt\""));
    let (_, gr) = grounded("write hello world to hello.txt");
    assert!(accepts(&gr, "write /HELLO.TXT \"hello world\""));
    assert!(!accepts(
        &gr,
        "write /HELLO.TXT \"hello world to hello.txt\""
    ));
    // A quoted word is text, not a missing file.
    let (g, gr) = grounded("say \"done\"");
    assert!(g.missing.is_empty(), "{:?}", g.missing);
    assert!(accepts(&gr, "echo done"));
}

#[test]
fn copy_and_move_never_name_their_source_as_destination() {
    let (g, gr) = grounded("copy the faq to faq2.txt");
    assert!(accepts(&gr, "cp /DOCS/FAQ.TXT /DOCS/FAQ2.TXT"));
    assert!(!accepts(&gr, "cp /DOCS/FAQ.TXT /DOCS/FAQ.TXT"));
    // The missing name is the new one, so it is not an error by itself.
    assert_eq!(g.missing[0].name, "FAQ2.TXT");
    let (_, gr) = grounded("copy notes.txt and todo.txt to docs");
    for src in ["/NOTES.TXT", "/TODO.TXT"] {
        assert!(!accepts(&gr, &format!("cp {src} {src}")), "cp {src} {src}");
        assert!(!accepts(&gr, &format!("mv {src} {src}")), "mv {src} {src}");
    }
    assert!(accepts(&gr, "cp /NOTES.TXT /TODO.TXT"));
}

#[test]
fn descriptions_need_two_examples_that_agree() {
    // A word one example uses proves nothing: `remove` (of `remove the todo
    // list`) must not make `remove the readme` refer to /TODO.TXT. The
    // builtin examples name their files, so nothing beyond names is learnt.
    let learnt = Descriptions::learn(&applets::builtin());
    assert!(
        learnt.words().iter().all(|(w, _)| w != "remove"),
        "{:?}",
        learnt.words()
    );
    let (_, gr) = grounded("remove the readme");
    assert!(accepts(&gr, "rm /README.TXT"));
    assert!(!accepts(&gr, "rm /TODO.TXT"));
}

#[test]
fn new_names_go_only_where_the_request_points() {
    // Not into a folder the request never mentioned.
    let (_, gr) = grounded("rename readme to info");
    assert!(accepts(&gr, "mv /README.TXT /INFO"));
    assert!(!accepts(&gr, "mv /README.TXT /LOGS/INFO"));
    assert!(!accepts(&gr, "mv /README.TXT /LOGS/README.TXT"));
    // Beside the file it copies, or into the folder it names.
    let (_, gr) = grounded("save a second copy of faq.txt called faq2.txt");
    assert!(accepts(&gr, "cp /DOCS/FAQ.TXT /DOCS/FAQ2.TXT"));
    let (_, gr) = grounded("copy my notes over to the logs directory");
    assert!(accepts(&gr, "cp /NOTES.TXT /LOGS/NOTES.TXT"));
    assert!(!accepts(&gr, "cp /NOTES.TXT /DOCS/NOTES.TXT"));
    // A text starts after the word that introduces it.
    let (_, gr) = grounded("create a file called shopping.txt with milk and bread");
    assert!(accepts(&gr, "write /SHOPPING.TXT \"milk and bread\""));
    assert!(!accepts(&gr, "write /SHOPPING.TXT \"with milk and bread\""));
    assert!(!accepts(&gr, "write /SHOPPING.TXT called"));
}
