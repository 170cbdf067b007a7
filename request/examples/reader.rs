//! Scratch: the words-only reader's top classes for each stdin line.
use std::io::BufRead;
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("model/default/nosys.gguf".into());
    let bytes = std::fs::read(path).unwrap();
    let g = model::gguf::Gguf::parse(&bytes).unwrap();
    let key = |k: &str| g.get_array(&format!("nosys.intent.{k}")).unwrap();
    let classes: Vec<String> = key("classes")
        .strings()
        .unwrap()
        .map(String::from)
        .collect();
    let f = |k: &str| -> Vec<f32> { key(k).f32s().unwrap().collect() };
    let it = intent::Intent::new(classes.clone(), f("weights"), f("bias")).unwrap();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let (req, exp) = line.split_once('\t').unwrap_or((&line, ""));
        let p = it.probs(req);
        let mut idx: Vec<usize> = (0..p.len()).collect();
        idx.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
        let top: Vec<String> = idx
            .iter()
            .take(3)
            .map(|&i| format!("{} {:.2}", classes[i], p[i]))
            .collect();
        println!("{exp}\t{}\t{}", top.join(", "), req);
    }
}
