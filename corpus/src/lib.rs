//! The default model's training data, generated from the live command table:
//! each applet's declared examples, paraphrase families with slot fillers and
//! noise, and bare command lines. Families, not lines, are assigned to the
//! train, dev and held-out splits, so a split never shares a phrasing with
//! another. Also the held-out ledger and the scoring shared by every
//! evaluation.
#![forbid(unsafe_code)]

pub mod augment;
pub mod fill;
pub mod ledger;
pub mod rng;
pub mod score;
pub mod templates;

use augment::{realise, Noise, Seg};
use command::{AppletSpec, Arg, Command, Mode, Table};
use rng::{hash, Rng};
use std::collections::HashSet;
use std::fmt;

/// The prompt format, defined once in the request path.
pub use request::prompt::{prompt, sequence, CMD, END, NOTHING, PAD, SPECIALS, USER};
pub use request::spelling::MIN_LETTERS as MIN_WORD_LETTERS;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Split {
    Train,
    Dev,
    Heldout,
    /// Held-out natural families (`corpus/natural/`): the way people type,
    /// measured apart from the generated dev split so that split stays
    /// comparable across corpora.
    DevNatural,
}

impl Split {
    pub fn name(self) -> &'static str {
        match self {
            Split::Train => "train",
            Split::Dev => "dev",
            Split::Heldout => "heldout",
            Split::DevNatural => "dev_natural",
        }
    }
}

/// A request and the canonical command it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    pub request: String,
    pub command: String,
    pub applet: &'static str,
    /// `<applet>/<source>/<index>`: the unit the splits are made of.
    pub family: String,
}

impl Pair {
    /// One TSV line: request, command, applet, family.
    pub fn tsv(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.request, self.command, self.applet, self.family
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CorpusError {
    /// A family's placeholder names a slot the applet does not have.
    NoSuchSlot { family: String, placeholder: usize },
    /// A generated command does not parse, or renders differently.
    NotCanonical { command: String, reason: String },
}

impl fmt::Display for CorpusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorpusError::NoSuchSlot {
                family,
                placeholder,
            } => write!(f, "family {family}: no slot {{{placeholder}}}"),
            CorpusError::NotCanonical { command, reason } => {
                write!(f, "command `{command}` is not canonical: {reason}")
            }
        }
    }
}

impl std::error::Error for CorpusError {}

/// How much to generate.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub seed: u64,
    /// Training pairs per applet for each slot it has, plus one.
    pub train_per_slot: usize,
    /// Pairs drawn per dev or held-out family.
    pub eval_per_family: usize,
    /// Copies of each declared example in train.
    pub example_repeats: usize,
    /// Bare command lines per applet in train.
    pub bare_per_applet: usize,
    /// Add the hand-written natural families (`templates::NATURAL` and
    /// `corpus/natural/*.txt`): training, and one family in eight to
    /// dev_natural. On by default since the model of 4 December 2026 was
    /// trained with them (docs/training.md); `NOSYS_NATURAL=0` turns them off.
    pub natural: bool,
    /// Natural training pairs per applet for each slot it has, plus one.
    pub natural_per_slot: usize,
    /// The same for `corpus/natural/more/` (training only; 0 leaves them
    /// out; `NOSYS_NATURAL_MORE_PER_SLOT`). 400 since the model of 4
    /// December 2026 (afternoon) was trained with them.
    pub natural_more_per_slot: usize,
    /// Draw the `more` pairs from [`templates::NATURAL_MORE2_FILES`] too
    /// (`NOSYS_NATURAL_MORE2=1`; off, as the shipped model was trained).
    pub natural_more2: bool,
    /// Training pairs drawn from [`templates::NOTHING_FILE`], whose command
    /// is [`NOTHING`] (0 leaves them out; `NOSYS_NOTHING_PAIRS`).
    pub nothing_pairs: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            natural: true,
            seed: 6,
            train_per_slot: 800,
            eval_per_family: 40,
            example_repeats: 6,
            bare_per_applet: 60,
            natural_per_slot: 800,
            natural_more_per_slot: 400,
            natural_more2: false,
            nothing_pairs: 0,
        }
    }
}

/// The three generated splits.
#[derive(Clone, Debug, Default)]
pub struct Corpus {
    pub train: Vec<Pair>,
    pub dev: Vec<Pair>,
    pub heldout: Vec<Pair>,
    pub dev_natural: Vec<Pair>,
}

