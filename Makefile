# The two commands of the README. Both create (or reuse) a virtual environment
# in .venv, install cardwidgets into it in editable mode, then do their job.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: lab test venv browser redis bundle wasm clang FORCE

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

venv: $(BIN)/python

## make lab: install cardwidgets with JupyterLab and open the teaching notebooks
lab: venv
	$(BIN)/python -m pip install --quiet -e ".[lab]"
	$(BIN)/jupyter lab notebooks/00-start-here.ipynb $(if $(filter 0,$(shell id -u)),--allow-root,)

## make test: install everything the tests need and run the whole suite (lint and type checks included:
## ruff, mypy on the package ([tool.mypy]), and tsc on js/ inside npm test, run by tests/test_frontend.py).
## Two pytest workers (pytest-xdist): one runs the browser tests, which share their servers and page, while
## the other runs the Lite tests and the rest; tests/conftest.py groups what must stay together (for any -n).
## npm ci runs when node_modules is missing or older than package-lock.json (npm ci writes node_modules/.package-lock.json).
test: venv browser redis
	$(BIN)/python -m pip install --quiet -e ".[test,lab]"
	@if ! command -v npm >/dev/null; then echo "note: npm is missing: the front-end unit tests (js/test) will skip"; \
	elif [ ! node_modules/.package-lock.json -nt package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; fi
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2

## Chromium for the browser tests: Debian's package (Playwright cannot download browsers here).
## Without it, and without root to install it, the browser tests skip with a reason,
## or fail when CARDWIDGETS_REQUIRE_BROWSER=1 (as in CI).
browser:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "note: /usr/bin/chromium is missing (apt-get install chromium); browser tests will skip"; fi

## redis-server for the store tests (tests/test_store.py start their own on a free loopback port).
redis:
	@if command -v redis-server >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; \
	else echo "note: redis-server is missing (apt-get install redis-server); the Redis store tests will fail"; fi

## make bundle: rebuild the front-end bundles in cardwidgets/static/ from js/ and every game's js/<widget>/
## (js/build.mjs finds them: a game's widget needs no edit here; needs Node and npm)
bundle:
	npm ci --no-audit --no-fund
	npm run build

## make wasm: rebuild every game's compiled search, cardwidgets/games/<game>/core/<name>.wasm from the
## <name>.c beside it, with Debian's clang and lld (installed with apt when root and missing), always
## (not by timestamps: CI rebuilds and compares). A game adds one by adding its C file: no edit here.
## No emscripten, no libc: the same file runs in CPython (wasmtime) and in JupyterLite (the browser).
WASM_SOURCES := $(sort $(wildcard cardwidgets/games/*/core/*.c))
## What the loader (cardwidgets/analysis/wasm_core.py) calls on every such module.
## Its memory is imported and shared (threads: instances of it share the table, analysis/parallel.py);
## each instance's own state is thread-local and attach() gives it a block and a stack.
## No memcpy/memmove built from loops: wasmtime runs memory.copy as a call into its runtime.
WASM_EXPORTS := core_version io_buffer attach setup_table new_deal join_deal load_position solve nodes_done \
	table_entries __stack_pointer
WASM_FLAGS := --target=wasm32 -nostdlib -O2 -fno-builtin-memcpy -fno-builtin-memmove \
	-mbulk-memory -matomics -mmutable-globals -ftls-model=local-exec \
	-Wall -Wextra -Werror -ffile-prefix-map=$(CURDIR)/= -Wl,--no-entry -Wl,--strip-all -Wl,--import-undefined \
	-Wl,--import-memory -Wl,--shared-memory -Wl,--max-memory=4294967296 \
	$(foreach name,$(WASM_EXPORTS),-Wl,--export=$(name))

wasm: $(WASM_SOURCES:.c=.wasm)

$(WASM_SOURCES:.c=.wasm): %.wasm: %.c clang FORCE
	clang $(WASM_FLAGS) -o $@ $<

clang:
	@if command -v clang >/dev/null && command -v wasm-ld >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang lld >/dev/null; \
	else echo "error: clang and lld are missing (apt-get install clang lld)"; exit 1; fi

FORCE:
