"""An editor opens the admin and reads how the rules desk stands, in figures and a chart."""

from rulings.models import ReaderQuestion, Ruling
from tests.browser.conftest import BROWSER_TEST, log_in
from tests.conftest import make_user

pytestmark = BROWSER_TEST


def test_an_editor_reads_the_figures_on_the_admin_home(
    journey, demo_site, roles, django_user_model
):
    make_user(django_user_model, "eduardo", roles["Editors"])
    editor = journey.open()
    log_in(editor, journey.url, "eduardo")
    panel = editor.locator(".editor-figures")
    panel.get_by_role("heading", name="The rules desk in figures").wait_for()

    backlog = Ruling.objects.public().exclude(status__in=Ruling.Status.decided()).count()
    waiting = ReaderQuestion.objects.filter(status=ReaderQuestion.Status.NEW).count()
    assert panel.locator("[data-figure=backlog]").inner_text().split()[0] == str(backlog)
    assert panel.locator("[data-figure=questions]").inner_text().split()[0] == str(waiting)
    chart = panel.get_by_role("img", name="Rulings answered and abstained, by month")
    assert chart.is_visible()
    assert panel.locator("table.editor-figures__table tbody tr").count() == 12
