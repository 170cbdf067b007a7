#!/usr/bin/env python3
"""Prefill and decode tokens/s, one thread: ours (model-bench) vs llama.cpp (llama-cpp-python).

    python3 model/scripts/bench.py            # from the repository root; writes docs/model-bench.md

Builds random-weight qwen3 GGUFs of a few sizes into /tmp/nosys-bench (not committed), runs both
implementations on the same files and the same token ids in the same run, and writes the table.
Both are timed in CPU time of the computing thread (the machine is shared, so wall time would
count other jobs); llama.cpp with n_threads=1 computes on the calling thread, timed around
Llama.eval() (its perf counters read 0 through llama-cpp-python 0.3.36), so each of its decode
steps includes a few microseconds of Python.
"""

import json
import os
import platform
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
N_PREFILL, N_DECODE, REPS = 128, 64, 5

# (name, weight type, dim, layers, heads, kv heads, head_dim, ff, vocab)
MODELS = [
    ("qwen3-d256-l4-f32", Q.F32, 256, 4, 4, 2, 64, 768, 8192),
    ("qwen3-d256-l4-q8_0", Q.Q8_0, 256, 4, 4, 2, 64, 768, 8192),
    ("qwen3-d512-l8-f32", Q.F32, 512, 8, 8, 4, 64, 1536, 16384),
    ("qwen3-d512-l8-f16", Q.F16, 512, 8, 8, 4, 64, 1536, 16384),
    ("qwen3-d512-l8-q8_0", Q.Q8_0, 512, 8, 8, 4, 64, 1536, 16384),
]


def tokens(vocab):
    return [(i * 7919 + 13) % vocab for i in range(N_PREFILL + N_DECODE)]


def bench_llama(path, vocab):
    import llama_cpp
    from llama_cpp import Llama

    llm = Llama(model_path=path, n_ctx=N_PREFILL + N_DECODE + 8, n_batch=N_PREFILL,
                n_ubatch=N_PREFILL, n_threads=1, n_threads_batch=1, verbose=False)
    toks = tokens(vocab)
    best_p = best_d = 0.0
    for _ in range(REPS):
        llm.reset()
        t0 = time.thread_time()
        llm.eval(toks[:N_PREFILL])
        t1 = time.thread_time()
        for t in toks[N_PREFILL:]:
            llm.eval([t])
        t2 = time.thread_time()
        best_p = max(best_p, N_PREFILL / (t1 - t0))
        best_d = max(best_d, N_DECODE / (t2 - t1))
    return best_p, best_d


def bench_ours(path, portable=False):
    exe = os.path.join(TARGET, "release", "model-bench")
    cmd = [exe, path, str(N_PREFILL), str(N_DECODE), str(REPS)] + (["--portable"] if portable else [])
    r = json.loads(subprocess.check_output(cmd, text=True))
    return r["prefill_tps"], r["decode_tps"]


def main():
    only = sys.argv[1:]  # optional model names, for a quick look
    subprocess.check_call(["cargo", "build", "-q", "--release", "-p", "model", "--features", "std",
                           "--bin", "model-bench"], cwd=ROOT,
                          env={**os.environ, "CARGO_TARGET_DIR": TARGET})
    os.makedirs(TMP, exist_ok=True)
    rows = []
    for i, (name, wt, dim, nl, nh, nkv, hd, ff, vocab) in enumerate(MODELS):
        if only and name not in only:
            continue
        path = os.path.join(TMP, name + ".gguf")
        if not os.path.exists(path):
            write_model(path, "qwen3", wt, dim, nl, nh, nkv, hd, ff, True, 1e6,
                        np.random.default_rng(3000 + i), n_vocab=vocab)
        size = os.path.getsize(path) / 2**20
        lp, ld = bench_llama(path, vocab)
        op, od = bench_ours(path)
        pp, pd = bench_ours(path, portable=True)
        rows.append((name, size, op, lp, od, ld, pp, pd))
        print(f"{name}: ours {op:.0f}/{od:.0f}, llama.cpp {lp:.0f}/{ld:.0f}, "
              f"portable {pp:.0f}/{pd:.0f} tok/s", file=sys.stderr)
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    import llama_cpp
    out = [
        "# model/: inference speed against llama.cpp",
        "",
        "Single thread, same random-weight qwen3 GGUF files, same token ids, same run.",
        f"Prefill: {N_PREFILL} tokens in one call; decode: {N_DECODE} tokens one at a time after it;",
        f"best of {REPS}. Tokens/s (higher is better). llama.cpp is llama-cpp-python "
        f"{llama_cpp.__version__} (n_threads=1, built from source with its native CPU flags),",
        "timed around `Llama.eval` (a few µs of Python per call). All times are CPU time of the",
        "computing thread (time.thread_time / CLOCK_THREAD_CPUTIME_ID), since the machine is shared.",
        "\"portable\" is our non-SIMD path.",
        "",
        f"Machine: {cpu}, {platform.system()}, shared with other jobs: even in CPU time, repeated",
        "runs of one row vary by up to about 25% (memory bandwidth and caches are shared).",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
        "| model | size MiB | prefill ours | prefill llama.cpp | decode ours | decode llama.cpp "
        "| prefill portable | decode portable |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, size, op, lp, od, ld, pp, pd in rows:
        out.append(f"| {name} | {size:.1f} | {op:.0f} | {lp:.0f} | {od:.0f} | {ld:.0f} "
                   f"| {pp:.0f} | {pd:.0f} |")
    out += ["", "Command (from the repository root):", "", "    python3 model/scripts/bench.py", ""]
    if not only:
        with open(os.path.join(ROOT, "docs", "model-bench.md"), "w") as f:
            f.write("\n".join(out))
    print("\n".join(out))


if __name__ == "__main__":
    main()
