# Two commands do all the set-up: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint typecheck unit browser slow bench bench-compare golden soak clean

$(STAMP): pyproject.toml Makefile
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,rl,ray]'
	touch $(STAMP)

# The main job: the web app at http://127.0.0.1:8000 on SQLite (./var/tabletop.db).
run: $(STAMP)
	$(BIN)/tabletop serve

# The terminal launcher.
play: $(STAMP)
	$(BIN)/tabletop launch

# The whole suite: lint, types, unit and rule tests, then the browser tests in headless Chromium.
test: $(STAMP) lint typecheck unit browser

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	scripts/install-postgres.sh
	$(BIN)/pytest -n 2

browser: $(STAMP)
	scripts/install-browser.sh
	$(BIN)/pytest -m browser -p no:xdist

slow: $(STAMP)
	$(BIN)/pytest -m slow

bench: $(STAMP)
	$(BIN)/tabletop bench --all

# Random playouts of every Paupers' Ladder mode beside OpenSpiel's tic-tac-toe and gin rummy, in
# one process (docs/speed.md); OpenSpiel comes with the 'compare' extra.
bench-compare: $(STAMP)
	$(BIN)/python -c 'import pyspiel' 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[compare]'
	$(BIN)/tabletop bench --vs-openspiel

# The reliability pass (not in `make test`): fuzz every game and mode, replays, concurrent clients
# racing undos and actions on a real server, kill -9 restarts. Prints the figures; SOAK_ARGS
# passes options (e.g. SOAK_ARGS="--seed 7 --per-mode 50"), see `python -m tabletop.soak -h`.
soak: $(STAMP)
	$(BIN)/python -m tabletop.soak $(SOAK_ARGS)

golden: $(STAMP)
	$(BIN)/pytest tests/test_golden.py tests/lairs/test_golden_games.py --regenerate-golden -p no:xdist

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
