//! Confidence calibration: the temperature that makes the softmax over ridge
//! scores honest on dev, and the expected calibration error that says so.

use crate::ridge::softmax;

/// The temperature minimising the negative log-likelihood of `labels` under
/// `softmax(scores / t)`, by a log-spaced grid search (one parameter, a few
/// hundred rows: a grid is exact enough and cannot diverge).
pub fn fit_temperature(scores: &[&[f32]], labels: &[usize]) -> f32 {
    let mut best = (f32::INFINITY, 1.0f32);
    for step in 0..=80 {
        let t = kmath::powf(10.0, -3.0 + step as f32 * 0.05);
        let nll = nll(scores, labels, t);
        if nll < best.0 {
            best = (nll, t);
        }
    }
    best.1
}

pub fn nll(scores: &[&[f32]], labels: &[usize], t: f32) -> f32 {
    let mut total = 0.0f32;
    for (s, &y) in scores.iter().zip(labels) {
        let p = softmax(s, t);
        total -= kmath::logf(p[y].max(1e-12));
    }
    total / scores.len().max(1) as f32
}

/// Expected calibration error over `bins` equal-width confidence bins:
/// Σ |accuracy − mean confidence| weighted by the bin's share of rows.
pub fn expected_calibration_error(confidence: &[f32], correct: &[bool], bins: usize) -> f32 {
    let mut count = alloc::vec![0usize; bins];
    let mut conf = alloc::vec![0.0f32; bins];
    let mut acc = alloc::vec![0.0f32; bins];
    for (&c, &ok) in confidence.iter().zip(correct) {
        let b = ((c * bins as f32) as usize).min(bins - 1);
        count[b] += 1;
        conf[b] += c;
        acc[b] += ok as u8 as f32;
    }
    let n = confidence.len().max(1) as f32;
    (0..bins)
        .filter(|&b| count[b] > 0)
        .map(|b| (acc[b] - conf[b]).abs() / n)
        .sum()
}
