"""Glossary pairs the site proposes from what translators already wrote (catalogue.term_mining),
for a translator to accept into the game's glossary or reject for good."""

from django.db import models, transaction
from django.utils.translation import gettext_lazy as _

from .games import Game
from .glossary import GlossaryTerm, language_choices


class GlossarySuggestion(models.Model):
    """A mined pair of one game in one language. Rejected rows are kept so that mining never
    proposes the pair again; accepted ones, so that the glossary row is not proposed twice."""

    class Status(models.TextChoices):
        SUGGESTED = "suggested", _("suggested")
        ACCEPTED = "accepted", _("accepted")
        REJECTED = "rejected", _("rejected")

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="glossary_suggestions", verbose_name=_("game")
    )
    english = models.CharField(_("English term"), max_length=120)
    language = models.CharField(
        _("language"), max_length=10, choices=language_choices, default="es"
    )
    translation = models.CharField(_("rendering"), max_length=120)
    score = models.FloatField(default=0)
    # [[English sentence, translated sentence], …]: the evidence shown to the translator.
    sources = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SUGGESTED)

    class Meta:
        ordering = ["game", "language", "-score", "english"]
        default_permissions = ()
        constraints = [
            models.UniqueConstraint(
                fields=["game", "language", "english", "translation"],
                name="glossary_suggestion_unique_pair",
            )
        ]
        indexes = [
            models.Index(
                fields=["status", "game", "language", "-score"], name="glossary_suggestion_list"
            )
        ]

    def __str__(self):
        return f"{self.english} ↔ {self.translation}"

    def accept(self):
        """Into the game's glossary, where search and recall read it."""
        GlossaryTerm.objects.get_or_create(
            game_id=self.game_id,
            language=self.language,
            english=self.english,
            translation=self.translation,
            defaults={"note": _("Suggested from the game's translated guides and rulings.")},
        )
        self.status = self.Status.ACCEPTED
        self.save(update_fields=["status"])

    def reject(self):
        self.status = self.Status.REJECTED
        self.save(update_fields=["status"])


def keep_suggestions(game_id, language, mined):
    """Store what mining found (catalogue.term_mining.Mined, best first) as the game's open
    suggestions: a pair already decided, or whose English term the glossary has, is left out;
    an open suggestion mining no longer finds is dropped."""
    known = {
        english.casefold()
        for english in GlossaryTerm.objects.filter(game_id=game_id, language=language).values_list(
            "english", flat=True
        )
    }
    rows = GlossarySuggestion.objects.filter(game_id=game_id, language=language)
    decided = {
        (english.casefold(), translation.casefold())
        for english, translation in rows.exclude(
            status=GlossarySuggestion.Status.SUGGESTED
        ).values_list("english", "translation")
    }
    fresh, keys = [], set()
    for found in mined:
        key = (found.english.casefold(), found.translation.casefold())
        if found.english.casefold() in known or key in decided or key in keys:
            continue
        keys.add(key)
        fresh.append(
            GlossarySuggestion(
                game_id=game_id,
                language=language,
                english=found.english[:120],
                translation=found.translation[:120],
                score=found.score,
                sources=found.sources,
            )
        )
    with transaction.atomic():
        rows.filter(status=GlossarySuggestion.Status.SUGGESTED).delete()
        GlossarySuggestion.objects.bulk_create(fresh)
