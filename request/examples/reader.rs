//! Prints the words-only applet reader's three first classes for each
//! line of stdin (`request<TAB>expected` lines print the expected first),
//! from the reader a GGUF carries (default: the shipped model).
//! `printf 'what time is it\n' | cargo run -q --release -p request --example reader`
use std::io::BufRead;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "model/default/nosys.gguf".into());
    let bytes = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
    let g = model::gguf::Gguf::parse(&bytes).map_err(|e| format!("{path}: {e:?}"))?;
    let key = |k: &str| {
        g.get_array(&format!("{}.{k}", request::INTENT_KEY))
            .ok_or_else(|| format!("{path}: no reader ({k})"))
    };
    let classes: Vec<String> = key("classes")?
        .strings()
        .ok_or("reader classes are not strings")?
        .map(String::from)
        .collect();
    let floats = |k: &str| -> Result<Vec<f32>, String> {
        Ok(key(k)?
            .f32s()
            .ok_or("reader weights are not f32")?
            .collect())
    };
    let it = intent::Intent::new(classes.clone(), floats("weights")?, floats("bias")?)
        .map_err(|e| format!("{path}: {e:?}"))?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let (request, expected) = line.split_once('\t').unwrap_or((&line, ""));
        let p = it.probs(request);
        let mut order: Vec<usize> = (0..p.len()).collect();
        order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
        let top: Vec<String> = order
            .iter()
            .take(3)
            .map(|&i| format!("{} {:.2}", classes[i], p[i]))
            .collect();
        println!("{expected}\t{}\t{request}", top.join(", "));
    }
    Ok(())
}
