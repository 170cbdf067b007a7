#!/usr/bin/env python3
"""Prefill and decode tokens/s, one thread: ours (model-bench) against llama.cpp (llama-cpp-python).

    python3 model/scripts/bench.py                 # from the repository root: the whole table
    python3 model/scripts/bench.py 25M-Q8_0 ...    # only these rows, for a quick look
    REPS=3 python3 model/scripts/bench.py          # fewer repetitions
    BEFORE=/path/to/old/model-bench python3 model/scripts/bench.py ...   # also time an older
                                                   # build of ours in the same alternation

Builds random-weight qwen3 GGUFs at three shapes into /tmp/nosys-bench (not committed): an F16
file written by gguf-py, and Q8_0 and Q4_K_M quantised from it by llama.cpp's own
`llama_model_quantize` (so the Q4_K_M mix is the one llama.cpp picks: Q4_K with Q6_K for
attn_v, ffn_down and the output). Both implementations run the same files and token ids:
N_PREFILL tokens in one call, then N_DECODE tokens one at a time.

Timing: the machine is shared, so both are timed in CPU time of the computing thread
(CLOCK_THREAD_CPUTIME_ID; Python's time.thread_time for llama.cpp, which with n_threads=1
computes on the calling thread, timed around Llama.eval, so each of its decode steps includes a
few microseconds of Python). Our model stays loaded in a `model-bench --serve` process and the
repetitions alternate, ours and llama.cpp's (which goes first alternates too), so both see the
same minutes of the machine; the best of REPS is reported. Prints a markdown table.
"""

import ctypes
import json
import os
import subprocess
import sys
import time

import numpy as np
from gguf import GGMLQuantizationType as Q

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_parity_fixtures import write_model  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TMP = "/tmp/nosys-bench"
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
N_PREFILL, N_DECODE = 128, 64
REPS = int(os.environ.get("REPS", "5"))
# An older build of model-bench timed beside ours and llama.cpp (before/after comparisons).
BEFORE = os.environ.get("BEFORE")

# name: (dim, layers, heads, kv heads, head_dim, ff, vocab); tied embeddings. Every matrix width
# is a multiple of 256, so Q4_K applies to every tensor llama.cpp chooses it for.
SHAPES = {
    # 25.2M parameters in the blocks, 33.6M with the embedding.
    "25M": (512, 8, 8, 4, 64, 1536, 16384),
    # 104M in the blocks, 129M with the embedding (GPT-2 small's width and depth).
    "120M": (768, 12, 12, 4, 64, 3072, 32768),
    # Qwen3-0.6B: 440M in the blocks, 596M with the embedding.
    "0.6B": (1024, 28, 16, 8, 128, 3072, 151936),
}
TYPES = ["F16", "Q8_0", "Q4_K_M", "Q6_K"]
# llama.h's llama_ftype values (Q6_K as llama.cpp mixes it: Q6_K throughout but its own
# choices for a few small tensors).
FTYPE = {"Q8_0": 7, "Q4_K_M": 15, "Q6_K": 18}


def tokens(vocab):
    return [(i * 7919 + 13) % vocab for i in range(N_PREFILL + N_DECODE)]


def quantize(src, dst, ftype):
    import llama_cpp
    p = llama_cpp.llama_model_quantize_default_params()
    p.ftype = FTYPE[ftype]
    p.nthread = 2
    rc = llama_cpp.llama_model_quantize(src.encode(), dst.encode(), ctypes.byref(p))
    assert rc == 0, f"llama_model_quantize {ftype}: {rc}"


def model_file(shape, ty):
    path = os.path.join(TMP, f"qwen3-{shape}-{ty.lower()}.gguf")
    if os.path.exists(path):
        return path
    dim, nl, nh, nkv, hd, ff, vocab = SHAPES[shape]
    src = os.path.join(TMP, f"qwen3-{shape}-f16.gguf")
    if not os.path.exists(src):
        seed = 3000 + list(SHAPES).index(shape)
        write_model(src + ".tmp", "qwen3", Q.F16, dim, nl, nh, nkv, hd, ff, True, 1e6,
                    np.random.default_rng(seed), n_vocab=vocab)
        os.rename(src + ".tmp", src)
    if ty != "F16":
        quantize(src, path + ".tmp", ty)
        os.rename(path + ".tmp", path)
    return path


