# Two commands set everything up on a fresh machine with Python >= 3.11 and pip:
#   make run    create .venv, install the app, launch it
#   make test   create .venv, install the app with test extras, run the linters (make lint), then the whole suite
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench package clean-venv translations

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m chessgui

# ruff (lint + formatting) and mypy, configured in pyproject.toml; the same hooks run in pre-commit.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# When pytest itself dies (a segfault), the test that was running and the seed of the
# random order are printed from the breadcrumb tests/conftest.py leaves.
test: $(STAMP) lint
	$(PY) -m pytest -q || { status=$$?; cat .pytest_cache/running-test.txt 2>/dev/null; exit $$status; }

bench: $(STAMP)
	$(PY) -m engine bench

# Re-extract the UI texts into resources/i18n/*.ts (pyside6-lupdate) and compile the .qm files the app loads.
translations: $(STAMP)
	VENV=$(VENV) bash tools/update_translations.sh

clean-venv:
	rm -rf $(VENV)

# Desktop app (packaging/README-platforms.md): a one-folder PyInstaller build in dist/chessgui,
# and the real check of it (build, start on Xvfb, play 1. e4, the engine must answer).
.PHONY: package-check
package: $(STAMP)
	VENV=$(VENV) bash packaging/build.sh

package-check: $(STAMP)
	$(PY) packaging/check_frozen.py --rebuild
