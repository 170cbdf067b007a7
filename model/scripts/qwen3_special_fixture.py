#!/usr/bin/env python3
"""Qwen3's added tokens as a Qwen3 GGUF types them, and what llama.cpp makes of them.

    python3 model/scripts/qwen3_special_fixture.py      # from the repository root

Writes model/fixtures/tokenizer/vocab_qwen3_special.gguf (vocab only: the parity fixtures' small
byte-level vocabulary followed by Qwen3's 26 added tokens, <|endoftext|> ... </think>, with the
types Qwen3's converted GGUFs give them: control for the first 14, user-defined for <tool_call>,
<|fim_prefix|>, <|repo_name|>, <think> and the rest) and qwen3_special.txt, one line per added
token: "id text is_control is_eog" as llama.cpp 0.3.36 reports them after loading (it retypes
control-looking tokens and builds its end-of-generation set), then "ENCODE parse_special ids"
lines for a text that writes several of them. Needs gguf, numpy, llama-cpp-python==0.3.36.
"""
import os
import sys

import llama_cpp
import gguf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_parity_fixtures import make_vocab  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures",
                   "tokenizer")
CONTROL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>",
           "<|object_ref_end|>", "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>",
           "<|vision_start|>", "<|vision_end|>", "<|vision_pad|>", "<|image_pad|>",
           "<|video_pad|>"]
USER = ["<tool_call>", "</tool_call>", "<|fim_prefix|>", "<|fim_middle|>", "<|fim_suffix|>",
        "<|fim_pad|>", "<|repo_name|>", "<|file_sep|>", "<tool_response>", "</tool_response>",
        "<think>", "</think>"]
TEXT = "a<|fim_prefix|>b<|repo_name|>c<think>d<|endoftext|>e<|file_sep|>"


def main():
    tokens, types, merges = make_vocab()
    # make_vocab ends with three control tokens; Qwen3's own list replaces them.
    tokens, types = tokens[:-3], types[:-3]
    first = len(tokens)
    tokens += CONTROL + USER
    types += [3] * len(CONTROL) + [4] * len(USER)
    path = os.path.join(OUT, "vocab_qwen3_special.gguf")
    w = gguf.GGUFWriter(path, "qwen3")
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("qwen2")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    w.add_eos_token_id(tokens.index("<|im_end|>"))
    w.add_bos_token_id(tokens.index("<|endoftext|>"))
    w.add_add_bos_token(False)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()  # no tensors, but pads the data section as GGUF readers expect
    w.close()

    p = llama_cpp.llama_model_default_params()
    p.vocab_only = True
    model = llama_cpp.llama_model_load_from_file(path.encode(), p)
    vocab = llama_cpp.llama_model_get_vocab(model)
    lines = []
    for i in range(first, len(tokens)):
        lines.append(f"{i} {tokens[i]} {int(llama_cpp.llama_vocab_is_control(vocab, i))} "
                     f"{int(llama_cpp.llama_vocab_is_eog(vocab, i))}")
    for special in (False, True):
        buf = (llama_cpp.llama_token * 256)()
        raw = TEXT.encode()
        n = llama_cpp.llama_tokenize(vocab, raw, len(raw), buf, 256, False, special)
        assert n >= 0
        lines.append(f"ENCODE {int(special)} " + " ".join(str(buf[k]) for k in range(n)))
    llama_cpp.llama_model_free(model)
    with open(os.path.join(OUT, "qwen3_special.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines), file=sys.stderr)


if __name__ == "__main__":
    main()
