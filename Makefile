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

# What the tests need beyond the build: python3 with jsonschema and pytest; tmux, which runs
# the terminal programs for real in end-to-end tests.
test-deps: deps
	@python3 -c 'import jsonschema, pytest' 2>/dev/null || { \
	  echo "make: installing jsonschema and pytest"; python3 -m pip install -q jsonschema pytest; }
	@command -v tmux >/dev/null 2>&1 || { \
	  echo "make: installing tmux"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux; }

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# navd in the foreground on the built-in sample app; Ctrl-C stops it. NAVD_FLAGS adds flags
# (for example NAVD_FLAGS="--app my-app.json --socket /run/user/1000/navd.sock").
run: build
	.build/debug/navd $(NAVD_FLAGS)

test: test-deps fuzz-short
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build
	python3 -m pytest -q Tests/protocol Tests/e2e

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

# Coverage-guided fuzzing (libFuzzer with AddressSanitizer, Fuzzing/): the server on a client's
# bytes, app definitions with `check`, deep links. Each target runs FUZZ_SECONDS; the corpus grows
# in .fuzz/corpus/TARGET, a crash is saved in .fuzz/crashes/TARGET/ and fails the run with the
# command that replays it (scripts/fuzz.sh). FUZZ_TARGETS picks targets, FUZZ_FLAGS adds
# libFuzzer flags. The build (release, sanitized) has its own scratch path, .build-fuzz.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= server definition deeplink
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
protocol:
	python3 scripts/embed-openrpc.py

clean:
	rm -rf .build
