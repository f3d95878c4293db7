"""Bad addresses get the site's own 404 page, never a traceback; errors are logged."""

import logging
import os
import runpy
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

pytestmark = pytest.mark.django_db


def test_unknown_url_is_styled_404(client, home):
    response = client.get("/en/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html
    assert 'class="site-header"' in html


def test_root_redirects_to_a_language(client, home):
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/en/"


TEST_HOST = {"ALLOWED_HOSTS": "testserver"}
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "rulesage.settings.production",
    "SECRET_KEY": "a-production-secret",
    "ALLOWED_HOSTS": "testserver",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/unused",
}


def run_python(code, env):
    """Run `code` in a fresh interpreter at the project root, as a deployment would."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env={**os.environ, **env},
        cwd=Path(settings.BASE_DIR),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("missing", ["SECRET_KEY", "DATABASE_URL"])
def test_production_settings_refuse_to_start_without(missing, monkeypatch):
    """The settings module itself refuses, so it is run here, in this process, with the
    production environment but for `missing` (starting a process costs seconds)."""
    for name, value in PRODUCTION_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv(missing)
    with pytest.raises(ImproperlyConfigured, match=f"{missing} must be set"):
        runpy.run_module("rulesage.settings.production")


def test_production_settings_start_with_everything_set():
    result = run_python("import django; django.setup()", PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr


# A view that fails, served through the settings' own middleware, logging and 500 page.
FAILING_REQUEST = """
    import django
    from django.test.utils import override_settings
    from django.urls import path

    django.setup()

    def broken(request):
        raise RuntimeError("the view broke")

    urlpatterns = [path("broken/", broken)]

    from django.test import Client

    # Static files are not collected here; the manifest storage would fail the 500 page.
    plain = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
             "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    with override_settings(ROOT_URLCONF="__main__", STORAGES=plain):
        # Over HTTPS, as requests reach production (it redirects plain HTTP).
        response = Client(raise_request_exception=False).get("/broken/", secure=True)
    print("status", response.status_code)
"""


@pytest.mark.parametrize(
    "env",
    [
        {"DJANGO_SETTINGS_MODULE": "rulesage.settings.dev", "DEBUG": "0", **TEST_HOST},
        {"DJANGO_SETTINGS_MODULE": "rulesage.settings.dev", "DEBUG": "1", **TEST_HOST},
        PRODUCTION_ENV,
    ],
    ids=["dev", "dev-debug", "production"],
)
def test_a_server_error_is_logged_with_its_traceback(env):
    result = run_python(FAILING_REQUEST, env)
    assert "status 500" in result.stdout, result.stderr
    assert "ERROR django.request: Internal Server Error: /broken/" in result.stderr
    assert "Traceback (most recent call last)" in result.stderr
    assert "RuntimeError: the view broke" in result.stderr


def test_server_error_page_is_styled_and_bilingual(rf):
    from django.views.defaults import server_error

    response = server_error(rf.get("/en/boom/"))
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong" in html
    assert 'lang="es"' in html
    assert "Traceback" not in html


class Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


@pytest.fixture
def logged():
    """Records of django.request (which does not propagate to the root logger here) and of
    rulesage.faults."""
    handler = Records()
    loggers = [logging.getLogger(name) for name in ("django.request", "rulesage.faults")]
    for logger in loggers:
        logger.addHandler(handler)
    yield handler.records
    for logger in loggers:
        logger.removeHandler(handler)


@pytest.mark.parametrize("where", ["in-view", "in-middleware"])
def test_a_database_outage_is_a_503_logged_in_one_line(client, settings, logged, where):
    settings.ROOT_URLCONF = "tests.rulesage.database_down"
    settings.MIDDLEWARE = [
        "tests.rulesage.database_down.DatabaseDownMiddleware",
        *settings.MIDDLEWARE,
    ]
    client.raise_request_exception = False
    response = client.get(f"/{where}/")
    assert response.status_code == 503
    assert response["Retry-After"] == str(settings.RULESAGE_RETRY_AFTER_SECONDS)
    assert [(r.name, r.levelname, r.getMessage(), r.exc_info) for r in logged] == [
        (
            "rulesage.faults",
            "ERROR",
            f"Database unavailable: GET /{where}/ answered 503 "
            "(OperationalError: connection refused)",
            None,
        )
    ]
