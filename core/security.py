"""Security that is not a Django setting: the Permissions-Policy header, the sign-in
throttle's two limits (per account and address, per address) and the page an admin
sign-in gets once django-axes has locked it out.

The other headers (Content-Security-Policy, HSTS, nosniff, Referrer-Policy, framing) are
settings read by django-csp and Django's SecurityMiddleware: see settings/security.py and
settings/production.py.
"""

from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib import messages
from django.db.models import Sum
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from wagtail.admin.forms.auth import LoginForm

from core.client_address import client_address


class PermissionsPolicyMiddleware:
    """Sends settings.PERMISSIONS_POLICY on every response (Django has no setting for it)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response


def account_failures(request, credentials=None):
    """Failed sign-ins for this account from this address within the cool-off time."""
    since = timezone.now() - get_cool_off(request)
    failures = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=client_address(request),
        attempt_time__gte=since,
    ).aggregate(total=Sum("failures_since_start"))["total"]
    return failures or 0


def account_locked(request, credentials=None):
    return account_failures(request, credentials) >= settings.RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT


def failure_limit(request, credentials=None):
    """AXES_FAILURE_LIMIT: two limits in one, as django-axes compares one number.

    Failures are counted per account and address and per address (AXES_LOCKOUT_PARAMETERS),
    and axes locks when the larger count, the address's, reaches the limit. So the limit
    is the per-address one until this account has failed its own number of times from
    this address: then it is that number, which the address's count has reached too.
    An account is thus never locked for an address that did not fail it, and one address
    spraying many usernames is stopped after RULESAGE_SIGNIN_FAILURES_PER_ADDRESS.
    """
    if account_locked(request, credentials):
        return settings.RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT
    return settings.RULESAGE_SIGNIN_FAILURES_PER_ADDRESS


def lockout_message(request=None, credentials=None):
    """What a locked-out editor reads: why, for how long, and what still works."""
    minutes = max(1, round(float(settings.AXES_COOLOFF_TIME) * 60))
    if request is not None and not account_locked(request, credentials):
        return ngettext(
            "Too many failed sign-in attempts from your address. Signing in from it is "
            "paused for %(minutes)d minute; try again then.",
            "Too many failed sign-in attempts from your address. Signing in from it is "
            "paused for %(minutes)d minutes; try again then.",
            minutes,
        ) % {"minutes": minutes}
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
    messages.error(request, lockout_message(request, credentials))
    form = LoginForm(request=request, initial={"username": username})
    context = {
        "form": form,
        "next": request.POST.get("next") or reverse("wagtailadmin_home"),
        "show_password_reset": False,
        "title": gettext("Sign in"),
    }
    response = TemplateResponse(request, "wagtailadmin/login.html", context, status=429)
    return response.render()
