//! The router's warm-up: one feature row per declared example (from the
//! shipped cache when it fits the model, computed otherwise), then the
//! ridge solve over the reachable applets.

use alloc::vec::Vec;

use router::Dataset;

use super::propose::Prefill;
use super::{Feature, Interpreter, Rebuild, RequestError};
use crate::features::{max_rel_diff, CacheError, FeatureCache, FeatureRow, EXTRA_ROW};
use crate::{abstain, Clock};

/// Largest relative difference between a cached feature and the recomputed
/// one before the cache is refused (see `features::max_rel_diff`).
pub const CACHE_TOLERANCE: f32 = 1e-4;

/// What happened to the feature cache.
#[derive(Clone, Debug, PartialEq)]
pub enum CacheStatus {
    /// No cache was given.
    Absent,
    /// Used after recomputing `verified` sampled rows.
    Used { verified: usize },
    /// Not used (wrong model, corrupt, or a sampled row differed): every row
    /// was recomputed.
    Refused(CacheError),
}

/// What [`Interpreter::warm_router`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct WarmReport {
    pub cache: CacheStatus,
    /// Declared-example rows taken from the cache.
    pub cached: usize,
    /// Declared-example rows computed now.
    pub computed: usize,
    /// Rows beyond the declared examples (from the cache).
    pub extra: usize,
    /// Where the warm-up time went: recomputing the cache's sample rows,
    /// computing the rows the cache did not have, and adding every row to
    /// the router's dataset (the solve is `rebuild.router_ns`).
    pub verify_ns: u64,
    pub features_ns: u64,
    pub rows_ns: u64,
    pub rebuild: Rebuild,
}

impl<'m> Interpreter<'m> {
    /// The router feature of `request`: one prefill without the output
    /// projection.
    pub fn features(&mut self, request: &str) -> Result<Vec<f32>, RequestError> {
        self.prefill_request(request, Prefill::Hidden, &mut || false)?;
        Ok(self.feature_slice().to_vec())
    }

    pub(super) fn feature_slice(&self) -> &[f32] {
        match self.config.feature {
            Feature::FinalNorm => self.model.hidden(),
            Feature::Layer(_) => self.model.layer_hidden(),
        }
    }

    /// Recomputes `n` rows of `cache` spread over it; refuses the cache if
    /// it is for another model or feature, or if any row differs by more
    /// than [`CACHE_TOLERANCE`]. Returns how many rows were checked.
    pub fn verify_sample(&mut self, cache: &FeatureCache, n: usize) -> Result<usize, CacheError> {
        cache.check_model(self.hash, self.config.feature.code(), self.feature_dim())?;
        let sample = cache.sample(n);
        for &i in &sample {
            let row = &cache.rows[i];
            let max_diff = match self.features(&row.request) {
                Ok(fresh) => max_rel_diff(&row.features, &fresh),
                Err(_) => f32::INFINITY,
            };
            if max_diff > CACHE_TOLERANCE {
                return Err(CacheError::Mismatch {
                    class: row.class.clone(),
                    example: row.example,
                    max_diff,
                });
            }
        }
        Ok(sample.len())
    }

