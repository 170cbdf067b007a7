//! Sampling: greedy, or temperature + top-k + top-p with a seedable RNG the sampler owns.
//!
//! A [`LogitsMask`] runs on the logits before anything else, so a token it sets to −∞ can never
//! be chosen (the grammar crate plugs in here). The random coin is drawn once per call and passed
//! down, so the selection given a coin is a pure function (tested without randomness).

use alloc::vec::Vec;

/// Something that edits logits before sampling, typically by setting forbidden tokens to
/// `f32::NEG_INFINITY`.
pub trait LogitsMask {
    fn apply(&mut self, logits: &mut [f32]);
}

impl<F: FnMut(&mut [f32])> LogitsMask for F {
    fn apply(&mut self, logits: &mut [f32]) {
        self(logits)
    }
}

/// No mask.
pub struct NoMask;

impl LogitsMask for NoMask {
    fn apply(&mut self, _: &mut [f32]) {}
}

/// xorshift64*: small, fast, and good enough for choosing tokens.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        // Zero is xorshift's fixed point.
        Self(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }
    pub fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }
    /// Uniform in [0, 1).
    pub fn next_f32(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 / 16_777_216.0
    }
}

/// Sampling parameters. `temperature == 0` means greedy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SamplerConfig {
    pub temperature: f32,
    /// Keep only the `top_k` most likely tokens (0 = all).
    pub top_k: usize,
    /// Keep the smallest set of tokens whose probability reaches `top_p` (1.0 = all).
    pub top_p: f32,
    pub seed: u64,
}

impl Default for SamplerConfig {
    fn default() -> Self {
        Self {
            temperature: 0.0,
            top_k: 0,
            top_p: 1.0,
            seed: 1,
        }
    }
}

/// Why no token could be sampled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleError {
    /// The logits were empty, or every token was masked out (or NaN).
    NoCandidate,
}

impl core::fmt::Display for SampleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::NoCandidate => write!(f, "sampler: every token is masked out"),
        }
    }
}

impl core::error::Error for SampleError {}

/// A sampler with its own RNG and scratch space (allocated once for the vocabulary).
pub struct Sampler {
    pub config: SamplerConfig,
    rng: Rng,
    /// (vocab) masked logits, then probabilities
    work: Vec<f32>,
    /// (vocab) candidate indices sorted by probability
    order: Vec<u32>,
}

impl Sampler {
    pub fn new(vocab: usize, config: SamplerConfig) -> Self {
        Self {
            config,
            rng: Rng::new(config.seed),
            work: alloc::vec![0.0; vocab],
            order: Vec::with_capacity(vocab),
        }
    }

    /// Greedy: the unmasked token with the highest logit (lowest id on ties).
    pub fn sample_greedy(
        &mut self,
        logits: &[f32],
        mask: &mut dyn LogitsMask,
    ) -> Result<u32, SampleError> {
        self.load(logits, mask);
        argmax(&self.work).ok_or(SampleError::NoCandidate)
    }

    /// Sample one token from `logits` after applying `mask`, following `self.config`.
    pub fn sample(
        &mut self,
        logits: &[f32],
        mask: &mut dyn LogitsMask,
    ) -> Result<u32, SampleError> {
        if self.config.temperature <= 0.0 || !self.config.temperature.is_finite() {
            return self.sample_greedy(logits, mask);
        }
        self.load(logits, mask);
        let coin = self.rng.next_f32();
        self.select(coin)
    }

    fn load(&mut self, logits: &[f32], mask: &mut dyn LogitsMask) {
        self.work.clear();
        self.work.extend_from_slice(logits);
        mask.apply(&mut self.work);
    }

