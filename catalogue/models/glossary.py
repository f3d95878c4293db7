"""Each game's bilingual glossary, kept by translators: it carries a Spanish question over to
English rulings, and names a Spanish guide that renders a term otherwise."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.text_search import WORD_RE, word_stems
from core.translated_fields import target_languages

from .games import Game


def language_choices():
    names = dict(settings.LANGUAGES)
    return [(code, names.get(code, code)) for code in target_languages()]


class GlossaryTerm(models.Model):
    """One pair of a game's glossary: an English term and its rendering in `language`, the
    one translations use or a variant readers may type ("igualdad" beside "empate"). `stems`
    keeps the rendering stemmed, so a question is matched without stemming it again."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="glossary", verbose_name=_("game")
    )
    english = models.CharField(_("English term"), max_length=120)
    language = models.CharField(
        _("language"), max_length=10, choices=language_choices, default="es"
    )
    translation = models.CharField(
        _("rendering"), max_length=120, help_text=_("The term as translations write it.")
    )
    variant = models.BooleanField(
        _("variant only"),
        default=False,
        help_text=_(
            "Tick for another word readers may use for the term: searched, but not "
            "expected in translations."
        ),
    )
    note = models.CharField(
        _("note"),
        max_length=255,
        blank=True,
        help_text=_("Where the pair comes from, or when to use it."),
    )
    stems = models.CharField(max_length=300, editable=False, default="")
    # The first stem: how the site search finds the glossaries of every game at once.
    head = models.CharField(max_length=60, editable=False, default="")

    class Meta:
        ordering = ["game", "language", "english", "variant", "translation"]
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary")
        # Adding, changing and removing pairs are one action (catalogue.permissions).
        default_permissions = ("view",)
        permissions = [("keep_glossaryterm", _("Can keep a game's glossary"))]
        indexes = [models.Index(fields=["language", "head"], name="glossary_language_head")]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "language", "english", "translation"],
                name="glossary_unique_pair",
                violation_error_message=_("This game's glossary already has this pair."),
            ),
            models.CheckConstraint(
                condition=Q(english__regex=r"\w") & Q(translation__regex=r"\w"),
                name="glossary_terms_have_words",
            ),
        ]

    def __str__(self):
        return f"{self.english} ↔ {self.translation}"

    def save(self, *args, **kwargs):
        self.english = " ".join(self.english.split())
        self.translation = " ".join(self.translation.split())
        self.stems = " ".join(term_stems(self.translation, self.language))
        self.head = self.stems.split(" ", 1)[0]
        if kwargs.get("update_fields"):
            kwargs["update_fields"] = {*kwargs["update_fields"], "stems", "head"}
        super().save(*args, **kwargs)

    def clean(self):
        super().clean()
        if self.translation and not term_stems(self.translation, self.language):
            raise ValidationError(
                {
                    "translation": _(
                        "This rendering has only words too common to search for (such as "
                        "“de” or “la”); write the term itself."
                    )
                }
            )


def term_stems(text, language):
    """The content words of `text` as stems, stop words left out ("ficha de edificio
    comunitario" → fich edifici comunitari)."""
    return [stem for stem in word_stems(WORD_RE.findall(text), language) if stem]
