#!/usr/bin/env python3
"""Enter-to-result latency of natural-language requests inside the kernel
under QEMU, split into prefill, ridge, grammar decode and applet, plus
boot-to-prompt time. Requests: the first N lines of data/dev.tsv.

    make iso && python3 docs/scripts/kernel_latency.py --n 40

Prints a markdown table (medians and means, milliseconds)."""
import argparse, os, re, select, shutil, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--n", type=int, default=40)
ap.add_argument("--iso", default="build/nosys.iso")
ap.add_argument("--disk", default="build/disk.img")
a = ap.parse_args()

reqs = []
with open("data/dev.tsv") as f:
    for line in f:
        parts = line.rstrip("\n").split("\t")
        if len(parts) >= 2 and parts[0] and not parts[0].startswith("#"):
            reqs.append(parts[0])
reqs = reqs[: a.n]

tmp = tempfile.mkdtemp()
disk = os.path.join(tmp, "disk.img")
shutil.copy(a.disk, disk)
vars_fd = os.path.join(tmp, "vars.fd")
shutil.copy("/usr/share/OVMF/OVMF_VARS.fd", vars_fd)
cmd = ["qemu-system-x86_64", "-machine", "q35", "-cpu", "max", "-m", "2G", "-accel", "tcg",
       "-drive", "if=pflash,format=raw,unit=0,readonly=on,file=/usr/share/OVMF/OVMF_CODE.fd",
       "-drive", f"if=pflash,format=raw,unit=1,file={vars_fd}",
       "-cdrom", a.iso, "-drive", f"file={disk},if=none,id=nvm,format=raw",
       "-device", "nvme,serial=nosys0001,drive=nvm", "-serial", "stdio", "-display", "none",
       "-monitor", "none", "-no-reboot"]
t0 = time.time()
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
buf = b""

def pump(pattern, timeout, start=0):
    global buf
    end = time.time() + timeout
    while time.time() < end:
        if pattern.encode() in buf[start:]:
            return True
        r, _, _ = select.select([p.stdout], [], [], 0.2)
        if r:
            d = os.read(p.stdout.fileno(), 65536)
            if not d:
                return False
            buf += d
    return False

if not pump("nosys: ready", 600):
    sys.exit("kernel did not become ready:\n" + buf.decode(errors="replace")[-3000:])
boot_s = time.time() - t0
ready_log = buf.decode(errors="replace")
rows = []
for r in reqs:
    mark = len(buf)
    t = time.time()
    p.stdin.write(r.encode() + b"\r"); p.stdin.flush()
    # The reply ends at the next prompt after the echo of the request. The
    # line editor redraws "nosys> " with every key, so the prompt is looked
    # for only past the echo: looking from `mark` found a redraw at once and
    # spun without reading (a run that hung for 400 s on 4 December).
    rb = r.encode()
    if pump(r, 300, mark):
        pump("nosys> ", 300, buf.find(rb, mark) + len(rb))
    wall = (time.time() - t) * 1000
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", buf[mark:].decode(errors="replace"))
    m = re.search(r"→ (.*?)\s{3}ridge (?:\S+ )?([\d.]+) · ([\d.]+) (ms|µs|s)", text)
    g = re.search(r"grammar[^·|]*· ([\d.]+) (ms|µs|s)", text)
    pf = re.search(r"prefill ([\d.]+) (ms|µs|s)", text)
    run = re.search(r"run: `.*?` in \d+ cycles \((\d+) ns\)", text)
    def ms(v, u):
        return float(v) * {"ms": 1, "µs": 1e-3, "s": 1e3}[u]
    if not m:
        continue  # a line that parsed as a typed command
    rows.append({
        "ridge": ms(m.group(3), m.group(4)),
        "grammar": ms(*g.groups()) if g else 0.0,
        "prefill": ms(*pf.groups()) if pf else 0.0,
        "applet": int(run.group(1)) / 1e6 if run else 0.0,
        "wall": wall,
    })
p.kill()
print(f"boot to `nosys: ready` (QEMU start to prompt, OVMF included): {boot_s:.1f} s")
for key in ["model: reading in place saves", "model: checked in"]:
    for line in ready_log.splitlines():
        if key in line:
            print("log:", re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line).strip())
print(f"\n{len(rows)} requests from data/dev.tsv, in the kernel under QEMU TCG\n")
print("| stage | median ms | mean ms |\n|---|---:|---:|")
for k, label in [("prefill", "prefill"), ("ridge", "ridge (predict + fill decode)"),
                 ("grammar", "grammar decode (whole command)"), ("applet", "applet (call to return)"),
                 ("wall", "Enter to prompt (serial round trip included)")]:
    v = [r[k] for r in rows]
    print(f"| {label} | {statistics.median(v):.1f} | {statistics.mean(v):.1f} |")
