"""A form sent without its CSRF token gets the site's own page, in the reader's language."""

import pytest
from bs4 import BeautifulSoup
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "lang", "heading"),
    [
        ("/en/rulings/ask/", "en", "The form could not be sent"),
        ("/es/resoluciones/preguntar/", "es", "No se pudo enviar el formulario"),
    ],
)
def test_a_form_without_its_token_gets_the_sites_403_page(home, url, lang, heading):
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(url, {"question": "Can I pass?", "action": "send"})
    assert response.status_code == 403
    html = BeautifulSoup(response.content, "html.parser")
    assert html.html["lang"] == lang
    assert html.h1.get_text() == heading
    # The site's layout: its header and language switcher, not Django's bare page.
    assert html.select_one(".site-header")
    other = "en" if lang == "es" else "es"
    assert html.select_one(f".language-switcher a[hreflang={other}]")["href"] == f"/{other}/"
    assert "CSRF verification failed" not in response.content.decode()
