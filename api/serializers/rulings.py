"""Rulings with their numbered citations, review state and dated corrections."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalogue.models import Passage
from rulings.models import Citation, Ruling, RulingCorrection

from .catalogue import ReaderSerializer


class CitedDocumentSerializer(serializers.Serializer):
    """The document a citation names, when the catalogue holds it."""

    id = serializers.IntegerField(allow_null=True, help_text="Null: not in the catalogue.")
    title = serializers.CharField()
    url = serializers.URLField(allow_null=True)


# A citation read as a row (api.views.rulings.with_citations): its columns, and its document
# made once a response. (No docstring: the schema would show it as the item's description.)
class CitationSerializer(ReaderSerializer):
    document = serializers.SerializerMethodField()
    heading = serializers.CharField(source="heading_path")
    url = serializers.SerializerMethodField(help_text="The cited passage, or its document.")

    class Meta:
        model = Citation
        fields = ["n", "document", "page", "heading", "quote", "url"]

    @extend_schema_field(CitedDocumentSerializer)
    def get_document(self, citation):
        document = citation["document"]
        if document is None:
            title = Citation.title_of(None, citation["document_title"])
            return {"id": None, "title": title, "url": None}
        return {
            "id": document.pk,
            "title": self.title(document),
            "url": self.addresses.document(document),
        }

    def title(self, document):
        """A cited document's title, asked once a response of each document: the rulings of
        a list cite the same documents again and again, and each translated field read
        looks up the active language and its fallbacks."""
        titles = self.context.setdefault("document titles", {})
        if document.pk not in titles:
            titles[document.pk] = Citation.title_of(document, None)
        return titles[document.pk]

    def get_url(self, citation) -> str | None:
        document = citation["document"]
        if citation["passage_id"]:
            # The citation's document is its passage's (Citation.save), already read.
            if document is not None and citation["passage__document_id"] == document.pk:
                return Passage.url_of(
                    self.addresses.document(document), citation["passage__anchor"]
                )
            # Else (a row no save wrote) the passage is read with its own document.
            passage = Passage.objects.select_related("document__edition")
            return self.address(passage.get(pk=citation["passage_id"]).get_absolute_url())
        return self.addresses.document(document) if document else None


class CorrectionSerializer(serializers.ModelSerializer):
    corrected_by = serializers.CharField(source="byline")
    dated_at = serializers.DateTimeField()

    class Meta:
        model = RulingCorrection
        fields = ["corrected_on", "dated_at", "what_was_wrong", "what_it_says_now", "corrected_by"]


# Writes a moment as every date field of the API does (its settings' format and zone).
DATE_TIME = serializers.DateTimeField()


class ReviewSerializer(serializers.Serializer):
    status = serializers.CharField(
        help_text="imported, written, needs_review, verified or corrected."
    )
    label = serializers.CharField(help_text="The status in the response's language.")
    reviewed_at = serializers.DateTimeField(allow_null=True)
    reviewed_by = serializers.CharField()


class RulingSerializer(ReaderSerializer):
    edition = serializers.SlugRelatedField(slug_field="code", read_only=True)
    game = serializers.CharField(source="game_slug", read_only=True)
    written_in = serializers.CharField(source="language", help_text="Its edition's language.")
    review = serializers.SerializerMethodField()
    dated_at = serializers.DateTimeField(help_text="When its answer was given.")
    changed_for_readers_at = serializers.DateTimeField(
        help_text="Its answer's date or its latest correction's, whichever is later."
    )
    citations = CitationSerializer(many=True, read_only=True, source="cited")
    corrections = CorrectionSerializer(many=True, read_only=True, source="listed_corrections")
    url = serializers.SerializerMethodField(help_text="The ruling's page.")

    class Meta:
        model = Ruling
        fields = [
            "id",
            "slug",
            "edition",
            "game",
            "written_in",
            "question",
            "answer",
            "outcome",
            "abstain_rationale",
            "closing_line",
            "answerer",
            "origin",
            "review",
            "dated_at",
            "changed_for_readers_at",
            "citations",
            "corrections",
            "url",
        ]
        extra_kwargs = {"answer": {"help_text": "Markdown; [n] cites citation n."}}

    @extend_schema_field(ReviewSerializer)
    def get_review(self, ruling):
        return {
            "status": ruling.status,
            "label": self.status_label(ruling),
            "reviewed_at": DATE_TIME.to_representation(ruling.reviewed_at)
            if ruling.reviewed_at
            else None,
            "reviewed_by": ruling.reviewed_by,
        }

    def status_label(self, ruling):
        """The status's label, asked once a response for each status: the display method
        makes a dictionary of every choice each time it is called."""
        labels = self.context.setdefault("status labels", {})
        if ruling.status not in labels:
            labels[ruling.status] = str(ruling.get_status_display())
        return labels[ruling.status]

    def get_url(self, ruling) -> str:
        return self.address(ruling.get_absolute_url())
