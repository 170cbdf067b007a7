#!/usr/bin/env bash
# The README's screenshot: boot ${ISO:-build/nosys.iso} in QEMU, type a few lines,
# take the framebuffer with the monitor's screendump, convert it to PNG.
#   make iso && docs/scripts/screenshot.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
ppm=$(mktemp --suffix=.ppm)
cargo run --quiet -p nosys-iso --example screenshot -- ${ISO:-build/nosys.iso} "$ppm" \
    "help" "show me the notes" "how much memory is free" "route \"delete the todo list\""
python3 - "$ppm" docs/screenshot.png <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
parts = data.split(b"\n", 3)
w, h = map(int, parts[1].split())
px = parts[3]
raw = b"".join(b"\x00" + px[y * w * 3:(y + 1) * w * 3] for y in range(h))
def chunk(t, d):
    return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(sys.argv[2], "wb").write(png)
print(sys.argv[2], w, "x", h)
PY
rm -f "$ppm"
