//! The Qwen3 architecture as llama.cpp runs it (`LLM_ARCH_QWEN3`): token
//! embedding, per block RMSNorm -> GQA attention with per-head QK-RMSNorm
//! and NeoX RoPE -> residual, RMSNorm -> SwiGLU -> residual; final RMSNorm
//! and an output matrix tied to the embedding. Parameters are named as in
//! the GGUF so export is a copy.
//!
//! Built from differentiable primitives only (no fused candle ops whose
//! backward pass may be missing).

use candle_core::{Device, IndexOp, Result, Tensor, Var, D};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    pub vocab: usize,
    pub dim: usize,
    pub layers: usize,
    pub heads: usize,
    pub kv_heads: usize,
    pub head_dim: usize,
    pub ff: usize,
    pub context: usize,
    pub rope_theta: f32,
    pub eps: f64,
}

impl Config {
    /// Parameters, counting the tied embedding once.
    pub fn params(&self) -> usize {
        let attn = self.dim * self.heads * self.head_dim * 2
            + self.dim * self.kv_heads * self.head_dim * 2
            + 2 * self.head_dim;
        let ffn = 3 * self.dim * self.ff;
        self.vocab * self.dim + self.layers * (attn + ffn + 2 * self.dim) + self.dim
    }
}

/// A small seeded normal generator: candle's CPU randn cannot be seeded.
struct Normal(u64);

impl Normal {
    fn next_f32(&mut self) -> f32 {
        let mut u = || {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
        };
        let (a, b) = (u().max(1e-300), u());
        ((-2.0 * a.ln()).sqrt() * (2.0 * std::f64::consts::PI * b).cos()) as f32
    }
}

struct Block {
    attn_norm: Tensor,
    q: Tensor,
    k: Tensor,
    v: Tensor,
    o: Tensor,
    q_norm: Tensor,
    k_norm: Tensor,
    ffn_norm: Tensor,
    gate: Tensor,
    up: Tensor,
    down: Tensor,
}

pub struct Qwen3 {
    pub cfg: Config,
    embd: Tensor,
    blocks: Vec<Block>,
    out_norm: Tensor,
    cos: Tensor,
    sin: Tensor,
    /// Every parameter with its GGUF name, for the optimiser and export.
    pub vars: Vec<(String, Var)>,
}

/// Keys and values of earlier positions, per block: `[B, kv_heads, S, hd]`.
pub type Cache = Vec<Option<(Tensor, Tensor)>>;

fn rms_norm(x: &Tensor, w: &Tensor, eps: f64) -> Result<Tensor> {
    let ms = x.sqr()?.mean_keepdim(D::Minus1)?;
    x.broadcast_div(&(ms + eps)?.sqrt()?)?.broadcast_mul(w)
}

fn silu(x: &Tensor) -> Result<Tensor> {
    x.broadcast_div(&(x.neg()?.exp()? + 1.0)?)
}

/// `[N, in] x [out, in]^T`.
fn linear(x: &Tensor, w: &Tensor) -> Result<Tensor> {
    x.matmul(&w.t()?)
}

