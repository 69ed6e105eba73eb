# Two commands for a user: `make demo` and `make test`. Each creates .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEPS := $(VENV)/.dependencies
STAMP := $(VENV)/.installed

.PHONY: venv compiled test test-compiled test-pure test-3.13 demo demo-notice bench clean

# STUDBOOK_PURE set (and not 0): pure Python, nothing compiled (setup.py reads it the same way).
PURE := $(filter-out 0,$(STUDBOOK_PURE))
# The mypyc compile prints pages of C compiler output: they go to this file, and only the line saying
# which build runs (or why it is pure Python) is shown; the last lines of the file if the compile fails.
BUILD_LOG := $(VENV)/build.log
define compile
	@$(if $(PURE),,echo "studbook: compiling the hot path with mypyc: several minutes (about 7 on 2 cores)"; \
		echo "  compiler output: $(BUILD_LOG); STUDBOOK_PURE=1 skips the compile (pure Python: same results, slower)")
	@$(BIN)/python setup.py --quiet build_ext --inplace > $(BUILD_LOG) 2>&1 \
		|| { tail -n 30 $(BUILD_LOG); echo "studbook: the build failed; its output is in $(BUILD_LOG)"; exit 1; }
	@grep '^studbook: ' $(BUILD_LOG) || true
endef

venv: $(STAMP)

# The dependencies and the package, pure Python: what every pass of `make test` needs first.
$(DEPS): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	STUDBOOK_PURE=1 $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(DEPS)

# Then the hot path compiled with mypyc where a C compiler is present (setup.py); the last line says which
# build runs (STUDBOOK_PURE=1 make venv: pure Python only).
$(STAMP): $(DEPS)
	$(compile)
	$(BIN)/studbook --version
	touch $(STAMP)

# Compile again when a compiled module's source changed since (until then studbook runs pure Python).
compiled: venv
	@if $(BIN)/python -c "import studbook, sys; sys.exit(studbook.BUILD.stale)" 2>/dev/null; then \
		exit 0; else $(MAKE) --no-print-directory recompile; fi

.PHONY: recompile
recompile:
	$(compile)

# The reading layer leans on re and Lark, whose behaviour can move between Python versions: `make test
# WITH_PY313=1` (CI asks for it: .ci/run) also runs the grammar tests under a Python 3.13, in a second
# environment of its own (.venv-3.13, about 700 MB).
WITH_PY313 ?=
PY313 ?= $(shell for p in $$HOME/.pyenv/versions/3.13*/bin/python3.13 $$(command -v python3.13); do \
	"$$p" -V >/dev/null 2>&1 && echo "$$p" && break; done)
VENV313 := .venv-3.13
# Some tests run in one lane only, chosen so that the two lanes end together: the tests of process
# orchestration (the lake's, the watcher's), which run the same row code as the import tests, and the
# reports' tests (pages, charts, the browser), which no compiled module serves. The lake's main tests and
# the reports' run in the pure lane, the others in the compiled lane (which compiles first).
PURE_TESTS ?= tests/grammar tests/rules tests/core tests/analytics tests/reports \
	--ignore=tests/analytics/test_lake_killed_worker.py \
	--ignore=tests/analytics/test_lake_analyse.py --ignore=tests/analytics/test_watch.py
COMPILED_TESTS ?= tests --ignore=tests/reports --ignore=tests/analytics/test_lake.py

# The suite runs on the build installed (compiled where a C compiler is), then the parts the compiled
# modules serve run again on pure Python. The two lanes run side by side, one a core: the compile and the
# compiled pass, and the checks, the pure pass and Python 3.13's (each lane's output printed when it ends).
test: $(DEPS)
	$(MAKE) --no-print-directory -j2 --output-sync=target test-compiled test-pure

test-compiled:
	$(MAKE) --no-print-directory compiled
	$(BIN)/studbook --version
	$(BIN)/python -m pytest -rs $(COMPILED_TESTS)

test-pure: $(DEPS)
	$(BIN)/ruff check .
	$(BIN)/python setup.py --quiet typecheck
	STUDBOOK_PURE=1 $(BIN)/python -m pytest -rs -p no:cacheprovider $(PURE_TESTS)
	@if [ -z "$(WITH_PY313)" ]; then echo "the grammar tests ran on $$($(BIN)/python -V) only; make test" \
		"WITH_PY313=1 runs them under Python 3.13 too (a second environment, .venv-3.13, about 700 MB)"; \
	elif [ -n "$(PY313)" ]; then $(MAKE) --no-print-directory test-3.13; \
	else echo "WITH_PY313 is set but there is no Python 3.13 on this machine: the grammar tests ran on" \
		"$$($(BIN)/python -V) only"; fi

test-3.13:
	test -x $(VENV313)/bin/python || $(PY313) -m venv $(VENV313)
	STUDBOOK_PURE=1 $(VENV313)/bin/python -m pip install --quiet -e '.[test]'
	$(VENV313)/bin/python -m pytest -rs -p no:cacheprovider tests/grammar tests/core/test_doctests.py -k "grammar"

DEMO := out/demo

# Parse and audit the sample logs, import them, print stats, and write a report and a replay page. The
# demo's folder is its own: it starts afresh each time.
demo: demo-notice compiled
	@mkdir -p $(DEMO) && cd $(DEMO) && rm -f demo.duckdb audit.txt overview.html report-Luis.html replay-1115-01.html
	$(BIN)/studbook parse histories/
	$(BIN)/studbook audit --all histories/ > $(DEMO)/audit.txt; tail -n 1 $(DEMO)/audit.txt
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

# Said first, before a first `make demo` installs anything: the compile is its long part.
demo-notice:
	@$(if $(PURE),,test -e $(STAMP) || { \
		echo "make demo: a first run installs the dependencies into .venv (a minute or two), then compiles"; \
		echo "  studbook's hot path with mypyc, which takes several minutes (about 7 on 2 cores)."; \
		echo "  STUDBOOK_PURE=1 make demo skips the compile: pure Python, the same results, slower."; })

bench: compiled
	$(BIN)/python bench/run.py
	$(BIN)/python bench/serve_bench.py

clean:
	rm -rf $(VENV) $(VENV313) build *.egg-info studbook/compiled
