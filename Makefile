# soma: the two set-up commands are `make run` and `make test` (see README.md).
SWIFT   ?= swift
PREFIX  ?= /usr/local
BIN     := .build/release/soma
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test bench fuzz install deps test-deps clean

all: build

# System packages the build and the end-to-end tests need, installed on a fresh Debian/Ubuntu machine.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists ncursesw; then \
	  echo "soma: installing libncursesw5-dev and pkg-config (ncurses headers)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncursesw5-dev pkg-config \
	  || { echo "soma: please run: sudo apt-get install libncursesw5-dev pkg-config"; exit 1; }; \
	fi

# Tools the end-to-end tests drive, as command:package: tmux for the terminal, OpenSSH for the
# game over a real SSH connection on 127.0.0.1, GNU parallel for sharded solves.
TEST_TOOLS := tmux:tmux ssh:openssh-client ssh-keygen:openssh-client /usr/sbin/sshd:openssh-server parallel:parallel
test-deps: deps
	@missing=""; for pair in $(TEST_TOOLS); do \
	  command -v "$${pair%%:*}" >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; done; \
	if [ -n "$$missing" ]; then \
	  echo "soma: installing$$missing (end-to-end tests)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing \
	  || { echo "soma: please run: sudo apt-get install$$missing"; exit 1; }; \
	fi

build: deps
	$(SWIFT) build -c release --product soma

run: build
	$(BIN)

# The end-to-end tests drive the release binary (what players run) and, for signals, the debug
# one too: both are built first.
test: test-deps
	$(SWIFT) build -c release --product soma
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The benchmarks include whole runs of the release binary (start-up): it is built first.
bench: deps
	$(SWIFT) build -c release --product soma
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

# Mutation fuzzing of the figure and piece-set readers with libFuzzer, for FUZZ_SECONDS
# (default 60): `make fuzz FUZZ_SECONDS=3600`. Findings are written to .build-fuzz/findings.
FUZZ_SECONDS ?= 60
fuzz: deps
	$(SWIFT) build --target Polycube --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address
	swiftc -sanitize=fuzzer,address -parse-as-library -I .build-fuzz/debug/Modules \
	  Fuzz/FuzzReaders.swift .build-fuzz/debug/Polycube.build/*.o .build-fuzz/debug/PolycubeResources.build/*.o \
	  -o .build-fuzz/fuzz-readers
	mkdir -p .build-fuzz/corpus .build-fuzz/findings
	for f in Resources/Figures/* Resources/Pieces/*; do \
	  for k in 0 1 2 3; do { printf "\\$$k"; cat "$$f"; } > ".build-fuzz/corpus/$$k-$$(basename $$f)"; done; \
	done
	.build-fuzz/fuzz-readers -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048 \
	  -artifact_prefix=.build-fuzz/findings/ .build-fuzz/corpus

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/soma

clean:
	rm -rf .build Benchmarks/.build
