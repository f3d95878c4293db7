"""The translators' dashboard and the admin home answer on SQLite with the demo, as `make run`
serves them."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

SCRIPT = """
import django; django.setup()
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
call_command("load_demo", verbosity=0)
user = get_user_model().objects.create_superuser("sqlite-admin", "a@example.com", "pw")
client = Client(HTTP_HOST="127.0.0.1")
client.force_login(user)
for url in ["/admin/", "/admin/translations/?language=es",
            "/admin/translations/?language=es&status=behind"]:
    print(url, client.get(url).status_code)
"""


@pytest.mark.slow  # a process of its own on a migrated SQLite database
@pytest.mark.xdist_group("sqlite")
def test_the_dashboard_orders_its_rows_on_sqlite_too(tmp_path, migrated_sqlite):
    """Its rows are ordered by code point, which each database spells its own way."""
    migrated, fresh = migrated_sqlite
    assert migrated.returncode == 0, migrated.stderr[-2000:]
    database = tmp_path / "db.sqlite3"
    shutil.copyfile(fresh, database)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev",
        "DATABASE_URL": f"sqlite:///{database}",
        "PAGE_CACHE_DIR": str(tmp_path / "pages"),
    }
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=env,
        cwd=Path(settings.BASE_DIR),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [
        "/admin/", "200",
        "/admin/translations/?language=es", "200",
        "/admin/translations/?language=es&status=behind", "200",
    ]  # fmt: skip
