//! The transformer: `Config` (hyperparameters), `Weights<'a>` (views into the GGUF bytes),
//! `RunState` (activations and KV cache, allocated once) and `Transformer::forward`.
//!
//! The computation is llama.cpp's `qwen3` graph (and its `llama` graph, which differs only in
//! RoPE pairing and the absence of QK-Norm), written to round the way llama.cpp rounds so the
//! parity fixtures can hold it to 1e-3.

use crate::gguf::{Gguf, GgufError, TensorInfo, TensorType};
use crate::ops::{self, ActScratch, Matrix, RopeStyle, Simd};
use alloc::vec::Vec;
use core::fmt;
use pool::{Disjoint, Pool};

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/// Why a model could not be loaded or run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelError {
    Gguf(GgufError),
    /// `general.architecture` is missing or not one we implement.
    UnsupportedArch,
    /// A required `{arch}.…` metadata key is missing or has the wrong type.
    MissingKey(&'static str),
    /// Hyperparameters that are inconsistent or too large (which one is named).
    BadConfig(&'static str),
    /// A feature of the file we do not implement (RoPE scaling, frequency factors, …).
    Unsupported(&'static str),
    /// A tensor the architecture needs is absent (`layer` is `None` for global tensors).
    MissingTensor {
        name: &'static str,
        layer: Option<usize>,
    },
    /// A tensor whose shape does not match the hyperparameters.
    WrongShape {
        name: &'static str,
        layer: Option<usize>,
    },
    /// A tensor of a type we cannot use there (norm weights must be F32).
    WrongType {
        name: &'static str,
        layer: Option<usize>,
    },
    /// A token id at or past the vocabulary size.
    TokenOutOfRange(u32),
    /// Position past the KV cache.
    ContextFull {
        pos: usize,
        max: usize,
    },
    /// An output buffer of the wrong size, or an empty token slice.
    BadArgument(&'static str),
    /// The run state (KV cache and activations) could not be allocated: it needs `bytes`, of
    /// which the KV cache for `positions` positions is `kv_bytes`.
    OutOfMemory {
        bytes: usize,
        kv_bytes: usize,
        positions: usize,
    },
}

impl From<GgufError> for ModelError {
    fn from(e: GgufError) -> Self {
        Self::Gguf(e)
    }
}

impl core::error::Error for ModelError {}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Gguf(e) => write!(f, "{e}"),
            Self::UnsupportedArch => write!(f, "model: unsupported architecture"),
            Self::MissingKey(k) => write!(f, "model: missing metadata key {k}"),
            Self::BadConfig(k) => write!(f, "model: bad hyperparameter {k}"),
            Self::Unsupported(k) => write!(f, "model: unsupported feature {k}"),
            Self::MissingTensor { name, layer } => {
                write!(f, "model: missing tensor {name} {layer:?}")
            }
            Self::WrongShape { name, layer } => {
                write!(f, "model: wrong shape for {name} {layer:?}")
            }
            Self::WrongType { name, layer } => write!(f, "model: wrong type for {name} {layer:?}"),
            Self::TokenOutOfRange(t) => write!(f, "model: token {t} out of range"),
            Self::ContextFull { pos, max } => write!(f, "model: position {pos} past context {max}"),
            Self::BadArgument(a) => write!(f, "model: bad argument: {a}"),
            Self::OutOfMemory {
                bytes,
                kv_bytes,
                positions,
            } => write!(
                f,
                "model: not enough memory for the run state: {} MiB, of which the KV cache for \
                 {positions} positions is {} MiB (a shorter context needs less)",
                mib(*bytes),
                mib(*kv_bytes)
            ),
        }
    }
}

/// Bytes as MiB, rounded up (so a small state never reads "0 MiB").
fn mib(bytes: usize) -> usize {
    bytes.div_ceil(1 << 20)
}

// ---------------------------------------------------------------------------------------------
// Config
// ---------------------------------------------------------------------------------------------

/// Architectures we run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arch {
    Qwen3,
    Llama,
}

/// Hyperparameters, read from `{arch}.*` metadata.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub arch: Arch,
    /// Residual stream width (`embedding_length`).
    pub dim: usize,
    pub n_layers: usize,
    /// SwiGLU hidden width (`feed_forward_length`).
    pub ff: usize,
    pub n_heads: usize,
    pub n_kv_heads: usize,
    /// Per-head width of queries and keys (`attention.key_length`).
    pub head_dim: usize,
    /// Per-head width of values (`attention.value_length`).
    pub head_dim_v: usize,
    pub vocab: usize,
    /// Context length the model was trained for.
    pub train_ctx: usize,
    /// KV cache length actually allocated (≤ `train_ctx` unless the caller asked for more).
    pub seq_len: usize,
    pub rope_base: f32,
    /// Rotated dimensions per head (`rope.dimension_count`).
    pub n_rot: usize,
    pub rope_style: RopeStyle,
    pub qk_norm: bool,
    pub norm_eps: f32,
}

/// Sizes beyond these are treated as a corrupt file, not a model (they bound allocations).
const MAX_DIM: usize = 1 << 16;
const MAX_LAYERS: usize = 1 << 10;
const MAX_HEADS: usize = 1 << 10;
const MAX_VOCAB: usize = 1 << 22;

