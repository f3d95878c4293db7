"""The soak's readers: threads that request pages, search and send questions, as browsers
behind one proxy would, each request's time and status counted (soak_figures.Figures).

Every request claims HTTPS and names its client in X-Forwarded-For, as the proxy in front
of production does (the server trusts one proxy). A question goes through the real form:
the form is fetched, its CSRF cookie and token kept, the question POSTed from the same
address and the confirmation it redirects to fetched with the session it set.

A page a reader was last served from the page cache (X-Page-Cache: hit) counts as cached,
until it is served rendered afresh (miss), or the site says its copy is out of date (stale),
or an import or edit ends (which may have made it stale): what the readers know of the cache.
"""

from __future__ import annotations

import http.client
import itertools
import random
import re
import threading
import time
from collections import defaultdict, deque
from urllib.parse import quote_plus, urlencode

TIMEOUT = 30  # seconds without an answer: counted as "no answer"
USER_AGENT = "rulesage-soak"
# The addresses readers come from: RFC 2544's benchmarking range, never a real client.
ADDRESSES = "198.18.{}.{}"
# Each EVERY-th question comes from one address, which sends more than the limit allows:
# its refusals are the limit working. Every other question comes from a fresh address.
REPEATER_EVERY = 5
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Load:
    """The reader threads, sharing the pages to read, the figures and a stop signal."""

    def __init__(self, port, site, pages, figures, limit, seed=1):
        self.port = port
        self.site = site  # ask and search paths per language, editions to ask about
        self.pages = pages
        # Popular pages are read often, the rest now and then (Zipf, as a site's traffic).
        self.weights = list(itertools.accumulate(1 / (rank + 1) for rank in range(len(pages))))
        self.figures = figures
        self.limit, self.window = limit
        self.stop = threading.Event()
        self.seed = seed
        self.rng = random.Random(seed)
        self.repeater = ADDRESSES.format(self.rng.randint(0, 255), self.rng.randint(1, 254))
        self.sends = defaultdict(deque)  # address -> times of its sends within the window
        self.cached = set()  # pages last served from the page cache
        self.questions = itertools.count(1)
        self.lock = threading.Lock()

    # ------------------------------------------------------------------ one request

    def fetch(self, method, path, address, body=None, headers=None):
        """(status, headers, body, ms); status None when nothing answered in time."""
        sent = {
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": address,
            "User-Agent": USER_AGENT,
            **(headers or {}),
        }
        start = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            content = response.read()
            status, answered = response.status, response.headers
        except (OSError, http.client.HTTPException):
            status, answered, content = None, None, b""
        finally:
            connection.close()
        return status, answered, content, (time.perf_counter() - start) * 1000

    def get(self, kind, path, address, expected=(200,), **headers):
        status, answered, content, ms = self.fetch("GET", path, address, headers=headers)
        cache = answered.get("X-Page-Cache") if answered else None
        with self.lock:
            # A stale copy is a page changed since it was served (by an import or an edit
            # whose process has not ended yet): the site rendered it, so it was not cached.
            cached = path in self.cached and cache != "stale"
            if cache == "hit":
                self.cached.add(path)
            elif cache in ("miss", "stale"):
                self.cached.discard(path)
        retry_after = answered is not None and "Retry-After" in answered
        self.figures.request(
            kind, ms, status, expected, cache, cached=cached, retry_after=retry_after
        )
        return status, answered, content

    # ------------------------------------------------------------------ the readers

    def address(self, rng):
        return ADDRESSES.format(rng.randint(0, 255), rng.randint(1, 254))

    def reader(self, rng):
        path = rng.choices(self.pages, cum_weights=self.weights)[0]
        self.get("page", path, self.address(rng))

    def searcher(self, rng):
        language = rng.choice(["en", "es"])
        words = self.site["words"][language]
        count = rng.choice([1, 1, 2, 2, 3])
        # Common words most often, the rarer ones now and then (Zipf over the list).
        chosen = rng.choices(words, weights=[1 / (r + 1) for r in range(len(words))], k=count)
        query = "+".join(quote_plus(word) for word in chosen)
        self.get("search", f"{self.site['search'][language]}?q={query}", self.address(rng))

    def asker(self, rng):
        """A reader's question through the form: fetch it, then send, then the confirmation."""
        number = next(self.questions)
        address = self.repeater if number % REPEATER_EVERY == 0 else self.address(rng)
        language = rng.choice(["en", "es"])
        form_path = self.site["ask"][language]
        status, answered, content = self.get("ask form", form_path, address)
        token = TOKEN.search(content.decode(errors="replace")) if status == 200 else None
        cookie = csrf_cookie(answered)
        if not (token and cookie):
            if status == 200:  # a form not served is counted already, by its status
                self.figures.error("no form token")
            return
        template = rng.choice(self.site["questions"][language])
        words = self.site["words"][language]
        question = template.format(a=rng.choice(words), b=rng.choice(words))
        question += f" ({USER_AGENT} {self.seed}-{number})"
        body = urlencode(
            {
                "csrfmiddlewaretoken": token.group(1),
                "edition": rng.choice(self.site["editions"]),
                "question": question,
                "email": "",
                "website": "",
                "action": "send",
            }
        )
        origin = f"https://127.0.0.1:{self.port}"
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie}",
            "Origin": origin,
            "Referer": origin + form_path,
        }
        over_limit = self.over_limit(address)
        status, answered, _content, ms = self.fetch("POST", form_path, address, body, headers)
        retry_after = answered is not None and "Retry-After" in answered
        self.figures.request("ask send", ms, status, (302, 429), retry_after=retry_after)
        if status not in (302, 429):
            self.unsent(address)  # not counted by the limit either
        if status == 429:
            self.figures.count("refused")
            if not over_limit:
                self.figures.error("429 under the limit")
        elif status == 302:
            self.figures.count("sent")
            if over_limit:
                self.figures.error("sent over the limit")
            session = session_cookie(answered)
            location = answered.get("Location", "")
            if session and location.startswith("/"):
                self.get("ask sent", location, address, Cookie=session)

    def over_limit(self, address):
        """Whether this send is one more than the limit allows from `address` (counting it)."""
        with self.lock:
            now, sends = time.monotonic(), self.sends[address]
            while sends and sends[0] < now - self.window + 5:  # 5 s to spare at the edge
                sends.popleft()
            sends.append(now)
            return len(sends) > self.limit

    def content_changed(self):
        """An import or edit is done: a page served from the cache before may be stale."""
        with self.lock:
            self.cached.clear()

    def unsent(self, address):
        with self.lock:
            self.sends[address].pop()

    # ------------------------------------------------------------------ running

    def run(self, task, name, pause):
        rng = random.Random(f"{self.seed}-{name}")
        while not self.stop.is_set():
            try:
                task(rng)
            except Exception as error:  # noqa: BLE001 (a broken client must not end the run)
                self.figures.error(f"client {type(error).__name__}")
            self.stop.wait(rng.uniform(0, 2 * pause))

    def start(self, readers, searchers, askers, pause, ask_pause):
        tasks = [
            (self.reader, readers, pause),
            (self.searcher, searchers, pause),
            (self.asker, askers, ask_pause),
        ]
        threads = []
        for task, count, pause in tasks:
            for n in range(count):
                name = f"{task.__name__}-{n}"
                thread = threading.Thread(target=self.run, args=(task, name, pause), name=name)
                thread.daemon = True
                thread.start()
                threads.append(thread)
        return threads


def csrf_cookie(headers):
    return _cookie(headers, "csrftoken")


def session_cookie(headers):
    value = _cookie(headers, "sessionid")
    return f"sessionid={value}" if value else None


def _cookie(headers, name):
    found = headers.get_all("Set-Cookie") if headers is not None else None
    for header in found or []:
        if header.startswith(name + "="):
            return header.split(";", 1)[0].split("=", 1)[1]
    return None
