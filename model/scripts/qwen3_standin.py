#!/usr/bin/env python3
"""A stand-in for a Qwen3-0.6B (or -1.7B) Q4_K_M a person downloads: the same shape (0.6B: dim
1024, 28 layers, 16 heads of 128 over 8 KV heads, ff 3072; 1.7B: dim 2048, ff 6144, the rest
alike; tied embeddings, trained context 40960), Qwen3's
vocabulary layout (151,936 ids: byte tokens, merges, Qwen3's 26 added tokens at 151,643 typed
as its GGUFs type them, [PAD] rows) and a ChatML chat template of Qwen3's shape, random
weights written as F16 by gguf-py and quantised to Q4_K_M by llama.cpp's own quantizer.

    python3 model/scripts/qwen3_standin.py OUT.gguf [--ftype Q4_K_M|Q6_K|Q8_0] [--shape 0.6b|1.7b]

Needs `pip install gguf numpy llama-cpp-python==0.3.36` (built with
CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX512=OFF"). The file (about 400 MiB; 1.7B: 1.1 GiB, its
F16 source 3.2 GiB on the way) is not committed:
`make check-any-model` builds it under build/ and boots it (iso/tools/tests/any_model.rs).
"""

import os
import sys
import time

import numpy as np
from gguf import GGMLQuantizationType as Q

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_parity_fixtures import bytes_to_unicode, write_model  # noqa: E402
from make_quant_fixtures import quantize  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
N_VOCAB = 151936
# (dim, layers, heads, KV heads, head dim, ff) of the released Qwen3 models.
SHAPES = {"0.6b": (1024, 28, 16, 8, 128, 3072), "1.7b": (2048, 28, 16, 8, 128, 6144)}
FIRST_ADDED = 151643
ADDED = [("<|endoftext|>", 3), ("<|im_start|>", 3), ("<|im_end|>", 3),
         ("<|object_ref_start|>", 3), ("<|object_ref_end|>", 3), ("<|box_start|>", 3),
         ("<|box_end|>", 3), ("<|quad_start|>", 3), ("<|quad_end|>", 3),
         ("<|vision_start|>", 3), ("<|vision_end|>", 3), ("<|vision_pad|>", 3),
         ("<|image_pad|>", 3), ("<|video_pad|>", 3), ("<tool_call>", 4), ("</tool_call>", 4),
         ("<|fim_prefix|>", 4), ("<|fim_middle|>", 4), ("<|fim_suffix|>", 4),
         ("<|fim_pad|>", 4), ("<|repo_name|>", 4), ("<|file_sep|>", 4),
         ("<tool_response>", 4), ("</tool_response>", 4), ("<think>", 4), ("</think>", 4)]
# Written for this stand-in in the shape of Qwen3's template: the turns, the generation prompt
# and the empty think block of enable_thinking=false.
TEMPLATE = ("{%- for message in messages %}"
            "{{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>' + '\\n' }}"
            "{%- endfor %}"
            "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}"
            "{%- if enable_thinking is defined and enable_thinking is false %}"
            "{{- '<think>\\n\\n</think>\\n\\n' }}{%- endif %}{%- endif %}")
# Whole tokens for the words a real vocabulary has as tokens: the applets' declared examples
# (requests and commands, read from applets/src/applets/*.rs), the request path's system turn
# and the sample disk's names. The rest of the ids are filler.
def words():
    import glob
    import re
    pat = re.compile(r'Example::new\(\s*"([^"]*)",\s*"([^"]*)"')
    text = ""
    for f in sorted(glob.glob(os.path.join(ROOT, "applets", "src", "applets", "*.rs"))):
        text += " ".join(" ".join(pair) for pair in pat.findall(open(f).read())) + " "
    text += " You are the shell of nosys. Answer with one command line. system user assistant"
    out = []
    for w in re.findall(r"[A-Za-z]+|[0-9]|[^\sA-Za-z0-9]+", text):
        if w not in out:
            out.append(w)
    return out


def bpe_split(word, rank):
    """The pieces byte-level BPE makes of `word` (GGUF text) with merges `rank`."""
    parts = list(word)
    while len(parts) > 1:
        best = min((rank.get((parts[i], parts[i + 1]), 1 << 60), i) for i in range(len(parts) - 1))
        if best[0] == 1 << 60:
            break
        i = best[1]
        parts[i:i + 2] = [parts[i] + parts[i + 1]]
    return parts


def vocab():
    b2u = bytes_to_unicode()
    enc = lambda s: "".join(b2u[b] for b in s.encode())  # noqa: E731
    tokens = [b2u[b] for b in range(256)]
    known, merges, rank = set(tokens), [], {}
    ws = words()
    # Each word becomes one token through merges ranked after every existing one, so BPE
    # applies the older merges first and the new ones join what they leave, left to right.
    for w in ws + [" " + w for w in ws if w[0].isalpha()] + [".TXT", "/NOTES", " /"]:
        parts = bpe_split(enc(w), rank)
        while len(parts) > 1:
            a, b = parts[0], parts[1]
            rank[(a, b)] = len(merges)
            merges.append(f"{a} {b}")
            parts[0:2] = [a + b]
            if parts[0] not in known:
                known.add(parts[0])
                tokens.append(parts[0])
    tokens += [f"zz{i}" for i in range(FIRST_ADDED - len(tokens))]
    types = [1] * len(tokens)
    for t, ty in ADDED:
        tokens.append(t)
        types.append(ty)
    while len(tokens) < N_VOCAB:
        tokens.append(f"[PAD{len(tokens)}]")
        types.append(5)
    return tokens, types, merges, FIRST_ADDED, FIRST_ADDED + 2


def main():
    args = sys.argv[1:]
    if len(args) not in (1, 3, 5):
        sys.exit(__doc__)
    out, opts = args[0], dict(zip(args[1::2], args[2::2]))
    if set(opts) - {"--ftype", "--shape"} or opts.get("--shape", "0.6b") not in SHAPES:
        sys.exit(__doc__)
    ftype = opts.get("--ftype", "Q4_K_M")
    shape = opts.get("--shape", "0.6b")
    dim, layers, heads, kv, hd, ff = SHAPES[shape]
    src = out + ".f16.tmp"
    t0 = time.time()
    rng = np.random.default_rng(6)
    write_model(src, "qwen3", Q.F16, dim, layers, heads, kv, hd, ff, True, 1000000.0, rng,
                vocab=vocab(),
                name=f"Qwen3-{shape.upper()}-shaped stand-in {ftype} (random weights)",
                ctx=40960, chat_template=TEMPLATE)
    t1 = time.time()
    quantize(src, out, ftype, False)
    os.remove(src)
    print(f"{out}: {os.path.getsize(out)} bytes; F16 written in {t1 - t0:.0f} s, "
          f"quantised to {ftype} in {time.time() - t1:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
