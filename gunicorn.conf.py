"""gunicorn settings for production: `gunicorn -c gunicorn.conf.py rulesage.wsgi`.

Each value can be changed from the environment (GUNICORN_*), so the same file serves a
small machine and a large one. See docs/deploy.md.
"""

import multiprocessing
import os


def _int(name, default):
    return int(os.environ.get(name, default))


bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")

# Sync workers, one request each: a request that runs past `timeout` is ended for real,
# its worker killed and replaced. (gthread workers only check that the process is alive:
# their threads could hang on a database that stopped answering for as long as it did,
# until every thread of every worker was held and no page, cached or not, was served.)
# A database that stops answering holds one worker per request only until the site knows
# (core.faults.DatabaseBreaker): then requests that need it are answered at once, and
# cached pages keep their workers.
# Page rendering is CPU-bound Python and waits briefly on PostgreSQL and Redis: two
# workers per core, plus one, keep the cores busy through those waits.
workers = _int("GUNICORN_WORKERS", 2 * multiprocessing.cpu_count() + 1)
worker_class = "sync"

# A request that takes longer than this is stuck (the slowest page renders in well under
# a second): its worker is killed and replaced, and the proxy in front answers 502.
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
# Well before that, a reader's request still running is answered with the 503 page
# (core.faults.RequestTimeLimitMiddleware: a database that stopped answering mid-query
# would otherwise hold the worker until it is killed), and PostgreSQL ends a query running
# longer than its statement timeout (rulesage.settings.base.with_timeouts), also a 503.
# Set before the application is loaded; management commands do not read this file.
os.environ.setdefault("REQUEST_TIME_LIMIT", "8")
os.environ.setdefault("DATABASE_STATEMENT_TIMEOUT", "8s")
# A kept connection is checked before it is reused (rulesage.settings.base.with_timeouts).
os.environ.setdefault("DATABASE_HEALTH_CHECKS", "1")
# Workers are replaced now and then (with jitter, not all at once), bounding any slow
# growth in memory.
max_requests = _int("GUNICORN_MAX_REQUESTS", 2000)
max_requests_jitter = _int("GUNICORN_MAX_REQUESTS_JITTER", 200)
# The application is loaded once, before forking: workers share its memory and a broken
# deployment fails at start, not on the first request.
preload_app = True

# X-Forwarded-* from the proxy in front are trusted (SECURE_PROXY_SSL_HEADER reads the
# scheme); list its address(es) here when it is not on the same machine.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")


def on_starting(server):
    """Refuse to start where RULESAGE_TRUSTED_PROXIES would let clients choose their own
    address: listening beyond this machine with no proxy named (core.client_address)."""
    from django.conf import settings

    from core.client_address import spoofable

    proxies = settings.RULESAGE_TRUSTED_PROXIES
    exposed = spoofable(proxies, server.cfg.bind, server.cfg.forwarded_allow_ips)
    if exposed:
        raise SystemExit(
            f"Not started: RULESAGE_TRUSTED_PROXIES={proxies} trusts X-Forwarded-For, but "
            f"gunicorn listens on {exposed} and GUNICORN_FORWARDED_ALLOW_IPS names no proxy: "
            "a client reaching it directly could choose its own address. Listen on "
            "127.0.0.1 behind a proxy on this machine, name the proxy's address in "
            "GUNICORN_FORWARDED_ALLOW_IPS (and let only it reach this port), or set "
            "RULESAGE_TRUSTED_PROXIES=0."
        )


# Access log on standard output, one line per request: client (as forwarded by the
# proxy), time, request line, status, bytes, time taken in microseconds, referrer, agent.
# Errors (and Django's log) go to standard error.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
access_log_format = '%({x-forwarded-for}i)s %(h)s %(t)s "%(r)s" %(s)s %(B)s %(D)sus "%(f)s" "%(a)s"'
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
