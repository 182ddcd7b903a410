# Two commands for a newcomer: `make run` starts the bot, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench preview clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

test: lint typecheck pytest

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(STAMP)
	$(PY) -m mypy

# -n auto: one pytest worker per core (pytest-xdist).
pytest: $(STAMP)
	$(PY) -m pytest -q -n auto

bench: $(STAMP)
	for game in $$($(PY) -c "from renderers import RENDERERS; print(*RENDERERS)"); do \
		$(PY) -m bot bench --game $$game || exit 1; \
	done

preview: $(STAMP)
	$(PY) -m bot preview ruship --seed 7 --moves 20 --out docs/board.png

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
