"""No input a reader can send is a 500: every reader form, list filter and JSON endpoint,
driven by Hypothesis with what browsers, robots and attackers send.

Values hold control characters (NUL first among them), lone surrogates (sent as the bytes
they would be in UTF-8, which no valid UTF-8 text contains), text of ten thousand and more
characters, numbers where text is expected and text where numbers are, and a name repeated
where the page expects one value. Every answer is a page, a redirect, a refusal (400, 404,
405) or the rate limit (429), never a server error; the ask form shows what was typed
back, so a question is never lost to a mistake in it.
"""

from urllib.parse import quote_from_bytes

import pytest
from django.urls import reverse
from django.utils.html import escape
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.guides.factories import url_in
from tests.rulesage.fixtures import fixtures_from_full_site

pytestmark = pytest.mark.django_db

full_site, home, policy = fixtures_from_full_site("full_site", "home", "policy")

NEVER_A_SERVER_ERROR = {200, 301, 302, 400, 404, 405, 429}

# C0 controls, DEL and C1 controls; NUL, the one PostgreSQL refuses outright, as often as
# all the others.
CONTROL = st.one_of(
    st.just("\x00"), st.sampled_from([chr(code) for code in (*range(1, 0x20), *range(0x7F, 0xA0))])
)
# Lone surrogates: no UTF-8 text holds them, so their bytes are malformed UTF-8.
SURROGATE = st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff"])
# What forms and addresses give a meaning to.
SYNTAX = st.sampled_from(
    ["%", "%00", "&", "=", "+", "#", "?", "/", "\\", "'", '"', "<b>", "\u202e"]
)
NUMBERISH = st.sampled_from(
    ["0", "-1", "1.5", "1e9", "NaN", "99999999999999999999999", "[]", "{}", "null", "true"]
)
PIECE = st.one_of(st.text(max_size=12), CONTROL, SURROGATE, SYNTAX, NUMBERISH)
OVERLONG = st.tuples(PIECE.filter(bool), st.integers(10_000, 12_000)).map(
    lambda repeated: (repeated[0] * repeated[1])[: repeated[1]]
)
HOSTILE = st.one_of(st.lists(PIECE, max_size=5).map("".join), OVERLONG, st.integers().map(str))
# One value, or several under one name where the page expects one.
VALUES = st.one_of(HOSTILE.map(lambda value: [value]), st.lists(HOSTILE, min_size=2, max_size=3))

CI = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def parameters(names):
    """Some of the page's own parameter names, and now and then one it does not know."""
    return st.dictionaries(st.one_of(st.sampled_from(names), HOSTILE), VALUES, max_size=4)


def as_bytes(text):
    """What a client sends for `text`: UTF-8, with lone surrogates as their (invalid) bytes."""
    return text.encode("utf-8", "surrogatepass")


def encoded(params):
    """`params` as a query string or urlencoded body, every byte escaped."""
    return "&".join(
        f"{quote_from_bytes(as_bytes(name), safe='')}={quote_from_bytes(as_bytes(value), safe='')}"
        for name, values in params.items()
        for value in values
    )


def reader_addresses(guide, ruling):
    """(address, the query parameters it reads) of every reader page that reads any."""
    game_page = guide.get_parent().specific
    document = ruling.citations.get(n=1).passage.document
    return [
        (reverse("search"), ["q", "game", "edition", "kind", "page"]),
        (reverse("suggestions"), ["q", "kind"]),
        (reverse("rulings:index"), ["edition", "status", "page"]),
        (ruling.edition.get_absolute_url(), ["status", "page"]),
        (reverse("rulings:ask"), ["edition", "question", "email", "website", "action"]),
        (reverse("rulings:ask_sent"), []),  # what became of a sent question
        (document.get_absolute_url(), ["passage", "page"]),
        (ruling.edition.get_errata_url(), []),
        (ruling.get_absolute_url(), []),
        (reverse("corrections_log"), ["page"]),
        (url_in(game_page.get_parent().specific, "en"), ["q", "page"]),
        (url_in(guide, "en") + guide.reverse_subpage("compare_chosen"), ["old", "new"]),
    ]


@pytest.fixture
def addresses(full_site):
    return reader_addresses(*full_site)


def test_every_reader_page_that_reads_a_parameter_is_driven(addresses, client):
    """The list above is the site's: each address answers its own parameters, as its
    links and forms send them, with a page or a redirect to one."""
    for address, names in addresses:
        query = "old=1&new=2" if names == ["old", "new"] else ""
        response = client.get(f"{address}?{query}")
        assert response.status_code in (200, 302), address


@CI
@given(data=st.data())
def test_no_query_is_a_server_error(client, addresses, data):
    for address, names in addresses:
        query = encoded(data.draw(parameters(names or ["page"])))
        response = client.get(f"{address}?{query}")
        assert response.status_code in NEVER_A_SERVER_ERROR, (address, query[:300])
        if response.status_code == 200 and "json" in response["Content-Type"]:
            response.json()


# Path segments: an edition code, a ruling's slug, a document's and a version's numbers.
SEGMENT = st.one_of(
    HOSTILE.filter(lambda text: text and "/" not in text), st.sampled_from(["9" * 30, "-1", "0"])
)


@CI
@given(segment=SEGMENT)
def test_no_address_is_a_server_error(client, full_site, segment):
    guide, ruling = full_site
    part = quote_from_bytes(as_bytes(segment), safe="")
    code = ruling.edition.code
    for address in (
        f"/en/rulings/{part}/",
        f"/en/rulings/{code}/{part}/",
        f"/en/rulings/{part}/errata/",
        f"/en/rulings/{code}/documents/{part}/",
        f"{url_in(guide, 'en')}v/{part}/",
        f"{url_in(guide, 'en')}compare/{part}/1/",
        f"{guide.get_parent().specific.subpage_url('setup')}{part}/",
    ):
        response = client.get(address)
        assert response.status_code in NEVER_A_SERVER_ERROR, address[:300]


ASK_FORM = st.fixed_dictionaries(
    {
        "edition": VALUES,
        "question": VALUES,
        "email": VALUES,
        "website": st.one_of(st.just([""]), VALUES),
        "action": st.one_of(st.sampled_from([["check"], ["send"]]), VALUES),
    }
)
CHECKED = {"question": ["May I pass after drafting?"], "email": [""], "action": ["check"]}


@settings(CI, max_examples=40)
@given(fields=ASK_FORM, real_edition=st.booleans())
@example(fields={"edition": ["Point\x00City"], **CHECKED}, real_edition=False)
@example(fields={"edition": ["\x00\x00"], **CHECKED}, real_edition=False)
@example(fields={"edition": ["Point \ud800 City"], **CHECKED}, real_edition=False)
def test_the_ask_form_refuses_what_it_cannot_take_and_keeps_what_was_typed(
    client, full_site, fields, real_edition
):
    """Both steps of the ask form (check, send), with the edition named by its code or by
    hostile text: a page with the form, the confirmation, or the rate limit."""
    _guide, ruling = full_site
    if real_edition:
        fields = {**fields, "edition": [ruling.edition.code]}
    body = encoded(fields)
    response = client.post(
        reverse("rulings:ask"), body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code in NEVER_A_SERVER_ERROR, body[:300]
    if response.status_code != 200:
        return
    page = response.content.decode()
    for name in ("edition", "question"):
        typed = response.wsgi_request.POST.get(name, "")
        if typed.isprintable():
            assert escape(typed) in page, f"{name} not shown back: {typed[:100]!r}"