impl Corpus {
    /// Drops the natural training pairs whose request, ignoring case, is in
    /// `unseen` (the requests of the hand-written evaluation files), and says
    /// how many went. The natural families are written by hand too, and a
    /// phrasing a person writes twice must not be trained on and then scored
    /// as unseen. Only natural pairs go, so the generated corpus of the model
    /// before them is unchanged.
    pub fn drop_natural_seen_in(&mut self, unseen: &HashSet<String>) -> usize {
        let before = self.train.len();
        self.train.retain(|p| {
            let natural = p.family.contains("/natural/") || p.family.contains("/more/");
            !(natural && unseen.contains(&p.request.to_ascii_lowercase()))
        });
        before - self.train.len()
    }

    pub fn split(&self, s: Split) -> &[Pair] {
        match s {
            Split::Train => &self.train,
            Split::Dev => &self.dev,
            Split::Heldout => &self.heldout,
            Split::DevNatural => &self.dev_natural,
        }
    }
}

/// The hand-written evaluation files in `data`, whose requests no natural
/// training pair may be (see [`Corpus::drop_natural_seen_in`]).
pub const EVALUATION_FILES: &[&str] = &[
    "handwritten.tsv",
    "handwritten2.tsv",
    "handwritten3.tsv",
    "handwritten4.tsv",
    "handwritten5.tsv",
    "handwritten6.tsv",
    "handwritten7.tsv",
    "handwritten8.tsv",
    "handwritten9.tsv",
    "handwritten10.tsv",
    "handwritten11.tsv",
    "handwritten12.tsv",
    "handwritten13.tsv",
    "handwritten14.tsv",
    "handwritten15.tsv",
    "handwritten16.tsv",
    "handwritten17.tsv",
    "handwritten18.tsv",
    "handwritten19.tsv",
    "handwritten20.tsv",
    "handwritten21.tsv",
    "handwritten22.tsv",
    "handwritten23.tsv",
    "handwritten24.tsv",
    "handwritten25.tsv",
    "handwritten26.tsv",
    "handwritten27.tsv",
    "handwritten28.tsv",
    "handwritten29.tsv",
    "handwritten30.tsv",
    "handwritten31.tsv",
    "handwritten32.tsv",
    "heldout_handwritten.tsv",
    "dev_nothing.tsv",
    "dev_args.tsv",
];

/// The requests of [`EVALUATION_FILES`] under `data`, lower-cased (a missing
/// file holds none).
pub fn evaluation_requests(data: &std::path::Path) -> HashSet<String> {
    let mut unseen = HashSet::new();
    for file in EVALUATION_FILES {
        let text = std::fs::read_to_string(data.join(file)).unwrap_or_default();
        unseen.extend(
            text.lines()
                .filter(|l| !l.starts_with('#'))
                .filter_map(|l| l.split('\t').next())
                .map(str::to_ascii_lowercase),
        );
    }
    unseen
}

/// A template parsed into literal text and numbered placeholders.
#[derive(Clone, Debug)]
enum Piece {
    Lit(String),
    Slot(usize),
}

fn parse_template(t: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = t;
    while let Some(start) = rest.find('{') {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        let inner = &rest[start + 1..start + len];
        match inner.parse::<usize>() {
            Ok(n) if n >= 1 => {
                if start > 0 {
                    out.push(Piece::Lit(rest[..start].to_string()));
                }
                out.push(Piece::Slot(n - 1));
            }
            _ => out.push(Piece::Lit(rest[..start + len + 1].to_string())),
        }
        rest = &rest[start + len + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Lit(rest.to_string()));
    }
    out
}

/// One family: its variants, where they go, and what fills them.
struct Family {
    id: String,
    spec: &'static AppletSpec,
    variants: Vec<Vec<Piece>>,
    /// Fixed arguments for declared examples whose slots were not found in
    /// the request; `None` means fill the slots freshly.
    fixed: Option<Vec<Arg>>,
}

