#!/usr/bin/env python3
"""Writes request/fixtures/tiny-nosys.gguf: a random-weight qwen3 model with the
default model's real tokenizer (model/default/tokenizer.json, special tokens
<|end|> <|user|> <|cmd|> <|pad|> at ids 0..3, as corpus::SPECIALS).

    python3 request/scripts/make_test_model.py      # from the repository root
    SHAPE=default OUT=/tmp/random-default.gguf python3 request/scripts/make_test_model.py

The shell's tests run the whole request path on it: with random weights they
can assert mechanics (determinism, masks, routing of memorised rows, cache
round trips), never accuracy. Needs `pip install gguf numpy`.
"""

import json
import os

import numpy as np
import gguf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOKENIZER = os.path.join(ROOT, "model", "default", "tokenizer.json")
OUT = os.environ.get("OUT", os.path.join(ROOT, "shell", "fixtures", "tiny-nosys.gguf"))

# The fixture's shape; SHAPE=default gives the default model's (train/src/main.rs `arch`), for
# latency measurements that do not depend on the weights' values.
if os.environ.get("SHAPE") == "default":
    DIM, LAYERS, HEADS, KV_HEADS, HEAD_DIM, FF, CTX = 256, 4, 4, 2, 64, 768, 128
else:
    DIM, LAYERS, HEADS, KV_HEADS, HEAD_DIM, FF, CTX = 64, 2, 4, 2, 16, 128, 256


def main():
    tok = json.load(open(TOKENIZER, encoding="utf-8"))
    vocab = tok["model"]["vocab"]
    tokens = [None] * len(vocab)
    for text, i in vocab.items():
        tokens[i] = text
    types = [1] * len(tokens)
    for added in tok["added_tokens"]:
        assert tokens[added["id"]] == added["content"]
        types[added["id"]] = 3  # CONTROL: matched only with parse_special
    merges = [" ".join(m) if isinstance(m, list) else m for m in tok["model"]["merges"]]

    rng = np.random.default_rng(7)
    w = gguf.GGUFWriter(OUT, "qwen3")
    w.add_name("nosys shell test model (random weights)")
    w.add_context_length(CTX)
    w.add_embedding_length(DIM)
    w.add_block_count(LAYERS)
    w.add_feed_forward_length(FF)
    w.add_head_count(HEADS)
    w.add_head_count_kv(KV_HEADS)
    w.add_key_length(HEAD_DIM)
    w.add_value_length(HEAD_DIM)
    w.add_rope_dimension_count(HEAD_DIM)
    w.add_rope_freq_base(10000.0)
    w.add_layer_norm_rms_eps(1e-6)
    w.add_file_type(1)
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("qwen2")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    w.add_eos_token_id(0)
    w.add_pad_token_id(3)
    w.add_add_bos_token(False)

    def mat(name, rows, cols, scale=1.0):
        a = rng.standard_normal((rows, cols)) * (scale / np.sqrt(cols))
        w.add_tensor(name, a.astype(np.float16))

    def norm(name, n):
        w.add_tensor(name, (1.0 + 0.2 * rng.standard_normal(n)).astype(np.float32))

    mat("token_embd.weight", len(tokens), DIM, np.sqrt(DIM))
    norm("output_norm.weight", DIM)
    for l in range(LAYERS):
        p = f"blk.{l}."
        norm(p + "attn_norm.weight", DIM)
        mat(p + "attn_q.weight", HEADS * HEAD_DIM, DIM)
        mat(p + "attn_k.weight", KV_HEADS * HEAD_DIM, DIM)
        mat(p + "attn_v.weight", KV_HEADS * HEAD_DIM, DIM)
        norm(p + "attn_q_norm.weight", HEAD_DIM)
        norm(p + "attn_k_norm.weight", HEAD_DIM)
        mat(p + "attn_output.weight", DIM, HEADS * HEAD_DIM)
        norm(p + "ffn_norm.weight", DIM)
        mat(p + "ffn_gate.weight", FF, DIM)
        mat(p + "ffn_up.weight", FF, DIM)
        mat(p + "ffn_down.weight", DIM, FF)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    print(f"{OUT}: {os.path.getsize(OUT)} bytes, {len(tokens)} tokens")


if __name__ == "__main__":
    main()
