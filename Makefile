# Two commands for people: `make run` and `make test`. Everything else is for operators.
# Python 3.11 (Django 5.2 LTS); python3 is used when it is 3.11 and python3.11 is not on PATH.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# axe-core, injected into pages by the browser suite's accessibility check (package.json pins it);
# only the tests need it, so `make run` never installs Node packages.
AXE := node_modules/axe-core/axe.min.js
HOST ?= 127.0.0.1
PORT ?= 8000
# The local SMTP listener that takes replies by mail (0: off).
SMTP_PORT ?= 2525
# Both cores: the suite is mostly CPU-bound random playouts.
PYTEST_ARGS ?= -n 2

.PHONY: run test bench bench-peers faults venv migrate clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null || { echo "Ravenpost needs Python 3.11 (found: $(PYTHON))"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

migrate: $(STAMP)
	$(BIN)/python manage.py migrate --noinput

run: migrate
	$(BIN)/python manage.py runservice --host $(HOST) --port $(PORT) --smtp-port $(SMTP_PORT)

$(AXE): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --silent && touch $(AXE); \
	else echo "npm is missing: the accessibility check will be skipped (or fail under CI)"; fi

test: $(STAMP) $(AXE)
	$(BIN)/mypy
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/run.py

# The peer harness (PEERS=<its folder>) and the write-path benchmarks in one run, with the ratios.
bench-peers: $(STAMP)
	PEERS="$(PEERS)" $(BIN)/python -m bench.peers

# The fault run (docs/operators/faults.md): a deployment of its own on loopback, broken at known times
# while games are played; prints one table. ARGS=--quick: the three-minute run that CI does.
faults: $(STAMP)
	$(BIN)/python -m faults $(ARGS)

clean:
	rm -rf $(VENV) var node_modules
