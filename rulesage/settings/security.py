"""Security settings of every environment: response headers, CSP and the sign-in throttle."""

import os

from csp.constants import NONE, SELF, UNSAFE_INLINE

# No inline script or style for readers, and no nonce, so a cached page's header stays valid.
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
# Replacing those above under /admin/: Wagtail's admin writes inline scripts and styles
# without a nonce (docs/decisions/admin-csp.md).
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
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "SAMEORIGIN"

# Sign-in throttle: failures lock out an account from one address (never from afar) and,
# in greater number, the address itself, for AXES_COOLOFF_TIME hours.
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
# The client's address behind N proxies appending to X-Forwarded-For (0: REMOTE_ADDR).
RULESAGE_TRUSTED_PROXIES = int(os.environ.get("RULESAGE_TRUSTED_PROXIES", "0"))
AXES_CLIENT_IP_CALLABLE = "core.client_address.client_address"
