#!/usr/bin/env python3
"""Build small random-weight GGUF models and record llama.cpp's logits for them.

    python3 model/scripts/make_parity_fixtures.py        # from the repository root

Writes model/fixtures/parity/<name>.gguf and <name>.logits for every model in MODELS. The Rust
parity tests (model/src/parity_tests.rs) compare our logits at every position against these
files, so they need no llama.cpp. Needs `pip install gguf numpy llama-cpp-python`.

<name>.logits layout (little-endian):
    b"NSPL", u32 version=1, u32 n_vocab, u32 n_prompts,
    then per prompt: u32 n_tokens, u32 tokens[n_tokens], f32 logits[n_tokens * n_vocab]
    (row t holds the logits after token t, i.e. llama.cpp with logits_all=True).

llama.cpp runs with an F32 KV cache (its default is F16, which would round keys and values) and
without flash attention, so that the reference is exact f32 arithmetic for F32 weights.
"""

import os
import struct
import sys

import numpy as np
import gguf
from gguf import GGMLQuantizationType as Q

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fixtures", "parity")

# (name, arch, weight type, dim, layers, heads, kv heads, head_dim, ff, tied, rope base)
MODELS = [
    ("qwen3-f32-gqa2", "qwen3", Q.F32, 64, 2, 4, 2, 16, 160, True, 10000.0),
    ("qwen3-f32-gqa6-hd32", "qwen3", Q.F32, 96, 3, 6, 1, 32, 256, False, 1000000.0),
    ("qwen3-f32-mha-hd64", "qwen3", Q.F32, 128, 2, 2, 2, 64, 320, True, 500000.0),
    ("qwen3-f16", "qwen3", Q.F16, 128, 2, 4, 2, 32, 384, False, 1000000.0),
    ("qwen3-bf16", "qwen3", Q.BF16, 64, 2, 4, 1, 32, 192, True, 10000.0),
    ("qwen3-q8_0", "qwen3", Q.Q8_0, 128, 2, 8, 2, 32, 384, True, 1000000.0),
    ("llama-f32", "llama", Q.F32, 64, 2, 4, 4, 16, 160, False, 10000.0),
]

# Tiny valid models seeding the GGUF reader's fuzz corpus (model/fixtures/gguf-corpus/).
CORPUS = [
    ("tiny-qwen3-q8_0", "qwen3", Q.Q8_0, 32, 1, 2, 1, 16, 64, True, 10000.0),
    ("tiny-qwen3-f16", "qwen3", Q.F16, 32, 1, 2, 2, 16, 32, False, 10000.0),
    ("tiny-llama-bf16", "llama", Q.BF16, 32, 1, 2, 1, 16, 32, True, 10000.0),
]

N_CTX = 64
EPS = 1e-6
N_PROMPTS = 20


def bytes_to_unicode():
    """GPT-2's byte -> printable character map (what byte-level BPE vocabularies store)."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(
        range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


def make_vocab(n_vocab=None):
    """256 byte tokens, a few merges, filler tokens up to `n_vocab` if given, and three control
    tokens: 299 tokens by default."""
    b2u = bytes_to_unicode()
    tokens = [b2u[b] for b in range(256)]
    pairs = ["Ġ t", "h e", "i n", "Ġ a", "e r", "o n", "Ġt he", "r e", "Ġ s", "a t",
             "e n", "o r", "Ġ w", "Ġ c", "i s", "i t", "Ġ f", "Ġ p", "Ġ l", "Ġ b",
             "Ġ m", "e d", "Ġ o", "a n", "Ġ d", "e s", "l l", "a r", "Ġ h", "o u",
             "in g", "Ġ in", "Ġ n", "Ġ g", "Ġ 1", "1 2", "Ġ (", "Ċ Ċ", "ĠĠ ĠĠ", "Ġ th"]
    merges = []
    for p in pairs:
        a, b = p.split(" ")
        if a + b not in tokens:
            merges.append(p)
            tokens.append(a + b)
    if n_vocab is not None:
        tokens += [f"zz{i}" for i in range(n_vocab - 3 - len(tokens))]
    types = [1] * len(tokens)
    for s in ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]:
        tokens.append(s)
        types.append(3)  # CONTROL
    return tokens, types, merges


def write_model(path, arch, wtype, dim, n_layers, n_heads, n_kv, hd, ff, tied, base, rng,
                n_vocab=None, vocab=None, name=None, ctx=None, chat_template=None):
    """`vocab`, if given, is (tokens, types, merges, bos, eos) instead of make_vocab's."""
    if vocab is None:
        tokens, types, merges = make_vocab(n_vocab)
        bos, eos = len(tokens) - 3, len(tokens) - 1
    else:
        tokens, types, merges, bos, eos = vocab
    vocab = len(tokens)
    w = gguf.GGUFWriter(path, arch)
    w.add_name(name or "nosys parity " + os.path.basename(path))
    w.add_context_length(ctx or N_CTX * 2)
    w.add_embedding_length(dim)
    w.add_block_count(n_layers)
    w.add_feed_forward_length(ff)
    w.add_head_count(n_heads)
    w.add_head_count_kv(n_kv)
    w.add_key_length(hd)
    w.add_value_length(hd)
    w.add_rope_dimension_count(hd)
    w.add_rope_freq_base(base)
    w.add_layer_norm_rms_eps(EPS)
    w.add_file_type({Q.F32: 0, Q.F16: 1, Q.Q8_0: 7, Q.BF16: 32}[wtype])
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("qwen2" if arch == "qwen3" else "gpt-2")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    w.add_bos_token_id(bos)
    w.add_eos_token_id(eos)
    w.add_add_bos_token(False)
    if chat_template is not None:
        w.add_chat_template(chat_template)

    def mat(name, rows, cols, scale=1.0):
        a = (rng.standard_normal((rows, cols)) * (scale / np.sqrt(cols))).astype(np.float32)
        if wtype == Q.F32:
            w.add_tensor(name, a)
        elif wtype == Q.F16:
            w.add_tensor(name, a.astype(np.float16))
        else:
            w.add_tensor(name, gguf.quants.quantize(a, wtype), raw_dtype=wtype)

    def norm(name, n, spread=0.3):
        w.add_tensor(name, (1.0 + spread * rng.standard_normal(n)).astype(np.float32))

    # Embeddings with unit-scale rows, so the residual stream starts O(1).
    emb_scale = np.sqrt(dim)
    mat("token_embd.weight", vocab, dim, emb_scale)
    norm("output_norm.weight", dim)
    if not tied:
        mat("output.weight", vocab, dim)
    for l in range(n_layers):
        p = f"blk.{l}."
        norm(p + "attn_norm.weight", dim)
        # Q and K scaled up so their RMS is far from 1: dropping QK-Norm then changes attention.
        mat(p + "attn_q.weight", n_heads * hd, dim, 3.0)
        mat(p + "attn_k.weight", n_kv * hd, dim, 3.0)
        mat(p + "attn_v.weight", n_kv * hd, dim)
        if arch == "qwen3":
            norm(p + "attn_q_norm.weight", hd, 0.5)
            norm(p + "attn_k_norm.weight", hd, 0.5)
        mat(p + "attn_output.weight", dim, n_heads * hd)
        norm(p + "ffn_norm.weight", dim)
        mat(p + "ffn_gate.weight", ff, dim)
        mat(p + "ffn_up.weight", ff, dim)
        mat(p + "ffn_down.weight", dim, ff)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return vocab