impl Qwen3 {
    /// Fresh weights: normal(0, 0.02), output projections scaled by
    /// 1/sqrt(2 * layers) (GPT-2's residual scaling), norms at one.
    pub fn new(cfg: Config, seed: u64, dev: &Device) -> Result<Qwen3> {
        let mut rng = Normal(seed);
        let mut vars = Vec::new();
        let mut mk = |name: String, shape: &[usize], std: f32, vars: &mut Vec<(String, Var)>| {
            let n: usize = shape.iter().product();
            let data: Vec<f32> = if std == 0.0 {
                vec![1.0; n]
            } else {
                (0..n).map(|_| rng.next_f32() * std).collect()
            };
            let var = Var::from_tensor(&Tensor::from_vec(data, shape, dev)?)?;
            vars.push((name, var.clone()));
            Ok::<Tensor, candle_core::Error>(var.as_tensor().clone())
        };
        let (d, hd) = (cfg.dim, cfg.head_dim);
        let proj_std = 0.02 / (2.0 * cfg.layers as f32).sqrt();
        let embd = mk("token_embd.weight".into(), &[cfg.vocab, d], 0.02, &mut vars)?;
        let mut blocks = Vec::new();
        for l in 0..cfg.layers {
            let n = |s: &str| format!("blk.{l}.{s}.weight");
            blocks.push(Block {
                attn_norm: mk(n("attn_norm"), &[d], 0.0, &mut vars)?,
                q: mk(n("attn_q"), &[cfg.heads * hd, d], 0.02, &mut vars)?,
                k: mk(n("attn_k"), &[cfg.kv_heads * hd, d], 0.02, &mut vars)?,
                v: mk(n("attn_v"), &[cfg.kv_heads * hd, d], 0.02, &mut vars)?,
                o: mk(n("attn_output"), &[d, cfg.heads * hd], proj_std, &mut vars)?,
                q_norm: mk(n("attn_q_norm"), &[hd], 0.0, &mut vars)?,
                k_norm: mk(n("attn_k_norm"), &[hd], 0.0, &mut vars)?,
                ffn_norm: mk(n("ffn_norm"), &[d], 0.0, &mut vars)?,
                gate: mk(n("ffn_gate"), &[cfg.ff, d], 0.02, &mut vars)?,
                up: mk(n("ffn_up"), &[cfg.ff, d], 0.02, &mut vars)?,
                down: mk(n("ffn_down"), &[d, cfg.ff], proj_std, &mut vars)?,
            });
        }
        let out_norm = mk("output_norm.weight".into(), &[d], 0.0, &mut vars)?;
        let (cos, sin) = rope_tables(&cfg, dev)?;
        Ok(Qwen3 {
            cfg,
            embd,
            blocks,
            out_norm,
            cos,
            sin,
            vars,
        })
    }

    /// Loads weights saved by [`Qwen3::save`].
    pub fn load(cfg: Config, path: &std::path::Path, dev: &Device) -> Result<Qwen3> {
        let mut m = Qwen3::new(cfg, 0, dev)?;
        let saved = candle_core::safetensors::load(path, dev)?;
        for (name, var) in &m.vars {
            let t = saved
                .get(name)
                .ok_or_else(|| candle_core::Error::Msg(format!("{name} missing")))?;
            var.set(t)?;
        }
        // The block tensors are clones of the vars' storage: reload views.
        m.rebind();
        Ok(m)
    }

