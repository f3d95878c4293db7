"""The Content-Security-Policy: the site's strict policy, and the admin's own.

Reader pages have no inline script or style, so CONTENT_SECURITY_POLICY (settings/security.py)
allows neither. The Wagtail admin still writes inline code that Wagtail gives no nonce
(widget and panel initialisers, wagtail-modeltranslation's settings, the style elements
Draftail creates), so a signed-in editor's /admin/ pages get RULESAGE_ADMIN_CSP in place
of those directives: the reasons are in docs/decisions/admin-csp.md.

This is django-csp's own middleware with its documented extension point,
`get_policy_parts`: the admin's directives go in as its `replace` part, exactly as the
`csp_replace` decorator would put them, so nothing reads or changes the HTML.
"""

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.urls import reverse
from django.utils.functional import cached_property


class SiteCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, with the admin's directives on signed-in admin pages.

    Anyone can load the sign-in page, so it keeps the strict policy (it needs no inline
    code); the looser one is served only to editors already signed in. Reader pages are
    told apart by path alone, so the session is never read for them.
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