    /// Temperature softmax, top-k, top-p, then the token where `coin` falls in the cumulative
    /// distribution.
    fn select(&mut self, coin: f32) -> Result<u32, SampleError> {
        let t = self.config.temperature;
        let max = self
            .work
            .iter()
            .copied()
            .filter(|v| !v.is_nan())
            .fold(f32::NEG_INFINITY, f32::max);
        if max == f32::NEG_INFINITY {
            return Err(SampleError::NoCandidate);
        }
        self.order.clear();
        for (i, v) in self.work.iter_mut().enumerate() {
            if v.is_nan() || *v == f32::NEG_INFINITY {
                *v = 0.0;
                continue;
            }
            *v = kmath::expf((*v - max) / t);
            self.order.push(i as u32);
        }
        let work = &self.work;
        // Highest probability first; ties by token id so results do not depend on sort stability.
        self.order.sort_unstable_by(|&a, &b| {
            work[b as usize]
                .total_cmp(&work[a as usize])
                .then(a.cmp(&b))
        });
        let k = match self.config.top_k {
            0 => self.order.len(),
            k => k.min(self.order.len()),
        };
        self.order.truncate(k);
        let total: f32 = self.order.iter().map(|&i| work[i as usize]).sum();
        let top_p = self.config.top_p.clamp(0.0, 1.0);
        let mut cum = 0.0;
        let mut keep = self.order.len();
        for (n, &i) in self.order.iter().enumerate() {
            cum += work[i as usize] / total;
            if cum >= top_p {
                keep = n + 1;
                break;
            }
        }
        self.order.truncate(keep.max(1));
        let kept: f32 = self.order.iter().map(|&i| work[i as usize]).sum();
        let target = coin * kept;
        let mut acc = 0.0;
        for &i in &self.order {
            acc += work[i as usize];
            if target < acc {
                return Ok(i);
            }
        }
        // Rounding left `target` at the very top: take the last kept token.
        self.order.last().copied().ok_or(SampleError::NoCandidate)
    }
}

/// Index of the largest non-NaN value that is not −∞.
pub fn argmax(x: &[f32]) -> Option<u32> {
    let mut best: Option<(usize, f32)> = None;
    for (i, &v) in x.iter().enumerate() {
        if v.is_nan() || v == f32::NEG_INFINITY {
            continue;
        }
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((i, v));
        }
    }
    best.map(|(i, _)| i as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(temperature: f32, top_k: usize, top_p: f32) -> SamplerConfig {
        SamplerConfig {
            temperature,
            top_k,
            top_p,
            seed: 42,
        }
    }

    #[test]
    fn greedy_picks_max_and_respects_mask() {
        let mut s = Sampler::new(4, SamplerConfig::default());
        let logits = [0.1, 3.0, 2.0, -1.0];
        assert_eq!(s.sample(&logits, &mut NoMask), Ok(1));
        let mut ban1 = |l: &mut [f32]| l[1] = f32::NEG_INFINITY;
        assert_eq!(s.sample(&logits, &mut ban1), Ok(2));
        let mut ban_all = |l: &mut [f32]| l.fill(f32::NEG_INFINITY);
        assert_eq!(
            s.sample(&logits, &mut ban_all),
            Err(SampleError::NoCandidate)
        );
    }

    #[test]
    fn selection_follows_the_coin() {
        // Probabilities ∝ e^0, e^ln2, e^ln4 → 1/7, 2/7, 4/7, order 2, 1, 0.
        let logits = [0.0, 2f32.ln(), 4f32.ln()];
        let mut s = Sampler::new(3, cfg(1.0, 0, 1.0));
        let mut pick = |coin: f32| {
            s.load(&logits, &mut NoMask);
            s.select(coin).unwrap()
        };
        assert_eq!(pick(0.0), 2);
        assert_eq!(pick(0.5), 2);
        assert_eq!(pick(0.6), 1);
        assert_eq!(pick(0.99), 0);
    }

    #[test]
    fn top_k_and_top_p_cut_the_tail() {
        let logits = [0.0, 2f32.ln(), 4f32.ln()];
        let mut s = Sampler::new(3, cfg(1.0, 1, 1.0));
        s.load(&logits, &mut NoMask);
        assert_eq!(s.select(0.99), Ok(2));
        // top_p 0.8: 4/7 < 0.8 ≤ 6/7, so tokens 2 and 1 stay, 0 goes.
        let mut s = Sampler::new(3, cfg(1.0, 0, 0.8));
        s.load(&logits, &mut NoMask);
        assert_eq!(s.select(0.99), Ok(1));
    }

    #[test]
    fn masked_tokens_are_never_sampled_and_seed_repeats() {
        let logits: Vec<f32> = (0..50).map(|i| (i % 7) as f32 * 0.3).collect();
        let mut mask = |l: &mut [f32]| {
            for (i, v) in l.iter_mut().enumerate() {
                if i % 3 != 0 {
                    *v = f32::NEG_INFINITY;
                }
            }
        };
        let run = |mask: &mut dyn LogitsMask| {
            let mut s = Sampler::new(50, cfg(1.5, 0, 0.95));
            (0..500)
                .map(|_| s.sample(&logits, mask).unwrap())
                .collect::<Vec<_>>()
        };
        let a = run(&mut mask);
        assert!(a.iter().all(|&t| t % 3 == 0));
        assert_eq!(a, run(&mut mask));
        // Not stuck on one token.
        assert!(a.iter().any(|&t| t != a[0]));
    }
}
