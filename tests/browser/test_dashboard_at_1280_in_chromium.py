"""The translators' dashboard reads on a 1280-pixel screen: every row a few lines tall, the
glossary's warnings folded into a count, and every row's buttons inside the window."""

import pytest
from wagtail.users.models import UserProfile

from core.models import TranslationMark
from rulings.models import Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST

WIDTH, HEIGHT = 1280, 800
# A few lines of the admin's text: a row taller than this pushes the next out of sight.
ROW_HEIGHT_LIMIT = 120


@pytest.mark.parametrize("admin_language", ["en", "es"])
def test_a_translator_sees_every_row_whole_at_1280_pixels(
    journey, demo_site, roles, django_user_model, admin_language
):
    # Nobody has marked the demo's translations: every guide is behind, with its button,
    # and so is a ruling translated for the test.
    TranslationMark.objects.all().delete()
    ruling = Ruling.objects.get(slug="what-breaks-a-tie")
    ruling.question_es = "¿Qué deshace un empate? (traducción de la prueba)"
    ruling.answer_es = "Gana quien tenga más cartas de recurso sin usar."
    ruling.save()
    tania = make_user(django_user_model, "tania", roles["Translators"])
    profile = UserProfile.get_for_user(tania)
    profile.preferred_language = admin_language  # the Spanish buttons are the longer
    profile.save()
    translator = journey.open()
    translator.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    log_in(translator, journey.url, "tania")
    translator.goto(f"{journey.url}/admin/translations/")

    rows = translator.locator("#translation-guides tbody tr, #translation-rulings tbody tr")
    warnings = translator.locator("#translation-guides .glossary-warnings details")
    assert rows.count() >= 3 and warnings.count() >= 1, "the demo's guides and a warning"
    buttons = 0
    for row in rows.all():
        row.scroll_into_view_if_needed()
        assert row.bounding_box()["height"] < ROW_HEIGHT_LIMIT, row.inner_text()
        for button in row.locator("a.button").all():
            box = button.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, button.inner_text()
            # Nothing covers or clips it: the point at its middle is the button itself.
            middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            assert button.evaluate(
                "(button, [x, y]) => button.contains(document.elementFromPoint(x, y))",
                list(middle),
            ), button.inner_text()
            buttons += 1
    assert buttons >= 4, "every guide's button and the ruling's"
    assert translator.evaluate("document.documentElement.scrollWidth") <= WIDTH

    # The detail is one click away.
    detail = warnings.first.locator("p").first
    assert not detail.is_visible()
    warnings.first.locator("summary").click()
    assert detail.is_visible() and detail.inner_text().strip()
