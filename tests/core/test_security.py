"""Security a browser or an attacker would notice: the headers on every kind of page, the
admin's own policy, and the sign-in throttle."""

import re

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from tests.rulesage.fixtures import fixtures_from_full_site, reader_urls

pytestmark = pytest.mark.django_db


# The site is built once for the module (tests.rulesage.fixtures.FullSite).
full_site, home, policy = fixtures_from_full_site("full_site", "home", "policy")


# What every response says, whatever page it is.
EXPECTED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "SAMEORIGIN",
}


def directives(response):
    policy = response.headers["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


def assert_headers(response, name):
    """What every response carries, the admin's included."""
    for header, value in EXPECTED.items():
        assert response.headers.get(header) == value, (name, header)
    policy = directives(response)
    assert "'unsafe-eval'" not in response.headers["Content-Security-Policy"], name
    assert policy["default-src"] == ["'self'"], name
    assert policy["object-src"] == ["'none'"], name
    assert policy["frame-ancestors"] == ["'self'"], name
    assert policy["base-uri"] == ["'self'"], name
    assert policy["form-action"] == ["'self'"], name
    assert policy["connect-src"] == ["'self'"], name
    assert "camera=()" in response.headers["Permissions-Policy"], name
    assert "geolocation=()" in response.headers["Permissions-Policy"], name
    return policy


def assert_locked_down(response, name):
    """The strict policy: scripts and styles from this site only, nothing inline."""
    policy = assert_headers(response, name)
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"], name
    assert policy["script-src"] == ["'self'"], name
    assert policy["style-src"] == ["'self'"], name


def assert_admin_policy(response, name):
    """The admin's policy (docs/decisions/admin-csp.md): inline allowed, other hosts not.

    No nonce either: beside a nonce a browser ignores 'unsafe-inline', and the admin's
    inline code would be blocked.
    """
    policy = assert_headers(response, name)
    assert policy["script-src"] == ["'self'", "'unsafe-inline'"], name
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"], name
    assert "nonce-" not in response.headers["Content-Security-Policy"], name


def every_kind_of_page(full_site):
    guide, ruling = full_site
    urls = reader_urls(guide, ruling, "en")
    pages = {name: urls[name] for name in ("home", "game", "guide", "ruling", "corrections")}
    pages["guide (es)"] = reader_urls(guide, ruling, "es")["guide"]
    with translation.override("en"):
        pages["corrections feed"] = reverse("corrections_feed")
    pages["sitemap"] = "/sitemap.xml"
    pages["robots.txt"] = "/robots.txt"
    pages["not found"] = "/en/no-such-page/"
    pages["admin login"] = reverse("wagtailadmin_login")
    return pages


def test_every_kind_of_page_sends_the_security_headers(client, full_site, editor):
    for name, url in every_kind_of_page(full_site).items():
        response = client.get(url)
        assert response.status_code == (404 if name == "not found" else 200), name
        assert_locked_down(response, name)
        # A reader page runs no inline script, so its header needs (and has) no nonce.
        if not name.startswith("admin"):
            assert "nonce-" not in response.headers["Content-Security-Policy"], name
            assert not re.search(rb"<script(?![^>]*\b(src|type)=)", response.content), name
            assert b" style=" not in response.content, name

    guide, _ruling = full_site
    client.force_login(editor)
    for name, url in {
        "admin home": reverse("wagtailadmin_home"),
        "admin page editor": reverse("wagtailadmin_pages:edit", args=[guide.pk]),
        "admin page listing": reverse("wagtailadmin_explore", args=[guide.get_parent().pk]),
    }.items():
        response = client.get(url)
        assert response.status_code == 200, name
        assert_admin_policy(response, name)


def test_a_signed_in_editor_reading_the_site_gets_the_strict_policy(client, full_site, editor):
    client.force_login(editor)
    for name, url in every_kind_of_page(full_site).items():
        if not name.startswith("admin"):
            assert_locked_down(client.get(url), name)


def test_the_admin_goes_out_as_wagtail_wrote_it(client, full_site, editor):
    """Wagtail's inline initialisers reach the browser unchanged: the admin's policy lets
    them run, and nothing rewrites the page to add nonces."""
    guide, _ruling = full_site
    client.force_login(editor)
    response = client.get(reverse("wagtailadmin_pages:edit", args=[guide.pk]))
    assert_admin_policy(response, "admin page editor")
    html = response.content.decode()
    assert '<script>initDateChooser("id_checked_on", ' in html
    assert "nonce=" not in html


@override_settings(
    SECURE_SSL_REDIRECT=True,
    SECURE_HSTS_SECONDS=31536000,
    SECURE_HSTS_INCLUDE_SUBDOMAINS=True,
    SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
)
def test_behind_the_proxy_https_is_required_and_remembered(client, home):
    plain = client.get("/robots.txt")
    assert plain.status_code == 301
    assert plain["Location"] == "https://testserver/robots.txt"
    secure = client.get("/robots.txt", HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"


# --- The sign-in throttle ---------------------------------------------------------------


def sign_in(client, username, password, address="203.0.113.7"):
    return client.post(
        reverse("wagtailadmin_login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


@override_settings(AXES_FAILURE_LIMIT=3)
def test_repeated_wrong_passwords_lock_that_account_and_address_out(client, editor):
    for _attempt in range(2):
        response = sign_in(client, "eduardo", "wrong")
        assert response.status_code == 200  # the form again, with Django's error
    locked = sign_in(client, "eduardo", "wrong")
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "Too many failed sign-in attempts" in text
    assert 'value="eduardo"' in text  # what was typed is kept

    # Now even the right password is refused for that pair...
    assert sign_in(client, "eduardo", "pw").status_code == 429
    # ...but the same account from another address, and others from this one, still work.
    assert sign_in(client, "eduardo", "pw", address="198.51.100.9").status_code == 302


@override_settings(AXES_FAILURE_LIMIT=3)
def test_the_lockout_message_is_in_spanish_for_a_spanish_editor(client, editor):
    for _attempt in range(3):
        sign_in(client, "eduardo", "wrong")
    response = client.post(
        reverse("wagtailadmin_login"),
        {"username": "eduardo", "password": "wrong"},
        REMOTE_ADDR="203.0.113.7",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.status_code == 429
    assert "Demasiados intentos" in response.content.decode()


class CountingHasher(MD5PasswordHasher):
    """Counts the passwords it hashes: the work an attacker's attempt costs the site."""

    hashed = 0

    def encode(self, password, salt):
        CountingHasher.hashed += 1
        return super().encode(password, salt)


@override_settings(
    AXES_FAILURE_LIMIT=3,
    PASSWORD_HASHERS=["tests.core.test_security.CountingHasher"],
)
def test_a_locked_out_attempt_costs_no_password_hashing(client, editor, monkeypatch):
    editor.set_password("pw")
    editor.save()
    monkeypatch.setattr(CountingHasher, "hashed", 0)
    for _attempt in range(3):
        sign_in(client, "eduardo", "wrong")
    assert CountingHasher.hashed == 3
    for _attempt in range(5):
        assert sign_in(client, "eduardo", "wrong").status_code == 429
    assert CountingHasher.hashed == 3


def test_the_address_behind_proxies_is_the_one_the_outermost_proxy_saw(rf, settings):
    from core.client_address import client_address

    request = rf.get("/", HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.7", REMOTE_ADDR="10.0.0.2")
    assert client_address(request) == "10.0.0.2"
    settings.RULESAGE_TRUSTED_PROXIES = 1
    assert client_address(request) == "203.0.113.7"
