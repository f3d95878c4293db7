"""Chromium (Debian's, at /usr/bin/chromium) driven by Playwright against the live server."""

import contextlib
import logging
import os
import threading
import time
import warnings
from pathlib import Path

import pytest
from django.core.signals import request_finished, request_started

from guides.models import GuidePage
from tests.conftest import load_demo

CHROMIUM = Path("/usr/bin/chromium")
# Without these flags Chromium keeps reaching for a network that is closed here.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP *.google.com ~NOTFOUND, MAP *.googleapis.com ~NOTFOUND",
]

# Each person asks for less motion: the admin's transitions are then not painted frame by
# frame, work Chromium does beside the live server on two cores (bench/README.md).
PERSON = {"reduced_motion": "reduce"}

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# between browser steps are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Every Chromium test: marked `browser`, against the live server's real (committed) data.
BROWSER_TEST = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
]


class Answering:
    """How many requests the live server is answering now, and when that last changed.

    Closing a browser context is not the end of its requests: an admin edit page releases
    its editing session with a beacon as it unloads, and the server answers it a moment
    later. A test that ended while such a request still ran would flush the database under
    it, and the two lock the same tables in opposite orders.

    Only the live server's requests count: they run in threads of their own. Django's test
    client answers in the test's thread and sends no request_finished for a streamed
    response nobody reads to the end (a static file, a download); counted, one such
    response would keep every later browser test waiting out the limit.
    """

    def __init__(self):
        self.lock = threading.Lock()
        self.count = 0
        self.changed = time.monotonic()
        request_started.connect(self.started, weak=False)
        request_finished.connect(self.finished, weak=False)

    @staticmethod
    def served_by_the_live_server():
        return threading.current_thread() is not threading.main_thread()

    def started(self, **kwargs):
        if not self.served_by_the_live_server():
            return
        with self.lock:
            self.count += 1
            self.changed = time.monotonic()

    def finished(self, **kwargs):
        if not self.served_by_the_live_server():
            return
        with self.lock:
            self.count -= 1
            self.changed = time.monotonic()

    def wait_until_quiet(self, quiet=0.3, limit=15.0):
        """Until no request has run for `quiet` seconds (at most `limit` seconds)."""
        ends = time.monotonic() + limit
        while time.monotonic() < ends:
            with self.lock:
                if self.count <= 0 and time.monotonic() - self.changed >= quiet:
                    return
            time.sleep(0.05)
        # Said out loud: a wait that always runs out only shows as a slow suite.
        warnings.warn(f"the live server was still answering after {limit} s", stacklevel=2)


answering = Answering()


def close_and_wait(context):
    """Close `context` as a person closing the tab would, then let the server finish what
    that sent (see `Answering`)."""
    for page in context.pages:
        # A page already gone has nothing left to send.
        with contextlib.suppress(Exception):
            page.goto("about:blank")
    context.close()
    answering.wait_until_quiet()


@pytest.fixture
def demo_site(live_server, root_page):
    """The demo content, loaded as `make run` loads it, behind the live server."""
    load_demo()
    return live_server


@pytest.fixture
def demo_guide(demo_site):
    """The demo's Point City how-to-play guide."""
    return GuidePage.objects.get(slug_en="how-to-play", url_path__contains="point-city")


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        message = "Debian's chromium is not installed (make test installs it as root)."
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from django.db import connection
    from playwright.sync_api import sync_playwright

    serialized = getattr(connection, "_test_serialized_contents", None)
    with sync_playwright() as playwright:
        # The session goes on in Playwright's own context, where Django's connections (local
        # to a context) are new objects: the migrations' rows Django keeps on the test
        # database's connection, which each browser test starts from, are carried over.
        if serialized is not None and not hasattr(connection, "_test_serialized_contents"):
            connection._test_serialized_contents = serialized
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900}, **PERSON)
    page = context.new_page()
    yield page
    close_and_wait(context)


class Journey:
    """What went wrong while a person used the site: every failed response, every browser
    console error or uncaught script error, and every error the server logged."""

    def __init__(self):
        self.problems = []

    def watch(self, page):
        page.autosaves_in_flight = 0
        page.on("request", lambda request: self._autosave(page, request, +1))
        page.on("requestfinished", lambda request: self._autosave(page, request, -1))
        page.on("requestfailed", lambda request: self._autosave(page, request, -1))
        page.on("response", self._response)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))
        return page

    def _response(self, response):
        if response.status >= 400:
            try:
                detail = " " + " ".join(response.text()[:300].split())
            except Exception:  # noqa: BLE001 - the body may be gone already
                detail = ""
            self.problems.append(
                f"HTTP {response.status} {response.request.method} {response.url}{detail}"
            )

    @staticmethod
    def _autosave(page, request, step):
        if request.method == "POST" and "json" in (request.headers.get("accept") or ""):
            page.autosaves_in_flight += step

    @staticmethod
    def settle(page):
        """Let the editor's autosave finish before a button is pressed, as a person who
        pauses before publishing would (a publish racing an autosave is Wagtail's own
        conflict, answered with a 400).

        Settled means: no autosave request in flight and the form reporting no unsaved
        edits (its w-unsaved controller's value), for a whole second.
        """
        unsaved = (
            "() => [...document.querySelectorAll('[data-w-unsaved-has-edits-value]')]"
            ".some(form => form.dataset.wUnsavedHasEditsValue === 'true')"
        )
        quiet = 0
        for _attempt in range(300):
            page.wait_for_timeout(100)
            busy = page.autosaves_in_flight > 0 or page.evaluate(unsaved)
            quiet = 0 if busy else quiet + 1
            if quiet >= 10:
                return
        raise AssertionError("the editor's autosave never settled")

    def _console(self, message):
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")


class ServerErrors(logging.Handler):
    def __init__(self, journey):
        super().__init__(level=logging.ERROR)
        self.journey = journey

    def emit(self, record):
        self.journey.problems.append(f"server logged: {record.getMessage()}")


@pytest.fixture
def journey(browser, live_server):
    """Pages opened with `journey.open()` fail the test on any 4xx/5xx, console error or
    server error; each person (`journey.open()` again) gets a browser context of their own."""
    watcher = Journey()
    handler = ServerErrors(watcher)
    logging.getLogger().addHandler(handler)
    logging.getLogger("django").addHandler(handler)
    contexts = []

    def open_page():
        context = browser.new_context(viewport={"width": 1280, "height": 900}, **PERSON)
        contexts.append(context)
        return watcher.watch(context.new_page())

    watcher.open = open_page
    watcher.url = live_server.url
    yield watcher
    for context in contexts:
        close_and_wait(context)
    logging.getLogger().removeHandler(handler)
    logging.getLogger("django").removeHandler(handler)
    assert watcher.problems == [], "\n".join(watcher.problems)


def log_in(page, base_url, username, password="pw"):
    page.goto(f"{base_url}/admin/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base_url}/admin/")


def accessibility_violations(page):
    """axe-core's WCAG 2.2 A/AA violations on the page as it stands.

    A click that follows a link returns once the new address is committed, before the
    document has loaded; axe run then finds no document yet, so it waits for the load.
    """
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_load_state("load")
    results = Axe().run(page, options={"runOnly": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]})
    return results.response["violations"], results