impl Config {
    /// Read the hyperparameters; `max_seq` caps the KV cache (a kernel cannot afford qwen3's
    /// 40k context for every model).
    pub fn from_gguf(g: &Gguf<'_>, max_seq: Option<usize>) -> Result<Self, ModelError> {
        let arch = match g.architecture() {
            Some("qwen3") => Arch::Qwen3,
            Some("llama") => Arch::Llama,
            _ => return Err(ModelError::UnsupportedArch),
        };
        let p = match arch {
            Arch::Qwen3 => "qwen3",
            Arch::Llama => "llama",
        };
        let mut key = KeyBuf::new();
        let mut get = |suffix: &'static str| -> Option<u64> { g.get_u64(key.make(p, suffix)) };
        let need = |v: Option<u64>, k: &'static str| v.ok_or(ModelError::MissingKey(k));
        let dim = need(get("embedding_length"), "embedding_length")? as usize;
        let n_layers = need(get("block_count"), "block_count")? as usize;
        let ff = need(get("feed_forward_length"), "feed_forward_length")? as usize;
        let n_heads = need(get("attention.head_count"), "attention.head_count")? as usize;
        let n_kv_heads = get("attention.head_count_kv").unwrap_or(n_heads as u64) as usize;
        let train_ctx = need(get("context_length"), "context_length")? as usize;
        if dim == 0 || dim > MAX_DIM {
            return Err(ModelError::BadConfig("embedding_length"));
        }
        if n_layers == 0 || n_layers > MAX_LAYERS {
            return Err(ModelError::BadConfig("block_count"));
        }
        if ff == 0 || ff > 16 * MAX_DIM {
            return Err(ModelError::BadConfig("feed_forward_length"));
        }
        if n_heads == 0 || n_heads > MAX_HEADS {
            return Err(ModelError::BadConfig("attention.head_count"));
        }
        if n_kv_heads == 0 || !n_heads.is_multiple_of(n_kv_heads) {
            return Err(ModelError::BadConfig("attention.head_count_kv"));
        }
        let head_dim = get("attention.key_length").unwrap_or((dim / n_heads) as u64) as usize;
        let head_dim_v = get("attention.value_length").unwrap_or(head_dim as u64) as usize;
        if head_dim == 0 || !head_dim.is_multiple_of(2) || head_dim > MAX_DIM {
            return Err(ModelError::BadConfig("attention.key_length"));
        }
        if head_dim_v == 0 || head_dim_v > MAX_DIM {
            return Err(ModelError::BadConfig("attention.value_length"));
        }
        let n_rot = get("rope.dimension_count").unwrap_or(head_dim as u64) as usize;
        if n_rot == 0 || !n_rot.is_multiple_of(2) || n_rot > head_dim {
            return Err(ModelError::BadConfig("rope.dimension_count"));
        }
        let mut fkey = KeyBuf::new();
        let rope_base = match g.get(fkey.make(p, "rope.freq_base")) {
            None => 10000.0,
            Some(v) => v.as_f32().ok_or(ModelError::MissingKey("rope.freq_base"))?,
        };
        if !(rope_base.is_finite() && rope_base > 1.0) {
            return Err(ModelError::BadConfig("rope.freq_base"));
        }
        let norm_eps = g
            .get(fkey.make(p, "attention.layer_norm_rms_epsilon"))
            .and_then(|v| v.as_f32())
            .ok_or(ModelError::MissingKey("attention.layer_norm_rms_epsilon"))?;
        if !(norm_eps.is_finite() && norm_eps >= 0.0) {
            return Err(ModelError::BadConfig("attention.layer_norm_rms_epsilon"));
        }
        match g.get_str(fkey.make(p, "rope.scaling.type")) {
            None | Some("none") => {}
            Some(_) => return Err(ModelError::Unsupported("rope.scaling.type")),
        }
        if g.tensor("rope_freqs.weight").is_some() {
            return Err(ModelError::Unsupported("rope_freqs.weight"));
        }
        let vocab = g
            .tensor("token_embd.weight")
            .ok_or(ModelError::MissingTensor {
                name: "token_embd.weight",
                layer: None,
            })?
            .dims[1] as usize;
        if vocab == 0 || vocab > MAX_VOCAB {
            return Err(ModelError::BadConfig("vocab"));
        }
        let seq_len = match max_seq {
            Some(m) => m,
            None => train_ctx,
        };
        if seq_len == 0 || seq_len > 1 << 24 {
            return Err(ModelError::BadConfig("context_length"));
        }
        Ok(Self {
            arch,
            dim,
            n_layers,
            ff,
            n_heads,
            n_kv_heads,
            head_dim,
            head_dim_v,
            vocab,
            train_ctx,
            seq_len,
            rope_base,
            n_rot,
            rope_style: match arch {
                Arch::Qwen3 => RopeStyle::Neox,
                Arch::Llama => RopeStyle::Adjacent,
            },
            qk_norm: arch == Arch::Qwen3,
            norm_eps,
        })
    }

