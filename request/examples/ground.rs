//! Prints what grounding finds in each line of stdin over the sample
//! disk's files: the files a request refers to, the new names and the
//! texts it offers the sampler.
//! `printf 'print ready to go\n' | cargo run -q --release -p request --example ground`
//! With `--contents`, what the sample disk's files say too (`iso/sample-disk`,
//! read from the working directory), as the session hands it over.
use std::io::BufRead;

fn main() {
    let table = applets::builtin();
    let learnt = request::Descriptions::learn(&table);
    let paths = request::paths_from_list(command::SAMPLE_FS);
    let texts: Vec<(String, String)> = if std::env::args().any(|a| a == "--contents") {
        paths
            .iter()
            .filter(|p| !p.is_dir)
            .filter_map(|p| {
                let on_disk = std::path::Path::new("iso/sample-disk").join(&p.path[1..]);
                Some((p.path.clone(), std::fs::read_to_string(on_disk).ok()?))
            })
            .collect()
    } else {
        Vec::new()
    };
    let contents = request::contents::Contents::from_texts(
        texts.iter().map(|(p, t)| (p.as_str(), t.as_str())),
    );
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let g = request::ground::ground_with(&line, &paths, &learnt, &contents);
        let referents: Vec<&str> = g
            .grounding
            .referents
            .iter()
            .map(|p| p.path.as_str())
            .collect();
        println!("{line}");
        println!("  files {referents:?}");
        println!(
            "  missing {:?}",
            g.missing.iter().map(|m| &m.name).collect::<Vec<_>>()
        );
        println!("  new {:?}", g.grounding.new_paths);
        println!("  texts {:?}", g.grounding.texts);
        if let Some(c) = &g.by_content {
            println!("  by content {c}");
        }
        if !g.weak.is_empty() {
            println!("  weak {:?}", g.weak);
        }
        if !g.grounding.containers.is_empty() {
            println!("  containers {:?}", g.grounding.containers);
        }
        if !g.grounding.landmarks.is_empty() {
            println!("  landmarks {:?}", g.grounding.landmarks);
        }
    }
}
