"""The admin sign-in throttle counts per account and address and per address: no one can
lock an editor out from afar, and no one address can try many usernames."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

A, B = "203.0.113.7", "198.51.100.9"


@pytest.fixture
def admin_user(django_user_model):
    return django_user_model.objects.create_superuser("admin", "admin@example.com", "pw")


def sign_in(client, username, password, address, **headers):
    client.logout()
    return client.post(
        reverse("wagtailadmin_login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        **headers,
    )


def test_wrong_passwords_from_one_address_do_not_lock_the_account_out_elsewhere(
    client, admin_user, settings
):
    assert settings.RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT == 5
    for _attempt in range(4):
        assert sign_in(client, "admin", "wrong", A).status_code == 200
    locked = sign_in(client, "admin", "wrong", A)
    assert locked.status_code == 429
    assert "for this account from your address" in locked.content.decode()
    assert sign_in(client, "admin", "pw", A).status_code == 429  # even the right password
    # The real admin, signing in from elsewhere, is not held back.
    assert sign_in(client, "admin", "pw", B).status_code == 302


def test_spraying_many_usernames_from_one_address_locks_that_address(
    client, admin_user, editor, settings
):
    assert settings.RULESAGE_SIGNIN_FAILURES_PER_ADDRESS == 20
    statuses = [sign_in(client, f"user{n}", "guess", A).status_code for n in range(25)]
    # Each username failed once only, yet the address is stopped at its 20th failure.
    assert statuses[:19] == [200] * 19
    assert set(statuses[19:]) == {429}
    refused = sign_in(client, "eduardo", "pw", A)
    assert refused.status_code == 429
    assert "from your address" in refused.content.decode()
    assert "for this account" not in refused.content.decode()
    # The accounts themselves still work from other addresses.
    assert sign_in(client, "eduardo", "pw", B).status_code == 302
    assert sign_in(client, "admin", "pw", B).status_code == 302


def test_the_address_lockout_is_explained_in_spanish(client, admin_user, settings):
    settings.RULESAGE_SIGNIN_FAILURES_PER_ADDRESS = 3
    for n in range(3):
        sign_in(client, f"user{n}", "guess", A)
    refused = sign_in(client, "user9", "guess", A, HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 429
    assert (
        "Demasiados intentos fallidos de iniciar sesión desde tu dirección"
        in refused.content.decode()
    )


def test_behind_a_proxy_each_reader_is_throttled_by_the_address_the_proxy_saw(
    client, admin_user, settings
):
    settings.RULESAGE_TRUSTED_PROXIES = 1
    proxy = "10.0.0.2"
    for _attempt in range(5):
        sign_in(client, "admin", "wrong", proxy, HTTP_X_FORWARDED_FOR=A)
    assert sign_in(client, "admin", "pw", proxy, HTTP_X_FORWARDED_FOR=A).status_code == 429
    # Through the same proxy, the admin at another address signs in; a spoofed entry
    # before the proxy's does not change whose attempt it is.
    assert sign_in(client, "admin", "pw", proxy, HTTP_X_FORWARDED_FOR=B).status_code == 302
    spoofed = sign_in(client, "admin", "pw", proxy, HTTP_X_FORWARDED_FOR=f"{B}, {A}")
    assert spoofed.status_code == 429
