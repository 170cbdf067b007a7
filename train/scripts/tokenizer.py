#!/usr/bin/env python3
"""Trains the default model's tokenizer: byte-level BPE with the qwen2
pre-tokenizer, on the training split only (requests and commands).

usage: tokenizer.py TRAIN_TSV OUT_JSON [VOCAB_SIZE]

The special tokens take ids 0..3 in the order of corpus::SPECIALS; the 256
byte tokens follow, then the merges. export_gguf.py copies the result into
the GGUF in llama.cpp's gpt2 format.
"""
import sys

from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers

# Qwen2's pre-tokenizer split, as in its tokenizer.json and llama.cpp's
# LLAMA_VOCAB_PRE_TYPE_QWEN2.
QWEN2_PATTERN = (
    r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"
)
SPECIALS = ["<|end|>", "<|user|>", "<|cmd|>", "<|pad|>"]


def main():
    train_tsv, out_json = sys.argv[1], sys.argv[2]
    vocab_size = int(sys.argv[3]) if len(sys.argv) > 3 else 2048
    texts = []
    with open(train_tsv, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            texts.append(cols[0])
            # "nothing" marks a pair whose command is empty (request::prompt::NOTHING).
            if cols[1] != "nothing":
                texts.append(cols[1])
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [
            pre_tokenizers.Split(Regex(QWEN2_PATTERN), behavior="isolated", invert=False),
            pre_tokenizers.ByteLevel(add_prefix_space=False, trim_offsets=False, use_regex=False),
        ]
    )
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=2,
        special_tokens=SPECIALS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(texts, trainer=trainer)
    for i, s in enumerate(SPECIALS):
        assert tok.token_to_id(s) == i, (s, tok.token_to_id(s))
    tok.save(out_json)
    print(f"tokenizer: {tok.get_vocab_size()} tokens -> {out_json}")


if __name__ == "__main__":
    main()