    pub fn q_dim(&self) -> usize {
        self.n_heads * self.head_dim
    }
    pub fn kv_dim(&self) -> usize {
        self.n_kv_heads * self.head_dim
    }
    pub fn kv_dim_v(&self) -> usize {
        self.n_kv_heads * self.head_dim_v
    }
    pub fn att_out_dim(&self) -> usize {
        self.n_heads * self.head_dim_v
    }

    /// Floats of the KV cache: keys and values for `seq_len` positions of every layer.
    fn kv_floats(&self) -> Option<usize> {
        self.n_layers
            .checked_mul(self.seq_len)?
            .checked_mul(self.kv_dim() + self.kv_dim_v())
    }

    /// Bytes of the KV cache (f32 keys and values, `seq_len` positions).
    pub fn kv_cache_bytes(&self) -> usize {
        self.kv_floats().map_or(usize::MAX, |n| n.saturating_mul(4))
    }

    /// Bytes [`RunState::new`] allocates for a prefill batch of `n_batch`: the KV cache, the
    /// activations, the logits and the scratch, so a caller can check them before allocating.
    pub fn state_bytes(&self, n_batch: usize) -> usize {
        self.state_floats(n_batch.max(1))
            .map_or(usize::MAX, |n| n.saturating_mul(4))
    }

    fn state_floats(&self, b: usize) -> Option<usize> {
        let widest = self.dim.max(self.att_out_dim()).max(self.ff);
        let per_token = 2 * self.dim
            + self.att_out_dim()
            + self.q_dim()
            + self.kv_dim()
            + self.kv_dim_v()
            + 2 * self.ff
            + self.n_rot
            + widest;
        // Each token of the batch has a row of attention scores as long as the context.
        let per_token = per_token.checked_add(self.seq_len)?;
        b.checked_mul(per_token)?
            .checked_add(self.vocab + 2 * self.dim)?
            .checked_add(self.kv_floats()?)
    }
}

/// Builds `{arch}.{suffix}` keys without allocating.
struct KeyBuf {
    buf: [u8; 96],
}

impl KeyBuf {
    fn new() -> Self {
        Self { buf: [0; 96] }
    }
    fn make(&mut self, arch: &str, suffix: &str) -> &str {
        let n = arch.len() + 1 + suffix.len();
        debug_assert!(n <= self.buf.len(), "metadata keys are short constants");
        self.buf[..arch.len()].copy_from_slice(arch.as_bytes());
        self.buf[arch.len()] = b'.';
        self.buf[arch.len() + 1..n].copy_from_slice(suffix.as_bytes());
        core::str::from_utf8(&self.buf[..n]).unwrap_or("")
    }
}

// ---------------------------------------------------------------------------------------------
// Weights
// ---------------------------------------------------------------------------------------------

/// One transformer block's tensors, borrowed from the GGUF bytes.
#[derive(Debug, Clone, Copy)]
pub struct LayerWeights<'a> {
    /// (dim) F32
    pub attn_norm: &'a [u8],
    /// (q_dim rows × dim)
    pub wq: Matrix<'a>,
    /// (kv_dim rows × dim)
    pub wk: Matrix<'a>,
    /// (kv_dim_v rows × dim)
    pub wv: Matrix<'a>,
    /// (head_dim) F32, qwen3 only
    pub q_norm: Option<&'a [u8]>,
    /// (head_dim) F32, qwen3 only
    pub k_norm: Option<&'a [u8]>,
    /// (dim rows × att_out_dim)
    pub wo: Matrix<'a>,
    /// (dim) F32
    pub ffn_norm: &'a [u8],
    /// (ff rows × dim)
    pub w_gate: Matrix<'a>,
    /// (ff rows × dim)
    pub w_up: Matrix<'a>,
    /// (dim rows × ff)
    pub w_down: Matrix<'a>,
}

/// All tensors, borrowed from the GGUF bytes: nothing is copied.
#[derive(Debug, Clone)]
pub struct Weights<'a> {
    /// (vocab rows × dim)
    pub token_embd: Matrix<'a>,
    pub layers: Vec<LayerWeights<'a>>,
    /// (dim) F32
    pub output_norm: &'a [u8],
    /// (vocab rows × dim); the embedding matrix itself when the model ties them.
    pub output: Matrix<'a>,
    pub tied_output: bool,
}

struct Finder<'g, 'a> {
    g: &'g Gguf<'a>,
    name: [u8; 64],
}