    fn rebind(&mut self) {
        let get = |name: &str| -> Tensor {
            self.vars
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_tensor().clone())
                .expect("every block tensor has a var")
        };
        self.embd = get("token_embd.weight");
        self.out_norm = get("output_norm.weight");
        let blocks = (0..self.cfg.layers)
            .map(|l| {
                let n = |s: &str| format!("blk.{l}.{s}.weight");
                Block {
                    attn_norm: get(&n("attn_norm")),
                    q: get(&n("attn_q")),
                    k: get(&n("attn_k")),
                    v: get(&n("attn_v")),
                    o: get(&n("attn_output")),
                    q_norm: get(&n("attn_q_norm")),
                    k_norm: get(&n("attn_k_norm")),
                    ffn_norm: get(&n("ffn_norm")),
                    gate: get(&n("ffn_gate")),
                    up: get(&n("ffn_up")),
                    down: get(&n("ffn_down")),
                }
            })
            .collect();
        self.blocks = blocks;
    }

    pub fn save(&self, path: &std::path::Path) -> Result<()> {
        let map: std::collections::HashMap<String, Tensor> = self
            .vars
            .iter()
            .map(|(n, v)| (n.clone(), v.as_tensor().clone()))
            .collect();
        candle_core::safetensors::save(&map, path)
    }

    pub fn vars(&self) -> Vec<Var> {
        self.vars.iter().map(|(_, v)| v.clone()).collect()
    }

    /// Final hidden states `[B, T, dim]` for tokens `[B, T]` at positions
    /// `pos..pos+T`, extending `cache` when given.
    pub fn hidden(
        &self,
        ids: &Tensor,
        pos: usize,
        mut cache: Option<&mut Cache>,
    ) -> Result<Tensor> {
        let (b, t) = ids.dims2()?;
        let cfg = &self.cfg;
        let (h, kvh, hd) = (cfg.heads, cfg.kv_heads, cfg.head_dim);
        let mut x = self
            .embd
            .index_select(&ids.flatten_all()?, 0)?
            .reshape((b, t, cfg.dim))?;
        let cos = self.cos.narrow(0, pos, t)?.reshape((1, t, 1, hd / 2))?;
        let sin = self.sin.narrow(0, pos, t)?.reshape((1, t, 1, hd / 2))?;
        let s_total = pos + t;
        let mask = causal_mask(t, pos, x.device())?;
        for (l, blk) in self.blocks.iter().enumerate() {
            let hn = rms_norm(&x, &blk.attn_norm, cfg.eps)?.reshape((b * t, cfg.dim))?;
            let q = linear(&hn, &blk.q)?.reshape((b, t, h, hd))?;
            let k = linear(&hn, &blk.k)?.reshape((b, t, kvh, hd))?;
            let v = linear(&hn, &blk.v)?.reshape((b, t, kvh, hd))?;
            let q = rope(&rms_norm(&q, &blk.q_norm, cfg.eps)?, &cos, &sin)?;
            let k = rope(&rms_norm(&k, &blk.k_norm, cfg.eps)?, &cos, &sin)?;
            let q = q.transpose(1, 2)?.contiguous()?;
            let mut k = k.transpose(1, 2)?.contiguous()?;
            let mut v = v.transpose(1, 2)?.contiguous()?;
            if let Some(c) = cache.as_deref_mut() {
                if c.len() < self.blocks.len() {
                    c.resize(self.blocks.len(), None);
                }
                if let Some((pk, pv)) = &c[l] {
                    k = Tensor::cat(&[pk, &k], 2)?;
                    v = Tensor::cat(&[pv, &v], 2)?;
                }
                c[l] = Some((k.clone(), v.clone()));
            }
            let group = h / kvh;
            let k = repeat_kv(&k, group, b, kvh, s_total, hd)?;
            let v = repeat_kv(&v, group, b, kvh, s_total, hd)?;
            let att = (q.matmul(&k.t()?)? / (hd as f64).sqrt())?.broadcast_add(&mask)?;
            let att = candle_nn::ops::softmax(&att, D::Minus1)?;
            let o = att.matmul(&v)?.transpose(1, 2)?.reshape((b * t, h * hd))?;
            x = (x + linear(&o, &blk.o)?.reshape((b, t, cfg.dim))?)?;
            let hn = rms_norm(&x, &blk.ffn_norm, cfg.eps)?.reshape((b * t, cfg.dim))?;
            let ff = (silu(&linear(&hn, &blk.gate)?)? * linear(&hn, &blk.up)?)?;
            x = (x + linear(&ff, &blk.down)?.reshape((b, t, cfg.dim))?)?;
        }
        rms_norm(&x, &self.out_norm, cfg.eps)
    }

    /// Logits `[N, vocab]` for hidden rows `[N, dim]` (tied output).
    pub fn logits(&self, hidden: &Tensor) -> Result<Tensor> {
        linear(hidden, &self.embd)
    }

    /// Logits of the last position of each sequence: `[B, vocab]`.
    pub fn last_logits(
        &self,
        ids: &Tensor,
        pos: usize,
        cache: Option<&mut Cache>,
    ) -> Result<Tensor> {
        let hid = self.hidden(ids, pos, cache)?;
        let t = hid.dim(1)?;
        self.logits(&hid.i((.., t - 1, ..))?.contiguous()?)
    }
}

fn repeat_kv(
    x: &Tensor,
    group: usize,
    b: usize,
    kvh: usize,
    s: usize,
    hd: usize,
) -> Result<Tensor> {
    if group == 1 {
        return Ok(x.clone());
    }
    x.unsqueeze(2)?
        .broadcast_as((b, kvh, group, s, hd))?
        .contiguous()?
        .reshape((b, kvh * group, s, hd))
}

/// `0` where query `i` (at `pos + i`) may see key `j`, a large negative
/// number elsewhere: `[t, pos + t]`.
fn causal_mask(t: usize, pos: usize, dev: &Device) -> Result<Tensor> {
    let s = pos + t;
    let data: Vec<f32> = (0..t)
        .flat_map(|i| (0..s).map(move |j| if j <= pos + i { 0.0 } else { -1e9 }))
        .collect();
    Tensor::from_vec(data, (t, s), dev)
}

/// NeoX RoPE: dimension `i` pairs with `i + hd/2`, angle `pos * theta^(-2i/hd)`.
fn rope(x: &Tensor, cos: &Tensor, sin: &Tensor) -> Result<Tensor> {
    let hd = x.dim(D::Minus1)?;
    let x1 = x.narrow(D::Minus1, 0, hd / 2)?;
    let x2 = x.narrow(D::Minus1, hd / 2, hd / 2)?;
    let a = (x1.broadcast_mul(cos)? - x2.broadcast_mul(sin)?)?;
    let b = (x2.broadcast_mul(cos)? + x1.broadcast_mul(sin)?)?;
    Tensor::cat(&[a, b], D::Minus1)
}

