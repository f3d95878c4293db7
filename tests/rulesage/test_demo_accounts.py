"""`make run` gives a newcomer an editor and a translator to try the roles with, and every
sign-in in one block; the accounts' fixed passwords are refused outside development."""

import runpy
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from core.roles import EDITORS, TRANSLATORS
from tests.core.test_errors import PRODUCTION_ENV

pytestmark = pytest.mark.django_db


def ensure_demo(settings):
    settings.RULESAGE_DEMO_ACCOUNTS = True
    settings.RULESAGE_BASE_URL = "http://127.0.0.1:8000"
    out = StringIO()
    call_command("ensure_admin", "--demo", stdout=out)
    return out.getvalue()


def signs_in(username, password):
    user = get_user_model().objects.filter(username=username).first()
    return user is not None and user.is_staff and user.check_password(password)


def groups(username):
    """The groups of `username`, who signs in with the demo password."""
    assert signs_in(username, f"{username}-demo")
    return list(
        get_user_model().objects.get(username=username).groups.values_list("name", flat=True)
    )


def test_the_demo_editor_and_translator_sign_in_to_their_roles(settings, roles):
    printed = ensure_demo(settings)
    assert (groups("editor"), groups("translator")) == ([EDITORS], [TRANSLATORS])
    assert "Sign in at http://127.0.0.1:8000/admin/" in printed
    for line in (
        "user editor      password editor-demo",
        "user translator  password translator-demo",
    ):
        assert line in printed
    [admin_line] = [line for line in printed.splitlines() if "user admin" in line]
    password = admin_line.split("password ")[1]
    assert signs_in("admin", password)


def test_running_again_restores_the_demo_accounts_and_shows_no_admin_password(
    settings, roles, django_user_model
):
    ensure_demo(settings)
    editor = django_user_model.objects.get(username="editor")
    editor.set_password("changed")
    editor.save()
    editor.groups.set([roles[TRANSLATORS]])

    printed = ensure_demo(settings)
    assert (groups("editor"), groups("translator")) == ([EDITORS], [TRANSLATORS])
    assert django_user_model.objects.count() == 3
    assert "changepassword admin" in printed


def test_demo_accounts_are_refused_unless_the_settings_allow_them(settings, roles):
    settings.RULESAGE_DEMO_ACCOUNTS = False
    with pytest.raises(CommandError, match="RULESAGE_DEMO_ACCOUNTS"):
        call_command("ensure_admin", "--demo", stdout=StringIO())
    assert not get_user_model().objects.exists()


def test_only_the_development_settings_allow_demo_accounts(monkeypatch):
    for name, value in PRODUCTION_ENV.items():
        monkeypatch.setenv(name, value)
    assert runpy.run_module("rulesage.settings.production")["RULESAGE_DEMO_ACCOUNTS"] is False
    assert runpy.run_module("rulesage.settings.dev")["RULESAGE_DEMO_ACCOUNTS"] is True
