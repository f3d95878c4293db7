"""Bad addresses get the site's own 404 page, never a traceback."""

import pytest

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


def test_production_settings_refuse_to_start_without_secret_key():
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env["DJANGO_SETTINGS_MODULE"] = "rulesage.settings.production"
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_server_error_page_is_styled_and_bilingual(rf):
    from django.views.defaults import server_error

    response = server_error(rf.get("/en/boom/"))
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong" in html
    assert 'lang="es"' in html
    assert "Traceback" not in html
