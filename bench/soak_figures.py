"""The soak's figures: what the readers met each minute, and the server's gauges (the
workers' memory, database connections, Redis) read at the end of each minute.

A 5xx (or no answer) is counted apart when it answered a page the page cache held: one a
reader had last been served from it (X-Page-Cache: hit), which a fault must not take away.
A 503 with Retry-After is the site saying that what the request needed (the database, or
Redis for a question) is unavailable for now: expected during a fault, and no failure.
"""

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
    "| min | fault | requests | p50 ms | p99 ms | hits % | 5xx cached / other | errors "
    "| questions sent / refused | imports / edits | workers RSS MB | PG conns | Redis MB "
    "| Redis keys |"
)
RULE = "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
UNAVAILABLE = "503 + Retry-After"


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

    def request(self, kind, milliseconds, status, expected, cache=None, **seen):
        """One answer; `seen`: cached (the page was last served from the page cache),
        retry_after (the answer said when to try again)."""
        with self.lock:
            minute = self.minute()
            self.latencies[minute].append(milliseconds)
            self.kinds[kind] += 1
            self.statuses[status or "no answer"] += 1
            if status not in expected:
                self.errors[minute][error_name(status, **seen)] += 1
            if status is None or status >= 500:
                self.counts[minute]["5xx cached" if seen.get("cached") else "5xx other"] += 1
            if cache:  # a stale copy rendered anew is a miss for the hit rate
                self.counts[minute]["miss" if cache == "stale" else cache] += 1

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


def error_name(status, cached=False, retry_after=False):
    name = str(status) if status else "no answer"
    if cached and (status is None or status >= 500):
        return f"{name} on a cached page"
    return UNAVAILABLE if status == 503 and retry_after else name


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


def row(minute, figures, gauges, fault=""):
    with figures.lock:
        times = list(figures.latencies.get(minute, []))
        errors = dict(figures.errors.get(minute, {}))
        counts = dict(figures.counts.get(minute, {}))
    hits, misses = counts.get("hit", 0), counts.get("miss", 0)
    return {
        "minute": minute,
        "fault": fault,
        "requests": len(times),
        "p50": percentile(times, 0.5) if times else 0.0,
        "p99": percentile(times, 0.99) if times else 0.0,
        "hits": 100 * hits / (hits + misses) if hits + misses else 0.0,
        "errors": errors,
        "5xx cached": counts.get("5xx cached", 0),
        "5xx other": counts.get("5xx other", 0),
        "sent": counts.get("sent", 0),
        "refused": counts.get("refused", 0),
        "imports": counts.get("import", 0),
        "edits": counts.get("edit", 0),
        **gauges,
    }


def markdown(r):
    errors = ", ".join(f"{k} ×{v}" for k, v in sorted(r["errors"].items())) or "0"
    return (
        f"| {r['minute']} | {r['fault'] or '—'} | {r['requests']:,} | {r['p50']:.1f} "
        f"| {r['p99']:.1f} | {r['hits']:.0f} | {r['5xx cached']} / {r['5xx other']} | {errors} "
        f"| {r['sent']} / {r['refused']} "
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


def tasks_line(tasks):
    if tasks is None:
        return "the task queue could not be read"
    return (
        f"tasks queued during the run {tasks['queued']}: run {tasks['run']}, failed "
        f"{tasks['failed']}, still waiting {tasks['waiting']} ({tasks['waited']:.0f} s "
        "after the load)"
    )


def failures(errors, worker_alive, tasks):
    """What makes the run fail: a cached page not served, a 5xx other than the 503 of an
    unavailable server, no answer, a job failed, the task worker gone, a task not run."""
    found = [
        k
        for k in errors
        if (k[0] == "5" and k != UNAVAILABLE)
        or k.startswith("no answer")
        or k in ("import failed", "edit failed")
    ]
    if not worker_alive:
        found.append("the task worker died")
    if tasks is None or tasks["waiting"] or tasks["failed"]:
        found.append("tasks not run")
    return found


def summary(rows, figures, gauges, worker_alive, tasks):
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
        f"5xx on cached pages {sum(r['5xx cached'] for r in rows)}, on others "
        f"{sum(r['5xx other'] for r in rows)}; "
        f"the task worker {'alive' if worker_alive else 'DEAD'} at the end; {tasks_line(tasks)}; "
        f"load average {os.getloadavg()[0]:.1f}\n"
    )
    print(HEADER + "\n" + RULE + "\n" + "\n".join(markdown(r) for r in rows))
    failed = failures(errors, worker_alive, tasks)
    if failed:
        print(f"\nFailed: {', '.join(failed)}.")
    return 1 if failed else 0
