# rulespec: the two commands are `make run` and `make test` (see README.md).
# Both create .venv if it is missing and install the project with the extras they need.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python

.PHONY: run test install lint typecheck pytest docs docs-doctest browser bench bench-openspiel bench-browser proofs playthroughs witnesses clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# One stamp per extras set, so switching between run and test installs what is missing.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/activate
	$(PY) -m pip install --quiet -e '.[proofs]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/activate
	$(PY) -m pip install --quiet -e '.[bench]'
	touch $@

$(VENV)/.installed-docs: pyproject.toml | $(BIN)/activate
	$(PY) -m pip install --quiet -e '.[docs]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/activate
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed-docs $(VENV)/.installed-run  # dev holds both extras

## make run: the main job: proofs plus random games of every variant with invariant checks
run: $(VENV)/.installed-run
	$(BIN)/rulespec verify

## make test: ruff, mypy --strict, pytest (unit, property, proofs, doctests: the modules'
## and every docs page's, each page in its own interpreter), docs with -W, then the built
## site in headless chromium (make browser); at the end, the seconds each phase took.
PHASES := install lint typecheck pytest docs browser
test:
	@log=$$(mktemp); status=0; \
	for phase in $(PHASES); do \
	  start=$$(date +%s); \
	  $(MAKE) --no-print-directory $$phase || status=$$?; \
	  echo "  $$phase $$(( $$(date +%s) - start ))s" >> $$log; \
	  [ $$status -eq 0 ] || break; \
	done; \
	echo "make test: seconds per phase ($$([ $$status -eq 0 ] && echo all passed || echo "FAILED: the last one"))"; \
	cat $$log; rm -f $$log; exit $$status

install: $(VENV)/.installed-dev

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check rulespec proofs tests docs
	$(BIN)/ruff format --check rulespec proofs tests docs

# tests/test_typed_api.py: rulespec.game("lotus", ...) gives frontends the real state and action types
typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy --strict rulespec proofs tests/test_typed_api.py

# Both cores (pytest-xdist); work stealing, since a few variants play much longer games.
pytest: $(VENV)/.installed-dev
	HYPOTHESIS_PROFILE=ci $(BIN)/pytest -n auto --dist worksteal

# make docs needs only the docs extra; make test builds the docs after installing dev. The
# build also installs the pinned Pyodide (npm ci in docs/tryit), fetches the pinned attrs
# wheel and builds rulespec's from this tree, for the rules in the page (docs/_ext/tryit.py).
docs: $(VENV)/.installed-docs
	$(BIN)/sphinx-build -E -n -W --keep-going -b html docs docs/_build/html

## make browser: the built site (make docs) in headless chromium: "Try it" for every game,
## the position lab, the rules search, no page too wide for a phone or too tall. Needs
## Debian's chromium and chromium-driver (.ci/run installs them); says so when they are absent.
browser: $(VENV)/.installed-dev
	@if { command -v chromium || command -v chromium-browser; } >/dev/null 2>&1 \
	    && command -v chromedriver >/dev/null 2>&1; then \
	  HYPOTHESIS_PROFILE=ci $(BIN)/pytest tests/browser; \
	else \
	  echo "make browser: NOT RUN: no chromium here, so the built site was not tried in a browser."; \
	  echo "  apt-get install chromium chromium-driver  (then: make browser)"; \
	fi

# The same examples as pytest's tests/test_docs_examples.py (each page alone) and
# --doctest-modules, run by Sphinx in one process; make test runs those, not this.
docs-doctest: $(VENV)/.installed-dev
	$(BIN)/sphinx-build -E -n -W --keep-going -b doctest docs docs/_build/doctest

proofs: $(VENV)/.installed-dev
	$(PY) -m proofs

## make playthroughs: rewrite tests/playthroughs/*.txt (the golden games the tests diff against)
playthroughs: $(VENV)/.installed-dev
	$(PY) -m rulespec.host.playthrough tests/playthroughs

## make witnesses: rewrite rulespec/<game>/witnesses.json (each rule shown at work in seeded play)
witnesses: $(VENV)/.installed-dev
	$(PY) -m rulespec.witnesses

## make bench: random-play throughput per variant (reported, never asserted)
bench: $(VENV)/.installed-run
	$(BIN)/rulespec bench

## make bench-openspiel: the same random play, µs/step against OpenSpiel's python_team_dominoes
bench-openspiel: $(VENV)/.installed-bench
	$(BIN)/rulespec bench --against openspiel

## make bench-browser: Pyodide's start and the time per move in headless chromium (make docs first)
bench-browser: $(VENV)/.installed-dev
	$(PY) -m tests.browser.bench

clean:
	rm -rf $(VENV) docs/_build docs/tryit/node_modules docs/tryit/wheels dist build .hypothesis