class Ours:
    def __init__(self, path, exe=None):
        exe = exe or os.path.join(TARGET, "release", "model-bench")
        self.p = subprocess.Popen([exe, path, str(N_PREFILL), str(N_DECODE), "1", "--serve"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.p.stdout.readline().strip() == "ready"

    def rep(self):
        self.p.stdin.write("\n")
        self.p.stdin.flush()
        r = json.loads(self.p.stdout.readline())
        return r["prefill_s"], r["decode_s"]

    def close(self):
        self.p.stdin.close()
        self.p.wait()


class Llama:
    def __init__(self, path, vocab):
        from llama_cpp import Llama as L
        self.llm = L(model_path=path, n_ctx=N_PREFILL + N_DECODE + 8, n_batch=N_PREFILL,
                     n_ubatch=N_PREFILL, n_threads=1, n_threads_batch=1, verbose=False)
        self.toks = tokens(vocab)

    def rep(self):
        llm, toks = self.llm, self.toks
        llm.reset()
        t0 = time.thread_time()
        llm.eval(toks[:N_PREFILL])
        t1 = time.thread_time()
        for t in toks[N_PREFILL:]:
            llm.eval([t])
        return t1 - t0, time.thread_time() - t1

    def close(self):
        del self.llm


def bench(path, vocab):
    order = [("ours", Ours(path)), ("llama", Llama(path, vocab))]
    if BEFORE:
        order.insert(0, ("before", Ours(path, BEFORE)))
    best = {name: [1e9, 1e9] for name, _ in order}
    for i in range(REPS):
        for name, impl in order if i % 2 == 0 else order[::-1]:
            p, d = impl.rep()
            best[name] = [min(best[name][0], p), min(best[name][1], d)]
    for _, impl in order:
        impl.close()
    return {k: (N_PREFILL / v[0], N_DECODE / v[1]) for k, v in best.items()}


def main():
    only = sys.argv[1:]
    subprocess.check_call(["cargo", "build", "-q", "--release", "-p", "model", "--features", "std",
                           "--bin", "model-bench"], cwd=ROOT,
                          env={**os.environ, "CARGO_TARGET_DIR": TARGET})
    os.makedirs(TMP, exist_ok=True)
    import llama_cpp
    info = llama_cpp.llama_print_system_info().decode().strip()
    rows = []
    for shape in SHAPES:
        for ty in TYPES:
            name = f"{shape}-{ty}"
            if only and name not in only:
                continue
            path = model_file(shape, ty)
            size = os.path.getsize(path) / 2**20
            tps = bench(path, SHAPES[shape][6])
            (op, od), (lp, ld) = tps["ours"], tps["llama"]
            rows.append((name, size, op, lp, od, ld, tps.get("before")))
            print(f"{name}: prefill {op:.1f} vs {lp:.1f}, decode {od:.1f} vs {ld:.1f} tok/s",
                  file=sys.stderr)
    print(f"\nllama-cpp-python {llama_cpp.__version__}: {info}")
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, best of {REPS}, "
          f"{N_PREFILL} prompt tokens then {N_DECODE} decoded.\n")
    print("| model | MiB | prefill ours | prefill llama.cpp | ratio | decode ours "
          "| decode llama.cpp | ratio |" + (" prefill before | ratio | decode before | ratio |"
                                            if BEFORE else ""))
    print("|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" * 4 if BEFORE else ""))
    for name, size, op, lp, od, ld, before in rows:
        extra = ""
        if before:
            bp, bd = before
            extra = f" {bp:.1f} | {bp / lp:.2f} | {bd:.1f} | {bd / ld:.2f} |"
        print(f"| {name} | {size:.0f} | {op:.1f} | {lp:.1f} | {op / lp:.2f} | {od:.1f} "
              f"| {ld:.1f} | {od / ld:.2f} |" + extra)


if __name__ == "__main__":
    main()
