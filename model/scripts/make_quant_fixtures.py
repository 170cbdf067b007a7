#!/usr/bin/env python3
"""Random-weight Qwen3 models quantised by llama.cpp itself, and llama.cpp's logits for them.

    python3 model/scripts/make_quant_fixtures.py          # from the repository root
    python3 model/scripts/make_quant_fixtures.py --qwen3-0.6b /tmp/q06 [Q8_0 ...]   # one-off
    python3 model/scripts/make_quant_fixtures.py --qwen3-1.7b /tmp/q17 [Q4_K_M ...]  # one-off

gguf-py cannot write k-quants, so each model is written as F32 with gguf-py (the same builder as
make_parity_fixtures.py) and then quantised by `llama_cpp.llama_model_quantize`: the Q4_K_M and
Q5_K_M mixes as llama.cpp chooses them, and one file per other type with `pure` set, so that every
tensor of it has that type. Writes model/fixtures/parity/<name>.gguf and <name>.logits (the
layout is make_parity_fixtures.py's). Needs `pip install gguf numpy llama-cpp-python==0.3.36`
(built with CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX512=OFF"); `cargo test -p model` needs none
of them.

With --qwen3-0.6b DIR it instead builds a Qwen3-0.6B-shaped model (random weights, vocabulary
151,936) in DIR, quantises it to Q4_K_M, Q5_K_M, Q6_K and Q8_0 (or the types named after DIR),
and writes logits for three short
prompts there; `cargo test -p model --release -- --ignored quant_parity_qwen3_0_6b` reads them
from $NOSYS_Q06_DIR. --qwen3-1.7b DIR does the same at the Qwen3-1.7B shape (dim 2048, ff
6144) for Q4_K_M and Q5_K_M (`quant_parity_qwen3_1_7b`, $NOSYS_Q17_DIR). `--noise DIR` then prints how far llama.cpp's own token-by-token logits
are from its batched ones on those files (the noise floor at that depth).
"""

import ctypes
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_parity_fixtures import OUT, write_model  # noqa: E402
from gguf import GGMLQuantizationType as Q  # noqa: E402

# llama.h's llama_ftype values.
FTYPE = {"Q4_0": 2, "Q4_1": 3, "Q8_0": 7, "Q5_0": 8, "Q5_1": 9, "Q2_K": 10, "Q3_K": 12, "Q4_K_M": 15,
         "Q5_K_M": 17, "Q6_K": 18}
# (fixture name, ftype, pure)
QUANTS = [
    ("qwen3-q4_k_m", "Q4_K_M", False),
    ("qwen3-q5_k_m", "Q5_K_M", False),
    ("qwen3-q6_k", "Q6_K", True),
    ("qwen3-q2_k", "Q2_K", True),
    ("qwen3-q3_k", "Q3_K", True),
    ("qwen3-q4_0", "Q4_0", True),
    ("qwen3-q4_1", "Q4_1", True),
    ("qwen3-q5_0", "Q5_0", True),
    ("qwen3-q5_1", "Q5_1", True),
]
# Small Qwen3 shape whose every matrix row is whole 256-blocks: dim 256, 1 layer, 4 heads of
# 64 over 2 KV heads, ff 256, untied output (so token_embd and output get their own types).
SHAPE = dict(arch="qwen3", dim=256, n_layers=1, n_heads=4, n_kv=2, hd=64, ff=256, tied=False,
             base=1000000.0)
# Prompt lengths: one token, several, and past the test's prefill batch of 7 and of 32.
LENS = [1, 4, 9, 33, 40, 17]
N_CTX = 64
# The types --qwen3-0.6b builds by default (the same seed gives the same weights and prompts,
# so one type can be added to a directory built earlier).
Q06_TYPES = ["Q4_K_M", "Q5_K_M", "Q6_K", "Q8_0"]
# --qwen3-1.7b: the two mixes people download most; each file is about 1.1 to 1.3 GiB.
Q17_TYPES = ["Q4_K_M", "Q5_K_M"]
# (dim, ff) of the real shapes; both have 28 layers, 16 heads of 128 over 8 KV heads, tied
# embeddings and Qwen3's 151,936-token vocabulary.
REAL_SHAPES = {"0.6b": (1024, 3072), "1.7b": (2048, 6144)}


def quantize(src, dst, ftype, pure):
    import llama_cpp
    p = llama_cpp.llama_model_quantize_default_params()
    p.ftype = FTYPE[ftype]
    p.pure = pure
    p.nthread = 2
    rc = llama_cpp.llama_model_quantize(src.encode(), dst.encode(), ctypes.byref(p))
    assert rc == 0, f"llama_model_quantize {ftype}: {rc}"


