# soma: the two set-up commands are `make run` and `make test` (see README.md).
SWIFT   ?= swift
PREFIX  ?= /usr/local
BIN     := .build/release/soma
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test bench install deps test-deps clean

all: build

# System packages the build and the end-to-end tests need, installed on a fresh Debian/Ubuntu machine.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists ncursesw; then \
	  echo "soma: installing libncursesw5-dev and pkg-config (ncurses headers)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libncursesw5-dev pkg-config \
	  || { echo "soma: please run: sudo apt-get install libncursesw5-dev pkg-config"; exit 1; }; \
	fi

test-deps: deps
	@command -v tmux >/dev/null 2>&1 && command -v parallel >/dev/null 2>&1 || { \
	  echo "soma: installing tmux and parallel (end-to-end tests)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux parallel \
	  || { echo "soma: please run: sudo apt-get install tmux parallel"; exit 1; }; }

build: deps
	$(SWIFT) build -c release --product soma

run: build
	$(BIN)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/soma

clean:
	rm -rf .build Benchmarks/.build
