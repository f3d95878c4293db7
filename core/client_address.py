"""Whose request is this: the one rule for the client's address.

Everything counted per address (the reader-question limit, the sign-in throttle) asks
here, so that behind a proxy they agree on who the client is and no client can pick its
own address by sending an X-Forwarded-For header.
"""

import ipaddress

from django.conf import settings


def client_address(request):
    """The client's address, as the outermost trusted proxy saw it.

    With RULESAGE_TRUSTED_PROXIES = 0 (the site faces the internet) it is REMOTE_ADDR and
    X-Forwarded-For is ignored: any client can write that header. Behind N proxies, each
    appending the address it saw, it is the N-th entry from the end: the one the outermost
    proxy wrote. Entries before it are whatever the client sent and are not trusted. A
    request with fewer entries than proxies did not come through them all, so it counts as
    REMOTE_ADDR, and so does an entry that is no address (the sign-in throttle stores it
    in an address column).
    """
    proxies = settings.RULESAGE_TRUSTED_PROXIES
    remote = request.META.get("REMOTE_ADDR") or None
    if not proxies:
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [address for address in forwarded if address]
    if len(forwarded) < proxies:
        return remote
    try:
        return str(ipaddress.ip_address(forwarded[-proxies]))
    except ValueError:
        return remote


def on_this_machine(host):
    """True for a loopback address or network (or `localhost`): no other machine's."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_network(host, strict=False).is_loopback
    except ValueError:
        return False  # a host name, or every interface (0.0.0.0)


def bind_host(bind):
    """The host of a gunicorn bind: `[::1]:8000`, `0.0.0.0:8000`, `localhost`; None for a
    unix socket or a file descriptor, which no other machine reaches."""
    if bind.startswith(("unix:", "fd://")):
        return None
    if bind.startswith("["):
        return bind[1:].split("]")[0]
    return bind.split(":")[0] if bind.count(":") == 1 else bind


def spoofable(trusted_proxies, binds, forwarded_allow_ips):
    """The bind that lets clients choose their own address, or None.

    Trusting X-Forwarded-For is only safe when every request comes through the proxies:
    a server that listens beyond this machine with no proxy named (gunicorn's
    forwarded_allow_ips lists only this machine, or everyone) can be reached directly by a
    client that writes the header itself.
    """
    if not trusted_proxies:
        return None
    proxy_named = any(ip != "*" and not on_this_machine(ip) for ip in forwarded_allow_ips)
    exposed = [bind for bind in binds if bind_host(bind) and not on_this_machine(bind_host(bind))]
    return exposed[0] if exposed and not proxy_named else None
