# soma: the two set-up commands are `make run` and `make test` (see README.md).
SWIFT   ?= swift
PREFIX  ?= /usr/local
# The build folder, and flags every release build in it takes: `make test` builds in a folder of
# its own, for testing (below), so that `make run` and `make install` keep the players' build.
SCRATCH ?= .build
RELEASE_FLAGS ?=
BUILD   := $(SWIFT) build --scratch-path $(SCRATCH)
BIN     := $(SCRATCH)/release/soma
STRIP   ?= strip
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test bench fuzz install install-binary install-check deps test-deps clean

all: build

# System packages the build and the end-to-end tests need, installed on a fresh Debian/Ubuntu machine.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists ncursesw sqlite3; then \
	  echo "soma: installing libncurses-dev, libsqlite3-dev and pkg-config (headers and the static libraries the release binary links)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncurses-dev libsqlite3-dev pkg-config \
	  || { echo "soma: please run: sudo apt-get install libncurses-dev libsqlite3-dev pkg-config"; exit 1; }; \
	fi

# Tools the end-to-end tests drive, as command:package: tmux for the terminal, OpenSSH for the
# game over a real SSH connection on 127.0.0.1, GNU parallel for sharded solves; xterm on Xvfb,
# xdotool and ImageMagick's import for the real-terminal pictures (RealTerminalTests); a PostgreSQL
# server (pg_ctlcluster comes with it, not with the client) and HAProxy for `soma serve --database`
# behind a balancer (ServeDatabaseTests, ServeBalancerTests: each started on a free port by the test);
# Prometheus' promtool, which lints the metrics page (ServerMetricsTests).
TEST_TOOLS := tmux:tmux ssh:openssh-client ssh-keygen:openssh-client /usr/sbin/sshd:openssh-server parallel:parallel \
  xterm:xterm Xvfb:xvfb xdotool:xdotool import:imagemagick pg_ctlcluster:postgresql /usr/sbin/haproxy:haproxy \
  promtool:prometheus
test-deps: deps
	@missing=""; for pair in $(TEST_TOOLS); do \
	  command -v "$${pair%%:*}" >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; done; \
	if [ -n "$$missing" ]; then \
	  echo "soma: installing$$missing (end-to-end tests)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing \
	  || { echo "soma: please run: sudo apt-get install$$missing"; exit 1; }; \
	fi

# The game and, beside it, the SSH server `soma serve` runs (a binary of its own: ARCHITECTURE.md).
# One invocation for both: while one binary's long compiles hold a core, the other's fill the second.
build: deps
	$(BUILD) -c release $(RELEASE_FLAGS)

# Only what the game needs: soma-server (SSH, crypto, PostgreSQL, metrics: two thirds of a first
# build) is built by `make build`, `make install` and `make test`, or when `soma serve` asks for it.
run: deps
	$(BUILD) -c release --product soma
	$(BIN)

# One release build makes both binaries and the tests, in a folder of its own (TEST_SCRATCH), its
# modules compiled for testing (`-enable-testing`, which `@testable import` needs; the tests
# themselves unoptimised: Package.swift). So the end-to-end tests drive optimised binaries, as
# players run, and CI builds everything once, not twice (a release build for the binaries and a
# debug one for the tests took 878 + 818 s cold on two cores). Not in the players' folder: a
# module compiled for testing keeps every internal function visible, which costs the optimiser
# (`soma solve 4x15 --count` took 48 % more instructions), so `make run` and `make install`
# build without it in .build. The install check runs on the same build.
# SOMA_TESTS_REQUIRE_TOOLS=1: a tool or binary a test needs that
# is missing fails the test and names it (Tests/EndToEndTests/Requirement.swift); a plain
# `swift test` (a debug build, which also runs the signal tests on the debug binary) skips such a
# test and says what it skipped. The tests run in several processes
# side by side (Tests/run-tests.sh says why: an end-to-end test holds one of Swift Testing's
# threads, one per core, while it waits for a terminal); `swift test` runs the same tests in one.
# The last line says how long each step took (CI shows the tail of its log).
TEST_SCRATCH := .build-test
TEST_FLAGS   := -Xswiftc -enable-testing
test: test-deps
	@start=$$(date +%s); \
	$(SWIFT) build --scratch-path $(TEST_SCRATCH) -c release $(TEST_FLAGS) --build-tests || exit 1; built=$$(date +%s); \
	SOMA_TESTS_REQUIRE_TOOLS=1 sh Tests/run-tests.sh $(TEST_SCRATCH)/release/somaPackageTests.xctest; status=$$?; tested=$$(date +%s); \
	$(MAKE) --no-print-directory install-check SCRATCH=$(TEST_SCRATCH) RELEASE_FLAGS="$(TEST_FLAGS)" || status=1; checked=$$(date +%s); \
	echo "soma: make test took build $$((built - start)) s," \
	  "tests $$((tested - built)) s, install check $$((checked - tested)) s"; \
	exit $$status

# The benchmarks include whole runs of the release binary (start-up): it is built first. Every
# benchmark target is built and run (render, hint, solver start, generation...); the figures are
# printed and written to BENCH_RESULTS (README.md, "Benchmarks"), the status kept through the copy.
BENCH_RESULTS := .build/bench/results.txt
bench: deps
	$(SWIFT) build -c release --product soma
	mkdir -p $(dir $(BENCH_RESULTS))
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress \
	  > ../$(BENCH_RESULTS) 2>&1; status=$$?; sh solve-instructions.sh >> ../$(BENCH_RESULTS) 2>&1; \
	  cat ../$(BENCH_RESULTS); \
	  echo "soma: benchmark figures written to $(BENCH_RESULTS)"; exit $$status