/// Turns a declared example into a family: slot values found in the request
/// become placeholders, so the example is re-filled with other values.
fn example_family(
    table: &Table,
    spec: &'static AppletSpec,
    i: usize,
    request: &str,
    command: &str,
) -> Result<Family, CorpusError> {
    let parsed = table
        .parse(command, Mode::ReadWrite)
        .map_err(|e| CorpusError::NotCanonical {
            command: command.to_string(),
            reason: format!("{e}"),
        })?;
    // A one-of word ("model load ...") is part of the meaning, not a value
    // to vary: keep such an example as written.
    if parsed.args.iter().any(|a| matches!(a, Arg::Word(_))) {
        return Ok(fixed_family(spec, i, request, parsed.args));
    }
    let mut template = request.to_string();
    for (k, arg) in parsed.args.iter().enumerate() {
        let candidates: Vec<String> = match arg {
            Arg::Path(p) => path_candidates(p),
            Arg::Text(t) => vec![t.to_ascii_lowercase()],
            Arg::Integer(n) => vec![n.to_string()],
            Arg::Word(w) => vec![w.to_string()],
        };
        let lower = template.to_ascii_lowercase();
        let found = candidates
            .iter()
            .filter(|c| !c.is_empty())
            .find_map(|c| find_word(&lower, c).map(|at| (at, c.len())));
        match found {
            Some((at, len)) => {
                template.replace_range(at..at + len, &format!("{{{}}}", k + 1));
            }
            None => return Ok(fixed_family(spec, i, request, parsed.args)),
        }
    }
    Ok(Family {
        id: format!("{}/example/{i}", spec.name),
        spec,
        variants: vec![parse_template(&template)],
        fixed: None,
    })
}

fn fixed_family(spec: &'static AppletSpec, i: usize, request: &str, args: Vec<Arg>) -> Family {
    Family {
        id: format!("{}/example/{i}", spec.name),
        spec,
        variants: vec![vec![Piece::Lit(request.to_string())]],
        fixed: Some(args),
    }
}

/// The first place `needle` occurs in `hay` as whole words (not inside a
/// longer word, nor inside a placeholder already put there).
fn find_word(hay: &str, needle: &str) -> Option<usize> {
    let b = hay.as_bytes();
    let is_word = |c: u8| c.is_ascii_alphanumeric() || c == b'{' || c == b'}';
    let mut from = 0;
    while let Some(off) = hay[from..].find(needle) {
        let at = from + off;
        let end = at + needle.len();
        let before_ok = at == 0 || !is_word(b[at - 1]);
        let after_ok = end == b.len() || !is_word(b[end]);
        if before_ok && after_ok {
            return Some(at);
        }
        from = at + 1;
        while !hay.is_char_boundary(from) {
            from += 1;
        }
    }
    None
}

/// Ways a declared example may mention a path, longest first.
fn path_candidates(p: &str) -> Vec<String> {
    let lower = p.to_ascii_lowercase();
    let base = lower.rsplit('/').next().unwrap_or("").to_string();
    let stem = base.split('.').next().unwrap_or("").to_string();
    let mut v = vec![
        lower.clone(),
        lower.trim_start_matches('/').to_string(),
        base,
        stem,
    ];
    v.sort_by_key(|s| std::cmp::Reverse(s.len()));
    v
}

/// Builds one pair from a family.
fn instantiate(
    rng: &mut Rng,
    fam: &Family,
    applet_names: &[&'static str],
    noise: &Noise,
) -> Result<Pair, CorpusError> {
    let variant = rng.pick(&fam.variants);
    let slots = fam.spec.slots;
    let mut filled: Vec<Option<fill::Filled>> = vec![None; slots.len()];
    let mut segs = Vec::new();
    for piece in variant {
        match piece {
            Piece::Lit(l) => segs.push(Seg::Lit(l.clone())),
            Piece::Slot(k) => {
                let slot = slots.get(*k).ok_or_else(|| CorpusError::NoSuchSlot {
                    family: fam.id.clone(),
                    placeholder: k + 1,
                })?;
                let f = filled[*k].get_or_insert_with(|| fill::fill(rng, slot, applet_names));
                segs.push(Seg::Slot(f.mention.clone()));
            }
        }
    }
    let args = match &fam.fixed {
        Some(args) => args.clone(),
        None => {
            // Arguments in slot order, stopping at the first unmentioned
            // optional slot (a later slot can't be given without it).
            let mut args = Vec::new();
            for (k, slot) in slots.iter().enumerate() {
                match filled[k].take() {
                    Some(f) => args.push(f.arg),
                    None if slot.required => {
                        return Err(CorpusError::NoSuchSlot {
                            family: fam.id.clone(),
                            placeholder: k + 1,
                        })
                    }
                    None => break,
                }
            }
            args
        }
    };
    let command = command::render(&Command {
        applet: fam.spec.name,
        args,
    });
    let request = realise(rng, &segs, noise);
    Ok(Pair {
        request: clean_line(&request),
        command,
        applet: fam.spec.name,
        family: fam.id.clone(),
    })
}

/// The slots a request says something about: those before the first option word
/// (`model load FILE --ctx N`: how to load it is not what a person asks for).
fn request_slots(spec: &AppletSpec) -> impl Iterator<Item = &'static command::Slot> {
    spec.slots.iter().take_while(|s| !s.is_option())
}

