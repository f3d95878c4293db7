# Rulesage — `make run` serves the demo site on SQLite; `make test` runs every check on PostgreSQL.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
DEBUG ?= 0
PYTEST_ARGS ?= --reuse-db

.PHONY: install run test lint format makemessages compilemessages clean

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Rulesage needs Python 3.11 or newer (set PYTHON=python3.11).")'
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --upgrade pip
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -e ".[dev]"
	@touch $@

install: $(VENV)/.installed

compilemessages: install
	$(PY) manage.py compile_translations

run: install compilemessages
	DEBUG=$(DEBUG) $(PY) manage.py migrate --noinput
	DEBUG=$(DEBUG) $(PY) manage.py update_translation_fields
	DEBUG=$(DEBUG) $(PY) manage.py load_demo
	DEBUG=$(DEBUG) $(PY) manage.py ensure_admin
	@echo "Rulesage: http://$(HOST):$(PORT)/en/  (admin: http://$(HOST):$(PORT)/admin/)"
	@# The task worker (e-mails to readers, printed here) runs beside the server and is
	@# stopped with it; links in e-mails point at this server unless RULESAGE_BASE_URL says.
	@export DEBUG=$(DEBUG) RULESAGE_BASE_URL="$${RULESAGE_BASE_URL:-http://$(HOST):$(PORT)}"; \
	$(PY) manage.py db_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT; trap 'exit 130' INT TERM; \
	$(PY) manage.py runserver --noreload $(HOST):$(PORT)

test: install compilemessages
	@bash scripts/ensure_system_packages.sh
	@DATABASE_URL="$$($(PY) scripts/ensure_postgres.py)" || exit 1; \
	export DATABASE_URL DJANGO_SETTINGS_MODULE=rulesage.settings.test; \
	set -e; \
	$(PY) manage.py check; \
	$(PY) manage.py makemigrations --check --dry-run; \
	$(VENV)/bin/lint-imports; \
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

makemessages: install
	$(PY) manage.py makemessages --locale es --ignore ".venv/*" --ignore "tests/*" --no-obsolete

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .page-cache
