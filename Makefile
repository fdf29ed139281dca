# navd — two commands do all set-up: `make run` and `make test` (see README.md).
SWIFT ?= swift
SWIFT_FLAGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test deps test-deps bench protocol clean

all: build

# libuv is navd's event loop (libuv1-dev), libedit navctl's line editing (libedit-dev), ncurses
# navview's terminal (libncurses-dev): installed from Debian when pkg-config does not find them.
deps:
	@pkg-config --exists libuv libedit ncursesw 2>/dev/null || { \
	  echo "make: installing libuv1-dev, libedit-dev, libncurses-dev (navd's event loop, navctl's line editing, navview's terminal)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libuv1-dev libedit-dev libncurses-dev pkg-config; }

# Python for the tests and scripts runs from a virtual environment the Makefile owns (.venv/,
# ignored by git), made from the python3 on PATH: Debian's own python3 refuses `pip install`
# (PEP 668, "externally-managed-environment"), pyenv's accepts it, and a venv works on both with
# the same jsonschema and pytest from PyPI. Debian ships venv's pip in python3-venv, installed
# through apt when `python3 -m venv` fails. Already set up, this is one import check.
PYTHON ?= python3
VENV ?= .venv
VENV_PYTHON := $(VENV)/bin/python
PYTHON_PACKAGES := jsonschema pytest

.PHONY: venv
venv:
	@$(VENV_PYTHON) -c 'import jsonschema, pytest' 2>/dev/null || { \
	  $(PYTHON) -m venv $(VENV) >/dev/null 2>&1 || { \
	    rm -rf $(VENV); \
	    echo "make: installing python3-venv (the venv module's pip, which Debian's python3 lacks)"; \
	    $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && \
	    $(PYTHON) -m venv $(VENV); } && \
	  echo "make: installing $(PYTHON_PACKAGES) into $(VENV)" && \
	  $(VENV_PYTHON) -m pip install -q --disable-pip-version-check $(PYTHON_PACKAGES); }

# What the tests need beyond the build: the venv above; tmux, which runs the terminal programs for
# real in end-to-end tests.
test-deps: deps venv
	@command -v tmux >/dev/null 2>&1 || { \
	  echo "make: installing tmux"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux; }

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# navd in the foreground on the built-in sample app; Ctrl-C stops it. Builds navd only (not navbench
# and the packages only it uses). NAVD_FLAGS adds flags (for example
# NAVD_FLAGS="--app my-app.json --socket /run/user/1000/navd.sock").
run: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product navd
	.build/debug/navd $(NAVD_FLAGS)

test: test-deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build
	$(VENV_PYTHON) -m pytest -q Tests/protocol Tests/e2e

# Every navbench scenario (release build) against navd and the C libuv baseline, then the table of
# performance targets: navd's figure, the baseline's, the ratio (README "Performance").
# BENCH_FLAGS adds flags to `navbench all` (for example BENCH_FLAGS="--repetitions 9").
bench: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product navd
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product navbench-baseline
	$(SWIFT) build -c release $(SWIFT_FLAGS) --product navbench
	"$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path)/navbench" all $(BENCH_FLAGS)

# tmux with navd, two navview viewers and a scripted tour (Clients/navview/demo); not part of `make test`.
.PHONY: demo
demo: build
	sh Clients/navview/demo/demo.sh "$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)"

# Re-embeds Protocol/navd.openrpc.json into navd (rpc.discover) after editing it.
protocol: venv
	$(VENV_PYTHON) scripts/embed-openrpc.py

clean:
	rm -rf .build $(VENV)
