//! Lexical router features: the words and letter trigrams of a request,
//! hashed into a fixed number of signed buckets.
//!
//! The hidden state knows what the language model learned; it knows little
//! of an applet added after training, whose eight declared examples are all
//! the router has. Words generalise from eight examples where the hidden
//! state does not: "rain", "forecast" and "umbrella" are in the examples of
//! a weather applet and in the requests people send it. Trigrams make the
//! words robust to typos ("dleete" shares "ete", "lee" with "delete"). The
//! vector is appended to the hidden state, and the ridge stays closed form.

/// FNV-1a, 64-bit: stable across builds and machines, so a router trained
/// on the host and one trained in the kernel hash alike.
fn fnv(bytes: impl Iterator<Item = u8>, seed: u64) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325 ^ seed, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Adds `weight` to the signed bucket of `key` (the sign halves the bias
/// that collisions add).
fn bump(out: &mut [f32], h: u64, weight: f32) {
    let n = out.len() as u64;
    let sign = if (h >> 63) == 0 { 1.0 } else { -1.0 };
    out[(h % n) as usize] += sign * weight;
}

/// Writes the request's lexical vector into `out` (its length is the number
/// of buckets), scaled to Euclidean norm `norm`; all zeros for a request
/// with no letters or digits.
pub fn features(request: &str, norm: f32, out: &mut [f32]) {
    out.fill(0.0);
    if out.is_empty() {
        return;
    }
    let lower: alloc::vec::Vec<u8> = request.bytes().map(|b| b.to_ascii_lowercase()).collect();
    for word in lower
        .split(|b| !b.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        bump(out, fnv(word.iter().copied(), 1), 1.0);
        // Trigrams of the word padded with spaces: " de", "del", ..., "te ".
        let padded: alloc::vec::Vec<u8> = core::iter::once(b' ')
            .chain(word.iter().copied())
            .chain(core::iter::once(b' '))
            .collect();
        for t in padded.windows(3) {
            bump(out, fnv(t.iter().copied(), 2), 0.5);
        }
    }
    let len = kmath::sqrtf(out.iter().map(|v| v * v).sum::<f32>());
    if len > 0.0 {
        let k = norm / len;
        out.iter_mut().for_each(|v| *v *= k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vec(s: &str) -> alloc::vec::Vec<f32> {
        let mut v = alloc::vec![0.0; 128];
        features(s, 1.0, &mut v);
        v
    }

    fn dot(a: &[f32], b: &[f32]) -> f32 {
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }

    #[test]
    fn shared_words_and_typos_are_near_and_others_far() {
        let a = vec("delete the notes");
        assert!((dot(&a, &a) - 1.0).abs() < 1e-5);
        assert_eq!(a, vec("DELETE the Notes!"));
        let typo = dot(&a, &vec("dleete the notes"));
        let other = dot(&a, &vec("how much memory is free"));
        assert!(typo > 0.5, "{typo}");
        assert!(other < typo, "{other} vs {typo}");
    }

    #[test]
    fn no_words_is_zero_and_no_buckets_is_fine() {
        assert!(vec("?! ...").iter().all(|&v| v == 0.0));
        features("anything", 1.0, &mut []);
    }
}
