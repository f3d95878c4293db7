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
