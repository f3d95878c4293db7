"""The glossary suggestions in the admin, beside the glossary (Rules › Glossary suggestions):
each mined pair with the sentences it came from, to accept into the game's glossary or reject
for good. Whoever keeps the glossary decides (KEEP_GLOSSARY)."""

from django.contrib import messages
from django.contrib.auth.mixins import PermissionRequiredMixin
from django.core.paginator import Paginator
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from core.roles import KEEP_GLOSSARY

from .lookup import TYPED_LIMIT, games_holding, typed
from .models import GlossarySuggestion

PER_PAGE = 25


class GlossaryKeepersMixin(PermissionRequiredMixin):
    permission_required = KEEP_GLOSSARY
    raise_exception = True


class SuggestionListView(GlossaryKeepersMixin, TemplateView):
    """Open suggestions, best first, a page at a time; narrowed to the games whose name (in the
    translator's language or English) holds what was typed: the form lists no games."""

    template_name = "catalogue/admin/glossary_suggestions.html"

    def get_context_data(self, **kwargs):
        rows = GlossarySuggestion.objects.filter(
            status=GlossarySuggestion.Status.SUGGESTED
        ).select_related("game")
        game = typed(self.request.GET.get("game", ""))[:TYPED_LIMIT]
        if game:
            rows = rows.filter(game__in=games_holding(game).values("pk"))
        page = Paginator(rows.order_by("-score", "english", "pk"), PER_PAGE).get_page(
            self.request.GET.get("p")
        )
        return super().get_context_data(
            page_title=_("Glossary suggestions"),
            page=page,
            game=game,
            **kwargs,
        )


class SuggestionDecisionView(GlossaryKeepersMixin, View):
    """Accept (a glossary pair) or reject (never suggested again), then back to the list."""

    def post(self, request, pk, decision):
        suggestion = GlossarySuggestion.objects.filter(
            pk=pk, status=GlossarySuggestion.Status.SUGGESTED
        ).first()
        back = reverse("glossary_suggestions") + "?" + request.GET.urlencode()
        if suggestion is None or decision not in ("accept", "reject"):
            # Mining ran again since the list was shown: the pair is listed anew, if still found.
            messages.warning(request, _("This suggestion has changed; see the list again."))
            return redirect(back)
        if decision == "accept":
            suggestion.accept()
            messages.success(request, _("Added to the glossary: %(pair)s") % {"pair": suggestion})
        else:
            suggestion.reject()
            messages.success(request, _("Rejected: %(pair)s") % {"pair": suggestion})
        return redirect(back)
