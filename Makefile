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

DEMO := out/demo

# Parse and audit the sample logs, import them, print stats, and write a report and a replay page.
demo: venv
	@mkdir -p $(DEMO) && rm -f $(DEMO)/demo.duckdb
	$(BIN)/studbook parse histories/
	$(BIN)/studbook audit histories/ > $(DEMO)/audit.txt; tail -n 1 $(DEMO)/audit.txt
	$(BIN)/studbook audit histories/descubierto-2024-11-15.txt --hand 1115-01
	$(BIN)/studbook import histories/ --db $(DEMO)/demo.duckdb
	$(BIN)/studbook stats --db $(DEMO)/demo.duckdb --min-hands 20
	$(BIN)/studbook report --db $(DEMO)/demo.duckdb -o $(DEMO)/overview.html
	$(BIN)/studbook report --db $(DEMO)/demo.duckdb --player Luis -o $(DEMO)/report-Luis.html
	$(BIN)/studbook replay histories/descubierto-2024-11-15.txt --hand 1115-01 -o $(DEMO)/replay-1115-01.html
	@echo
	@echo "audit tables:   $(DEMO)/audit.txt"
	@echo "overview:       $(DEMO)/overview.html"
	@echo "player report:  $(DEMO)/report-Luis.html"
	@echo "hand replayer:  $(DEMO)/replay-1115-01.html"

bench: venv
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
