#!/usr/bin/env python3
"""Exact-command accuracy on dev of the grammar path against the model's free
(unconstrained) greedy decode, split by whether the target command names only
files that exist on the sample volume. The grammar can only name existing
files for `cat`, `ls`, `rm`, ... so a target naming a missing file is out of
its reach by construction.

    cargo build --release -p session --features std --bin nosys-shell
    grep -v '^#' data/dev.tsv | cut -f1 | target/release/nosys-shell --sample-fs > /tmp/dev_out.jsonl
    python3 docs/scripts/grammar_vs_free.py /tmp/dev_out.jsonl

Unconstrained outputs come from the training evaluation's error list
(model/default/dev_errors.tsv: request, expected, produced; rows not listed
were exact)."""
import json, shlex, sys

fs = {"/", "/README.TXT", "/NOTES.TXT", "/TODO.TXT", "/HELLO.TXT", "/DOCS", "/DOCS/GUIDE.TXT",
      "/DOCS/FAQ.TXT", "/LOGS", "/LOGS/BOOT.LOG"}
# Word index of each applet's must-exist path slot (applets/src/applets/*.rs).
must_exist_slot = {"cat": 1, "ls": 1, "rm": 1, "hexdump": 1, "cp": 1, "mv": 1}
want = [l.rstrip("\n").split("\t") for l in open("data/dev.tsv") if not l.startswith("#")]
out = [json.loads(l) for l in open(sys.argv[1])]
free = {}
for l in open("model/default/dev_errors.tsv"):
    p = l.rstrip("\n").split("\t")
    if len(p) >= 3:
        free[(p[0], p[1])] = p[2]

def live(cmd):
    try:
        w = shlex.split(cmd)
    except ValueError:
        return True
    if w[:2] == ["model", "load"]:
        return len(w) < 3 or w[2] in fs
    i = must_exist_slot.get(w[0])
    return i is None or i >= len(w) or w[i] in fs

rows = {True: [0, 0, 0], False: [0, 0, 0]}
for (req, cmd, *_), o in zip(want, out):
    g = (o.get("grammar") or {}).get("command") or o.get("command")
    t = rows[live(cmd)]
    t[0] += 1
    t[1] += g == cmd
    t[2] += free.get((req, cmd), cmd) == cmd
print("| dev rows | n | grammar exact | free decode exact |\n|---|---:|---:|---:|")
for k, label in [(True, "target names only files on the volume"), (False, "target names a missing file")]:
    n, g, f = rows[k]
    print(f"| {label} | {n} | {100*g/n:.1f}% | {100*f/n:.1f}% |")
