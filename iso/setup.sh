#!/usr/bin/env bash
# Installs what building and booting nosys needs, only what is missing:
# Debian/Ubuntu packages (QEMU, OVMF, xorriso, mtools, dosfstools, and gcc as
# the linker driver for the kernel) and the
# Rust toolchain pinned in rust-toolchain.toml with the loader's UEFI target (the kernel
# builds for the host's own target).
# Safe to run again: it does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(qemu-system-x86 ovmf xorriso mtools dosfstools gcc)
missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi

if ! command -v cargo >/dev/null 2>&1 && ! command -v rustup >/dev/null 2>&1 \
    && [ ! -x "$HOME/.cargo/bin/rustup" ]; then
    missing+=(curl ca-certificates)
fi

if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

if ! command -v rustup >/dev/null 2>&1; then
    if [ -x "$HOME/.cargo/bin/rustup" ]; then
        export PATH="$HOME/.cargo/bin:$PATH"
    elif ! command -v cargo >/dev/null 2>&1; then
        echo "setup: installing rustup"
        curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain none
        export PATH="$HOME/.cargo/bin:$PATH"
    fi
fi

if command -v rustup >/dev/null 2>&1; then
    # Installs the pinned toolchain (with clippy, rustfmt) if it is missing.
    toolchain=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)
    if ! rustup toolchain list | grep -q "^$toolchain"; then
        echo "setup: installing Rust $toolchain"
        rustup toolchain install "$toolchain" --profile minimal --component clippy,rustfmt
    fi
    installed=$(rustup target list --installed --toolchain "$toolchain")
    for t in x86_64-unknown-uefi; do
        if ! grep -qx "$t" <<<"$installed"; then
            echo "setup: adding Rust target $t"
            rustup target add --toolchain "$toolchain" "$t"
        fi
    done
fi
