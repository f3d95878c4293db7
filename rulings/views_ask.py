"""A reader asks a rules question: check the rulings already answered, then send.

Step one ("check": a GET from the game and edition pages, a POST from this page) shows
the edition's rulings most like the question (answered-before recall, rulings/recall.py)
beside the form, still editable; step two ("send") stores the question for editors and
shows a confirmation. Both work without JavaScript. A question
is shown to nobody but its sender and editors: what readers see is what editors publish.
"""

from django.conf import settings
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from catalogue.lookup import chosen_edition, edition_label, editions_matching
from core.navigation import Crumb, home_crumb
from core.redis_cache import CacheUnavailable
from core.translated_fields import falls_back

from .asking import QuestionForm, limit_unavailable_message, rate_limit_message, take_a_send
from .models import ReaderQuestion
from .models.questions import ADDRESS_KEPT_DAYS
from .reader_mail import question_sent
from .recall import answered_before

SESSION_KEY = "rulesage_asked_question"
# How many answered rulings the check step shows.
RECALL_LIMIT = 5


def crumbs(edition, last):
    trail = [home_crumb(), Crumb(gettext("Rulings"), reverse("rulings:index"))]
    if edition:
        trail.append(Crumb(edition.game.name, edition.get_absolute_url()))
    trail.append(Crumb(last))
    return trail


@require_http_methods(["GET", "HEAD", "POST"])
def ask(request):
    status, similar = 200, None
    if request.method == "POST":
        form = QuestionForm(request.POST)
    elif "question" in request.GET:
        # Checking from a game or edition page: a GET, so those pages carry no CSRF token
        # and stay cacheable; it writes nothing.
        form = QuestionForm(request.GET)
    else:
        # Arriving from an edition's page: the edition is chosen already.
        chosen = chosen_edition(request.GET.get("edition", ""))
        form = QuestionForm(initial={"edition": edition_label(chosen)} if chosen else None)
    if form.is_bound:
        if form.is_valid() and request.method == "POST" and request.POST.get("action") == "send":
            try:
                wait = take_a_send(request)
            except CacheUnavailable:  # the limit fails closed (rulings/asking.py)
                form.add_error(None, limit_unavailable_message())
                status = 503
            else:
                if not wait:
                    return sent(request, form)
                form.add_error(None, rate_limit_message(wait))
                status = 429
        # What is already answered, whenever the edition and question are usable (also
        # when only the e-mail address or the rate limit held the question back).
        if form.cleaned_data.get("edition") and form.cleaned_data.get("question"):
            similar = answered_before(
                form.cleaned_data["edition"], form.cleaned_data["question"], limit=RECALL_LIMIT
            )
            # Rulings not yet translated are found through the glossary and shown as
            # written, in English: the list says so beside each.
            for ruling in similar:
                ruling.in_english = falls_back(ruling, "question")
    edition = _chosen_edition(form)
    typed = form["edition"].value() if form.is_bound and "edition" in form.errors else ""
    context = {
        "form": form,
        "edition": edition,
        "similar": similar,
        "any_in_english": any(getattr(ruling, "in_english", False) for ruling in similar or ()),
        "checked": similar is not None,
        # Typed text that names no edition (no JavaScript to suggest one): what it matches.
        "edition_text": typed,
        "edition_matches": editions_matching(typed),
        "crumbs": crumbs(edition, gettext("Ask a rules question")),
    }
    response = render(request, "rulings/ask.html", context, status=status)
    if status == 503:
        response["Retry-After"] = str(settings.RULESAGE_RETRY_AFTER_SECONDS)
    return response


def sent(request, form):
    """Store the question for editors; the confirmation follows a redirect (no resending
    on reload), shown only to this session."""
    question = ReaderQuestion.objects.create(
        edition=form.cleaned_data["edition"],
        question=form.cleaned_data["question"],
        email=form.cleaned_data["email"],
        language=translation.get_language(),
    )
    question_sent()
    request.session[SESSION_KEY] = question.pk
    return HttpResponseRedirect(reverse("rulings:ask_sent"))


def _chosen_edition(form):
    if form.is_bound:
        return form.cleaned_data.get("edition")
    return chosen_edition(form["edition"].value())


def ask_sent(request):
    """The confirmation, shown to the session that sent the question (and no one else)."""
    pk = request.session.get(SESSION_KEY)
    question = (
        ReaderQuestion.objects.select_related("edition__game").filter(pk=pk).first() if pk else None
    )
    if question is None:
        return HttpResponseRedirect(reverse("rulings:ask"))
    context = {
        "question": question,
        "edition": question.edition,
        "days": ADDRESS_KEPT_DAYS,
        "crumbs": crumbs(question.edition, gettext("Question sent")),
    }
    return render(request, "rulings/ask_sent.html", context)
