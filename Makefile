# Two commands work on a fresh machine with Python 3.11+ and make:
#   make build   create .venv, install prosec, compile patterns/ into generated/
#   make test    the same set-up, then the whole test suite and the CI gates
#                (the set-up installs the otel and dbos extras their tests need)
# and one more with the OpenProse standard patterns (README, Conformance):
#   make conformance CORPUS=path/to/prose/packages/std/patterns

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# The conformance corpus; the tests read it from PROSEC_CORPUS.
CORPUS ?= ../shared/corpus/std-patterns

.PHONY: install build test check lint conformance bench tables clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,otel,dbos]'
	touch $(STAMP)

install: $(STAMP)

build: install
	$(BIN)/prosec build patterns -o generated

# The suite keeps its build cache in a temporary folder (tests/conftest.py);
# the gate compiles afresh, so `make test` writes no cache in the home folder.
# `--dist loadfile` keeps each test file on one worker: the phrasing figures
# (tests/test_phrasings.py) take a minute or more and are computed once.
# `--no-loadscope-reorder` hands the files out in the order the suite
# collects them, the longest first (tests/conftest.py), not by how many
# tests each has, which left the two longest for last on one worker.
# `build --verify-format` after `check`: check fails on a stale generated/,
# and the build then writes nothing; it formats every file with black itself.
test: install
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder
	$(BIN)/prosec check --no-cache patterns -o generated
	$(BIN)/prosec build --no-cache --verify-format -q patterns -o generated
	$(BIN)/python -m mypy --strict generated
	$(BIN)/python -m ruff check generated

check: install
	$(BIN)/prosec check patterns -o generated

conformance: install
	@test -d "$(CORPUS)" || { \
		echo "make conformance: no folder $(CORPUS)" >&2; \
		echo "  git clone https://github.com/openprose/prose and pass CORPUS=prose/packages/std/patterns" >&2; \
		exit 2; }
	PROSEC_CORPUS="$(abspath $(CORPUS))" $(BIN)/python -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder -m corpus
	$(BIN)/prosec report "$(CORPUS)" | tail -n 1

lint: install
	$(BIN)/python -m ruff check prosec tests bench generated
	$(BIN)/python -m mypy prosec

# Benchmarks, with their targets (not part of `make test`): bench/run.py --help
bench: install
	$(BIN)/python bench/run.py

# The parsers' tables (prosec/grammar_tables.py for ProseScript,
# prosec/invariants/english_tables.py for the sentence reader), after a
# change to either grammar or to the reader's word kinds.
tables: install
	$(BIN)/python -m prosec.lalr_tables
	$(BIN)/python -m prosec.invariants.tables

clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis bench/results
