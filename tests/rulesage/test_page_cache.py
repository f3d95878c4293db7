"""Reader pages are cached for anonymous readers in the real Redis, and never stale.

Every test runs against the Redis named by TEST_REDIS_URL (database 4 by default) under a
key prefix of its own test run (settings.test), with the page cache switched on.
"""

import datetime

import pytest
from django.core.cache import caches
from django.db import connection
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from catalogue.models import ErrataCard
from core.cache_tags import bump_everything
from core.page_cache import STATUS_HEADER, PageCacheMiddleware
from guides.publishing import mark_translation_current
from rulings.models import Ruling
from tests.guides.factories import publish, publish_version, url_in
from tests.rulings.exports import run_import, write_export
from tests.rulings.factories import record_correction
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


@pytest.fixture
def page_cache(settings):
    settings.RULESAGE_PAGE_CACHE = True
    cache = caches["pages"]
    cache.set("ping", "pong")
    assert cache.get("ping") == "pong", "the test Redis does not answer"
    # Pages cached by an earlier test of this run were rendered from another database.
    bump_everything()
    yield cache
    bump_everything()


def get(client, url):
    """The response and whether it came from the cache, and how many queries it cost."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return response, response.get(STATUS_HEADER), len(queries)


def test_anonymous_reader_gets_the_cached_page_without_a_query(client, guide, page_cache):
    first, state, _queries = get(client, guide.url)
    assert state == "miss"
    again, state, queries = get(client, guide.url)
    assert (state, queries) == ("hit", 0)
    assert again.content == first.content
    for header in ("Content-Type", "Content-Language", "Vary", "X-Frame-Options"):
        assert again.get(header) == first.get(header), header


def test_each_language_is_cached_apart(client, spanish_guide, page_cache):
    for _ in range(2):
        english, _state, _q = get(client, url_in(spanish_guide, "en"))
        spanish, state, _q = get(client, url_in(spanish_guide, "es"))
    assert state == "hit"
    assert "Cómo jugar" in spanish.content.decode()
    assert "Cómo jugar" not in english.content.decode()


def test_logged_in_editor_is_never_served_nor_stored(client, editor, guide, page_cache):
    get(client, guide.url)
    get(client, guide.url)  # cached for anonymous readers
    client.force_login(editor)
    for _ in range(2):
        _response, state, _queries = get(client, guide.url)
        assert state is None
    client.logout()
    # Nothing the editor was shown went into the cache either.
    assert get(client, reverse("corrections_log"))[1] == "miss"


def test_page_with_a_csrf_token_is_not_stored(page_cache):
    def form_view(request):
        return HttpResponse(f"<form><input value='{get_token(request)}'></form>")

    middleware = PageCacheMiddleware(form_view)
    for _ in range(2):
        response = middleware(RequestFactory().get("/en/a-form/"))
        assert STATUS_HEADER not in response


def test_publishing_shows_on_the_next_request(client, guide, page_cache):
    get(client, guide.url)
    guide = publish(guide, intro="A brand new summary.")
    response, state, _q = get(client, guide.url)
    assert state == "miss"
    assert "A brand new summary." in response.content.decode()


def test_a_kept_copy_out_of_date_is_named_stale_when_the_answer_is_not_kept(
    client, guide, page_cache
):
    """An operator (and bench/soak.py) can tell a page the cache could not serve because it
    changed from one it never held: while the database is down, its 503 says `stale`."""
    get(client, guide.url)
    guide = publish(guide, intro="Changed while the database was down.")
    down = PageCacheMiddleware(lambda request: HttpResponse("Unavailable", status=503))
    assert down(RequestFactory().get(guide.url))[STATUS_HEADER] == "stale"
    never_kept = RequestFactory().get(guide.url + "?page=2")
    assert STATUS_HEADER not in down(never_kept)


def test_unpublishing_removes_the_page_at_once(client, guide, page_cache):
    url = guide.url
    get(client, url)
    get(client, url)
    guide.unpublish()
    assert client.get(url).status_code == 404


def test_a_guide_correction_shows_on_the_next_request(client, guide, home, page_cache):
    get(client, home.url)
    get(client, guide.url)
    from guides.models import GuideCorrection

    guide.corrections.add(
        GuideCorrection(
            what_was_wrong="Said four players.",
            what_it_says_now="Five players.",
            corrected_by="Ana",
            corrected_on=datetime.date(2026, 11, 2),
        )
    )
    publish_version(guide, "Corrected the player count.")
    assert "Five players." in get(client, guide.url)[0].content.decode()
    assert "Five players." in get(client, home.url)[0].content.decode()


def test_a_ruling_correction_shows_on_the_very_next_request(client, ruling, page_cache):
    url = ruling.get_absolute_url()
    get(client, url)
    get(client, reverse("corrections_log"))
    assert get(client, url)[1] == "hit"
    ruling = Ruling.objects.get(pk=ruling.pk)
    record_correction(ruling, corrected_by="Ana")
    assert "You may pass." in get(client, url)[0].content.decode()
    assert "You may pass." in get(client, reverse("corrections_log"))[0].content.decode()


def test_importing_unchanged_exports_again_keeps_pages_cached(client, page_cache, tmp_path):
    write_export(tmp_path, "a.txt", question="Can I pass?", closing="Good luck.")
    write_export(tmp_path, "b.txt", question="Can I trade?")
    assert run_import(tmp_path)[2]
    url = Ruling.objects.get(question="Can I pass?").get_absolute_url()
    get(client, url)
    assert get(client, url)[1] == "hit"

    out, err, ok = run_import(tmp_path)
    assert ok, err
    assert "2 unchanged" in out
    assert get(client, url)[1] == "hit"

    write_export(tmp_path, "a.txt", question="Can I pass?", closing="Changed.")
    assert run_import(tmp_path)[2]
    response, state, _queries = get(client, url)
    assert state == "miss"
    assert "Changed." in response.content.decode()


def test_a_ruling_saved_shows_on_the_next_request(client, ruling, page_cache):
    url = ruling.get_absolute_url()
    get(client, url)
    ruling = Ruling.objects.get(pk=ruling.pk)
    ruling.status = Ruling.Status.VERIFIED
    ruling.reviewed_at = datetime.datetime(2026, 11, 3, 12, 0, tzinfo=datetime.UTC)
    ruling.save()
    assert "Verified by an editor on 3 November 2026" in get(client, url)[0].content.decode()


def test_a_rulings_draft_keeps_its_cached_page_until_it_is_published(
    client, admin_client, ruling, page_cache
):
    from tests.rulings.test_editors_desk import edit_url, form_data, publish

    url = ruling.get_absolute_url()
    get(client, url)
    admin_client.post(edit_url(ruling), form_data(ruling, closing_line_en="Drafted line."))
    response, state, _queries = get(client, url)
    assert state == "hit" and "Drafted line." not in response.content.decode()
    admin_client.post(edit_url(ruling), publish(form_data(ruling)))
    response, state, _queries = get(client, url)
    assert state == "miss" and "Drafted line." in response.content.decode()
    admin_client.post(reverse("wagtailsnippets_rulings_ruling:unpublish", args=[ruling.pk]))
    assert client.get(url).status_code == 404


def test_a_ruling_imported_shows_on_the_next_request(client, ruling, page_cache):
    index = reverse("rulings:index")
    get(client, index)
    assert get(client, index)[1] == "hit"
    import_export(question="Can a freshly imported ruling be seen at once?")
    response, state, _q = get(client, index)
    assert state == "miss"
    assert "Can a freshly imported ruling be seen at once?" in response.content.decode()


def test_an_errata_card_saved_shows_on_the_next_request(client, ruling, page_cache):
    url = ruling.get_absolute_url()
    get(client, url)
    citation = ruling.citations.get(n=2)
    ErrataCard.objects.create(
        edition=ruling.edition,
        document=citation.document,
        passage=citation.passage,
        corrected_rule="The corrected rule.",
        issued_on=datetime.date(2026, 11, 1),
    )
    response, state, _q = get(client, url)
    assert state == "miss"
    assert "superseded" in response.content.decode()


def test_a_translation_marked_current_shows_on_the_next_request(
    client, spanish_guide, translator, page_cache
):
    guide = publish_version(spanish_guide, "Added the tie-break rule.")
    spanish_url = url_in(guide, "es")
    behind = "corresponde a la versión 1 del original en inglés"
    assert behind in get(client, spanish_url)[0].content.decode()
    assert get(client, spanish_url)[1] == "hit"
    mark_translation_current(guide, "es", guide.versions.get(number=2), translator, "Nada.")
    after, state, _q = get(client, spanish_url)
    assert state == "miss"
    assert behind not in after.content.decode()


def test_a_new_release_renders_every_page_again(client, guide, page_cache):
    """A release runs `migrate`; pages cached by the release before (its templates, its
    code) are not served after it."""
    from django.apps import apps
    from django.db.models.signals import post_migrate

    get(client, guide.url)
    assert get(client, guide.url)[1] == "hit"
    post_migrate.send(sender=apps.get_app_config("core"), app_config=apps.get_app_config("core"))
    assert get(client, guide.url)[1] == "miss"


def test_without_redis_a_command_beside_the_server_makes_its_pages_stale(tmp_path, settings):
    """`make run` has no Redis: the server and a command run beside it (`import_rulings`,
    `load_demo`) share the page cache's files, so what the command changes is not hidden
    from readers by the server's cached pages.

    The command runs in a process of its own with the development settings; this process
    plays the server, reading the same folder of files."""
    import os
    import subprocess
    import sys

    folder = tmp_path / "pages"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev",
        "PAGE_CACHE_DIR": str(folder),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.pop("REDIS_URL", None)
    settings.CACHES = {
        **settings.CACHES,
        "pages": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(folder),
        },
    }
    from core import cache_tags

    server_saw = cache_tags.read_sequence()
    # As import_rulings does per change; a cache of the command's own would start its
    # sequence afresh instead of moving the server's on.
    command = "import django; django.setup(); from core import cache_tags; "
    command += "cache_tags.move_on({'site'}); print(cache_tags.read_sequence())"
    done = subprocess.run(
        [sys.executable, "-c", command],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert int(done.stdout.strip()) == server_saw + 1
    assert cache_tags.read_sequence() == server_saw + 1  # one cache for every process


def test_a_reader_sending_a_question_leaves_every_page_cached(client, ruling, page_cache):
    from rulings.models import ReaderQuestion

    page = ruling.get_absolute_url()
    assert get(client, page)[1] == "miss"
    ReaderQuestion.objects.create(
        edition=ruling.edition, question="Can a tie be broken by the tokens left?", language="en"
    )
    assert get(client, page)[1] == "hit"


def test_a_comparison_of_versions_is_cached_until_a_version_is_published(client, guide, page_cache):
    """Two versions compared are served like the guide's other pages; a new version (one
    more to choose in the comparison's form) is on the very next request."""
    guide = publish_version(guide, "Rewrote the summary.", intro="A clearer summary.")
    url = guide.url + guide.compare_subpath(1, 2)
    assert get(client, url)[1] == "miss"
    response, state, queries = get(client, url)
    assert (state, queries) == ("hit", 0)
    assert "clearer" in response.content.decode()
    publish_version(guide, "Added an example.", intro="A clearer summary, with an example.")
    response, state, _queries = get(client, url)
    assert state == "miss"
    assert 'value="3"' in response.content.decode()
