"""Security Django has no setting for: the admin's Content-Security-Policy,
Permissions-Policy, the sign-in throttle's two limits and the locked-out sign-in page."""

from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from csp.middleware import CSPMiddleware
from django.conf import settings
from django.contrib import messages
from django.db.models import Sum
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.deprecation import MiddlewareMixin
from django.utils.functional import cached_property
from django.utils.translation import gettext, ngettext
from wagtail.admin.forms.auth import LoginForm

from core.client_address import client_address


class SiteCSPMiddleware(CSPMiddleware):
    """django-csp's, with RULESAGE_ADMIN_CSP for signed-in editors' admin pages, whose inline
    code Wagtail gives no nonce (docs/decisions/admin-csp.md); the sign-in page keeps the
    strict one, and reader pages are told by path, reading no session."""

    @cached_property
    def admin_prefix(self):
        return reverse("wagtailadmin_home")

    def get_policy_parts(self, request, response, report_only=False):
        parts = super().get_policy_parts(request, response, report_only)
        user = getattr(request, "user", None)
        editors_page = request.path.startswith(self.admin_prefix) and user and user.is_authenticated
        if editors_page and parts.replace is None:
            parts.replace = settings.RULESAGE_ADMIN_CSP
        return parts


class PermissionsPolicyMiddleware(MiddlewareMixin):
    """Sends settings.PERMISSIONS_POLICY on every response (Django has no setting for it)."""

    def process_response(self, request, response):
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response


def account_locked(request, credentials=None):
    """This account failed its number of sign-ins from this address within the cool-off."""
    failures = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=client_address(request),
        attempt_time__gte=timezone.now() - get_cool_off(request),
    ).aggregate(total=Sum("failures_since_start"))["total"]
    return (failures or 0) >= settings.RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT


def failure_limit(request, credentials=None):
    """AXES_FAILURE_LIMIT: the per-address limit, or the per-account one once this
    account has failed that often from this address (axes compares one number)."""
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
    """AXES_LOCKOUT_CALLABLE: the admin's own sign-in page with the lockout message, rather
    than axes' bare English text."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    messages.error(request, lockout_message(request, credentials))
    context = {
        "form": LoginForm(request=request, initial={"username": username}),
        "next": request.POST.get("next") or reverse("wagtailadmin_home"),
        "show_password_reset": False,
        "title": gettext("Sign in"),
    }
    return TemplateResponse(request, "wagtailadmin/login.html", context, status=429).render()
