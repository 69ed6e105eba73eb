# Two commands for a user: `make demo` and `make test`. Each creates .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv test demo bench lint clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

test: venv
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

demo: venv
	$(BIN)/studbook parse histories/

bench: venv
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
