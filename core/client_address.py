"""The one rule for the client's address, so what is counted per address agrees on it and
no client picks its own with an X-Forwarded-For header."""

import ipaddress

from django.conf import settings


def client_address(request):
    """The client's address as the outermost of RULESAGE_TRUSTED_PROXIES saw it, else
    REMOTE_ADDR."""
    proxies = settings.RULESAGE_TRUSTED_PROXIES
    remote = request.META.get("REMOTE_ADDR") or None
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [address for address in forwarded if address]
    if not proxies or len(forwarded) < proxies:
        return remote
    try:
        return str(ipaddress.ip_address(forwarded[-proxies]))
    except ValueError:
        return remote


def on_this_machine(host):
    """True for a loopback address or network, or `localhost`."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_network(host, strict=False).is_loopback
    except ValueError:
        return False  # a host name, or every interface (0.0.0.0)


def bind_host(bind):
    """The host of a gunicorn bind; None for a unix socket or a file descriptor."""
    if bind.startswith(("unix:", "fd://")):
        return None
    if bind.startswith("["):
        return bind[1:].split("]")[0]
    return bind.split(":")[0] if bind.count(":") == 1 else bind


def spoofable(trusted_proxies, binds, forwarded_allow_ips):
    """The bind that lets clients choose their own address, or None: with proxies trusted,
    one listening beyond this machine while forwarded_allow_ips names no proxy."""
    if not trusted_proxies:
        return None
    proxy_named = any(ip != "*" and not on_this_machine(ip) for ip in forwarded_allow_ips)
    exposed = [bind for bind in binds if bind_host(bind) and not on_this_machine(bind_host(bind))]
    return exposed[0] if exposed and not proxy_named else None