    /// Trains the router from every applet's declared examples (taken from
    /// `cache` when it fits the model and its sample of `verify` rows
    /// recomputes equal, computed otherwise) plus the cache's extra rows,
    /// then solves it over the reachable set. `progress(done, total)` is
    /// called after each computed row.
    pub fn warm_router(
        &mut self,
        cache: Option<&FeatureCache>,
        verify: usize,
        clock: &mut dyn Clock,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<WarmReport, RequestError> {
        let t0 = clock.now_ns();
        let status = match cache {
            None => CacheStatus::Absent,
            Some(c) => match self.verify_sample(c, verify) {
                Ok(verified) => CacheStatus::Used { verified },
                Err(e) => CacheStatus::Refused(e),
            },
        };
        let usable = match status {
            CacheStatus::Used { .. } => cache,
            _ => None,
        };
        let t1 = clock.now_ns();
        let mut wanted: Vec<(&'static str, u32, &'static str)> = self
            .table
            .all()
            .flat_map(|a| {
                let spec = a.spec();
                spec.examples
                    .iter()
                    .enumerate()
                    .map(move |(i, e)| (spec.name, i as u32, e.request))
            })
            .collect();
        wanted.extend(
            abstain::OUT_OF_SCOPE
                .iter()
                .enumerate()
                .map(|(i, r)| (abstain::NOTHING_FITS, i as u32, *r)),
        );
        let total = wanted.len();
        let mut rows = Vec::with_capacity(total);
        let (mut cached, mut computed) = (0, 0);
        for (i, &(class, example, request)) in wanted.iter().enumerate() {
            let features = match usable.and_then(|c| c.find(class, example, request)) {
                Some(row) => {
                    cached += 1;
                    row.features.clone()
                }
                None => {
                    computed += 1;
                    let f = self.features(request)?;
                    progress(i + 1, total);
                    f
                }
            };
            rows.push(FeatureRow {
                class: class.into(),
                example,
                request: request.into(),
                features,
            });
        }
        let mut extra = 0;
        if let Some(c) = usable {
            for row in c.rows.iter().filter(|r| r.example == EXTRA_ROW) {
                rows.push(row.clone());
                extra += 1;
            }
        }
        self.rows = rows;
        let t2 = clock.now_ns();
        self.dataset = Dataset::new(self.router_dim());
        for i in 0..self.rows.len() {
            // Rows were checked finite and of the model's width.
            if let Err(e) = self.add_to_dataset(i) {
                self.router_error = Some(e);
            }
        }
        let t3 = clock.now_ns();
        let rebuild = self.resolve(clock, 0, self.grammar.states());
        Ok(WarmReport {
            cache: status,
            cached,
            computed,
            extra,
            verify_ns: t1.saturating_sub(t0),
            features_ns: t2.saturating_sub(t1),
            rows_ns: t3.saturating_sub(t2),
            rebuild,
        })
    }

    /// Adds rows beyond the declared examples (e.g. training-split requests)
    /// and re-solves. `progress(done, total)` after each row.
    pub fn add_rows(
        &mut self,
        requests: &[(&str, &str)],
        clock: &mut dyn Clock,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Rebuild, RequestError> {
        for (i, &(class, request)) in requests.iter().enumerate() {
            let features = self.features(request)?;
            self.rows.push(FeatureRow {
                class: class.into(),
                example: EXTRA_ROW,
                request: request.into(),
                features,
            });
            if self.add_to_dataset(self.rows.len() - 1).is_err() {
                self.rows.pop();
            }
            progress(i + 1, requests.len());
        }
        Ok(self.resolve(clock, 0, self.grammar.states()))
    }

    /// Adds row `i` to its class.
    fn add_to_dataset(&mut self, i: usize) -> Result<(), router::RouterError> {
        let row = &self.rows[i];
        let mut x = Vec::new();
        self.router_input(&row.features, &row.request, &mut x);
        // A row added k times weighs k in the ridge's sums.
        let k = if self.learnt(&row.class) || row.class == crate::abstain::NOTHING_FITS {
            1
        } else {
            self.config.unlearnt_weight.max(1)
        };
        for _ in 1..k {
            self.dataset.add(&row.class, &x)?;
        }
        self.dataset.add(&row.class, &x)
    }

    /// The cache to write beside the model: every current row.
    pub fn feature_cache(&self) -> FeatureCache {
        FeatureCache {
            model_hash: self.hash,
            feature: self.config.feature.code(),
            dim: self.feature_dim(),
            rows: self.rows.clone(),
        }
    }

    /// Solves the router over the reachable applets that have rows, plus
    /// [`abstain::NOTHING_FITS`].
    pub(super) fn resolve(
        &mut self,
        clock: &mut dyn Clock,
        grammar_ns: u64,
        states: usize,
    ) -> Rebuild {
        let t0 = clock.now_ns();
        let classes: Vec<&'static str> = self
            .table
            .specs(self.mode)
            .iter()
            .map(|s| s.name)
            .chain([abstain::NOTHING_FITS])
            .filter(|n| self.dataset.rows(n) > 0)
            .collect();
        match self.dataset.solve(&classes, self.config.lambda) {
            Ok(mut r) => {
                r.set_temperature(self.config.temperature);
                self.router = Some(r);
                self.router_error = None;
            }
            Err(e) => {
                self.router = None;
                self.router_error = Some(e);
            }
        }
        let router_ns = clock.now_ns().saturating_sub(t0);
        Rebuild {
            grammar_ns,
            router_ns,
            grammar_states: states,
            router_classes: self.router.as_ref().map_or(0, |r| r.classes().len()),
            router_parameters: self.router.as_ref().map_or(0, |r| r.parameters()),
            router_error: self.router_error.clone(),
        }
    }
}
