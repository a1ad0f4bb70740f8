# Two commands do all the set-up: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit slow bench golden clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tabletop launch

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

slow: $(STAMP)
	$(BIN)/pytest -m slow

bench: $(STAMP)
	$(BIN)/tabletop bench --all

golden: $(STAMP)
	$(BIN)/pytest tests/test_golden.py --regenerate-golden -p no:xdist

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
