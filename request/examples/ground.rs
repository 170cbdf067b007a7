//! Prints what grounding finds in each line of stdin over the sample
//! disk's files: the files a request refers to, the new names and the
//! texts it offers the sampler.
//! `printf 'print ready to go\n' | cargo run -q --release -p request --example ground`
use std::io::BufRead;

fn main() {
    let table = applets::builtin();
    let learnt = request::Descriptions::learn(&table);
    let paths = request::paths_from_list(command::SAMPLE_FS);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let g = request::ground(&line, &paths, &learnt);
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
