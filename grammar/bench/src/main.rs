//! Mask time per token and grammar build time: `grammar` against
//! llguidance, on the same command grammar and the same vocabularies, in one
//! run on one machine.
//!
//! Usage: `cargo run --release -p grammar-bench [-- model.gguf | qwen3-layout]`
//! (`make bench-grammar` passes the default model). It measures a 4k
//! synthetic vocabulary, a 150k Qwen-size synthetic vocabulary and, given a
//! GGUF, that model's own vocabulary (`qwen3-layout`: the 151,936-id test
//! vocabulary of `model::testing`).
#![forbid(unsafe_code)]

use std::sync::Arc;
use std::time::Instant;

use command::{AppletSpec, Mode, PathKind, SlotKind, Table, SAMPLE_FS};
use grammar::{Grammar, PathEntry, TokenSet, Vocab};
use llguidance::api::TopLevelGrammar;
use llguidance::{Matcher, ParserFactory};
use toktrie::{TokEnv, TokRxInfo, TokTrie, TokenId, TokenizerEnv};

struct Env {
    trie: TokTrie,
}

impl TokenizerEnv for Env {
    fn tok_trie(&self) -> &TokTrie {
        &self.trie
    }
    fn tokenize_bytes(&self, s: &[u8]) -> Vec<TokenId> {
        self.trie.greedy_tokenize(s)
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// All 256 bytes, then word-like pieces (with and without a leading space,
/// upper and lower case), digit runs, punctuation runs and UTF-8 pieces, as a
/// byte-level BPE vocabulary has; the commands' own pieces come first so a
/// small vocabulary can spell them in few tokens. The last token is `end`.
fn synthetic_vocab(size: usize, seed: u64, table: &Table) -> Vec<Vec<u8>> {
    let mut rng = Rng(seed);
    let mut seen = std::collections::HashSet::new();
    let mut toks: Vec<Vec<u8>> = Vec::new();
    let mut push = |t: Vec<u8>, toks: &mut Vec<Vec<u8>>| {
        if !t.is_empty() && seen.insert(t.clone()) {
            toks.push(t);
        }
    };
    for b in 0..=255u8 {
        push(vec![b], &mut toks);
    }
    for a in table.all() {
        let s = a.spec();
        push(s.name.as_bytes().to_vec(), &mut toks);
        push(format!("{} ", s.name).into_bytes(), &mut toks);
        for ex in s.examples {
            for w in ex.command.split(' ').chain(ex.request.split(' ')) {
                push(w.as_bytes().to_vec(), &mut toks);
                push(format!(" {w}").into_bytes(), &mut toks);
            }
        }
    }
    for p in SAMPLE_FS {
        for part in p.split('/') {
            push(part.as_bytes().to_vec(), &mut toks);
            push(format!("/{part}").into_bytes(), &mut toks);
        }
    }
    let letters = b"etaoinshrdlcumwfgypbvkjxqz";
    let punct = b".,;:!?-_/\"'()[]{}<>=+*&^%$#@~`|\\";
    let utf8 = [
        "é", "ü", "ß", "ñ", "ç", "д", "и", "я", "中", "文", "語", "😀", "€", "→",
    ];
    while toks.len() < size - 1 {
        let t: Vec<u8> = match rng.below(10) {
            0..=5 => {
                let n = 1 + rng.below(9);
                let mut w: Vec<u8> = (0..n)
                    .map(|_| letters[rng.below(letters.len()).min(rng.below(26))])
                    .collect();
                match rng.below(4) {
                    0 => w[0] = w[0].to_ascii_uppercase(),
                    1 => w.iter_mut().for_each(|c| *c = c.to_ascii_uppercase()),
                    _ => {}
                }
                if rng.below(2) == 0 {
                    w.insert(0, b' ');
                }
                w
            }
            6 => (0..1 + rng.below(3))
                .map(|_| b'0' + rng.below(10) as u8)
                .collect(),
            7 => (0..1 + rng.below(3))
                .map(|_| punct[rng.below(punct.len())])
                .collect(),
            8 => (0..1 + rng.below(2))
                .flat_map(|_| utf8[rng.below(utf8.len())].bytes())
                .collect(),
            _ => {
                let n = 1 + rng.below(4);
                let mut w = vec![b' '; 1 + rng.below(3)];
                w.extend((0..n).map(|_| letters[rng.below(26)]));
                w
            }
        };
        push(t, &mut toks);
    }
    toks.push(b"<|end|>".to_vec());
    toks
}

/// An exact regex for the decimal integers in `[lo, hi]` (no leading zeros).
fn range_regex(lo: u64, hi: u64) -> String {
    fn same_len(a: &[u8], b: &[u8]) -> Vec<String> {
        if a.len() == 1 {
            return vec![format!("[{}-{}]", a[0] as char, b[0] as char)];
        }
        if a[0] == b[0] {
            return same_len(&a[1..], &b[1..])
                .into_iter()
                .map(|s| format!("{}{}", a[0] as char, s))
                .collect();
        }
        let n = a.len() - 1;
        let nines = vec![b'9'; n];
        let zeros = vec![b'0'; n];
        let mut out: Vec<String> = same_len(&a[1..], &nines)
            .into_iter()
            .map(|s| format!("{}{}", a[0] as char, s))
            .collect();
        if a[0] + 1 < b[0] {
            out.push(format!(
                "[{}-{}][0-9]{{{n}}}",
                (a[0] + 1) as char,
                (b[0] - 1) as char
            ));
        }
        out.extend(
            same_len(&zeros, &b[1..])
                .into_iter()
                .map(|s| format!("{}{}", b[0] as char, s)),
        );
        out
    }
    let mut alts = Vec::new();
    let (llo, lhi) = (lo.to_string().len(), hi.to_string().len());
    for l in llo..=lhi {
        let a = if l == llo {
            lo
        } else {
            10u64.pow(l as u32 - 1)
        };
        let b = if l == lhi {
            hi
        } else {
            10u64.pow(l as u32) - 1
        };
        alts.extend(same_len(a.to_string().as_bytes(), b.to_string().as_bytes()));
    }
    alts.join("|")
}

fn lark_literal(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The same language as `grammar::build` produces, in llguidance's Lark.
fn lark(specs: &[&'static AppletSpec], paths: &[PathEntry]) -> String {
    let mut rules = vec![];
    let mut alts = vec![];
    for (i, s) in specs.iter().enumerate() {
        let mut seq = vec![lark_literal(s.name)];
        let mut optional_tail = 0;
        for (j, slot) in s.slots.iter().enumerate() {
            let name = format!("a{i}s{j}");
            let body = match slot.kind {
                SlotKind::Path {
                    kind,
                    must_exist: true,
                } => {
                    let fits: Vec<String> = paths
                        .iter()
                        .filter(|p| match kind {
                            PathKind::File => !p.is_dir,
                            PathKind::Dir => p.is_dir,
                            PathKind::Any => true,
                        })
                        // As the grammar offers them: the parser's spelling,
                        // quoted where `render` quotes.
                        .filter_map(|p| command::normalize_path(&p.path).ok())
                        .map(|p| lark_literal(&command::quote(&p)))
                        .collect();
                    if fits.is_empty() {
                        "/(?!)/".to_string()
                    } else {
                        fits.join(" | ")
                    }
                }
                SlotKind::Path { .. } => {
                    // No component ends with a dot (the parser refuses it).
                    r"/\/[A-Z0-9_~-]([A-Z0-9_.~-]*[A-Z0-9_~-])?(\/[A-Z0-9_~-]([A-Z0-9_.~-]*[A-Z0-9_~-])?)*/"
                        .to_string()
                }
                SlotKind::Text | SlotKind::Request => {
                    r#"/([!#-&(-\[\]-~]|[^\x00-\x7f])+|"([ !#-\[\]-~]|[^\x00-\x7f]|\\["\\nrt])*"/"#
                        .to_string()
                }
                SlotKind::Integer { min, max } => {
                    format!("/{}/", range_regex(min as u64, max as u64))
                }
                SlotKind::OneOf(words) => words
                    .iter()
                    .map(|w| lark_literal(w))
                    .collect::<Vec<_>>()
                    .join(" | "),
                SlotKind::AppletName => specs
                    .iter()
                    .map(|s| lark_literal(s.name))
                    .collect::<Vec<_>>()
                    .join(" | "),
            };
            rules.push(format!("{name}: {body}"));
            if slot.required {
                seq.push(format!("\" \" {name}"));
            } else {
                seq.push(format!("(\" \" {name}"));
                optional_tail += 1;
            }
        }
        let mut line = seq.join(" ");
        for _ in 0..optional_tail {
            line.push_str(")?");
        }
        alts.push(line);
    }
    format!("start: {}\n{}\n", alts.join("\n  | "), rules.join("\n"))
}

fn sample_paths() -> Vec<PathEntry> {
    let mut v = grammar::paths_from_list(SAMPLE_FS);
    v.push(PathEntry {
        path: "/".into(),
        is_dir: true,
    });
    v
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn bench(label: &str, toks: Vec<Vec<u8>>, table: &Table, mode: Mode) -> anyhow::Result<()> {
    let specs = table.specs(mode);
    let paths = sample_paths();
    let end = toks.len() as u32 - 1;
    // The commands to force through both: every example's canonical line.
    let lines: Vec<String> = table
        .all()
        .flat_map(|a| a.spec().examples.iter())
        .filter_map(|ex| table.parse(ex.command, mode).ok())
        .map(|c| command::render(&c))
        .collect();

    // ---- ours
    let t0 = Instant::now();
    let vocab = Vocab::new(toks.clone(), end, &[]);
    let vocab_build = t0.elapsed().as_secs_f64();
    let mut builds = vec![];
    for _ in 0..20 {
        let t = Instant::now();
        let g = Grammar::build(&specs, &paths)?;
        builds.push(t.elapsed().as_secs_f64());
        drop(g);
    }
    let ours_build = median(builds);

    // ---- llguidance
    let mut words = toks.clone();
    words[end as usize] = [&[TokTrie::SPECIAL_TOKEN_MARKER][..], b"<|end|>"].concat();
    let t0 = Instant::now();
    let trie = TokTrie::from(&TokRxInfo::new(words.len() as u32, end), &words);
    let env: TokEnv = Arc::new(Env { trie });
    let factory = ParserFactory::new_simple(&env)?;
    let llg_vocab_build = t0.elapsed().as_secs_f64();
    let src = lark(&specs, &paths);
    let mut builds = vec![];
    for _ in 0..20 {
        let t = Instant::now();
        let p = factory.create_parser(TopLevelGrammar::from_lark(src.clone()))?;
        builds.push(t.elapsed().as_secs_f64());
        drop(p);
    }
    let llg_build = median(builds);

    // ---- masks along each command, same token sequence for both
    let mut ours_fresh = vec![];
    let mut ours_cold = vec![];
    let mut ours_warm = vec![];
    // `rebuilt` is rebuilt before every command, as after F2 or a file
    // change: masks with unchanged futures carry over.
    let mut rebuilt = Grammar::build(&specs, &paths)?;
    let mut llg = vec![];
    let mut set = TokenSet::new(vocab.len());
    let mut warm = Grammar::build(&specs, &paths)?;
    let mut agree = 0usize;
    let mut steps = 0usize;
    for line in &lines {
        let mut seq = env.tok_trie().greedy_tokenize(line.as_bytes());
        seq.push(end);
        let mut fresh = Grammar::build(&specs, &paths)?;
        let mut mf = fresh.matcher();
        rebuilt = rebuilt.rebuild(&specs, &paths)?;
        let mut mc = rebuilt.matcher();
        let mut mw = warm.matcher();
        let mut ml = Matcher::new(factory.create_parser(TopLevelGrammar::from_lark(src.clone())));
        for &t in &seq {
            let a = Instant::now();
            mf.mask(&vocab, &mut set);
            ours_fresh.push(a.elapsed().as_secs_f64());
            let a = Instant::now();
            mc.mask(&vocab, &mut set);
            ours_cold.push(a.elapsed().as_secs_f64());
            let a = Instant::now();
            mw.mask(&vocab, &mut set);
            ours_warm.push(a.elapsed().as_secs_f64());
            let a = Instant::now();
            let m = ml
                .compute_mask_or_eos()
                .map_err(|e| anyhow::anyhow!("{e} in {line:?}"))?;
            llg.push(a.elapsed().as_secs_f64());
            steps += 1;
            if m.num_set() == set.len() && set.iter().all(|t| m.is_allowed(t)) {
                agree += 1;
            } else if std::env::var_os("BENCH_DIFF").is_some() {
                let only_ours: Vec<String> = set
                    .iter()
                    .filter(|&t| !m.is_allowed(t))
                    .take(8)
                    .map(|t| format!("{:02x?}", vocab.token_bytes(t)))
                    .collect();
                let only_llg: Vec<String> = (0..vocab.len() as u32)
                    .filter(|&t| m.is_allowed(t) && !set.contains(t))
                    .take(8)
                    .map(|t| format!("{:02x?}", vocab.token_bytes(t)))
                    .collect();
                eprintln!(
                    "{line:?} at {:?}: only ours {only_ours:?} only llg {only_llg:?}",
                    String::from_utf8_lossy(mw.text())
                );
            }
            mf.commit(&vocab, t)
                .map_err(|e| anyhow::anyhow!("{e} in {line:?}"))?;
            mc.commit(&vocab, t)
                .map_err(|e| anyhow::anyhow!("{e} in {line:?}"))?;
            mw.commit(&vocab, t)
                .map_err(|e| anyhow::anyhow!("{e} in {line:?}"))?;
            if !ml.is_stopped() {
                ml.consume_token(t)?;
            }
        }
    }
    let us = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64 * 1e6;
    println!(
        "| {label} | {} | {} | {:.1} / {:.1} | {:.1} / {:.1} | {:.1} ({:.1}) | {:.1} ({:.1}) | {:.1} ({:.1}) | {:.1} ({:.1}) | {agree}/{steps} |",
        toks.len(),
        lines.len(),
        vocab_build * 1e3,
        llg_vocab_build * 1e3,
        ours_build * 1e6,
        llg_build * 1e6,
        us(&ours_fresh),
        median(ours_fresh.clone()) * 1e6,
        us(&ours_cold),
        median(ours_cold.clone()) * 1e6,
        us(&ours_warm),
        median(ours_warm.clone()) * 1e6,
        us(&llg),
        median(llg.clone()) * 1e6
    );
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let table = applets::builtin();
    println!("| vocabulary | tokens | commands | vocab precompute ms: ours / llg | grammar build µs: ours / llg | ours, fresh grammar: mask µs mean (median) | ours, after rebuild | ours, warm | llguidance | identical masks |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    // A GGUF's vocabulary (e.g. the default model's), spelled as bytes; `qwen3-layout` is
    // the request path's test vocabulary (model::testing: Qwen3's 151,936 ids and added
    // tokens, the command language's words as whole tokens, random words after them).
    if let Some(arg) = std::env::args().nth(1) {
        let (label, bytes) = if arg == "qwen3-layout" {
            let mut words: Vec<&str> = table.all().map(|a| a.spec().name).collect();
            words.extend(SAMPLE_FS.iter().flat_map(|p| p.split('/')));
            let spec = model::testing::Qwen3Spec {
                words: &words,
                ..Default::default()
            };
            (
                "Qwen3 layout".to_string(),
                model::testing::qwen3_vocab_model(&spec),
            )
        } else {
            (arg.clone(), std::fs::read(&arg)?)
        };
        let g = model::Gguf::parse(&bytes).map_err(|e| anyhow::anyhow!("{label}: {e}"))?;
        let tok = model::tokenizer::Tokenizer::from_gguf(&g)
            .map_err(|e| anyhow::anyhow!("{label}: {e:?}"))?;
        // Only normal and byte tokens spell a command (as the request path's `Vocab`);
        // `<|end|>` goes last, as the synthetic vocabularies have it.
        use model::tokenizer::TokenType;
        let mut toks: Vec<Vec<u8>> = (0..tok.vocab_size() as u32)
            .filter(|&t| matches!(tok.token_type(t), Some(TokenType::Normal | TokenType::Byte)))
            .map(|t| tok.token_bytes(t).unwrap_or(&[]).to_vec())
            .filter(|b| !b.is_empty())
            .collect();
        toks.push(b"<|end|>".to_vec());
        let label = format!(
            "{label} ({} of {} tokens spell)",
            toks.len() - 1,
            tok.vocab_size()
        );
        bench(&label, toks, &table, Mode::ReadWrite)?;
    }
    bench(
        "synthetic 4k",
        synthetic_vocab(4096, 1, &table),
        &table,
        Mode::ReadWrite,
    )?;
    bench(
        "synthetic 150k",
        synthetic_vocab(151_000, 2, &table),
        &table,
        Mode::ReadWrite,
    )?;
    Ok(())
}