fn rope_tables(cfg: &Config, dev: &Device) -> Result<(Tensor, Tensor)> {
    let half = cfg.head_dim / 2;
    let mut cos = Vec::with_capacity(cfg.context * half);
    let mut sin = Vec::with_capacity(cfg.context * half);
    for p in 0..cfg.context {
        for i in 0..half {
            let freq = (cfg.rope_theta as f64).powf(-2.0 * i as f64 / cfg.head_dim as f64);
            let a = p as f64 * freq;
            cos.push(a.cos() as f32);
            sin.push(a.sin() as f32);
        }
    }
    Ok((
        Tensor::from_vec(cos, (cfg.context, half), dev)?,
        Tensor::from_vec(sin, (cfg.context, half), dev)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Config {
        Config {
            vocab: 50,
            dim: 16,
            layers: 2,
            heads: 4,
            kv_heads: 2,
            head_dim: 8,
            ff: 24,
            context: 32,
            rope_theta: 10000.0,
            eps: 1e-6,
        }
    }

    #[test]
    fn param_count_matches_the_tensors() {
        let m = Qwen3::new(tiny(), 1, &Device::Cpu).unwrap();
        let n: usize = m.vars.iter().map(|(_, v)| v.elem_count()).sum();
        assert_eq!(n, tiny().params());
    }

    #[test]
    fn cached_decode_equals_full_forward() {
        let dev = Device::Cpu;
        let m = Qwen3::new(tiny(), 2, &dev).unwrap();
        let ids: Vec<u32> = vec![3, 7, 1, 9, 4, 4, 2];
        let full = Tensor::new(ids.as_slice(), &dev)
            .unwrap()
            .unsqueeze(0)
            .unwrap();
        let want = m.last_logits(&full, 0, None).unwrap();
        let mut cache = Cache::new();
        let pre = Tensor::new(&ids[..4], &dev).unwrap().unsqueeze(0).unwrap();
        m.last_logits(&pre, 0, Some(&mut cache)).unwrap();
        let mut got = None;
        for (i, &id) in ids[4..].iter().enumerate() {
            let step = Tensor::new(&[id], &dev).unwrap().unsqueeze(0).unwrap();
            got = Some(m.last_logits(&step, 4 + i, Some(&mut cache)).unwrap());
        }
        let diff = (got.unwrap() - want)
            .unwrap()
            .abs()
            .unwrap()
            .max_all()
            .unwrap()
            .to_scalar::<f32>()
            .unwrap();
        assert!(diff < 1e-5, "{diff}");
    }

    #[test]
    fn later_tokens_do_not_change_earlier_logits() {
        let dev = Device::Cpu;
        let m = Qwen3::new(tiny(), 3, &dev).unwrap();
        let a = Tensor::new(&[[5u32, 6, 7, 8]], &dev).unwrap();
        let b = Tensor::new(&[[5u32, 6, 7, 30]], &dev).unwrap();
        let ha = m.hidden(&a, 0, None).unwrap().i((.., ..3, ..)).unwrap();
        let hb = m.hidden(&b, 0, None).unwrap().i((.., ..3, ..)).unwrap();
        let diff = (ha - hb)
            .unwrap()
            .abs()
            .unwrap()
            .max_all()
            .unwrap()
            .to_scalar::<f32>()
            .unwrap();
        assert!(diff < 1e-6, "{diff}");
    }

    #[test]
    fn gradients_reach_every_parameter() {
        let dev = Device::Cpu;
        let m = Qwen3::new(tiny(), 4, &dev).unwrap();
        let ids = Tensor::new(&[[1u32, 2, 3, 4, 5]], &dev).unwrap();
        let h = m.hidden(&ids, 0, None).unwrap().reshape((5, 16)).unwrap();
        let logits = m.logits(&h).unwrap();
        let target = Tensor::new(&[2u32, 3, 4, 5, 6], &dev).unwrap();
        let loss = candle_nn::loss::cross_entropy(&logits, &target).unwrap();
        let grads = loss.backward().unwrap();
        for (name, v) in &m.vars {
            let g = grads
                .get(v.as_tensor())
                .unwrap_or_else(|| panic!("no grad for {name}"));
            let n = g
                .abs()
                .unwrap()
                .sum_all()
                .unwrap()
                .to_scalar::<f32>()
                .unwrap();
            assert!(n > 0.0, "{name}");
        }
    }
}
