# navd — two commands do all set-up: `make run` and `make test` (see README.md).
SWIFT ?= swift
SWIFT_FLAGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test deps test-deps bench protocol clean

all: build

# libuv is navd's event loop (libuv1-dev), SQLite its durable state (libsqlite3-dev), libedit
# navctl's line editing (libedit-dev), ncurses navview's terminal (libncurses-dev): installed from
# Debian when pkg-config does not find them.
deps:
	@pkg-config --exists libuv sqlite3 libedit ncursesw 2>/dev/null || { \
	  echo "make: installing libuv1-dev, libsqlite3-dev, libedit-dev, libncurses-dev (navd's event loop and state, navctl's line editing, navview's terminal)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libuv1-dev libsqlite3-dev libedit-dev libncurses-dev pkg-config; }

# Python for the tests and scripts runs from a virtual environment the Makefile owns (.venv/,
# ignored by git), made from the python3 on PATH: Debian's own python3 refuses `pip install`
# (PEP 668, "externally-managed-environment"), pyenv's accepts it, and a venv works on both with
# the same jsonschema and pytest from PyPI. Debian ships venv's pip in python3-venv, installed
# through apt when `python3 -m venv` fails. Already set up, this is one import check.
PYTHON ?= python3
VENV ?= .venv
VENV_PYTHON := $(VENV)/bin/python
# wcwidth is pinned: the navview width table's test explains every difference with this version.
# playwright drives Debian's chromium in navweb's browser tests (never its own browser download).
PYTHON_PACKAGES := jsonschema pytest wcwidth==0.7.0 playwright

.PHONY: venv
venv:
	@$(VENV_PYTHON) -c 'import jsonschema, pytest, wcwidth, playwright' 2>/dev/null || { \
	  $(PYTHON) -m venv $(VENV) >/dev/null 2>&1 || { \
	    rm -rf $(VENV); \
	    echo "make: installing python3-venv (the venv module's pip, which Debian's python3 lacks)"; \
	    $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && \
	    $(PYTHON) -m venv $(VENV); } && \
	  echo "make: installing $(PYTHON_PACKAGES) into $(VENV)" && \
	  $(VENV_PYTHON) -m pip install -q --disable-pip-version-check $(PYTHON_PACKAGES); }

# What the tests need beyond the build: the venv above; tmux, which runs the terminal programs for
# real in end-to-end tests; Unicode's data files (unicode-data), the source navview's width table
# is checked against; Graphviz (graphviz), whose dot draws `navd graph --svg` and navweb's graph;
# netcat-openbsd, whose `nc -NU` the protocol page's transcript runs; Chromium (chromium), the
# browser of navweb's tests, driven by the venv's playwright.
test-deps: deps venv
	@command -v tmux >/dev/null 2>&1 && [ -f /usr/share/unicode/EastAsianWidth.txt ] && command -v dot >/dev/null 2>&1 && command -v nc >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1 || { \
	  echo "make: installing tmux, unicode-data, graphviz, netcat-openbsd and chromium"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux unicode-data graphviz netcat-openbsd chromium; }

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# navd in the foreground on the built-in sample app; Ctrl-C stops it. Builds the three programs
# (navd, navctl, navview: what the README's tour uses beside it; not navbench and the packages only
# it uses). NAVD_FLAGS adds flags (for example NAVD_FLAGS="--app my-app.json --ephemeral").
RUN_PRODUCTS := navd navctl navview
run: deps
	@for p in $(RUN_PRODUCTS); do \
	  echo "$(SWIFT) build $(SWIFT_FLAGS) --product $$p"; \
	  $(SWIFT) build $(SWIFT_FLAGS) --product $$p || exit 1; done
	.build/debug/navd $(NAVD_FLAGS)

# The descriptor-count tests count the whole process's descriptors, so they run in a `swift test`
# of their own, after the others (see Tests/NavTransportUVTests/DescriptorTests.swift).
test: test-deps fuzz-short
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build --skip Descriptors
	NAVD_DESCRIPTORS_ALONE=1 $(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter Descriptors
	$(VENV_PYTHON) -m pytest -q Tests/protocol Tests/e2e

# Installs what a Linux user expects of a daemon under $(DESTDIR)$(PREFIX): navd, navctl, navview
# and navweb (release build; CONFIGURATION=debug installs the debug build), their man pages (one
# per command and subcommand, from swift-argument-parser's generate-manual: the tool its package
# plugin runs, called here on these programs only, since the plugin builds every product),
# bash, zsh and fish completions, and navd's systemd user unit (contrib/navd.service.in).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BASH_COMPLETIONS = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(PREFIX)/share/fish/vendor_completions.d
SYSTEMD_USER_UNITS = $(PREFIX)/share/systemd/user
INSTALLED_PROGRAMS := navd navctl navview navweb

.PHONY: install uninstall
install: deps
	@for p in $(INSTALLED_PROGRAMS); do \
	  echo "$(SWIFT) build -c $(CONFIGURATION) $(SWIFT_FLAGS) --product $$p"; \
	  $(SWIFT) build -c $(CONFIGURATION) $(SWIFT_FLAGS) --product $$p || exit 1; done
	$(SWIFT) build $(SWIFT_FLAGS) --product generate-manual
	@set -e; \
	bin="$$($(SWIFT) build -c $(CONFIGURATION) $(SWIFT_FLAGS) --show-bin-path)"; \
	generate_manual="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/generate-manual"; \
	pages="$$(mktemp -d)"; trap 'rm -rf "$$pages"' EXIT; \
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)" "$(DESTDIR)$(BASH_COMPLETIONS)" \
	  "$(DESTDIR)$(ZSH_COMPLETIONS)" "$(DESTDIR)$(FISH_COMPLETIONS)" "$(DESTDIR)$(SYSTEMD_USER_UNITS)"; \
	for p in $(INSTALLED_PROGRAMS); do \
	  install -m 755 "$$bin/$$p" "$(DESTDIR)$(BINDIR)/$$p"; \
	  "$$generate_manual" "$$bin/$$p" --multi-page --output-directory "$$pages"; \
	  "$$bin/$$p" --generate-completion-script bash > "$(DESTDIR)$(BASH_COMPLETIONS)/$$p"; \
	  "$$bin/$$p" --generate-completion-script zsh > "$(DESTDIR)$(ZSH_COMPLETIONS)/_$$p"; \
	  "$$bin/$$p" --generate-completion-script fish > "$(DESTDIR)$(FISH_COMPLETIONS)/$$p.fish"; \
	done; \
	rm -f "$$pages"/*.help.1; \
	install -m 644 "$$pages"/*.1 "$(DESTDIR)$(MANDIR)"; \
	sed '/^#/!s|@BINDIR@|$(BINDIR)|g' contrib/navd.service.in > "$(DESTDIR)$(SYSTEMD_USER_UNITS)/navd.service"; \
	chmod 644 "$(DESTDIR)$(SYSTEMD_USER_UNITS)/navd.service"; \
	echo "make: installed $(INSTALLED_PROGRAMS), $$(ls "$$pages" | wc -l) man pages, completions and navd.service under $(DESTDIR)$(PREFIX)"

uninstall:
	@for p in $(INSTALLED_PROGRAMS); do \
	  rm -f "$(DESTDIR)$(BINDIR)/$$p" "$(DESTDIR)$(MANDIR)/$$p.1" "$(DESTDIR)$(MANDIR)/$$p".*.1 \
	    "$(DESTDIR)$(BASH_COMPLETIONS)/$$p" "$(DESTDIR)$(ZSH_COMPLETIONS)/_$$p" \
	    "$(DESTDIR)$(FISH_COMPLETIONS)/$$p.fish"; done
	rm -f "$(DESTDIR)$(SYSTEMD_USER_UNITS)/navd.service"
	@# The directories install made, where nothing else is left in them (never PREFIX itself).
	@for d in "$(BINDIR)" "$(MANDIR)" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)" \
	  "$(SYSTEMD_USER_UNITS)"; do \
	  while [ "$$d" != "$(PREFIX)" ] && [ "$$d" != "/" ] && [ "$$d" != "." ]; do \
	    rmdir "$(DESTDIR)$$d" 2>/dev/null || break; d="$$(dirname "$$d")"; done; done