/// Requests and commands live on one TSV line.
fn clean_line(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

/// A bare command line as a person would type it: the canonical line, or
/// with its paths in lower case (the parser upper-cases them).
fn bare(rng: &mut Rng, spec: &'static AppletSpec, applet_names: &[&'static str]) -> Pair {
    let mut args = Vec::new();
    for slot in request_slots(spec) {
        if !slot.required && rng.chance(0.5) {
            break;
        }
        args.push(fill::fill(rng, slot, applet_names).arg);
    }
    let command = command::render(&Command {
        applet: spec.name,
        args,
    });
    let request = if rng.chance(0.4) {
        command.to_ascii_lowercase()
    } else {
        command.clone()
    };
    Pair {
        request,
        command,
        applet: spec.name,
        family: format!("{}/bare/0", spec.name),
    }
}

/// The split of each paraphrase family of one applet: a seeded shuffle,
/// then two families to dev, one to held-out and the rest to train (an
/// applet with fewer than four families keeps them all in train).
fn assign(seed: u64, applet: &str, n: usize) -> Vec<Split> {
    let mut order: Vec<usize> = (0..n).collect();
    Rng::new(seed ^ hash(applet)).shuffle(&mut order);
    let mut splits = vec![Split::Train; n];
    if n >= 4 {
        splits[order[0]] = Split::Dev;
        splits[order[1]] = Split::Dev;
        splits[order[2]] = Split::Heldout;
    }
    splits
}

/// Which of an applet's `n` natural families go to dev_natural: one in
/// eight, chosen by a seeded shuffle (none when there are fewer than eight,
/// so a short list stays whole in training).
fn natural_dev(seed: u64, applet: &str, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    Rng::new(seed ^ hash(applet) ^ 0x6465_765f_6e61).shuffle(&mut order);
    order.truncate(n / 8);
    order
}

