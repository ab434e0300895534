# Two commands for people: `make run` and `make test`. Everything else is for operators.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# Both cores: the suite is mostly CPU-bound random playouts.
PYTEST_ARGS ?= -n 2

.PHONY: run test bench venv migrate clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "need $(PYTHON) on PATH"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

migrate: $(STAMP)
	$(BIN)/python manage.py migrate --noinput

run: migrate
	$(BIN)/python manage.py runservice --host $(HOST) --port $(PORT)

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) var
