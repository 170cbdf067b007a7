#!/usr/bin/env python3
"""llama.cpp's logits for the shipped default model (model/default/nosys.gguf)
at every position of 20 dev requests in the prompt format, tokenized by
llama.cpp itself, into model/fixtures/parity/default.logits (the format of
make_parity_fixtures.py). `cargo test -p model parity_default_model` compares.

    python3 model/scripts/default_model_fixture.py
"""
import os, struct, sys
import numpy as np
from llama_cpp import Llama

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(ROOT)
GGUF = os.path.join(ROOT, "default", "nosys.gguf")
OUT = os.path.join(ROOT, "fixtures", "parity", "default.logits")

reqs = [l.split("\t")[0] for l in open(os.path.join(REPO, "data", "dev.tsv")) if not l.startswith("#")]
# Every 70th dev request: 20 requests spread over the split's families.
reqs = reqs[::70][:20]
# F32 KV cache (type_k/type_v 0): llama.cpp's default F16 cache alone moves logits by ~7e-3.
llm = Llama(model_path=GGUF, n_ctx=128, n_batch=128, n_ubatch=128, n_threads=1, logits_all=True,
            flash_attn=False, type_k=0, type_v=0, verbose=False)
vocab = llm.n_vocab()
with open(OUT, "wb") as f:
    f.write(b"NSPL" + struct.pack("<III", 1, vocab, len(reqs)))
    for r in reqs:
        toks = llm.tokenize(f"<|user|>{r}<|cmd|>".encode(), add_bos=False, special=True)
        llm.reset()
        llm.eval(toks)
        logits = np.array(llm.scores[: len(toks)], dtype="<f4")
        assert logits.shape == (len(toks), vocab) and np.isfinite(logits).all()
        f.write(struct.pack("<I", len(toks)))
        f.write(np.array(toks, dtype="<u4").tobytes())
        f.write(logits.tobytes())
print(f"{OUT}: {len(reqs)} prompts, {os.path.getsize(OUT)} bytes", file=sys.stderr)
