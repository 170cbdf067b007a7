#!/usr/bin/env python3
"""llama.cpp's tokenization speed on the inputs of model/tests/tokenizer_bench.rs, for comparison.

    python3 model/scripts/tokenizer_bench_llama.py

Calls llama_tokenize directly (one call, buffer large enough), best of 3.
"""
from pathlib import Path

import time

import llama_cpp

BASE = Path(__file__).resolve().parent.parent / "fixtures" / "tokenizer"


def main():
    corpus = (BASE / "corpus.txt").read_bytes()
    english = b"The kernel's shell asks the model, which answers with a command. " * 16000
    word = b"a" * (1 << 20)
    for name in ["qwen2", "gpt2"]:
        llm = llama_cpp.Llama(model_path=str(BASE / f"vocab_{name}.gguf"), vocab_only=True, verbose=False)
        vocab = llm._model.vocab
        for label, text in [("corpus", corpus), ("english", english), ("one 1MB word", word)]:
            cap = len(text) + 16
            buf = (llama_cpp.llama_token * cap)()
            best = float("inf")
            for _ in range(3):
                t0 = time.perf_counter()
                n = llama_cpp.llama_tokenize(vocab, text, len(text), buf, cap, False, True)
                best = min(best, time.perf_counter() - t0)
            print(f"llama.cpp vocab_{name} {label:<14} {len(text) / 1e6:5.2f} MB {n:>8} tokens "
                  f"{len(text) / 1e6 / best:7.2f} MB/s")


if __name__ == "__main__":
    main()
