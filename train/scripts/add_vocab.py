#!/usr/bin/env python3
"""Gives a GGUF the request vocabulary of its training split, its weights
untouched: `nosys.cues` (each applet's cue words, request::CUES_KEY) and,
with --words, `nosys.words` (request::WORDS_KEY).

usage: add_vocab.py IN_GGUF VOCAB_JSON OUT_GGUF [--words] [--intent=INTENT_JSON]

With --intent, the words-only applet reader `train intent --out INTENT_JSON`
trained (`nosys.intent.classes`, `nosys.intent.weights`, `nosys.intent.bias`;
request::INTENT_KEY): metadata arrays, not tensors, so llama.cpp, which
checks a Qwen3 file's tensor count, still reads the file.

VOCAB_JSON is what `train vocab --data DIR` prints for the split the model
was trained on. For a model trained before the keys existed: a retrain
gives the same keys, but not the same weights on another CPU (candle's
kernels differ with the machine's vector units; docs/training.md). Keys
the vocabulary gives are replaced, every other key and every tensor is
copied as it is.
"""
import json
import sys

from gguf import GGUFReader, GGUFValueType, GGUFWriter

CUES, WORDS = "nosys.cues", "nosys.words"
INTENT = "nosys.intent"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 3:
        raise SystemExit(__doc__)
    src, vocab_path, out = args
    words = "--words" in sys.argv
    intent = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--intent=")), None)
    vocab = json.load(open(vocab_path))
    r = GGUFReader(src)
    w = GGUFWriter(out, r.fields["general.architecture"].contents())
    for name, f in r.fields.items():
        # The writer writes the header's own fields and the architecture.
        if name.startswith("GGUF.") or name == "general.architecture" or name in (CUES, WORDS):
            continue
        if intent and name.startswith(INTENT + "."):
            continue
        kind = f.types[0]
        sub = f.types[1] if kind == GGUFValueType.ARRAY else None
        w.add_key_value(name, f.contents(), kind, sub)
    if words and vocab.get("words"):
        w.add_array(WORDS, vocab["words"])
    if vocab.get("cues"):
        w.add_array(CUES, [a + " " + " ".join(ws) for a, ws in sorted(vocab["cues"].items())])
    if intent:
        it = json.load(open(intent))
        w.add_array(INTENT + ".classes", it["classes"])
        w.add_array(INTENT + ".weights", [float(x) for x in it["weights"]])
        w.add_array(INTENT + ".bias", [float(x) for x in it["bias"]])
    for t in r.tensors:
        w.add_tensor(t.name, t.data, raw_dtype=t.tensor_type)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


if __name__ == "__main__":
    main()
