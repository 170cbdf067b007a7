#!/usr/bin/env python3
"""Regenerate model/fixtures/tokenizer/: a test BPE vocabulary, a corpus, and llama.cpp's
tokenization of every corpus line, for the tokenizer parity tests (model/tests/tokenizer_parity.rs).

    pip install llama-cpp-python gguf tokenizers   (made with 0.3.36, 0.19.0, 0.23.3)
    python3 model/scripts/tokenizer_fixtures.py

Deterministic: the corpus comes from a seeded RNG and the BPE is trained on it. A larger
one-off differential check against llama.cpp: write another set with --out DIR --seed S
--records N and run `NOSYS_TOKENIZER_FIXTURES=DIR cargo test -p model --lib tokenizer::parity`.
What it writes:
  vocab_qwen2.gguf, vocab_gpt2.gguf   vocab-only GGUFs, same vocabulary, pre = qwen2 / gpt-2
  corpus.txt                          one escaped record per line (see `escape`)
  ids_qwen2.txt, ids_gpt2.txt         llama.cpp's ids per record, parse_special = true
  ids_diff_llama3.txt                 "record_index: ids" with pre = llama3 where they differ from qwen2
  ids_nospecial_qwen2.txt             "record_index: ids" with parse_special = false, for records
                                      that contain special-token text
  pieces.txt                          hex of llama_token_to_piece(id, special = true) per token
"""
import os
import random
import sys
from pathlib import Path

import gguf
import llama_cpp
from tokenizers import Tokenizer, models, pre_tokenizers, trainers, decoders

OUT = Path(__file__).resolve().parent.parent / "fixtures" / "tokenizer"
SEED = 20261202
N_RECORDS = 11000
VOCAB_SIZE = 4000
SPECIAL_TEXTS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]  # control (3)
USER_DEFINED = ["<|user_def|>", "nosys"]  # user-defined (4): matched even without parse_special
UNKNOWN = ["<unk>"]  # unknown (2): matched like control
UNUSED = ["<unused_0>"]  # unused (5): never matched, decodes to nothing

WORDS = """the of and to in is was he for it with as his on be at by had are but from or have an
they which one you were her all she there would their we him been has when who will more no if out so
said what up its about into than them can only other new some could time these two may then do first
any my now such like our over man me even most made after also did many before must through back
years where much your way well down should because each just those people how too little state good
very make world still own see men work long get here between both life being under never day same
another know while last might us great old year off come since against go came right used take three
kernel shell model token grammar router applet memory driver storage block sector queue interrupt
Hello World Python Rust GGUF NVMe PCI QEMU UEFI LLM BPE ASCII Unicode README TODO FIXME""".split()

FOREIGN = [
    "déjà vu, café, naïve, façade, Noël, über, Straße, Grüße, Ærø, smørrebrød, São Paulo, Łódź",
    "¿Dónde está la biblioteca? ¡Qué bien! El niño comió piñata.",
    "Привет, мир! Как дела? Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "Γειά σου Κόσμε! Ξεσκεπάζω την ψυχοφθόρα βδελυγμία. αβγδεζηθ ΑΒΓΔ",
    "你好，世界！我爱自然语言处理。今天天气很好，我们去公园吧。",
    "こんにちは世界。カタカナとひらがなと漢字。東京都に住んでいます。",
    "안녕하세요 세계! 한국어 문장입니다. 감사합니다.",
    "مرحبا بالعالم! هذه جملة عربية. ١٢٣٤٥",
    "שלום עולם! זה משפט בעברית.",
    "नमस्ते दुनिया! यह हिंदी वाक्य है। ०१२३४",
    "สวัสดีชาวโลก ภาษาไทยไม่มีช่องว่าง",
    "Tiếng Việt có dấu: Xin chào thế giới, Hà Nội, Đà Nẵng.",
    "Ελληνικά ΄ ῥῆμα ᾅδης — Ωμέγα ω",
    "ﬁnance ﬂow Ⅻ ① ② ½ ¾ ² ³ ⁴ ₅ ℃ ™ © ® ° µ",
    "Ｆｕｌｌｗｉｄｔｈ　ｔｅｘｔ　１２３",
]
EMOJI = ["😀", "🎉", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "❤️", "🔥", "🤖", "✅", "⚠️", "🏳️‍🌈", "1️⃣", "🧑🏿‍💻", "😂😂😂"]
COMBINING = ["e\u0301", "a\u0308", "n\u0303", "o\u0302\u0323", "Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d",
             "\u0301start", "x\u20dd", "क्षि", "ก่", "\u200b", "\u200d", "\ufeff", "\u00ad"]