# Every navbench scenario (release build) against navd and the C libuv baseline, then the table of
# performance targets: navd's figure, the baseline's, the ratio (docs/performance.md).
# BENCH_FLAGS adds flags to `navbench all` (for example BENCH_FLAGS="--repetitions 9").
bench: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product navd
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product navbench-baseline
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product navbench
	"$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/navbench" all $(BENCH_FLAGS)

# tmux with navd, two navview viewers and a scripted tour (Clients/navview/demo), navweb in a second
# window (its URL opens the same state in a browser); not part of `make test`.
.PHONY: demo
demo: build
	sh Clients/navview/demo/demo.sh "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)"

# Coverage-guided fuzzing (libFuzzer with AddressSanitizer, Fuzzing/): the server on a client's
# bytes, app definitions with `check`, deep links, and bursts of mutations through the server
# into a real SQLite store, reopened and checked (store). Each target runs FUZZ_SECONDS; the corpus grows
# in .fuzz/corpus/TARGET, a crash is saved in .fuzz/crashes/TARGET/ and fails the run with the
# command that replays it (scripts/fuzz.sh). FUZZ_TARGETS picks targets, FUZZ_FLAGS adds
# libFuzzer flags. The build (release, sanitized) has its own scratch path, .build-fuzz.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= server definition deeplink store
.PHONY: fuzz fuzz-build fuzz-short
fuzz-build: deps
	$(SWIFT) build --package-path Fuzzing --scratch-path "$(CURDIR)/.build-fuzz" -c release \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh scripts/fuzz.sh $(FUZZ_TARGETS)

# The short run `make test` includes: 15 s per target.
fuzz-short: fuzz-build
	FUZZ_SECONDS=15 sh scripts/fuzz.sh $(FUZZ_TARGETS)

# Re-embeds Protocol/navd.openrpc.json into navd (rpc.discover) after editing it.
protocol: venv
	$(VENV_PYTHON) scripts/embed-openrpc.py

clean:
	rm -rf .build $(VENV)