/// Generates the corpus for the given applets (normally
/// `applets::specs(Mode::ReadWrite)`: the model learns every applet, and
/// read-only mode removes write applets from what it may say, not from what
/// it knows).
pub fn generate(table: &Table, cfg: &Config) -> Result<Corpus, CorpusError> {
    let specs = table.specs(Mode::ReadWrite);
    let applet_names: Vec<&'static str> = specs.iter().map(|s| s.name).collect();
    let mut corpus = Corpus::default();
    let noise = Noise::default_mix();
    for spec in &specs {
        let mut rng = Rng::new(cfg.seed ^ hash(spec.name).rotate_left(17));
        let mut train_fams = Vec::new();
        let mut eval_fams = Vec::new();
        if let Some(fams) = templates::families_of(spec.name) {
            let splits = assign(cfg.seed, spec.name, fams.len());
            for (i, (f, split)) in fams.iter().zip(splits).enumerate() {
                let fam = Family {
                    id: format!("{}/template/{i}", spec.name),
                    spec,
                    variants: f.split('|').map(parse_template).collect(),
                    fixed: None,
                };
                match split {
                    Split::Train => train_fams.push(fam),
                    s => eval_fams.push((fam, s)),
                }
            }
        }
        let mut examples = Vec::new();
        for (i, ex) in spec.examples.iter().enumerate() {
            examples.push(example_family(table, spec, i, ex.request, ex.command)?);
        }
        // Training pairs: the applet's quota over its training families.
        let quota = cfg.train_per_slot * (1 + request_slots(spec).count());
        if !train_fams.is_empty() {
            for k in 0..quota {
                let fam = &train_fams[k % train_fams.len()];
                corpus
                    .train
                    .push(instantiate(&mut rng, fam, &applet_names, &noise)?);
            }
        }
        for fam in &examples {
            // The declared example itself, then re-filled variants.
            corpus
                .train
                .push(verbatim(table, spec, fam, ex_request(spec, fam))?);
            let reps = if templates::families_of(spec.name).is_some() {
                cfg.example_repeats
            } else {
                // Without families, the examples carry the whole quota.
                quota / spec.examples.len().max(1)
            };
            for _ in 0..reps {
                corpus
                    .train
                    .push(instantiate(&mut rng, fam, &applet_names, &noise)?);
            }
        }
        for _ in 0..cfg.bare_per_applet {
            corpus.train.push(bare(&mut rng, spec, &applet_names));
        }
        for (fam, split) in &eval_fams {
            let out = match split {
                Split::Dev => &mut corpus.dev,
                _ => &mut corpus.heldout,
            };
            for _ in 0..cfg.eval_per_family {
                out.push(instantiate(&mut rng, fam, &applet_names, &noise)?);
            }
        }
        // Natural phrasings: on their own stream so the draws above (and so
        // dev and held-out) do not move. One family in eight goes to
        // dev_natural, the rest to training.
        let natural = templates::natural_of(spec.name);
        if cfg.natural && !natural.is_empty() {
            let mut nrng = Rng::new(cfg.seed ^ hash(spec.name).rotate_left(29) ^ 0x6e61);
            let fams = written_families(spec, "natural", &natural);
            let held = natural_dev(cfg.seed, spec.name, fams.len());
            let mut dev = Vec::new();
            let mut train = Vec::new();
            for (i, f) in fams.iter().enumerate() {
                if held.contains(&i) {
                    dev.push(f)
                } else {
                    train.push(f)
                }
            }
            let nquota = cfg.natural_per_slot * (1 + request_slots(spec).count());
            for k in 0..nquota {
                let fam = train[k % train.len()];
                corpus
                    .train
                    .push(instantiate(&mut nrng, fam, &applet_names, &noise)?);
            }
            for fam in dev {
                for _ in 0..(cfg.eval_per_family / 4).max(1) {
                    corpus
                        .dev_natural
                        .push(instantiate(&mut nrng, fam, &applet_names, &noise)?);
                }
            }
        }
    }
    // The later natural families: training pairs drawn with their own
    // random stream and added after the splits are settled, so the other
    // splits and pairs are those of the corpus without them.
    let mut more: Vec<Pair> = Vec::new();
    if cfg.natural && cfg.natural_more_per_slot > 0 {
        for spec in &specs {
            let fams = written_families(
                spec,
                "more",
                &templates::natural_more_of(spec.name, cfg.natural_more2),
            );
            if fams.is_empty() {
                continue;
            }
            let mut mrng = Rng::new(cfg.seed ^ hash(spec.name) ^ 0x6d6f_7265);
            let quota = cfg.natural_more_per_slot * (1 + request_slots(spec).count());
            for k in 0..quota {
                more.push(instantiate(
                    &mut mrng,
                    &fams[k % fams.len()],
                    &applet_names,
                    &noise,
                )?);
            }
        }
    }
    // A copy or move onto its own source, or a folder into itself, is a
    // command the request grammar has no path to (docs/grounding.md): the
    // slot fillers draw source and destination independently, so such
    // pairs are dropped rather than taught.
    for split in [
        &mut corpus.train,
        &mut corpus.dev,
        &mut corpus.heldout,
        &mut corpus.dev_natural,
    ] {
        split.retain(|p| !onto_itself(&p.command));
    }
    // A dev or held-out request that noise made identical to a training one
    // is not unseen: drop it, and drop repeats within a split.
    let seen: HashSet<String> = corpus.train.iter().map(|p| p.request.clone()).collect();
    for split in [
        &mut corpus.dev,
        &mut corpus.heldout,
        &mut corpus.dev_natural,
    ] {
        let mut mine = HashSet::new();
        split.retain(|p| !seen.contains(&p.request) && mine.insert(p.request.clone()));
    }
    // A later pair that is a dev or held-out request is not trained on: the
    // evaluation splits stay unseen.
    let evaluated: HashSet<&str> = [&corpus.dev, &corpus.heldout, &corpus.dev_natural]
        .into_iter()
        .flat_map(|s| s.iter().map(|p| p.request.as_str()))
        .collect();
    // Lines no applet does: after every applet's draws, on their own
    // stream, so the pairs above do not move.
    if cfg.natural && cfg.nothing_pairs > 0 {
        let fams: Vec<(String, Vec<&str>)> =
            templates::natural_file_families(templates::NOTHING_FILE)
                .enumerate()
                .map(|(i, f)| {
                    (
                        format!("{NOTHING}/more/{i}"),
                        f.split('|').map(str::trim).collect(),
                    )
                })
                .collect();
        let mut nrng = Rng::new(cfg.seed ^ hash(NOTHING) ^ 0x6e6f_7468);
        for k in 0..cfg.nothing_pairs {
            let (id, variants) = &fams[k % fams.len()];
            let line = *nrng.pick(variants);
            let request = realise(&mut nrng, &[Seg::Lit(line.to_string())], &noise);
            more.push(Pair {
                request: clean_line(&request),
                command: NOTHING.to_string(),
                applet: "-",
                family: id.clone(),
            });
        }
    }
    more.retain(|p| !onto_itself(&p.command) && !evaluated.contains(p.request.as_str()));
    corpus.train.extend(more);
    for split in [
        &corpus.train,
        &corpus.dev,
        &corpus.heldout,
        &corpus.dev_natural,
    ] {
        for p in split.iter().filter(|p| p.command != NOTHING) {
            check_canonical(table, &p.command)?;
        }
    }
    Ok(corpus)
}