SPACES = [" ", "  ", "   ", "\t", "\t\t", " \t ", "\n", "\r\n", "\n\n", "\r", " \n", "\n ", " \r\n ",
          "\u00a0", "\u3000", "\u2003", "\u2028", "\u0085", "\x0b", "\x0c", "    \n\n   "]
PUNCT = list("!\"#$%&()*+,-./:;<=>?@[\\]^_`{|}~") + ["...", "?!", "--", "->", "=>", "::", "//", "/*", "*/",
                                                     "…", "—", "«", "»", "“", "”", "‘", "’", "„", "¡", "¿"]
CONTRACTIONS = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", "'S", "'T", "'RE", "'Re", "'rE", "'VE", "'vE",
                "'M", "'LL", "'Ll", "'lL", "'D", "'", "''", "'x", "'r", "'v", "'l"]


def llama_cpts(b: bytes):
    """llama.cpp's unicode_cpts_from_utf8 (used to skip inputs that make llama.cpp abort)."""
    out, i, n = [], 0, len(b)
    cont = lambda k: b[k] & 0xC0 == 0x80
    while i < n:
        c = b[i]
        if c & 0x80 == 0:
            out.append(c); i += 1
        elif c & 0x40 == 0:
            out.append(0xFFFD); i += 1
        elif c & 0x20 == 0:
            if i + 1 < n and cont(i + 1):
                out.append(((c & 0x1F) << 6) | (b[i + 1] & 0x3F)); i += 2
            else:
                out.append(0xFFFD); i += 1
        elif c & 0x10 == 0:
            if i + 2 < n and cont(i + 1) and cont(i + 2):
                out.append(((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F)); i += 3
            else:
                out.append(0xFFFD); i += 1
        elif c & 0x08 == 0:
            if i + 3 < n and cont(i + 1) and cont(i + 2) and cont(i + 3):
                out.append(((c & 0x07) << 18) | ((b[i + 1] & 0x3F) << 12) | ((b[i + 2] & 0x3F) << 6) | (b[i + 3] & 0x3F)); i += 4
            else:
                out.append(0xFFFD); i += 1
        else:
            out.append(0xFFFD); i += 1
    return out


def llama_safe(b: bytes) -> bool:
    # A code point above U+10FFFF makes llama.cpp throw an uncaught exception (abort).
    return all(c <= 0x10FFFF for c in llama_cpts(b))


def random_cpt(rng: random.Random) -> str:
    while True:
        r = rng.random()
        if r < 0.3:
            c = rng.randrange(0x80, 0x800)
        elif r < 0.7:
            c = rng.randrange(0x800, 0x10000)
        elif r < 0.9:
            c = rng.randrange(0x10000, 0x30000)
        else:
            c = rng.randrange(0x30000, 0x110000)
        if not 0xD800 <= c < 0xE000:
            return chr(c)


def word(rng):
    w = rng.choice(WORDS)
    r = rng.random()
    if r < 0.1:
        w = w.upper()
    elif r < 0.2:
        w = w.capitalize()
    return w


def sentence(rng, n=None):
    n = n or rng.randint(3, 14)
    parts = []
    for i in range(n):
        w = word(rng)
        if rng.random() < 0.15:
            w += rng.choice(CONTRACTIONS)
        parts.append(w)
        parts.append(rng.choice([" "] * 8 + ["  ", ", ", "\t"]))
    return "".join(parts).rstrip() + rng.choice([".", "!", "?", "...", "", ":", ";"])


def number(rng):
    k = rng.random()
    if k < 0.3:
        return str(rng.randrange(10 ** rng.randint(1, 12)))
    if k < 0.5:
        return f"{rng.uniform(-1e4, 1e4):.{rng.randint(1, 6)}f}"
    if k < 0.6:
        return f"0x{rng.randrange(1 << 32):08x}"
    if k < 0.7:
        return f"{rng.randint(1, 31)}/{rng.randint(1, 12)}/{rng.randint(1900, 2100)}"
    if k < 0.8:
        return "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 40)))
    if k < 0.9:
        return f"+1 ({rng.randint(100, 999)}) {rng.randint(100, 999)}-{rng.randint(1000, 9999)}"
    return rng.choice(["١٢٣", "०१२", "½", "²³", "Ⅻ", "①②", "１２３", "三十"]) + str(rng.randint(0, 99))


def code(rng):
    return rng.choice([
        "fn main() {\n    println!(\"hello {}\", x);\n}",
        "for (int i = 0; i < n; ++i) { sum += a[i] * b[i]; }",
        "if x != None and len(x) > 3:\n\treturn x[::-1]",
        "    let v: Vec<u32> = ids.iter().map(|&t| t + 1).collect();",
        "<div class=\"main\">&nbsp;<a href='/x?y=1&z=2'>link</a></div>",
        "SELECT * FROM users WHERE name = 'O''Brien';",
        "#include <stdio.h>\r\nint main(void) { return 0; }\r\n",
        "$ ls -la /dev/nvme0n1 | grep -v '^total' >> out.log 2>&1",
        "x = {'a': 1, \"b\": [2, 3.5e-10, -4], 'c': None}",
        "    \n    \n        return;\n",
        "/* comment */ // another\n#define MAX(a,b) ((a)>(b)?(a):(b))",
    ]) + rng.choice(["", "\n", " ", "\r\n"])


def invalid_bytes(rng) -> bytes:
    pieces = [b"\x80", b"\xff", b"\xfe", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xc0\x80", b"\xc1\xbf",
              b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xe0\x80\x80", b"\xf8\x88\x80\x80\x80", b"\xa9", b"\xbf\xbf",
              b"\xf4\x8f\xbf\xbf", b"\xf5", b"\xf7\xbf", b"\x00", b"\x01\x02"]
    out = b""
    for _ in range(rng.randint(1, 5)):
        if rng.random() < 0.5:
            out += rng.choice(pieces)
        else:
            out += rng.choice([sentence(rng, 2), "é", "中", " ", "\n", "'s", "12"]).encode()
    if rng.random() < 0.3:
        out += bytes(rng.randrange(256) for _ in range(rng.randint(1, 12)))
    return out


def record(rng, i) -> bytes:
    kind = i % 16
    if kind == 0:
        s = sentence(rng)
    elif kind == 1:
        s = " ".join(sentence(rng) for _ in range(rng.randint(1, 3)))
    elif kind == 2:
        s = "".join(rng.choice([word(rng), number(rng), rng.choice(PUNCT), rng.choice(SPACES)]) for _ in range(rng.randint(3, 20)))
    elif kind == 3:
        s = rng.choice(FOREIGN)
        if rng.random() < 0.5:
            a = rng.randrange(len(s))
            s = s[a:a + rng.randint(1, 40)]
        s = rng.choice(["", " ", word(rng) + " "]) + s + rng.choice(["", " ", "\n", word(rng)])
    elif kind == 4:
        s = "".join(rng.choice([rng.choice(EMOJI), rng.choice(COMBINING), word(rng), " ", rng.choice(PUNCT)]) for _ in range(rng.randint(2, 10)))
    elif kind == 5:
        s = "".join(rng.choice(SPACES) + rng.choice(["", word(rng), number(rng), rng.choice(PUNCT)]) for _ in range(rng.randint(1, 8)))
    elif kind == 6:
        s = code(rng)
    elif kind == 7:
        while True:
            b = invalid_bytes(rng)
            if llama_safe(b):
                return b
    elif kind == 8:
        s = "".join(rng.choice([word(rng), "", " "]) + rng.choice(CONTRACTIONS) + rng.choice(["", " ", word(rng), "'", "s"]) for _ in range(rng.randint(1, 6)))
    elif kind == 9:
        s = "".join(random_cpt(rng) if rng.random() < 0.6 else rng.choice([" ", "a", "1", "'", "\n", "!", word(rng)]) for _ in range(rng.randint(1, 16)))
    elif kind == 10:
        sp = rng.choice(SPECIAL_TEXTS + USER_DEFINED + UNKNOWN + UNUSED + ["<|im_sta", "<|", "|>", "nosy", "<|<|im_end|>|>"])
        s = rng.choice(["", "user\n", " ", sentence(rng, 3)]) + sp + rng.choice(["", "\n", " ", sentence(rng, 2), sp, "<|im_end|>"])
    elif kind == 11:
        s = "<|im_start|>" + rng.choice(["system", "user", "assistant"]) + "\n" + sentence(rng) + "<|im_end|>\n"
    elif kind == 12:
        s = number(rng) + rng.choice(SPACES + [""]) + number(rng) + rng.choice(PUNCT) + number(rng)
    elif kind == 13:
        s = rng.choice(PUNCT) * rng.randint(1, 12) + rng.choice(["\n", "\r\n", "\n\n", "", " ", "\r\r\n"]) + rng.choice(PUNCT)
    elif kind == 14:
        s = rng.choice(["zq", "zqx", "zqxzq", " zqx", "Ѭ", "xѬy", "ѬѬ"]) + rng.choice(["", " ", sentence(rng, 2)])
    else:
        if i % 160 == 15:
            s = " ".join(sentence(rng) for _ in range(rng.randint(8, 30)))  # long lines
        elif i % 160 == 31:
            s = rng.choice(["a", " ", "1", "\n", "é", "!"]) * rng.randint(100, 1000)
        elif i % 160 == 47:
            s = ""
        else:
            s = rng.choice(SPACES) * rng.randint(1, 6)
    b = s.encode("utf-8")
    assert llama_safe(b)
    return b


def escape(b: bytes) -> str:
    """Valid UTF-8 stays as it is, except backslash and control characters; other bytes are \\xHH."""
    out = []
    text = b.decode("utf-8", errors="surrogateescape")
    for ch in text:
        o = ord(ch)
        if 0xDC80 <= o <= 0xDCFF:
            out.append(f"\\x{o - 0xDC00:02x}")
        elif ch == "\\":
            out.append("\\\\")
        elif o < 0x20 or o == 0x7F or 0x80 <= o < 0xA0 or o in (0x2028, 0x2029, 0x85):
            out.append("".join(f"\\x{x:02x}" for x in ch.encode()))
        else:
            out.append(ch)
    return "".join(out)


def train_vocab(corpus):
    tok = Tokenizer(models.BPE())
    # No splitting while training: merges then cross the word boundaries the pre-tokenizers draw,
    # so a wrong boundary changes the tokens and the tests see it.
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=VOCAB_SIZE, min_frequency=2, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    # The merge-list edge cases below need strings the trainer never saw.
    texts = [t for t in (b.decode("utf-8", errors="ignore") for b in corpus) if "Ѭ" not in t and "zq" not in t]
    # Added tokens must not also be learnt (llama.cpp refuses duplicate token texts).
    for t in SPECIAL_TEXTS + USER_DEFINED + UNKNOWN + UNUSED:
        texts = [x.replace(t, " ") for x in texts]
    tok.train_from_iterator(texts, trainer)
    vocab = tok.get_vocab()
    tokens = [None] * len(vocab)
    for t, i in vocab.items():
        tokens[i] = t
    import json
    merges = json.loads(tok.to_str())["model"]["merges"]
    merges = [m if isinstance(m, str) else " ".join(m) for m in merges]
    return tokens, merges


def byte_char(b: int) -> str:
    bs = list(range(0x21, 0x7F)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    cs = bs[:]
    n = 0
    for x in range(256):
        if x not in bs:
            bs.append(x); cs.append(256 + n); n += 1
    return chr(dict(zip(bs, cs))[b])


def enc(s: str) -> str:
    return "".join(byte_char(b) for b in s.encode())


def write_gguf(path, pre, tokens, types, merges, ids):
    w = gguf.GGUFWriter(str(path), "qwen3")
    w.add_block_count(1)
    w.add_context_length(4096)
    w.add_embedding_length(64)
    w.add_feed_forward_length(128)
    w.add_head_count(4)
    w.add_head_count_kv(2)
    w.add_layer_norm_rms_eps(1e-6)
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre(pre)
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    w.add_bos_token_id(ids["<|endoftext|>"])
    w.add_eos_token_id(ids["<|im_end|>"])
    w.add_pad_token_id(ids["<|endoftext|>"])
    w.add_add_bos_token(False)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def main():
    global OUT, SEED, N_RECORDS
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT, help="output directory (default: the committed fixtures)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--records", type=int, default=N_RECORDS)
    args = ap.parse_args()
    OUT, SEED, N_RECORDS = args.out, args.seed, args.records
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    corpus = [record(rng, i) for i in range(N_RECORDS)]
    train_rng = random.Random(SEED + 1)
    training = [record(train_rng, i) for i in range(N_RECORDS)]

    tokens, merges = train_vocab(corpus + training)
    types = [1] * len(tokens)
    # Edge cases of the merge list: a merge whose result is not a token (llama.cpp then falls
    # back to single-byte tokens), a later merge built on it that is, and a merge of the two
    # bytes of a 2-byte character whose result is not a token either (llama.cpp then drops them:
    # the fallback looks up bytes of the byte-encoded text, which no token has alone).
    extra_merges = ["z q", "zq x", enc("Ѭ")[0] + " " + enc("Ѭ")[1]]
    assert "zq" not in tokens and enc("Ѭ") not in tokens
    tokens.append("zqx"); types.append(1)
    merges = merges + extra_merges
    # Tokens whose text is no byte encoding, and the rarer types, to pin token_to_piece.
    for t, ty in [("x y", 1), ("中文", 1), ("<0x41>", 6), ("<undef>", 0)]:
        tokens.append(t); types.append(ty)
    for t in SPECIAL_TEXTS:
        tokens.append(t); types.append(3)
    for t in USER_DEFINED:
        tokens.append(t); types.append(4)
    for t in UNKNOWN:
        tokens.append(t); types.append(2)
    for t in UNUSED:
        tokens.append(t); types.append(5)
    ids = {t: i for i, t in enumerate(tokens)}
    assert len(ids) == len(tokens), "duplicate token text"

    for pre, name in [("qwen2", "qwen2"), ("gpt-2", "gpt2")]:
        write_gguf(OUT / f"vocab_{name}.gguf", pre, tokens, types, merges, ids)
    # llama3 differs from qwen2 only in digit runs and whole-word tokens: keep just the records
    # where its ids differ, in a temporary GGUF (the tests rebuild it from the qwen2 one).
    llama3_path = OUT / "vocab_llama3.tmp.gguf"
    write_gguf(llama3_path, "llama3", tokens, types, merges, ids)

    with open(OUT / "corpus.txt", "w", encoding="utf-8", newline="\n") as f:
        for b in corpus:
            f.write(escape(b) + "\n")

    specials_in = [i for i, b in enumerate(corpus) if any(t.encode() in b for t in SPECIAL_TEXTS + UNKNOWN + USER_DEFINED)]
    for name in ["qwen2", "gpt2"]:
        llm = llama_cpp.Llama(model_path=str(OUT / f"vocab_{name}.gguf"), vocab_only=True, verbose=False)
        with open(OUT / f"ids_{name}.txt", "w") as f:
            for b in corpus:
                f.write(" ".join(map(str, llm.tokenize(b, add_bos=False, special=True))) + "\n")
        if name == "qwen2":
            qwen2_ids = [llm.tokenize(b, add_bos=False, special=True) for b in corpus]
            with open(OUT / "ids_nospecial_qwen2.txt", "w") as f:
                for i in specials_in:
                    f.write(f"{i}: " + " ".join(map(str, llm.tokenize(corpus[i], add_bos=False, special=False))) + "\n")
            vocab = llm._model.vocab
            with open(OUT / "pieces.txt", "w") as f:
                for t in range(len(tokens)):
                    buf = (llama_cpp.ctypes.c_char * 4096)()
                    n = llama_cpp.llama_token_to_piece(vocab, t, buf, 4096, 0, True)
                    assert n >= 0
                    f.write(bytes(buf[:n]).hex() + "\n")
        del llm
    llm = llama_cpp.Llama(model_path=str(llama3_path), vocab_only=True, verbose=False)
    n_llama3 = 0
    with open(OUT / "ids_diff_llama3.txt", "w") as f:
        for i, b in enumerate(corpus):
            got = llm.tokenize(b, add_bos=False, special=True)
            if got != qwen2_ids[i]:
                f.write(f"{i}: " + " ".join(map(str, got)) + "\n")
                n_llama3 += 1
    del llm
    llama3_path.unlink()
    total = sum(os.path.getsize(p) for p in OUT.iterdir())
    print(f"{len(corpus)} records, {len(tokens)} tokens, {len(merges)} merges, {len(specials_in)} special records, {n_llama3} llama3 differences; fixtures {total / 1e6:.2f} MB")


if __name__ == "__main__":
    sys.exit(main())
