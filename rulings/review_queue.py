"""The review queue: public rulings no editor has decided yet, oldest first, narrowed by
game, edition or flag, and several marked reviewed at once with a note.

"Needs review" is one rule: public and not decided (`Ruling.Status.decided`), the same as
the editors' figures count. Marking reviewed is what verifying a ruling in its edit form
does (status, who and when), and each ruling's history keeps the note.
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Q
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from wagtail.log_actions import log

from .admin_listings import with_flag
from .flags import FLAG_LABELS
from .models import Ruling

PER_PAGE = 50
LOG_ACTION = "rulings.reviewed"


def needing_review():
    return Ruling.objects.public().exclude(status__in=Ruling.Status.decided())


class QueueFilters(forms.Form):
    """Typed, never chosen from a list of every game: a catalogue has thousands."""

    game = forms.CharField(label=_("Game"), required=False, max_length=200)
    edition = forms.CharField(label=_("Edition code"), required=False, max_length=60)
    flag = forms.ChoiceField(
        label=_("Flag"), required=False, choices=[("", _("Any")), *FLAG_LABELS.items()]
    )

    def filter(self, rulings):
        if not self.is_valid():
            return rulings
        game, edition, flag = (self.cleaned_data[name] for name in ("game", "edition", "flag"))
        if game:
            by_name = Q(edition__game__name__icontains=game) | Q(edition__game__slug=game)
            rulings = rulings.filter(by_name)
        if edition:
            rulings = rulings.filter(edition__code__iexact=edition)
        return with_flag(rulings, flag) if flag else rulings


class MarkReviewed(forms.Form):
    rulings = forms.ModelMultipleChoiceField(queryset=needing_review())
    note = forms.CharField(label=_("Review note"), max_length=500)


def review_queue(request):
    if not request.user.has_perm("rulings.change_ruling"):
        raise PermissionDenied
    filters = QueueFilters(request.GET or None)
    if request.method == "POST":
        form = MarkReviewed(request.POST)
        if form.is_valid():
            marked = mark_reviewed(
                form.cleaned_data["rulings"], form.cleaned_data["note"], request.user
            )
            messages.success(
                request,
                ngettext(
                    "%(count)s ruling marked reviewed.",
                    "%(count)s rulings marked reviewed.",
                    marked,
                )
                % {"count": marked},
            )
            return redirect(request.get_full_path())
    else:
        form = MarkReviewed()
    rulings = filters.filter(needing_review()).select_related("edition__game")
    rulings = rulings.defer("provenance", "retrieval", "search_en", "search_es")
    page = Paginator(rulings.order_by("created_at", "pk"), PER_PAGE).get_page(request.GET.get("p"))
    return TemplateResponse(
        request,
        "rulings/admin/review_queue.html",
        {"filters": filters, "form": form, "page": page, "now": timezone.now()},
    )


def mark_reviewed(rulings, note, user):
    """Verify each ruling as its edit form would, with `note` in its history."""
    by = user.get_full_name() or user.get_username()
    with transaction.atomic():
        for ruling in rulings:
            ruling.status = Ruling.Status.VERIFIED
            ruling.reviewed_at, ruling.reviewed_by = timezone.now(), by
            ruling.save()
            log(instance=ruling, action=LOG_ACTION, user=user, data={"note": note})
    return len(rulings)
