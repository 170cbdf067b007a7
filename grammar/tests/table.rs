//! The grammar against the real command table: whatever the logits, every
//! completed output is a reachable command that the applets' own parser reads
//! back as the very same typed command.

use command::{Mode, Table, SAMPLE_FS};
use grammar::{argmax, decode, DecodeError, Grammar, PathEntry, Vocab};

fn sample_paths() -> Vec<PathEntry> {
    let mut v = grammar::paths_from_list(SAMPLE_FS);
    v.push(PathEntry {
        path: "/".into(),
        is_dir: true,
    });
    v
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// All bytes, plus chunks of every example command and request (so tokens
/// span names, spaces and slot values as a trained BPE's would), plus an end
/// token.
fn vocab(table: &Table, rng: &mut Rng) -> Vocab {
    let mut toks: Vec<Vec<u8>> = (0..=255u8).map(|b| vec![b]).collect();
    for a in table.all() {
        for ex in a.spec().examples {
            for text in [ex.command, ex.request] {
                let b = text.as_bytes();
                let mut i = 0;
                while i < b.len() {
                    let n = 1 + (rng.next() % 6) as usize;
                    let piece = b[i..(i + n).min(b.len())].to_vec();
                    if !toks.contains(&piece) {
                        toks.push(piece);
                    }
                    i += n;
                }
            }
        }
    }
    toks.push(b"<|end|>".to_vec());
    let end = toks.len() as u32 - 1;
    Vocab::new(toks, end, &[])
}

fn run(mode: Mode, steps_wanted: usize, seed: u64) {
    let table = applets::builtin();
    let mut rng = Rng(seed);
    let vocab = vocab(&table, &mut rng);
    let specs = table.specs(mode);
    let mut g = Grammar::build(&specs, &sample_paths()).unwrap();
    let write_names: Vec<&str> = table
        .all()
        .filter(|a| a.spec().writes)
        .map(|a| a.spec().name)
        .collect();
    let adversarial: Vec<u32> = (0..vocab.len() as u32)
        .filter(|&t| {
            let b = vocab.token_bytes(t);
            write_names
                .iter()
                .any(|n| n.as_bytes().starts_with(b) || b.starts_with(n.as_bytes()))
                || b.contains(&b'"')
                || b.contains(&b' ')
                || b.iter().any(|&c| c >= 0x80)
        })
        .collect();
    let (mut steps, mut completed, mut too_long) = (0usize, 0usize, 0usize);
    while steps < steps_wanted {
        let adv = rng.next().is_multiple_of(2);
        let mut n = 0usize;
        let result = decode(
            &mut g,
            &vocab,
            40,
            |_, logits| {
                n += 1;
                for l in logits.iter_mut() {
                    *l = rng.unit() * 4.0;
                }
                if adv {
                    // Favour what must never get through: write applets,
                    // quotes, blanks, raw non-ASCII bytes, an early end.
                    for &t in &adversarial {
                        logits[t as usize] += 6.0;
                    }
                    logits[vocab.end() as usize] += 8.0;
                } else {
                    logits[vocab.end() as usize] += (n as f32) * 0.4;
                }
            },
            argmax,
        );
        steps += n;
        match result {
            Ok(cmd) => {
                completed += 1;
                let spec = table.get_any(cmd.applet).unwrap().spec();
                assert!(
                    mode.allows(spec),
                    "{} is not reachable in {mode:?}",
                    cmd.applet
                );
                let line = command::parse::render(&cmd);
                let parsed = table
                    .parse(&line, mode)
                    .unwrap_or_else(|e| panic!("{line:?}: {e}"));
                assert_eq!(parsed, cmd, "{line:?}");
            }
            Err(DecodeError::TooLong) => too_long += 1,
            Err(e) => panic!("decode failed: {e}"),
        }
    }
    assert!(
        completed > steps_wanted / 100,
        "only {completed} commands completed ({too_long} too long)"
    );
}

#[test]
fn random_and_adversarial_logits_read_write() {
    run(Mode::ReadWrite, 60_000, 0x9e3779b97f4a7c15);
}

#[test]
fn random_and_adversarial_logits_read_only() {
    run(Mode::ReadOnly, 60_000, 0x2545f4914f6cdd1d);
}

#[test]
fn every_example_command_is_in_the_grammar() {
    let table = applets::builtin();
    let g = Grammar::build(&table.specs(Mode::ReadWrite), &sample_paths()).unwrap();
    let ro = Grammar::build(&table.specs(Mode::ReadOnly), &sample_paths()).unwrap();
    for a in table.all() {
        for ex in a.spec().examples {
            let canon = command::parse::render(&table.parse(ex.command, Mode::ReadWrite).unwrap());
            assert!(g.accepts(canon.as_bytes()), "{canon:?}");
            // In read-only mode exactly what the parser accepts (`help cp`
            // names a write applet, so it is out too).
            assert_eq!(
                ro.accepts(canon.as_bytes()),
                table.parse(&canon, Mode::ReadOnly).is_ok(),
                "{canon:?}"
            );
        }
    }
}