impl<'a> Finder<'_, 'a> {
    fn find(
        &mut self,
        layer: Option<usize>,
        name: &'static str,
    ) -> Result<Option<TensorInfo<'a>>, ModelError> {
        let full: &str = match layer {
            None => name,
            Some(l) => {
                // "blk.{l}.{name}" without allocating.
                let mut n = 0;
                let mut put = |b: &[u8]| {
                    self.name[n..n + b.len()].copy_from_slice(b);
                    n += b.len();
                };
                put(b"blk.");
                let mut digits = [0u8; 20];
                let mut d = digits.len();
                let mut v = l;
                loop {
                    d -= 1;
                    digits[d] = b'0' + (v % 10) as u8;
                    v /= 10;
                    if v == 0 {
                        break;
                    }
                }
                put(&digits[d..]);
                put(b".");
                put(name.as_bytes());
                core::str::from_utf8(&self.name[..n]).unwrap_or("")
            }
        };
        Ok(self.g.tensor(full).copied())
    }

    fn matrix(
        &mut self,
        layer: Option<usize>,
        name: &'static str,
        rows: usize,
        cols: usize,
    ) -> Result<Matrix<'a>, ModelError> {
        let t = self
            .find(layer, name)?
            .ok_or(ModelError::MissingTensor { name, layer })?;
        to_matrix(&t, rows, cols).ok_or(ModelError::WrongShape { name, layer })
    }

    fn vector(
        &mut self,
        layer: Option<usize>,
        name: &'static str,
        len: usize,
    ) -> Result<&'a [u8], ModelError> {
        let t = self
            .find(layer, name)?
            .ok_or(ModelError::MissingTensor { name, layer })?;
        if t.ty != TensorType::F32 {
            return Err(ModelError::WrongType { name, layer });
        }
        if t.n_elements() != len as u64 || t.dims[0] != len as u64 {
            return Err(ModelError::WrongShape { name, layer });
        }
        Ok(t.data)
    }
}

fn to_matrix<'a>(t: &TensorInfo<'a>, rows: usize, cols: usize) -> Option<Matrix<'a>> {
    if t.dims != [cols as u64, rows as u64, 1, 1] {
        return None;
    }
    let row_bytes = t.ty.row_bytes(cols as u64)? as usize;
    Some(Matrix {
        ty: t.ty,
        rows,
        cols,
        row_bytes,
        data: t.data,
    })
}

