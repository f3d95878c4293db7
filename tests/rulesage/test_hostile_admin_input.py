"""No input an editor can send is a 500: the admin's main forms, each posted as the browser
would with hostile text (control characters, lone surrogates, overlong values, numbers
where text goes and text where numbers go) in any of the fields a person fills in.

Every answer is the form shown again with its errors, a redirect onwards, or a refusal:
never a server error. A form posted without the fields its page always writes (a
StreamField's count) is malformed, a 400.
"""

import pytest
from bs4 import BeautifulSoup
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from wagtail.test.utils.form_data import nested_form_data, streamfield

from catalogue.models import ErrataCard, GlossaryTerm
from rulings.models import ReaderQuestion
from tests.forms import browser_post_data
from tests.rulesage.fixtures import fixtures_from_full_site
from tests.rulesage.test_hostile_input import CI, HOSTILE, NEVER_A_SERVER_ERROR, as_bytes, encoded

pytestmark = pytest.mark.django_db

full_site, home, policy = fixtures_from_full_site("full_site", "home", "policy")


def admin_forms(guide, ruling):
    """{name: address} of the admin forms editors fill in."""
    card = ErrataCard.objects.get(passage__citations__ruling=ruling)
    term = GlossaryTerm.objects.create(
        game=ruling.edition.game, english="tie", translation="empate"
    )
    question = ReaderQuestion.objects.create(
        edition=ruling.edition, question="May I pass after drafting this turn?"
    )
    return {
        "guide": reverse("wagtailadmin_pages:edit", args=[guide.pk]),
        "ruling": reverse("wagtailsnippets_rulings_ruling:edit", args=[ruling.pk]),
        "new ruling": reverse("wagtailsnippets_rulings_ruling:add"),
        "errata card": reverse("wagtailsnippets_catalogue_erratacard:edit", args=[card.pk]),
        "glossary term": reverse("wagtailsnippets_catalogue_glossaryterm:edit", args=[term.pk]),
        "new glossary term": reverse("wagtailsnippets_catalogue_glossaryterm:add"),
        "reader question": reverse("reader_questions:edit", args=[question.pk]),
    }


# Controls a person types into or chooses from; hidden ones (a chooser's id, a formset's
# count) are written by the page and its scripts.
TYPED = "textarea, select, input:not([type]), " + ", ".join(
    f"input[type={kind}]" for kind in ("text", "email", "url", "search", "number", "date", "tel")
)


def as_browser_sends(client, address):
    """(what the form's browser would post, as {name: [values]}, each StreamField sent empty
    as its script would build it; the names of the controls a person fills in)."""
    soup = BeautifulSoup(client.get(address).content.decode(), "html.parser")
    form = max(
        soup.select("form[method=post], form[method=POST]"), key=lambda f: len(f.select("[name]"))
    )
    form["id"] = form.get("id") or "form-to-post"
    data = browser_post_data(str(soup), form["id"])
    for root in form.select("[data-controller~=w-block]"):
        stream = nested_form_data({root["id"]: streamfield([])})
        data.update({key: [value] for key, value in stream.items()})
    typed = {control["name"] for control in form.select(TYPED) if control.get("name") in data}
    return data, sorted(typed)


@pytest.fixture
def signed_in(client, editor):
    client.force_login(editor)
    return client


@pytest.fixture
def forms(signed_in, full_site):
    return {
        name: (address, *as_browser_sends(signed_in, address))
        for name, address in admin_forms(*full_site).items()
    }


def test_each_form_as_the_browser_sends_it_is_taken(signed_in, forms):
    """The sweep posts what the forms' pages write: unchanged, each is saved or shown back."""
    for name, (address, data, _typed) in forms.items():
        response = signed_in.post(address, data)
        assert response.status_code in (200, 302), name


@settings(CI, max_examples=15)
@given(data=st.data())
def test_no_admin_form_is_a_server_error(signed_in, forms, data):
    for name, (address, sent, fields) in forms.items():
        typed = data.draw(
            st.dictionaries(
                st.sampled_from(fields), HOSTILE.map(lambda value: [value]), min_size=1
            ),
            label=name,
        )
        body = encoded({**sent, **typed})
        response = signed_in.post(address, body, content_type="application/x-www-form-urlencoded")
        assert response.status_code in NEVER_A_SERVER_ERROR, (name, sorted(typed))


@settings(CI, max_examples=10)
@given(name=HOSTILE, content=HOSTILE)
def test_no_upload_to_import_is_a_server_error(signed_in, name, content):
    # A file's name is sent as text: what a browser sends of a name it cannot encode.
    upload = SimpleUploadedFile(
        as_bytes(name).decode("utf-8", "replace") or "export.txt", as_bytes(content)
    )
    response = signed_in.post(reverse("import_rulings"), {"files": [upload]})
    assert response.status_code in NEVER_A_SERVER_ERROR


def test_a_page_form_without_its_streamfields_count_is_malformed(signed_in, forms):
    address, data, _typed = forms["guide"]
    response = signed_in.post(address, {k: v for k, v in data.items() if not k.endswith("-count")})
    assert response.status_code == 400


def test_an_errata_card_emptied_of_its_corrected_rule_says_so(signed_in, forms):
    """The model requires it when the card's revision is saved; the form says so first."""
    address, data, _typed = forms["errata card"]
    response = signed_in.post(address, {**data, "corrected_rule_en": [""]})
    assert response.status_code == 200
    assert response.context["form"].errors["corrected_rule_en"] == ["This field is required."]


def test_a_ruling_typed_with_a_control_character_is_refused_and_the_feed_stays_readable(
    signed_in, forms
):
    """XML cannot carry one: published, it would break the rulings feed for every reader."""
    address, data, _typed = forms["ruling"]
    typed = {"question_en": ["Can I pass\x07 twice?"], "closing_line_es": ["Una\tlínea"]}
    response = signed_in.post(address, {**data, **typed, "action-publish": ["action-publish"]})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "invisible control character (U+0007)" in errors["question_en"][0]
    assert "(U+0009)" in errors["closing_line_es"][0]  # a line holds no tab
    assert signed_in.get(reverse("rulings_feed")).status_code == 200
