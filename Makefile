# Two commands for a newcomer: `make run` starts the bot, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench preview pictures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# Settings come from the environment and, if present, from .env (DISCORD_TOKEN=...).
run: $(STAMP)
	set -a; [ ! -f .env ] || . ./.env; set +a; $(PY) -m bot

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

# A board picture to look at: build/preview.png (build/ is not tracked). GAME=fireship ...
GAME ?= ruship
preview: $(STAMP)
	$(PY) -m bot preview $(GAME) --seed 7 --moves 40 --out build/preview.png

# The README's pictures, drawn again from seeded matches.
pictures: $(STAMP)
	$(PY) -m bot preview ruship --seed 7 --moves 20 --out docs/board.png
	$(PY) -m bot preview bugrace --seed 3 --moves 40 --players 3 --out docs/bugrace.png
	$(PY) -m bot preview rushncrush --seed 2 --moves 60 --players 4 --out docs/rushncrush.png
	$(PY) -m bot preview fireship --seed 4 --moves 120 --players 3 --out docs/fireship.png
	$(PY) -m bot preview rushout --seed 5 --moves 60 --players 4 --out docs/rushout.png

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
