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

from .models import Game, GlossarySuggestion

PER_PAGE = 25


class GlossaryKeepersMixin(PermissionRequiredMixin):
    permission_required = KEEP_GLOSSARY
    raise_exception = True


class SuggestionListView(GlossaryKeepersMixin, TemplateView):
    """Open suggestions, best first, a page at a time; filtered by game."""

    template_name = "catalogue/admin/glossary_suggestions.html"

    def get_context_data(self, **kwargs):
        rows = GlossarySuggestion.objects.filter(
            status=GlossarySuggestion.Status.SUGGESTED
        ).select_related("game")
        game = self.request.GET.get("game", "")
        if game.isdigit():
            rows = rows.filter(game_id=int(game))
        page = Paginator(rows.order_by("-score", "english", "pk"), PER_PAGE).get_page(
            self.request.GET.get("p")
        )
        games = Game.objects.filter(
            glossary_suggestions__status=GlossarySuggestion.Status.SUGGESTED
        ).distinct()
        return super().get_context_data(
            page_title=_("Glossary suggestions"),
            page=page,
            games=games.only("pk", "name").order_by("name"),
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