impl<'a> Weights<'a> {
    /// Find every tensor the architecture needs and check its shape against `c`.
    pub fn from_gguf(g: &Gguf<'a>, c: &Config) -> Result<Self, ModelError> {
        let mut f = Finder { g, name: [0; 64] };
        let token_embd = f.matrix(None, "token_embd.weight", c.vocab, c.dim)?;
        let output_norm = f.vector(None, "output_norm.weight", c.dim)?;
        let (output, tied_output) = match f.find(None, "output.weight")? {
            Some(t) => (
                to_matrix(&t, c.vocab, c.dim).ok_or(ModelError::WrongShape {
                    name: "output.weight",
                    layer: None,
                })?,
                false,
            ),
            None => (token_embd, true),
        };
        let mut layers = Vec::with_capacity(c.n_layers);
        for l in 0..c.n_layers {
            let l_ = Some(l);
            let (q_norm, k_norm) = if c.qk_norm {
                (
                    Some(f.vector(l_, "attn_q_norm.weight", c.head_dim)?),
                    Some(f.vector(l_, "attn_k_norm.weight", c.head_dim)?),
                )
            } else {
                (None, None)
            };
            layers.push(LayerWeights {
                attn_norm: f.vector(l_, "attn_norm.weight", c.dim)?,
                wq: f.matrix(l_, "attn_q.weight", c.q_dim(), c.dim)?,
                wk: f.matrix(l_, "attn_k.weight", c.kv_dim(), c.dim)?,
                wv: f.matrix(l_, "attn_v.weight", c.kv_dim_v(), c.dim)?,
                q_norm,
                k_norm,
                wo: f.matrix(l_, "attn_output.weight", c.dim, c.att_out_dim())?,
                ffn_norm: f.vector(l_, "ffn_norm.weight", c.dim)?,
                w_gate: f.matrix(l_, "ffn_gate.weight", c.ff, c.dim)?,
                w_up: f.matrix(l_, "ffn_up.weight", c.ff, c.dim)?,
                w_down: f.matrix(l_, "ffn_down.weight", c.dim, c.ff)?,
            });
        }
        Ok(Self {
            token_embd,
            layers,
            output_norm,
            output,
            tied_output,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// RunState
// ---------------------------------------------------------------------------------------------

/// Activations for up to `n_batch` tokens at once, and the KV cache. Allocated once.
pub struct RunState {
    pub n_batch: usize,
    /// (n_batch × dim) residual stream
    x: Vec<f32>,
    /// (n_batch × dim) normalised input of a sub-block, then its output
    xb: Vec<f32>,
    /// (n_batch × att_out_dim) attention output before `wo`
    xb2: Vec<f32>,
    /// (n_batch × q_dim)
    q: Vec<f32>,
    /// (n_batch × kv_dim)
    k: Vec<f32>,
    /// (n_batch × kv_dim_v)
    v: Vec<f32>,
    /// (n_batch × ff) gate, then SwiGLU output
    hb: Vec<f32>,
    /// (n_batch × ff) up
    hb2: Vec<f32>,
    /// (participants × n_batch × seq_len) attention scores of one head for the batch, a
    /// region per participating core
    att: Vec<f32>,
    /// (n_batch × n_rot) cos/sin pairs for each position of the batch
    rope: Vec<f32>,
    /// (vocab) logits of the last token
    logits: Vec<f32>,
    /// (dim) final-norm hidden state of the last token
    hidden: Vec<f32>,
    /// (dim) residual stream after layer `capture_layer` for the last token
    layer_hidden: Vec<f32>,
    /// (n_layers × seq_len × kv_dim)
    key_cache: Vec<f32>,
    /// (n_layers × seq_len × kv_dim_v)
    value_cache: Vec<f32>,
    scratch: ActScratch,
}

/// `n` zeros, or `None` when the allocator has no room (never an abort: a kernel asked for a
/// context it cannot hold keeps running).
fn zeros(n: usize) -> Option<Vec<f32>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    v.resize(n, 0.0);
    Some(v)
}

impl RunState {
    pub fn new(c: &Config, n_batch: usize) -> Result<Self, ModelError> {
        let n_batch = n_batch.max(1);
        // The KV cache is the one allocation sized by a number the file does not bound by its
        // own length (context length × layers × width): cap keys and values at 2^32 floats
        // (16 GiB) together.
        c.kv_floats()
            .filter(|&v| v <= 1 << 32)
            .ok_or(ModelError::BadConfig("context_length"))?;
        let oom = ModelError::OutOfMemory {
            bytes: c.state_bytes(n_batch),
            kv_bytes: c.kv_cache_bytes(),
            positions: c.seq_len,
        };
        let widest = c.dim.max(c.att_out_dim()).max(c.ff);
        // The KV cache first: it is the large one, and failing there allocates nothing else.
        let kv = c.n_layers * c.seq_len;
        let key_cache = zeros(kv * c.kv_dim()).ok_or(oom)?;
        let value_cache = zeros(kv * c.kv_dim_v()).ok_or(oom)?;
        let z = |n: usize| zeros(n).ok_or(oom);
        Ok(Self {
            n_batch,
            x: z(n_batch * c.dim)?,
            xb: z(n_batch * c.dim)?,
            xb2: z(n_batch * c.att_out_dim())?,
            q: z(n_batch * c.q_dim())?,
            k: z(n_batch * c.kv_dim())?,
            v: z(n_batch * c.kv_dim_v())?,
            hb: z(n_batch * c.ff)?,
            hb2: z(n_batch * c.ff)?,
            att: z(n_batch * c.seq_len)?,
            rope: z(n_batch * c.n_rot)?,
            logits: z(c.vocab)?,
            hidden: z(c.dim)?,
            layer_hidden: z(c.dim)?,
            key_cache,
            value_cache,
            scratch: ActScratch::try_new(n_batch * widest).ok_or(oom)?,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Transformer
// ---------------------------------------------------------------------------------------------

/// Test-only switches that reintroduce known silent bugs, so the parity tests can prove they
/// catch them. They do not exist in non-test builds.
#[cfg(test)]
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TestSwitches {
    /// Pair dimension 2i with 2i+1 instead of i with i+n_rot/2.
    pub adjacent_rope: bool,
    /// Skip the per-head QK RMSNorm.
    pub no_qk_norm: bool,
}

/// What `run` computes after the last layer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    /// Final-norm hidden state of the last token only.
    Hidden,
    /// Hidden state and logits of the last token.
    Logits,
}

/// A loaded model ready to run: config, borrowed weights and its state.
pub struct Transformer<'a> {
    pub config: Config,
    pub weights: Weights<'a>,
    state: RunState,
    capture_layer: Option<usize>,
    kernels: Simd,
    /// Where products and attention heads run (`None`: [`pool::global`] at each call).
    pool: Option<&'a Pool>,
}

/// Default prefill batch: big enough to amortise weight loads, small enough for L2.
pub const DEFAULT_BATCH: usize = 32;

/// Tokens in the next prefill batch when `left` remain: `batch`, except that no batch of
/// several tokens leaves a single one behind. A one-token batch takes the decode kernels
/// (`ops::matmul`: one row at a time, rounded differently from the four-row prefill kernel),
/// so avoiding it makes every token's result independent of how a prompt was cut into calls:
/// a prompt prefilled after a kept prefix gives the same numbers as prefilled whole.
fn prefill_chunk(left: usize, batch: usize) -> usize {
    let batch = batch.max(2);
    if left == batch + 1 {
        batch - 1
    } else {
        left.min(batch)
    }
}

impl<'a> Transformer<'a> {
    /// Load from a parsed GGUF. `max_seq` caps the KV cache length (default: the trained context).
    pub fn new(g: &Gguf<'a>, max_seq: Option<usize>) -> Result<Self, ModelError> {
        Self::with_batch(g, max_seq, DEFAULT_BATCH)
    }

    /// As [`Transformer::new`] with an explicit prefill batch size.
    pub fn with_batch(
        g: &Gguf<'a>,
        max_seq: Option<usize>,
        n_batch: usize,
    ) -> Result<Self, ModelError> {
        let config = Config::from_gguf(g, max_seq)?;
        let weights = Weights::from_gguf(g, &config)?;
        let state = RunState::new(&config, n_batch)?;
        Ok(Self {
            config,
            weights,
            state,
            capture_layer: None,
            kernels: ops::simd(),
            pool: None,
        })
    }

    /// Decode one token at position `pos`; returns its logits (`vocab` long).
    pub fn forward(&mut self, token: u32, pos: usize) -> Result<&[f32], ModelError> {
        self.run(&[token], pos, Output::Logits, None)?;
        Ok(&self.state.logits)
    }

    /// Process `tokens` at positions `pos..pos+len` in batches; returns the last token's logits.
    pub fn prefill(&mut self, tokens: &[u32], pos: usize) -> Result<&[f32], ModelError> {
        self.prefill_inner(tokens, pos, Output::Logits)?;
        Ok(&self.state.logits)
    }

    /// As [`Transformer::prefill`] but skips the output projection and returns the last token's
    /// final-norm hidden state (`dim` long): what the router needs, at a fraction of the cost.
    pub fn prefill_hidden(&mut self, tokens: &[u32], pos: usize) -> Result<&[f32], ModelError> {
        self.prefill_inner(tokens, pos, Output::Hidden)?;
        Ok(&self.state.hidden)
    }

    /// Prefill writing the logits of every position into `out` (`tokens.len() × vocab`).
    pub fn prefill_all_logits(
        &mut self,
        tokens: &[u32],
        pos: usize,
        out: &mut [f32],
    ) -> Result<(), ModelError> {
        let v = self.config.vocab;
        if out.len() != tokens.len() * v {
            return Err(ModelError::BadArgument("out must be tokens.len() * vocab"));
        }
        self.check(tokens, pos)?;
        let mut at = 0;
        while at < tokens.len() {
            let n = prefill_chunk(tokens.len() - at, self.state.n_batch);
            let o = &mut out[at * v..(at + n) * v];
            self.run(&tokens[at..at + n], pos + at, Output::Hidden, Some(o))?;
            at += n;
        }
        Ok(())
    }

    /// Refuse a whole call up front, so a bad token or an overflowing position never leaves
    /// half a prompt in the KV cache.
    fn check(&self, tokens: &[u32], pos: usize) -> Result<(), ModelError> {
        if tokens.is_empty() {
            return Err(ModelError::BadArgument("empty token slice"));
        }
        let end = pos.saturating_add(tokens.len());
        if end > self.config.seq_len {
            return Err(ModelError::ContextFull {
                pos: end,
                max: self.config.seq_len,
            });
        }
        match tokens.iter().find(|&&t| t as usize >= self.config.vocab) {
            Some(&t) => Err(ModelError::TokenOutOfRange(t)),
            None => Ok(()),
        }
    }

    fn prefill_inner(&mut self, tokens: &[u32], pos: usize, out: Output) -> Result<(), ModelError> {
        self.check(tokens, pos)?;
        let mut at = 0;
        while at < tokens.len() {
            let n = prefill_chunk(tokens.len() - at, self.state.n_batch);
            let o = if at + n == tokens.len() {
                out
            } else {
                Output::Hidden
            };
            self.run(&tokens[at..at + n], pos + at, o, None)?;
            at += n;
        }
        Ok(())
    }

    /// Choose the kernel family (default: the best the CPU has; AVX2 is never run where CPUID
    /// does not report it). Both give the same results to rounding.
    pub fn set_kernels(&mut self, k: Simd) {
        self.kernels = k;
    }

    /// Bytes of the run state (KV cache, activations, logits), as [`Config::state_bytes`].
    pub fn state_bytes(&self) -> usize {
        self.config.state_bytes(self.state.n_batch)
    }

    /// Run matrix rows and attention heads on the cores of `pool` instead of [`pool::global`]
    /// ([`pool::serial`] for one core). Results are the same bit for bit on any pool.
    pub fn set_pool(&mut self, pool: &'a Pool) {
        self.pool = Some(pool);
    }

    /// Final-norm hidden state (`dim`) of the last token processed by `forward`/`prefill*`.
    /// For the state at position p, process the sequence up to p.
    pub fn hidden(&self) -> &[f32] {
        &self.state.hidden
    }

    /// Logits of the last token processed with logits (`forward`/`prefill`).
    pub fn logits(&self) -> &[f32] {
        &self.state.logits
    }

    /// Record the residual stream after layer `layer` (0-based) of the last token of every
    /// following call; `None` stops. Read it with [`Transformer::layer_hidden`].
    pub fn set_capture_layer(&mut self, layer: Option<usize>) -> Result<(), ModelError> {
        if layer.is_some_and(|l| l >= self.config.n_layers) {
            return Err(ModelError::BadArgument("capture layer out of range"));
        }
        self.capture_layer = layer;
        Ok(())
    }

    /// The residual stream captured after the layer chosen with `set_capture_layer`.
    pub fn layer_hidden(&self) -> &[f32] {
        &self.state.layer_hidden
    }

    /// Reintroduce known silent bugs (test builds only), by changing the configuration and the
    /// weights the forward pass reads, so the pass itself carries no switch.
    #[cfg(test)]
    pub(crate) fn inject(&mut self, bugs: TestSwitches) {
        if bugs.adjacent_rope {
            self.config.rope_style = RopeStyle::Adjacent;
        }
        if bugs.no_qk_norm {
            for lw in &mut self.weights.layers {
                (lw.q_norm, lw.k_norm) = (None, None);
            }
        }
    }

    /// One batch of `tokens` at positions `pos..`: the whole network. Allocates nothing.
    fn run(
        &mut self,
        tokens: &[u32],
        pos: usize,
        output: Output,
        all_logits: Option<&mut [f32]>,
    ) -> Result<(), ModelError> {
        let (c, w, s, k) = (&self.config, &self.weights, &mut self.state, self.kernels);
        let pool: &Pool = match self.pool {
            Some(p) => p,
            None => pool::global(),
        };
        let n = tokens.len();
        debug_assert!(n >= 1 && n <= s.n_batch);
        if pos.saturating_add(n) > c.seq_len {
            return Err(ModelError::ContextFull {
                pos: pos.saturating_add(n),
                max: c.seq_len,
            });
        }
        if let Some(&t) = tokens.iter().find(|&&t| t as usize >= c.vocab) {
            return Err(ModelError::TokenOutOfRange(t));
        }
        let dim = c.dim;

        // Attention scores need a region per participating core: the first call on a wider
        // pool grows them (fallibly, as the rest of the state was allocated).
        let rows = pool.width() * s.n_batch * c.seq_len;
        if s.att.len() < rows {
            let more = rows - s.att.len();
            s.att
                .try_reserve_exact(more)
                .map_err(|_| ModelError::OutOfMemory {
                    bytes: more * 4,
                    kv_bytes: c.kv_cache_bytes(),
                    positions: c.seq_len,
                })?;
            s.att.resize(rows, 0.0);
        }

        // RoPE angles, once per position for all layers and heads.
        let nr = c.n_rot;
        for t in 0..n {
            ops::rope_cache(&mut s.rope[t * nr..(t + 1) * nr], pos + t, c.rope_base);
        }

        // Token embeddings.
        for (t, &tok) in tokens.iter().enumerate() {
            w.token_embd
                .dequantize_row(tok as usize, &mut s.x[t * dim..(t + 1) * dim]);
        }

        // The blocks: x += attention(norm(x)); x += ffn(norm(x)).
        for (l, lw) in w.layers.iter().enumerate() {
            s.attention(c, lw, Exec { k, pool }, l, pos, n);
            s.ffn(c, lw, Exec { k, pool }, n);
            if self.capture_layer == Some(l) {
                s.layer_hidden.copy_from_slice(&s.x[(n - 1) * dim..n * dim]);
            }
        }

        // Final norm; logits for every token, or for the last one, or none.
        if let Some(out) = all_logits {
            for t in 0..n {
                let r = t * dim..(t + 1) * dim;
                ops::rmsnorm(&mut s.xb[r.clone()], &s.x[r], w.output_norm, c.norm_eps);
            }
            let xb = &s.xb[..n * dim];
            let act = s.scratch.convert(w.output.ty, xb);
            ops::matmul_par(pool, k, out, &w.output, act, n);
            s.hidden.copy_from_slice(&s.xb[(n - 1) * dim..n * dim]);
        } else {
            let last = &s.x[(n - 1) * dim..n * dim];
            ops::rmsnorm(&mut s.hidden, last, w.output_norm, c.norm_eps);
            if output == Output::Logits {
                let act = s.scratch.convert(w.output.ty, &s.hidden);
                ops::matmul_par(pool, k, &mut s.logits, &w.output, act, 1);
            }
        }
        Ok(())
    }
}

/// How a step computes: the kernel family, and the cores its products and heads run on.
#[derive(Clone, Copy)]
struct Exec<'p> {
    k: Simd,
    pool: &'p Pool,
}

impl RunState {
    /// `x += wo · attention(q, K, V)` for the `n` tokens at positions `pos..` of layer `l`,
    /// where q, k, v are projections of `rmsnorm(x)`; this layer's K and V join the cache.
    fn attention(
        &mut self,
        c: &Config,
        lw: &LayerWeights<'_>,
        e: Exec<'_>,
        l: usize,
        pos: usize,
        n: usize,
    ) {
        let (s, k, pool) = (self, e.k, e.pool);
        let (dim, hd, hdv, nr) = (c.dim, c.head_dim, c.head_dim_v, c.n_rot);
        let (q_dim, kv_dim, kv_dim_v, ao_dim) =
            (c.q_dim(), c.kv_dim(), c.kv_dim_v(), c.att_out_dim());

        // RMSNorm, then the Q/K/V projections of all tokens at once.
        for t in 0..n {
            let r = t * dim..(t + 1) * dim;
            ops::rmsnorm(&mut s.xb[r.clone()], &s.x[r], lw.attn_norm, c.norm_eps);
        }
        let jobs = &mut [
            (&lw.wq, &mut s.q[..]),
            (&lw.wk, &mut s.k[..]),
            (&lw.wv, &mut s.v[..]),
        ];
        ops::matmul_shared(pool, k, &mut s.scratch, &s.xb[..n * dim], n, jobs);

        // Per-head QK-Norm (its own weights; qwen3 only) BEFORE RoPE, then RoPE; cache K and V.
        let cache_off = l * c.seq_len;
        for t in 0..n {
            let rope = &s.rope[t * nr..(t + 1) * nr];
            for h in 0..c.n_heads {
                let qh = &mut s.q[t * q_dim + h * hd..t * q_dim + (h + 1) * hd];
                if let Some(qn) = lw.q_norm {
                    ops::rmsnorm_inplace(qh, qn, c.norm_eps);
                }
                ops::rope_apply(qh, rope, c.rope_style);
            }
            for h in 0..c.n_kv_heads {
                let kh = &mut s.k[t * kv_dim + h * hd..t * kv_dim + (h + 1) * hd];
                if let Some(kn) = lw.k_norm {
                    ops::rmsnorm_inplace(kh, kn, c.norm_eps);
                }
                ops::rope_apply(kh, rope, c.rope_style);
            }
            let p = cache_off + pos + t;
            s.key_cache[p * kv_dim..(p + 1) * kv_dim]
                .copy_from_slice(&s.k[t * kv_dim..(t + 1) * kv_dim]);
            s.value_cache[p * kv_dim_v..(p + 1) * kv_dim_v]
                .copy_from_slice(&s.v[t * kv_dim_v..(t + 1) * kv_dim_v]);
        }

        // Causal softmax attention over the cache, every query of the batch at once per head;
        // the heads are spread over the pool, each participant scoring into its own region
        // of `att`, each head writing only its own columns of `xb2`.
        let att = ops::Attention {
            q: &s.q[..n * q_dim],
            q_stride: q_dim,
            keys: &s.key_cache[cache_off * kv_dim..(cache_off + pos + n) * kv_dim],
            kv_dim,
            values: &s.value_cache[cache_off * kv_dim_v..(cache_off + pos + n) * kv_dim_v],
            kv_dim_v,
            n_heads: c.n_heads,
            n_kv_heads: c.n_kv_heads,
            head_dim: hd,
            head_dim_v: hdv,
            scale: 1.0 / kmath::sqrtf(hd as f32),
            pos,
            n,
        };
        let region = s.n_batch * c.seq_len;
        // `run` gave `att` a region per participant of the pool.
        let width =
            ops::par_width(pool, n * c.n_heads * (pos + n) * (hd + hdv)).min(s.att.len() / region);
        let scores = Disjoint::new(&mut s.att);
        let xb2 = Disjoint::new(&mut s.xb2);
        // Decode: one chunk of whole KV groups per participant. `decode_groups` takes the
        // groups of a chunk together in one pass over the positions (several groups' FMA chains
        // side by side, each cache row read once); with the prefill's grain (one head per
        // chunk) every decode step went head by head (docs/model-bench.md, 2026-12-05 00:00
        // UTC).
        let grain = if n == 1 {
            let gqa = c.n_heads / c.n_kv_heads;
            c.n_kv_heads.div_ceil(width) * gqa
        } else {
            ops::par_grain(c.n_heads, width)
        };
        pool.for_each_chunk_on(width, c.n_heads, grain, |heads, part| {
            // SAFETY: participant `part` alone uses region `part` of `att`, one chunk at a time.
            let sc = unsafe { scores.slice(part * region..(part + 1) * region) };
            // SAFETY: the chunks partition the heads, and a chunk writes only its heads'
            // columns of `xb2`, which is borrowed exclusively until every chunk is done.
            unsafe { ops::attention_heads(k, &att, heads, sc, &xb2, ao_dim) };
        });

        // Output projection and residual.
        let xb2 = &s.xb2[..n * ao_dim];
        ops::matmul_par(
            pool,
            k,
            &mut s.xb,
            &lw.wo,
            s.scratch.convert(lw.wo.ty, xb2),
            n,
        );
        for (x, &d) in s.x[..n * dim].iter_mut().zip(&s.xb[..n * dim]) {
            *x += d;
        }
    }

    /// `x += w_down · (silu(w_gate · h) ⊙ (w_up · h))` with `h = rmsnorm(x)`, for `n` tokens.
    fn ffn(&mut self, c: &Config, lw: &LayerWeights<'_>, e: Exec<'_>, n: usize) {
        let (s, k, pool) = (self, e.k, e.pool);
        let (dim, ff) = (c.dim, c.ff);
        for t in 0..n {
            let r = t * dim..(t + 1) * dim;
            ops::rmsnorm(&mut s.xb[r.clone()], &s.x[r], lw.ffn_norm, c.norm_eps);
        }
        let jobs = &mut [(&lw.w_gate, &mut s.hb[..]), (&lw.w_up, &mut s.hb2[..])];
        ops::matmul_shared(pool, k, &mut s.scratch, &s.xb[..n * dim], n, jobs);
        ops::swiglu(&mut s.hb[..n * ff], &s.hb2[..n * ff]);
        let hb = &s.hb[..n * ff];
        ops::matmul_par(
            pool,
            k,
            &mut s.xb,
            &lw.w_down,
            s.scratch.convert(lw.w_down.ty, hb),
            n,
        );
        for (x, &d) in s.x[..n * dim].iter_mut().zip(&s.xb[..n * dim]) {
            *x += d;
        }
    }
}
