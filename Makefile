# Two commands do all the set-up: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NATIVE := $(VENV)/.compiled
NATIVE_SRC := $(shell $(PY) src/tabletop/native.py)

.PHONY: run play compile test lint typecheck unit browser slow bench bench-compare bench-games bench-strength golden soak clean

$(STAMP): pyproject.toml Makefile
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,rl,ray]'
	touch $(STAMP)

# The engine's kernel and Paupers' Ladder's rules compiled to C with mypyc (src/tabletop/native.py;
# docs/speed.md). Rebuilt when a listed source changes; a stale build never runs.
compile: $(NATIVE)
$(NATIVE): $(STAMP) setup.py src/tabletop/native.py $(NATIVE_SRC)
	find src -name '*.so' -delete
	TABLETOP_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace -j 2
	# an unchanged C file is copied with its old time; the guard compares times with the sources
	find src -name '*.so' -exec touch {} +
	touch $(NATIVE)

# The main job: the web app at http://127.0.0.1:8000 on SQLite (./var/tabletop.db).
run: $(NATIVE)
	$(BIN)/tabletop serve

# The terminal launcher.
play: $(NATIVE)
	$(BIN)/tabletop launch

# The whole suite: lint, types, unit and rule tests, then the browser tests in headless Chromium.
test: $(NATIVE) lint typecheck unit browser

lint: $(STAMP)
	$(BIN)/ruff check src tests setup.py
	$(BIN)/ruff format --check src tests setup.py

typecheck: $(STAMP)
	$(BIN)/mypy

# Both on two workers; work stealing keeps the long tests (the conformance playouts) from making
# one worker finish last alone. Each browser worker has its own server and Chromium
# (tests/web/browser_support.py). The slowest tests are listed at the end of each run.
unit: $(NATIVE)
	scripts/install-postgres.sh
	$(BIN)/pytest -n 2 --dist worksteal --durations=15

browser: $(NATIVE)
	scripts/install-browser.sh
	$(BIN)/pytest -m browser -n 2 --dist worksteal --durations=15

slow: $(NATIVE)
	$(BIN)/pytest -m slow

bench: $(NATIVE)
	$(BIN)/tabletop bench --all

# Random playouts of every mode of every game beside OpenSpiel's tic-tac-toe and gin rummy, in
# one process (docs/speed.md); OpenSpiel comes with the 'compare' extra.
bench-compare: $(NATIVE)
	$(BIN)/python -c 'import pyspiel' 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[compare]'
	$(BIN)/tabletop bench --vs-openspiel

# Designers' throughput: every mode's games per CPU second with the game's own bot, and the
# search bot's playouts per second on a mid-game state (docs/simulation.md).
bench-games: $(NATIVE)
	$(BIN)/tabletop bench --games

# The search bot against the game's own bot in every mode, 200 games each, seats rotated, with
# 95% intervals (docs/simulation.md). Hours on 2 cores: STRENGTH_ARGS="--games 40" for less.
bench-strength: $(NATIVE)
	$(BIN)/tabletop bench --strength --workers 2 $(STRENGTH_ARGS)

# The reliability pass (not in `make test`; docs/web.md): every game and mode fuzzed to 1,000,000
# checked random actions, replays, concurrent clients racing simultaneous decisions, undos and
# actions on two server workers, the Lairs Builder's choice raced by the explorer, kill -9
# restarts, an HTTP differential for leaks; on SQLite, then on a throwaway PostgreSQL server it
# starts and stops itself (scripts/install-postgres.sh installs the binaries). Prints figures per
# game and store; SOAK_ARGS passes options (e.g. SOAK_ARGS="--seed 7 --fuzz-actions 20000"),
# see `python -m tabletop.soak -h`.
soak: $(NATIVE)
	$(BIN)/python -m tabletop.soak $(SOAK_ARGS)

golden: $(NATIVE)
	$(BIN)/pytest tests/test_golden.py tests/lairs/test_golden_games.py --regenerate-golden -p no:xdist

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build
	find src -name '*.so' -delete
