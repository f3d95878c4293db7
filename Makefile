# Rulesage — `make run` serves the demo site on SQLite; `make test` runs every check on PostgreSQL.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip --quiet --disable-pip-version-check
HOST ?= 127.0.0.1
PORT ?= 8000
DEBUG ?= 0
PYTEST_ARGS ?= --reuse-db
# pytest-xdist workers, each on a test database of its own (test_rulesage_gw0, ...); tests
# marked xdist_group share a worker (--dist loadgroup) and what it builds once for them.
TEST_WORKERS ?= 2

# Installs come only from the hashed lock files in requirements/ (docs/dependencies.md):
# requirements/run.txt for `make run`, requirements/test.txt (run + the dev extra) for
# `make test`. `make lock` rewrites both from pyproject.toml with a pinned uv, kept in a
# virtualenv of its own inside .venv; LOCK_ARGS passes options such as --upgrade-package NAME.
UV_VERSION := 0.13.9
LOCK_VENV := $(VENV)/.lock-tools
LOCK_ARGS ?=
COMPILE := $(LOCK_VENV)/bin/uv pip compile --quiet --universal --python-version 3.11 \
	--generate-hashes --custom-compile-command "make lock" $(LOCK_ARGS)

.PHONY: install install-run install-test lock run test lint format makemessages compilemessages clean

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Rulesage needs Python 3.11 or newer (set PYTHON=python3.11).")'
	$(PYTHON) -m venv $(VENV)

# The lock first, every file checked against its hash and nothing else pulled in; then the
# project itself, built by the locked setuptools. `pip check` fails when pyproject.toml asks
# for something the lock lacks (run `make lock`).
define install_lock
	$(PIP) install --require-hashes --no-deps -r $(1)
	$(PIP) install --no-deps --no-build-isolation -e .
	@problems="$$($(VENV)/bin/pip check)" || { echo "$$problems"; \
		echo "$(1) is behind pyproject.toml: run make lock" >&2; exit 1; }
	@touch $@
endef

$(VENV)/.installed-run: pyproject.toml requirements/run.txt | $(PY)
	$(call install_lock,requirements/run.txt)

$(VENV)/.installed-test: pyproject.toml requirements/test.txt | $(PY)
	$(call install_lock,requirements/test.txt)

install-run: $(VENV)/.installed-run
install-test: $(VENV)/.installed-test
install: install-test

$(LOCK_VENV)/.uv-$(UV_VERSION):
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	@touch $@

# The test lock is constrained by the run lock, so both install the same runtime versions.
lock: $(LOCK_VENV)/.uv-$(UV_VERSION)
	$(COMPILE) pyproject.toml requirements/build.in -o requirements/run.txt
	$(COMPILE) pyproject.toml requirements/build.in --extra dev -c requirements/run.txt \
		-o requirements/test.txt

compilemessages: install-run
	$(PY) manage.py compile_translations

# Quiet until the block of demo sign-ins (ensure_admin --demo), printed last before the
# server starts (wagtail-modeltranslation's migrate prints the columns it adds whatever the
# verbosity: its standard output is dropped, errors still show). The task worker runs
# beside the server and is stopped with it; it prints e-mails, each under a line naming
# its recipient; their links point at this server unless RULESAGE_BASE_URL (readers'
# e-mails) or WAGTAILADMIN_BASE_URL (the admin's) says.
run: install-run compilemessages
	@export DEBUG=$(DEBUG) RULESAGE_BASE_URL="$${RULESAGE_BASE_URL:-http://$(HOST):$(PORT)}" \
		WAGTAILADMIN_BASE_URL="$${WAGTAILADMIN_BASE_URL:-http://$(HOST):$(PORT)}"; \
	set -e; \
	$(PY) manage.py migrate --noinput -v 0 >/dev/null; \
	$(PY) manage.py update_translation_fields -v 0; \
	$(PY) manage.py load_demo; \
	$(PY) manage.py ensure_admin --demo; \
	$(PY) manage.py db_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT; trap 'exit 130' INT TERM; \
	$(PY) manage.py runserver --noreload $(HOST):$(PORT)

test: install-test compilemessages
	@bash scripts/ensure_system_packages.sh
	@DATABASE_URL="$$($(PY) scripts/ensure_postgres.py)" || exit 1; \
	export DATABASE_URL DJANGO_SETTINGS_MODULE=rulesage.settings.test; \
	set -e; \
	$(PY) manage.py check; \
	$(PY) manage.py makemigrations --check --dry-run; \
	$(VENV)/bin/lint-imports; \
	$(PY) -m pytest --numprocesses $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

lint: install-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: install-test
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

makemessages: install-run
	$(PY) manage.py makemessages --locale es --ignore ".venv/*" --ignore "tests/*" --no-obsolete

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .page-cache
