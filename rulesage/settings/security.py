"""Security settings of every environment: response headers, CSP and the sign-in throttle.

HSTS and the HTTPS redirect are production's (settings/production.py), where a proxy
terminates TLS.
"""

import os

from csp.constants import NONE, SELF, UNSAFE_INLINE

# No inline script or style anywhere a reader goes: reader pages have none, and their header
# carries no nonce, so a cached copy stays valid. Images allow data: and blob: for the
# admin's previews and icons.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:", "blob:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "frame-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [SELF],
    }
}
# The admin's policy, for signed-in editors under /admin/ only (core/csp.py): these
# directives replace the ones above, the rest stay. Wagtail's admin writes inline scripts
# and styles and gives them no nonce (docs/decisions/admin-csp.md). Scripts and styles
# still come from this site alone.
RULESAGE_ADMIN_CSP = {
    "script-src": [SELF, UNSAFE_INLINE],
    "style-src": [SELF, UNSAFE_INLINE],
}
# Browser features no page of the site uses, refused to every origin (embedded ones too).
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), browsing-topics=()"
)
SECURE_CONTENT_TYPE_NOSNIFF = True
# Django's default, stated: other sites (publishers' rulebook pages) learn nothing of
# which page linked them.
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "SAMEORIGIN"

# Admin sign-in throttle (django-axes), counted per account and address and per address:
# RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT failed attempts for one account from one address
# lock that pair out (the account still works from elsewhere, so no one can lock an editor
# out from afar); RULESAGE_SIGNIN_FAILURES_PER_ADDRESS failures from one address, whatever
# the usernames, lock that address out (no spraying). Both for AXES_COOLOFF_TIME hours.
# A locked-out attempt is refused before the password is hashed: it costs no hashing CPU.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
RULESAGE_SIGNIN_FAILURES_PER_ACCOUNT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
RULESAGE_SIGNIN_FAILURES_PER_ADDRESS = int(os.environ.get("AXES_ADDRESS_FAILURE_LIMIT", "20"))
AXES_FAILURE_LIMIT = "core.security.failure_limit"
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "1"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "core.security.locked_out"
# The client's address, one rule for the sign-in throttle and the question limit: behind
# N proxies that each append to X-Forwarded-For, set RULESAGE_TRUSTED_PROXIES=N; with 0,
# REMOTE_ADDR and the header is ignored (core.client_address).
RULESAGE_TRUSTED_PROXIES = int(os.environ.get("RULESAGE_TRUSTED_PROXIES", "0"))
AXES_CLIENT_IP_CALLABLE = "core.client_address.client_address"
