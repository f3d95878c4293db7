"""Security that is not a Django setting: the Permissions-Policy header and the page an
admin sign-in gets once django-axes has locked its account and address out.

The other headers (Content-Security-Policy, HSTS, nosniff, Referrer-Policy, framing) are
settings read by django-csp and Django's SecurityMiddleware: see settings/base.py and
settings/production.py.
"""

from django.conf import settings
from django.contrib import messages
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from wagtail.admin.forms.auth import LoginForm


class PermissionsPolicyMiddleware:
    """Sends settings.PERMISSIONS_POLICY on every response (Django has no setting for it)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response


def client_address(request):
    """The address sign-in attempts are counted against (django-axes).

    Directly exposed, it is REMOTE_ADDR. Behind RULESAGE_TRUSTED_PROXIES proxies, each
    appending the address it saw to X-Forwarded-For, it is the entry the outermost one
    wrote; entries before it are whatever the client sent and are not trusted.
    """
    proxies = settings.RULESAGE_TRUSTED_PROXIES
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [address for address in forwarded if address]
    if proxies and len(forwarded) >= proxies:
        return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


def lockout_message():
    """What a locked-out editor reads: why, for how long, and what still works."""
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    return ngettext(
        "Too many failed sign-in attempts for this account from your address. Signing in "
        "is paused for %(minutes)d minute; try again then, or ask an administrator to "
        "unlock the account.",
        "Too many failed sign-in attempts for this account from your address. Signing in "
        "is paused for %(minutes)d minutes; try again then, or ask an administrator to "
        "unlock the account.",
        minutes,
    ) % {"minutes": minutes}


def locked_out(request, original_response=None, credentials=None):
    """The admin's own sign-in page, with the lockout message and the username kept.

    django-axes calls this (AXES_LOCKOUT_CALLABLE) instead of answering with its bare
    English text. Its authentication backend refuses a locked-out pair before Django
    hashes the password, so each further attempt is cheap for the server.
    """
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    messages.error(request, lockout_message())
    form = LoginForm(request=request, initial={"username": username})
    context = {
        "form": form,
        "next": request.POST.get("next") or reverse("wagtailadmin_home"),
        "show_password_reset": False,
        "title": gettext("Sign in"),
    }
    response = TemplateResponse(request, "wagtailadmin/login.html", context, status=429)
    return response.render()