# Mutation fuzzing with libFuzzer, for FUZZ_SECONDS (default 60): `make fuzz FUZZ_SECONDS=3600`.
# One target reads every kind of outside input (Fuzz/FuzzReaders.swift, its first byte picks the
# reader): figures and piece sets, config.toml, checkpoints and shard lines. The library targets
# are built with the fuzzer and the address sanitizer, the solve jobs' checkpoint and shard readers
# among them (SolveJobs, with the argument parser its picture options use). Findings are written
# to .build-fuzz/findings.
FUZZ_SECONDS ?= 60
FUZZ_MODULES := Polycube PolycubeResources Solver Gestures Scene Records Game Files CommandOptions SolveJobs ArgumentParser ArgumentParserToolInfo
fuzz: deps
	$(SWIFT) build --target Game --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address
	$(SWIFT) build --target SolveJobs --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address
	swiftc -sanitize=fuzzer,address -parse-as-library -module-name FuzzReaders -I .build-fuzz/debug/Modules \
	  Fuzz/FuzzReaders.swift $(foreach m,$(FUZZ_MODULES),.build-fuzz/debug/$(m).build/*.o) \
	  -o .build-fuzz/fuzz-readers
	mkdir -p .build-fuzz/corpus .build-fuzz/findings
	for f in Resources/Figures/* Resources/Pieces/*; do \
	  for k in 0 1 2 3; do { printf "\\$$k"; cat "$$f"; } > ".build-fuzz/corpus/$$k-$$(basename $$f)"; done; \
	done
	{ printf "\\4"; cat Fuzz/Seeds/config.toml; } > .build-fuzz/corpus/4-config.toml
	{ printf "\\5"; cat Fuzz/Seeds/shard.checkpoint; } > .build-fuzz/corpus/5-shard.checkpoint
	{ printf "\\6"; cat Fuzz/Seeds/shards.json; } > .build-fuzz/corpus/6-shards.json
	.build-fuzz/fuzz-readers -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=2048 \
	  -artifact_prefix=.build-fuzz/findings/ .build-fuzz/corpus

# The release binary is fully static (Package.swift: the Swift runtime, libc and ncurses linked in), so the installed copy
# runs where no Swift toolchain is (issue 17). With it: its man page (generated from the argument
# parser's own description of every command, so it never drifts from `--help`) and bash, zsh and
# fish completions, in the places each shell looks under PREFIX.
MANDIR  := $(PREFIX)/share/man/man1
BASHDIR := $(PREFIX)/share/bash-completion/completions
ZSHDIR  := $(PREFIX)/share/zsh/site-functions
FISHDIR := $(PREFIX)/share/fish/vendor_completions.d
GENERATED := $(SCRATCH)/soma-install
install: build
	@$(MAKE) --no-print-directory install-binary
	$(BUILD) -c release $(RELEASE_FLAGS) --product generate-manual
	rm -rf $(GENERATED) && mkdir -p $(GENERATED)
	$(SCRATCH)/release/generate-manual $(BIN) --authors "the soma developers" --output-directory $(GENERATED)
	$(BIN) --generate-completion-script bash > $(GENERATED)/soma.bash
	$(BIN) --generate-completion-script zsh > $(GENERATED)/_soma
	$(BIN) --generate-completion-script fish > $(GENERATED)/soma.fish
	install -d $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHDIR) $(DESTDIR)$(ZSHDIR) $(DESTDIR)$(FISHDIR)
	install -m 644 $(GENERATED)/soma.1 $(DESTDIR)$(MANDIR)/soma.1
	install -m 644 $(GENERATED)/soma.bash $(DESTDIR)$(BASHDIR)/soma
	install -m 644 $(GENERATED)/_soma $(DESTDIR)$(ZSHDIR)/_soma
	install -m 644 $(GENERATED)/soma.fish $(DESTDIR)$(FISHDIR)/soma.fish

# The binary alone, stripped: the release binary keeps its debug information and symbols
# for developers (54 MB); what is installed is 22 MB. Tests/EndToEndTests/InstalledBinaryTests
# runs this step inside `swift test` (where building is not possible: `swift test` holds the
# build folder).
# Stripped by `strip -o` into a new file beside the old one, then renamed over it (a running
# soma keeps its old file): `strip -o` writes the file in one piece, so that while it stays in the
# page cache the kernel maps its code in 2 MB pages (soma solve 3x20 --count: 129 page faults).
# `install -s` strips in place, which copies the result back in 8 KB writes (204 faults, 1.4-1.5
# times the CPU of a short solve). Once the page cache has let the file go (a reboot, memory
# pressure) it is read back in small pieces either way (205 faults; issue 37).
install-binary:
	install -d $(DESTDIR)$(PREFIX)/bin
	for b in soma soma-server; do \
	  case $$b in soma) from=$(BIN);; *) from=$(BIN)-server;; esac; \
	  to=$(DESTDIR)$(PREFIX)/bin/$$b; \
	  $(STRIP) -o $$to.new $$from && chmod 755 $$to.new && mv -f $$to.new $$to || { rm -f $$to.new; exit 1; }; \
	done

# Installs into a scratch folder and checks what a user gets: the binary runs, the man page
# names every command, each completion script is valid for its shell. Part of `make test`.
install-check:
	@dest=$$(mktemp -d) && trap 'rm -rf "$$dest"' EXIT && \
	  $(MAKE) --no-print-directory install DESTDIR="$$dest" PREFIX=/usr >/dev/null && \
	  sh Tests/install-check.sh "$$dest/usr"

clean:
	rm -rf .build .build-test Benchmarks/.build
