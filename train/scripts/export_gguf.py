#!/usr/bin/env python3
"""Writes the trained model as a GGUF that llama.cpp loads (arch `qwen3`,
tokenizer embedded in llama.cpp's gpt2 format with pre=qwen2), then checks
it against llama.cpp.

usage: export_gguf.py MODEL_DIR OUT_GGUF [--words] [--check TRAIN_BIN ...]

MODEL_DIR holds weights.safetensors, config.json and tokenizer.json from
`train train`. With --check, the trainer's logits (`TRAIN_BIN logits`) and
tokenisation (`TRAIN_BIN tokens`) are compared with llama-cpp-python's on the
same GGUF: the script fails unless the token ids agree on the whole corpus
and the logits agree within 1e-3.
"""
import json
import struct
import subprocess
import sys

import gguf
import numpy as np

SPECIALS = ["<|end|>", "<|user|>", "<|cmd|>", "<|pad|>"]
TOKEN_NORMAL, TOKEN_CONTROL = 1, 3


def load_safetensors(path):
    raw = open(path, "rb").read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + n])
    body = raw[8 + n :]
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        if info["dtype"] != "F32":
            raise SystemExit(f"{name}: dtype {info['dtype']}, expected F32")
        start, end = info["data_offsets"]
        out[name] = np.frombuffer(body[start:end], dtype="<f4").reshape(info["shape"])
    return out


def tokenizer_tables(tok_json):
    model = tok_json["model"]
    vocab = model["vocab"]
    tokens = [None] * len(vocab)
    for t, i in vocab.items():
        tokens[i] = t
    if any(t is None for t in tokens):
        raise SystemExit("tokenizer.json: ids are not dense")
    merges = [m if isinstance(m, str) else f"{m[0]} {m[1]}" for m in model["merges"]]
    types = [TOKEN_CONTROL if t in SPECIALS else TOKEN_NORMAL for t in tokens]
    for i, s in enumerate(SPECIALS):
        if tokens[i] != s:
            raise SystemExit(f"special token {s} is not id {i}")
    return tokens, types, merges