def record(path, out_path, prompts, n_ctx):
    from llama_cpp import Llama
    llm = Llama(model_path=path, n_ctx=n_ctx, n_batch=n_ctx, n_ubatch=n_ctx, n_threads=2,
                logits_all=True, flash_attn=False, type_k=0, type_v=0, verbose=False)
    vocab = llm.n_vocab()
    with open(out_path, "wb") as f:
        f.write(b"NSPL" + struct.pack("<III", 1, vocab, len(prompts)))
        for toks in prompts:
            llm.reset()
            llm.eval(toks)
            logits = np.array(llm.scores[: len(toks)], dtype="<f4")
            assert logits.shape == (len(toks), vocab) and np.isfinite(logits).all()
            f.write(struct.pack("<I", len(toks)))
            f.write(np.array(toks, dtype="<u4").tobytes())
            f.write(logits.tobytes())
    del llm


def tensor_types(path):
    import gguf
    r = gguf.GGUFReader(path)
    return sorted({t.tensor_type.name for t in r.tensors})


def read_logits(path):
    raw = open(path, "rb").read()
    vocab, n = struct.unpack("<II", raw[8:16])
    o, out = 16, []
    for _ in range(n):
        (k,) = struct.unpack("<I", raw[o:o + 4])
        o += 4
        toks = list(struct.unpack(f"<{k}I", raw[o:o + 4 * k]))
        o += 4 * k
        out.append((toks, np.frombuffer(raw[o:o + 4 * k * vocab], dtype="<f4").reshape(k, vocab)))
        o += 4 * k * vocab
    return out


def noise(d):
    """llama.cpp against itself on the --qwen3-0.6b files: token by token (n_batch 1) against
    the recorded batched logits. Prints the largest difference per file."""
    from llama_cpp import Llama
    for shape, ftype in [(s, t) for s in REAL_SHAPES for t in Q06_TYPES]:
        path = os.path.join(d, f"qwen3-{shape}-{ftype.lower()}.gguf")
        if not os.path.exists(path):
            continue
        llm = Llama(model_path=path, n_ctx=32, n_batch=1, n_ubatch=1, n_threads=1,
                    logits_all=True, flash_attn=False, type_k=0, type_v=0, verbose=False)
        worst, scale = 0.0, 0.0
        for toks, want in read_logits(path.replace(".gguf", ".logits")):
            llm.reset()
            llm.eval(toks)
            got = np.array(llm.scores[: len(toks)])
            worst = max(worst, float(np.abs(got - want).max()))
            scale = max(scale, float(np.abs(want).max()))
        print(f"{shape} {ftype}: llama.cpp n_batch=1 vs batched: max abs diff {worst:.3f}, "
              f"largest logit {scale:.0f}")
        del llm


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "--qwen3-0.6b":
        return qwen3_real_shape(sys.argv[2], sys.argv[3:] or Q06_TYPES)
    if len(sys.argv) >= 3 and sys.argv[1] == "--qwen3-1.7b":
        return qwen3_real_shape(sys.argv[2], sys.argv[3:] or Q17_TYPES, "1.7b")
    if len(sys.argv) == 3 and sys.argv[1] == "--noise":
        return noise(sys.argv[2])
    os.makedirs(OUT, exist_ok=True)
    src = os.path.join(OUT, "quant-src-f32.gguf.tmp")
    rng = np.random.default_rng(3000)
    s = SHAPE
    vocab = write_model(src, s["arch"], Q.F32, s["dim"], s["n_layers"], s["n_heads"], s["n_kv"],
                        s["hd"], s["ff"], s["tied"], s["base"], rng)
    prompts = [[int(t) for t in rng.integers(0, vocab, n)] for n in LENS]
    prompts[-1] = [17] * LENS[-1]
    for name, ftype, pure in QUANTS:
        path = os.path.join(OUT, name + ".gguf")
        quantize(src, path, ftype, pure)
        record(path, os.path.join(OUT, name + ".logits"), prompts, N_CTX)
        sizes = [os.path.getsize(os.path.join(OUT, name + e)) for e in (".gguf", ".logits")]
        print(f"{name}: {tensor_types(path)} gguf {sizes[0]} B, logits {sizes[1]} B",
              file=sys.stderr)
    os.remove(src)


def qwen3_real_shape(d, types, shape="0.6b"):
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, f"qwen3-{shape}-f16.gguf")
    rng = np.random.default_rng(6)
    dim, ff = REAL_SHAPES[shape]
    vocab = write_model(src, "qwen3", Q.F16, dim, 28, 16, 8, 128, ff, True, 1000000.0, rng,
                        n_vocab=151936)
    prompts = [[int(t) for t in rng.integers(0, vocab, n)] for n in (1, 7, 12)]
    for ftype in types:
        path = os.path.join(d, f"qwen3-{shape}-{ftype.lower()}.gguf")
        quantize(src, path, ftype, False)
        record(path, path.replace(".gguf", ".logits"), prompts, 32)
        print(f"{path}: {tensor_types(path)} {os.path.getsize(path)} B", file=sys.stderr)
    os.remove(src)


if __name__ == "__main__":
    main()
