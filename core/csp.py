"""The Content-Security-Policy, with RULESAGE_ADMIN_CSP for signed-in editors' admin pages,
whose inline code Wagtail gives no nonce (docs/decisions/admin-csp.md)."""

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.urls import reverse
from django.utils.functional import cached_property


class SiteCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, with the admin's directives for signed-in editors only (the
    sign-in page keeps the strict one); reader pages are told by path, reading no session.
    """

    @cached_property
    def admin_prefix(self):
        return reverse("wagtailadmin_home")

    def get_policy_parts(self, request, response, report_only=False):
        parts = super().get_policy_parts(request, response, report_only)
        if self.is_editors_admin_page(request) and parts.replace is None:
            parts.replace = settings.RULESAGE_ADMIN_CSP
        return parts

    def is_editors_admin_page(self, request):
        if not request.path.startswith(self.admin_prefix):
            return False
        user = getattr(request, "user", None)
        return bool(user and user.is_authenticated)
