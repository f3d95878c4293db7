"""Readers asking a rules question: the form, and how often one address may send.

The form is filled in two steps (see views_ask): "check" shows the rulings already
answered that are most like the question, "send" stores it for editors. Only sending
counts against the rate limit; checking writes nothing.

The limit is counted in the cache (Redis in production). When Redis cannot be reached
the count cannot be read, and the limit fails closed: no question is taken, the reader is
told so and keeps the text (`limit_unavailable_message`), and the rest of the site works.
Taking every question unchecked instead would let one address fill the editors' queue
for as long as the outage lasts.
"""

import time

from django import forms
from django.conf import settings
from django.core.cache import cache
from django.urls import reverse_lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from catalogue.edition_lookup import chosen_edition
from core.client_address import client_address
from core.redis_cache import errors_raised

from .forms import refuse_in_lines
from .models.questions import ADDRESS_KEPT_DAYS, QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH


class EditionField(forms.CharField):
    """The edition a question is about, typed rather than picked from every edition:
    its code, or a suggestion of the typeahead ending in its code (edition_lookup)."""

    def clean(self, value):
        text = super().clean(value)
        edition = chosen_edition(text)
        if edition is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return edition


class QuestionForm(forms.Form):
    edition = EditionField(
        label=_("Game and edition"),
        help_text=_("Type part of the game's name, then choose its edition."),
        max_length=300,
        widget=forms.TextInput(
            attrs={
                "list": "id_edition-options",
                "autocomplete": "off",
                "data-suggestions": reverse_lazy("rulings:edition_suggestions"),
            }
        ),
        error_messages={
            "required": _("Choose the edition your question is about."),
            "invalid_choice": _("That edition is not one we know; choose one from the list."),
        },
    )
    question = forms.CharField(
        label=_("Your question"),
        min_length=QUESTION_MIN_LENGTH,
        max_length=QUESTION_MAX_LENGTH,
        strip=True,
        validators=[refuse_in_lines],
        widget=forms.Textarea(attrs={"rows": 4}),
        error_messages={
            "required": _("Type your question."),
            "min_length": _(
                "Your question is too short: write at least %(limit_value)d characters."
            ),
            "max_length": _(
                "Your question is too long: at most %(limit_value)d characters "
                "(it has %(show_value)d)."
            ),
        },
    )
    email = forms.EmailField(
        label=_("Your e-mail (optional)"),
        required=False,
        max_length=254,
        help_text=format_lazy(
            _(
                "We write to you once: when an editor answers your question, marks it answered "
                "already or declines it. Then your address is deleted, or after {days} days if "
                "we never wrote. Never shown or shared."
            ),
            days=ADDRESS_KEPT_DAYS,
        ),
        error_messages={
            "invalid": _("That e-mail address looks incomplete; check it or leave it empty.")
        },
    )
    # Hidden from people by the stylesheet; form-filling robots fill it in.
    website = forms.CharField(
        label=_("Leave this field empty"),
        required=False,
        widget=forms.TextInput(attrs={"tabindex": "-1", "autocomplete": "off"}),
    )

    def clean_website(self):
        if self.cleaned_data["website"]:
            raise forms.ValidationError(_("Leave this field empty to send your question."))
        return ""


def _key(request):
    return f"rulesage:ask:{client_address(request) or 'unknown'}"


def take_a_send(request, now=None):
    """Count one question from this address: 0 when it may be sent, else the seconds
    until it may.

    The window starts at an address's first question and lasts the limit's window. Its
    start and its count are set with the cache's `add` (only if absent) and `incr`, each
    one atomic step in Redis, so concurrent sends from one address are counted one by one
    and never more than the limit get through; a refused send counts too, which does not
    move the window's end.

    Raises core.redis_cache.CacheUnavailable when the count cannot be kept: the limit
    fails closed rather than let one address fill the editors' queue during an outage.
    """
    with errors_raised():
        return _take_a_send(request, now)


def _take_a_send(request, now):
    limit, window = settings.RULESAGE_QUESTION_RATE_LIMIT
    now = time.time() if now is None else now
    for _attempt in range(3):
        cache.add(_key(request), now, window)
        started = cache.get(_key(request))
        if started is None:  # the window ended in between: start the next one
            continue
        count_key = f"{_key(request)}:{started}"
        cache.add(count_key, 0, window)
        try:
            count = cache.incr(count_key)
        except ValueError:  # expired between add and incr
            continue
        if count <= limit:
            return 0
        return max(1, int(started + window - now) + 1)
    return 0


def rate_limit_message(seconds):
    limit, window = settings.RULESAGE_QUESTION_RATE_LIMIT
    minutes = max(1, (seconds + 59) // 60)
    return ngettext(
        "You have sent %(limit)s questions recently, the most we take from one address in a "
        "while. Your question is kept below: please send it again in %(minutes)s minute.",
        "You have sent %(limit)s questions recently, the most we take from one address in a "
        "while. Your question is kept below: please send it again in %(minutes)s minutes.",
        minutes,
    ) % {"limit": limit, "minutes": minutes}


def limit_unavailable_message():
    return gettext(
        "Questions cannot be sent just now: the part of the site that counts them is not "
        "answering. Your question is kept below: please send it again in a few minutes."
    )