def prompts(vocab, rng):
    """N_PROMPTS token-id prompts: lengths 1..40 (one past the 32-token batch), random ids."""
    lens = [1, 2, 3, 5, 8, 13, 21, 34, 40, 7, 4, 16, 33, 6, 11, 9, 24, 12, 2, 29]
    assert len(lens) == N_PROMPTS
    out = []
    for n in lens:
        out.append([int(t) for t in rng.integers(0, vocab, n)])
    # A repeated token stresses attention over equal keys.
    out[-1] = [17] * len(out[-1])
    return out


def main():
    from llama_cpp import Llama

    os.makedirs(OUT, exist_ok=True)
    corpus = os.path.join(ROOT, "fixtures", "gguf-corpus")
    os.makedirs(corpus, exist_ok=True)
    for i, (name, arch, wtype, dim, nl, nh, nkv, hd, ff, tied, base) in enumerate(CORPUS):
        path = os.path.join(corpus, name + ".gguf")
        write_model(path, arch, wtype, dim, nl, nh, nkv, hd, ff, tied, base,
                    np.random.default_rng(2000 + i))
        # llama.cpp must accept every seed, or the corpus would not start from valid files.
        Llama(model_path=path, n_ctx=16, verbose=False)
        print(f"{name}: {os.path.getsize(path)} B", file=sys.stderr)
    for i, (name, arch, wtype, dim, nl, nh, nkv, hd, ff, tied, base) in enumerate(MODELS):
        rng = np.random.default_rng(1000 + i)
        path = os.path.join(OUT, name + ".gguf")
        vocab = write_model(path, arch, wtype, dim, nl, nh, nkv, hd, ff, tied, base, rng)
        llm = Llama(model_path=path, n_ctx=N_CTX, n_batch=N_CTX, n_ubatch=N_CTX, n_threads=1,
                    logits_all=True, flash_attn=False, type_k=0, type_v=0, verbose=False)
        assert llm.n_vocab() == vocab
        ps = prompts(vocab, rng)
        with open(os.path.join(OUT, name + ".logits"), "wb") as f:
            f.write(b"NSPL" + struct.pack("<III", 1, vocab, len(ps)))
            for toks in ps:
                llm.reset()
                llm.eval(toks)
                logits = np.array(llm.scores[: len(toks)], dtype="<f4")
                assert logits.shape == (len(toks), vocab) and np.isfinite(logits).all()
                f.write(struct.pack("<I", len(toks)))
                f.write(np.array(toks, dtype="<u4").tobytes())
                f.write(logits.tobytes())
        del llm
        sizes = [os.path.getsize(os.path.join(OUT, name + e)) for e in (".gguf", ".logits")]
        print(f"{name}: gguf {sizes[0]} B, logits {sizes[1]} B", file=sys.stderr)


if __name__ == "__main__":
    main()