def export(model_dir, out_path, words=False):
    cfg = json.load(open(f"{model_dir}/config.json"))
    tok_json = json.load(open(f"{model_dir}/tokenizer.json", encoding="utf-8"))
    weights = load_safetensors(f"{model_dir}/weights.safetensors")
    tokens, types, merges = tokenizer_tables(tok_json)
    if len(tokens) != cfg["vocab"]:
        raise SystemExit(f"vocab {len(tokens)} != config {cfg['vocab']}")

    w = gguf.GGUFWriter(out_path, "qwen3")
    w.add_name("nosys-default")
    w.add_context_length(cfg["context"])
    w.add_embedding_length(cfg["dim"])
    w.add_block_count(cfg["layers"])
    w.add_feed_forward_length(cfg["ff"])
    w.add_head_count(cfg["heads"])
    w.add_head_count_kv(cfg["kv_heads"])
    w.add_key_length(cfg["head_dim"])
    w.add_value_length(cfg["head_dim"])
    w.add_rope_freq_base(cfg["rope_theta"])
    w.add_layer_norm_rms_eps(cfg["eps"])
    w.add_file_type(gguf.LlamaFileType.ALL_F32)
    # The applets the model was trained to name: the request path lets only
    # the router choose one outside them (request::LEARNT_KEY).
    if "applets" in cfg:
        w.add_array("nosys.applets", cfg["applets"])
    # Trained on requests no applet does, whose command ends before it starts
    # (request::NOTHING_KEY): the chance of the end token right after the prompt
    # is the model's own "nothing fits".
    if cfg.get("nothing"):
        w.add_bool("nosys.nothing", True)
    # The words of its training requests it knows (request::WORDS_KEY): a word
    # outside them, one edit from one of them, is read as that word. Only with
    # --words: measured twice on the shipped model as a small loss (dev_natural
    # 1003 -> 999, docs/grounding.md), so the default export leaves it out.
    if words and cfg.get("words"):
        w.add_array("nosys.words", cfg["words"])
    # The words each applet's training requests use (request::CUES_KEY): a
    # command runs only for a request that says one of its applet's.
    if cfg.get("cues"):
        w.add_array("nosys.cues", [a + " " + " ".join(ws) for a, ws in sorted(cfg["cues"].items())])

    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("qwen2")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    # The prompt format carries its own markers: nothing is added.
    w.add_bos_token_id(SPECIALS.index("<|user|>"))
    w.add_eos_token_id(SPECIALS.index("<|end|>"))
    w.add_pad_token_id(SPECIALS.index("<|pad|>"))
    w.add_add_bos_token(False)
    w.add_add_eos_token(False)

    # Tied output: llama.cpp's qwen3 falls back to token_embd without output.weight.
    for name in sorted(weights, key=tensor_order):
        w.add_tensor(name, np.ascontiguousarray(weights[name], dtype=np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    n = sum(a.size for a in weights.values())
    print(f"export: {n} parameters, {len(tokens)} tokens -> {out_path}")


def tensor_order(name):
    if name.startswith("blk."):
        return (1, int(name.split(".")[1]), name)
    return (0 if name.startswith("token_embd") else 2, 0, name)


def check(gguf_path, train_bin, model_dir, corpus_files):
    from llama_cpp import Llama

    # F32 KV cache: llama.cpp defaults to F16 there, which alone moves logits by ~1e-2.
    llm = Llama(
        model_path=gguf_path, n_ctx=128, logits_all=True, verbose=False, n_threads=1, seed=0, type_k=0, type_v=0
    )
    # 1. Tokenisation: llama.cpp against the trainer's encoder, every line.
    lines = []
    for path in corpus_files:
        for line in open(path, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            req, cmd = line.rstrip("\n").split("\t")[:2]
            lines.append(f"<|user|>{req}<|cmd|>{cmd}<|end|>")
    out = subprocess.run(
        [train_bin, "tokens", "--model", model_dir],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    mismatches = 0
    for text, ours in zip(lines, out):
        theirs = llm.tokenize(text.encode("utf-8"), add_bos=False, special=True)
        if [int(x) for x in ours.split()] != list(theirs):
            mismatches += 1
            if mismatches <= 5:
                print(f"token mismatch: {text!r}\n  ours   {ours}\n  llama  {theirs}")
    print(f"tokens: {len(lines) - mismatches}/{len(lines)} sequences identical to llama.cpp")
    # 2. Logits at every position of a few sequences.
    dumps = json.loads(
        subprocess.run([train_bin, "logits", "--model", model_dir], capture_output=True, text=True, check=True).stdout
    )
    worst = 0.0
    for d in dumps:
        ids = d["ids"]
        llm.reset()
        llm.eval(ids)
        theirs = np.array(llm.scores[: len(ids)], dtype=np.float64)
        ours = np.array(d["logits"], dtype=np.float64)
        diff = float(np.max(np.abs(theirs - ours)))
        worst = max(worst, diff)
        agree = int(np.sum(theirs.argmax(-1) == ours.argmax(-1)))
        print(f"logits: {d['text']!r}: {len(ids)} positions, max |diff| {diff:.2e}, argmax agree {agree}/{len(ids)}")
        if "model_logits" in d:
            shipped = np.array(d["model_logits"], dtype=np.float64)
            mdiff = float(np.max(np.abs(theirs - shipped)))
            worst = max(worst, mdiff)
            print(f"        model/ (Rust, what ships) vs llama.cpp: max |diff| {mdiff:.2e}")
    ok = mismatches == 0 and worst < 1e-3
    print(f"parity: {'OK' if ok else 'FAILED'} (max |logit diff| {worst:.2e}, token mismatches {mismatches})")
    return ok


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        raise SystemExit(__doc__)
    model_dir, out_path = args[0], args[1]
    export(model_dir, out_path, words="--words" in args)
    if "--check" in args:
        train_bin = args[args.index("--check") + 1]
        files = [a for a in args[args.index("--check") + 2 :] if a != "--words"]
        if not check(out_path, train_bin, model_dir, files):
            sys.exit(1)


if __name__ == "__main__":
    main()
