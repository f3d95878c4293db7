"""The page cache keeps one entry per page a reader can see: a stranger's random query
parameters neither fill it nor change the page, and a page read over plain HTTP never
answers a reader over HTTPS (its links say which scheme it was rendered for)."""

import pytest
from django.core.cache import caches

from core.cache_tags import bump_everything
from core.page_cache import STATUS_HEADER
from rulings.views import RulingListView
from tests.rulings.fixtures import import_export

pytestmark = pytest.mark.django_db


@pytest.fixture
def page_cache(settings):
    settings.RULESAGE_PAGE_CACHE = True
    cache = caches["pages"]
    bump_everything()  # pages of earlier tests were rendered from another database
    yield cache
    bump_everything()


def state(response):
    assert response.status_code == 200
    return response.get(STATUS_HEADER)


def test_unknown_parameters_are_served_the_page_without_storing_it(client, guide, page_cache):
    plain = client.get(guide.url)
    assert state(plain) == "miss"
    for n in range(5):
        tagged = client.get(guide.url, {"utm_source": f"campaign-{n}"})
        assert state(tagged) is None  # rendered afresh, not stored
        assert tagged.content == plain.content
    assert state(client.get(guide.url)) == "hit"


def test_the_same_parameters_in_another_order_are_one_entry(
    client, ruling, page_cache, monkeypatch
):
    import_export(question="May I pass twice?")
    monkeypatch.setattr(RulingListView, "paginate_by", 1)
    first = client.get(f"/en/rulings/?status={ruling.status}&page=2")
    assert state(first) == "miss"
    assert state(client.get(f"/en/rulings/?page=2&status={ruling.status}")) == "hit"


def test_what_readers_type_is_answered_afresh_and_never_stored(client, page_cache):
    for _ in range(2):
        for address in ("/en/search/?q=tie&kind=rulings", "/en/rulings/?edition=point+ci"):
            response = client.get(address)
            assert response.status_code == 200 and state(response) is None


def test_a_page_rendered_for_http_never_answers_https(client, guide, page_cache, settings):
    settings.SECURE_SSL_REDIRECT = False
    assert state(client.get(guide.url)) == "miss"  # plain HTTP
    secure = client.get(guide.url, secure=True)
    assert state(secure) == "miss"
    assert b'href="http://' not in secure.content.split(b"</head>")[0]
    assert state(client.get(guide.url, secure=True)) == "hit"


def test_an_encoded_slash_is_redirected_to_the_one_address(client, guide, page_cache):
    path = guide.url
    encoded = path.rstrip("/").replace("/", "%2F").replace("%2F", "/", 2) + "%2F"
    response = client.get(path, RAW_URI=encoded)  # as gunicorn passes what was sent
    assert response.status_code == 301
    assert response["Location"] == path
    assert state(client.get(path)) == "miss"  # nothing stored under the encoded address
