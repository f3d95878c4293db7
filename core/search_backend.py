"""The site search's database backend: Wagtail's, with the plain fallback on SQLite.

Wagtail's database backend picks SQLite's full-text table on SQLite, which can only
search its own title/body columns, not the per-language columns the site search names;
its plain fallback (substring matches on those columns) serves `make run` through the
same `search(…, fields=…)` call. On PostgreSQL this is Wagtail's PostgreSQL backend.
"""

from django.db import connection
from modelsearch.backends import database
from modelsearch.backends.database.fallback import DatabaseSearchBackend


def SearchBackend(params):  # noqa: N802 - the name Wagtail looks up in a backend module
    if connection.vendor == "sqlite":
        return DatabaseSearchBackend(params)
    return database.SearchBackend(params)
