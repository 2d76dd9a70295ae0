# Two commands work on a fresh machine with Python 3.11+ and make:
#   make build   create .venv, install prosec, compile patterns/ into generated/
#   make test    the same set-up, then the whole test suite and the CI gates

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install build test check lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

build: install
	$(BIN)/prosec build patterns -o generated

# The suite keeps its build cache in a temporary folder (tests/conftest.py);
# the gate compiles afresh, so `make test` writes no cache in the home folder.
test: install
	$(BIN)/python -m pytest -q -n 2
	$(BIN)/prosec check --no-cache patterns -o generated
	$(BIN)/python -m mypy --strict generated
	$(BIN)/python -m ruff check generated

check: install
	$(BIN)/prosec check patterns -o generated

lint: install
	$(BIN)/python -m ruff check prosec tests bench generated
	$(BIN)/python -m mypy prosec

# Benchmarks, with their targets (not part of `make test`): bench/run.py --help
bench: install
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis bench/results
