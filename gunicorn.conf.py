"""gunicorn settings for production: `gunicorn -c gunicorn.conf.py rulesage.wsgi`.

Each value can be changed from the environment (GUNICORN_*), so the same file serves a
small machine and a large one. See README, "Production".
"""

import multiprocessing
import os


def _int(name, default):
    return int(os.environ.get(name, default))


bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")

# Page rendering is CPU-bound Python: one worker process per core, plus one so a core is
# not idle while a worker waits on PostgreSQL or Redis. Threads add a little overlap for
# those waits without the memory of more processes.
workers = _int("GUNICORN_WORKERS", multiprocessing.cpu_count() + 1)
threads = _int("GUNICORN_THREADS", 2)
worker_class = "gthread"

# A request that takes longer than this is stuck (the slowest page renders in well under
# a second); its worker is replaced rather than left holding a connection.
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
# Connections from the proxy or CDN in front are kept open between requests.
keepalive = _int("GUNICORN_KEEPALIVE", 5)
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

# Access log on standard output, one line per request: client (as forwarded by the
# proxy), time, request line, status, bytes, time taken in microseconds, referrer, agent.
# Errors (and Django's log) go to standard error.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
access_log_format = '%({x-forwarded-for}i)s %(h)s %(t)s "%(r)s" %(s)s %(B)s %(D)sus "%(f)s" "%(a)s"'
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
