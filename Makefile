# nosys: two commands on a fresh Debian/Ubuntu machine.
#   make run    install what is missing, build, boot the ISO in QEMU
#   make test   install what is missing, run every test (host + QEMU)
# Also: make iso (image only; LIMINE_DIR=<Limine release> for a Limine ISO),
#       make disk, make clippy, make fmt.
# The work is done by the host tool in iso/tools (`nosys-iso`).

CARGO ?= cargo
HARNESS := $(CARGO) run --quiet -p nosys-iso --
# QEMU tests run under TCG when KVM does not work: keep them few at a time.
QEMU_TEST_THREADS ?= 1

.PHONY: all setup run iso disk test test-host test-qemu check-any-model check-any-model-1.7b clippy fmt model model-features bench-grammar

# The router's features of every declared example, computed on the host with
# the kernel's own crates and shipped beside the model (keyed by its hash).
MODEL := model/default/nosys.gguf
FEATURES := model/default/features.bin

all: iso

setup:
	@iso/setup.sh

run: setup model-features
	$(HARNESS) run

iso: setup model-features
	$(HARNESS) iso

# Retrains the default model from the command table (corpus, tokenizer, ~10
# minutes of training on one core, GGUF export and llama.cpp check, dev eval).
model:
	train/model.sh
	$(MAKE) model-features

model-features:
	@if [ -f $(MODEL) ]; then \
		$(CARGO) run --release --quiet -p session --features std --bin nosys-shell -- features --model $(MODEL) --out $(FEATURES); \
	else echo "no $(MODEL): the ISO boots without a model"; fi

bench-grammar:
	$(CARGO) run --release -p grammar-bench -- $(MODEL)

disk: setup
	$(HARNESS) disk

test: setup test-host test-qemu

test-host:
	$(CARGO) test

# The tests boot build/nosys.iso expecting nosys-loader, so it is built without
# LIMINE_DIR; tests/limine.rs builds its own Limine ISO from LIMINE_DIR.
test-qemu: model-features
	LIMINE_DIR= $(HARNESS) iso
	$(HARNESS) disk
	$(CARGO) test -p nosys-iso -- --ignored --test-threads=$(QEMU_TEST_THREADS)

# Issue 16's stand-in for a downloaded model: a Qwen3-0.6B-shaped Q4_K_M built by
# llama.cpp's quantizer (needs llama-cpp-python; says SKIPPED without it), loaded in QEMU
# and asked three requests. Too slow for `make test` (docs/model.md has its time).
check-any-model: setup
	LIMINE_DIR= $(HARNESS) iso
	$(CARGO) build --release -p session --features std --bin nosys-shell
	NOSYS_ANY_MODEL=1 $(CARGO) test -p nosys-iso --test any_model -- --ignored --nocapture

# The same with a Qwen3-1.7B-shaped Q4_K_M (1.1 GiB) in 3 GiB of RAM.
check-any-model-1.7b: setup
	LIMINE_DIR= $(HARNESS) iso
	$(CARGO) build --release -p session --features std --bin nosys-shell
	NOSYS_ANY_MODEL=1.7b $(CARGO) test -p nosys-iso --test any_model -- --ignored --nocapture

clippy:
	$(CARGO) clippy --all-targets -- -D warnings
	$(HARNESS) clippy

fmt:
	$(CARGO) fmt --all
