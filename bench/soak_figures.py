"""The soak's figures: what the readers met each minute, and the server's gauges (the
workers' memory, database connections, Redis) read at the end of each minute."""

from __future__ import annotations

import os
import re
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

from soak_load import REPEATER_EVERY

HEADER = (
    "| min | requests | p50 ms | p99 ms | hits % | errors | questions sent / refused "
    "| imports / edits | workers RSS MB | PG conns | Redis MB | Redis keys |"
)
RULE = "|---|---|---|---|---|---|---|---|---|---|---|---|"


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


class Figures:
    """What happened in each minute of the run: latencies, statuses, questions, jobs."""

    def __init__(self):
        self.lock = threading.Lock()
        self.start = time.monotonic()
        self.latencies = defaultdict(list)  # minute -> [ms]
        self.errors = defaultdict(Counter)  # minute -> {"502": n, "no answer": n, …}
        self.counts = defaultdict(Counter)  # minute -> {"hit": n, "sent": n, "import": n, …}
        self.kinds = Counter()  # requests by kind, over the whole run
        self.statuses = Counter()  # by status, over the whole run
        self.durations = defaultdict(list)  # "import", "edit" -> [seconds]

    def minute(self):
        return int((time.monotonic() - self.start) // 60) + 1

    def request(self, kind, milliseconds, status, expected, cache=None):
        with self.lock:
            minute = self.minute()
            self.latencies[minute].append(milliseconds)
            self.kinds[kind] += 1
            self.statuses[status or "no answer"] += 1
            if status not in expected:
                self.errors[minute][str(status) if status else "no answer"] += 1
            if cache:
                self.counts[minute][cache] += 1

    def count(self, what, n=1):
        with self.lock:
            self.counts[self.minute()][what] += n

    def job(self, what, seconds):
        """An import or an edit done, in `seconds`."""
        with self.lock:
            self.counts[self.minute()][what] += 1
            self.durations[what].append(seconds)

    def error(self, what):
        with self.lock:
            self.errors[self.minute()][what] += 1


def worker_pids(master):
    try:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    except OSError:
        return []
    return [int(pid) for pid in children]


def rss_mb(pids):
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue  # replaced in between
        total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    return total / 1024


class Gauges:
    """The server's figures at one moment: workers' memory, database connections, Redis."""

    def __init__(self, url, redis_url, master):
        import psycopg
        import redis

        self.database = urlsplit(url).path.lstrip("/")
        self.postgres = psycopg.connect(url, autocommit=True)
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        self.master = master
        self.seen = set()

    def read(self):
        """The figures now; one that cannot be read (a server not answering) is None, and
        the run goes on."""
        pids = worker_pids(self.master)
        self.seen.update(pids)
        return {
            "workers": len(pids),
            "rss": rss_mb(pids),
            "connections": gauge(self.connections),
            "redis": gauge(lambda: self.redis.info("memory")["used_memory"] / 2**20),
            "keys": gauge(self.redis.dbsize),
        }

    def connections(self):
        return self.postgres.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [self.database],
        ).fetchone()[0]

    def close(self):
        self.postgres.close()
        self.redis.close()


def gauge(read):
    try:
        return read()
    except Exception:  # noqa: BLE001 (psycopg's or redis's errors alike)
        return None


def shown(value, spec):
    return "—" if value is None else format(value, spec)


def row(minute, figures, gauges):
    with figures.lock:
        times = list(figures.latencies.get(minute, []))
        errors = dict(figures.errors.get(minute, {}))
        counts = dict(figures.counts.get(minute, {}))
    hits, misses = counts.get("hit", 0), counts.get("miss", 0)
    return {
        "minute": minute,
        "requests": len(times),
        "p50": percentile(times, 0.5) if times else 0.0,
        "p99": percentile(times, 0.99) if times else 0.0,
        "hits": 100 * hits / (hits + misses) if hits + misses else 0.0,
        "errors": errors,
        "sent": counts.get("sent", 0),
        "refused": counts.get("refused", 0),
        "imports": counts.get("import", 0),
        "edits": counts.get("edit", 0),
        **gauges,
    }


def markdown(r):
    errors = ", ".join(f"{k} ×{v}" for k, v in sorted(r["errors"].items())) or "0"
    return (
        f"| {r['minute']} | {r['requests']:,} | {r['p50']:.1f} | {r['p99']:.1f} "
        f"| {r['hits']:.0f} | {errors} | {r['sent']} / {r['refused']} "
        f"| {r['imports']} / {r['edits']} | {r['rss']:.0f} ({r['workers']}) "
        f"| {shown(r['connections'], '')} | {shown(r['redis'], '.1f')} "
        f"| {shown(r['keys'], ',')} |"
    )


def jobs(figures, what):
    times = figures.durations.get(what, [])
    if not times:
        return f"no {what}s"
    return (
        f"{len(times)} {what}{'s' if len(times) > 1 else ''} (each a process of its own: median "
        f"{percentile(times, 0.5):.1f} s, slowest {max(times):.1f} s)"
    )


def most(rows, key):
    return max((r[key] for r in rows if r[key] is not None), default=None)


def summary(rows, figures, gauges):
    if not rows:
        return 1
    times = [ms for minute in figures.latencies.values() for ms in minute]
    errors = {}
    for r in rows:
        for k, v in r["errors"].items():
            errors[k] = errors.get(k, 0) + v
    first, last = rows[0], rows[-1]
    print(
        f"\n{len(times):,} requests in {len(rows)} min ({dict(figures.kinds)}); "
        f"p50 {percentile(times, 0.5):.1f} ms, p99 {percentile(times, 0.99):.1f} ms; "
        f"statuses {dict(sorted(figures.statuses.items(), key=str))}; errors {errors or 0}; "
        f"questions {sum(r['sent'] for r in rows)} sent, {sum(r['refused'] for r in rows)} "
        f"refused (every {REPEATER_EVERY}th from one address, sent past the limit); "
        f"{jobs(figures, 'import')}; {jobs(figures, 'edit')}; "
        f"workers RSS {first['rss']:.0f} → {last['rss']:.0f} MB ({len(gauges.seen)} workers "
        f"over the run); PG connections ≤ {shown(most(rows, 'connections'), '')}; "
        f"Redis {shown(first['redis'], '.1f')} → {shown(last['redis'], '.1f')} MB (max "
        f"{shown(most(rows, 'redis'), '.1f')}), keys {shown(first['keys'], ',')} → "
        f"{shown(last['keys'], ',')}; "
        f"load average {os.getloadavg()[0]:.1f}\n"
    )
    print(HEADER + "\n" + RULE + "\n" + "\n".join(markdown(r) for r in rows))
    failed = [
        k for k in errors if k[0] == "5" or k in ("no answer", "import failed", "edit failed")
    ]
    return 1 if failed else 0