/// Hand-written families (one line each, variants split by `|`), with ids
/// `<applet>/<kind>/<n>`.
fn written_families(spec: &'static AppletSpec, kind: &str, lines: &[&str]) -> Vec<Family> {
    lines
        .iter()
        .enumerate()
        .map(|(i, f)| Family {
            id: format!("{}/{kind}/{i}", spec.name),
            spec,
            variants: f.split('|').map(parse_template).collect(),
            fixed: None,
        })
        .collect()
}

/// Whether a `cp`/`mv` command's destination is its source or inside it.
fn onto_itself(command: &str) -> bool {
    let mut w = command.split_whitespace();
    match (w.next(), w.next(), w.next()) {
        (Some("cp" | "mv"), Some(src), Some(dst)) => {
            let (src, dst) = (src.to_ascii_uppercase(), dst.to_ascii_uppercase());
            dst == src || dst.strip_prefix(&src).is_some_and(|r| r.starts_with('/'))
        }
        _ => false,
    }
}

fn ex_request(spec: &'static AppletSpec, fam: &Family) -> (&'static str, &'static str) {
    let i: usize = fam
        .id
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let ex = spec.examples[i];
    (ex.request, ex.command)
}

fn verbatim(
    table: &Table,
    spec: &'static AppletSpec,
    fam: &Family,
    (request, command): (&'static str, &'static str),
) -> Result<Pair, CorpusError> {
    let command = canonical(table, command)?;
    Ok(Pair {
        request: clean_line(request),
        command,
        applet: spec.name,
        family: fam.id.clone(),
    })
}

/// The canonical spelling of a command line, or why it has none.
pub fn canonical(table: &Table, line: &str) -> Result<String, CorpusError> {
    let c = table
        .parse(line, Mode::ReadWrite)
        .map_err(|e| CorpusError::NotCanonical {
            command: line.to_string(),
            reason: format!("{e}"),
        })?;
    Ok(command::render(&c))
}

/// Fails unless `line` parses and renders back to itself.
pub fn check_canonical(table: &Table, line: &str) -> Result<(), CorpusError> {
    let c = canonical(table, line)?;
    if c != line {
        return Err(CorpusError::NotCanonical {
            command: line.to_string(),
            reason: format!("renders as `{c}`"),
        });
    }
    Ok(())
}

/// Reads a TSV of `request<TAB>command[<TAB>...]` lines; `#` starts a comment.
pub fn read_tsv(text: &str) -> Result<Vec<(String, String)>, TsvError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cols = line.split('\t');
        match (cols.next(), cols.next()) {
            (Some(r), Some(c)) if !r.is_empty() && !c.is_empty() => {
                out.push((r.to_string(), c.to_string()))
            }
            _ => return Err(TsvError { line: n + 1 }),
        }
    }
    Ok(out)
}

/// A TSV line without a request and a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TsvError {
    pub line: usize,
}

impl fmt::Display for TsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: expected request<TAB>command", self.line)
    }
}

impl std::error::Error for TsvError {}

/// The applet a command line names (its first word).
pub fn applet_of(command: &str) -> &str {
    command.split_whitespace().next().unwrap_or("")
}

#[cfg(test)]
mod tests;
