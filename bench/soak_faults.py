"""The soak's faults: PostgreSQL that stops answering, Redis that refuses, for a while.

With --postgres-hang or --redis-outage, the web processes and the task worker reach that
server through a proxy the soak runs (scripts/fault_proxy.py, the fault tests' own), on
the ports after --port; the soak switches it at the minute given and back after the
seconds given. Without them, they reach the servers directly, as in production. The
soak's own readings (gauges, the task queue) and the import and edit processes, which stand
for jobs on other machines, always reach them directly.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import urlsplit, urlunsplit

from servers import ROOT


def fault(value):
    """--postgres-hang / --redis-outage AT:SECONDS: (seconds from the start, seconds)."""
    at, _colon, seconds = value.partition(":")
    try:
        start, length = float(at) * 60, float(seconds)
    except ValueError:
        start = length = -1
    if start < 0 or length <= 0:
        raise argparse.ArgumentTypeError(
            f"{value!r}: give the minute it starts and how many seconds it lasts, e.g. 3:20"
        )
    return start, length


def through(url, proxy):
    """`url` with its host and port those of `proxy`, or `url` itself when no proxy."""
    if proxy is None:
        return url
    parts = urlsplit(url)
    user, host = parts.netloc.rpartition("@")[0], f"127.0.0.1:{proxy.port}"
    return urlunsplit(parts._replace(netloc=f"{user}@{host}" if user else host))


def proxy_for(url, default_port, port):
    """A proxy on `port` in front of the server `url` names."""
    sys.path.append(str(ROOT))  # the project's folder: scripts/ is not bench's
    from scripts.fault_proxy import FaultProxy

    parts = urlsplit(url)
    return FaultProxy(parts.port or default_port, parts.hostname or "127.0.0.1", port=port)


class Fault(NamedTuple):
    label: str
    start: float  # seconds from the start of the load
    seconds: float
    proxy: object
    switch: Callable[[], None]


class Faults:
    """The planned faults, their proxies, and which minutes they touch."""

    def __init__(self, database_url, redis_url, postgres_hang, redis_outage, port):
        self.planned = []
        postgres = proxy_for(database_url, 5432, port + 1) if postgres_hang else None
        redis = proxy_for(redis_url, 6379, port + 2) if redis_outage else None
        if postgres:
            self.planned.append(Fault("PG hang", *postgres_hang, postgres, postgres.hang))
        if redis:
            self.planned.append(Fault("Redis down", *redis_outage, redis, redis.refuse))
        self.database_url = through(database_url, postgres)
        self.redis_url = through(redis_url, redis)
        self.stop = threading.Event()

    def describe(self):
        return "; ".join(
            f"{f.label} {f.seconds:g} s from {f.start / 60:g} min" for f in self.planned
        )

    def start(self, origin):
        """Switch each proxy at its time after `origin` (time.monotonic), back after its
        seconds; `end` ends them early."""
        for fault in self.planned:
            threading.Thread(target=self.run, args=(fault, origin), daemon=True).start()

    def run(self, fault, origin):
        if self.stop.wait(max(0.0, origin + fault.start - time.monotonic())):
            return
        fault.switch()
        self.stop.wait(fault.seconds)
        fault.proxy.forward()

    def in_minute(self, minute):
        """The faults that overlap minute `minute` (1, 2, …), for its row."""
        low, high = (minute - 1) * 60, minute * 60
        return ", ".join(
            f"{f.label} {f.seconds:g} s"
            for f in self.planned
            if f.start < high and f.start + f.seconds > low
        )

    def end(self):
        """Every fault over (forwarding again), so that the queue can drain."""
        self.stop.set()
        for fault in self.planned:
            fault.proxy.forward()

    def close(self):
        self.end()
        for fault in self.planned:
            fault.proxy.close()
