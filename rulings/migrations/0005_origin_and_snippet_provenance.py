"""Record where rulings and passage texts come from, filling in existing rows.

Existing rulings: the importer's key marks an export, anything else was written in the
admin. The three example rulings that the demo used to ship as made-up export files are
found by their exact import keys (not by file name) and turned into what they are:
illustrative, stripped of the retrieval, timings, sign-off and file name they never had.
Their invented search snippets leave the passages: a real export's snippet of the same
place takes their place, or the passage keeps no text. Every other passage text came from an export's search snippet (the only
writer until now) and is labelled so, dated from the export that returned it.
"""

from django.db import migrations, models

# The exact import keys of the demo's former made-up exports (edition, question, date),
# as 0004 left them: first under the current key rule, then under the rule before it.
LEGACY_DEMO_KEYS = [
    "87d55616d9f735715d739d1a84da72699e9670cc3bf91fde2a80f1aac932fe00",
    "0d3f17c9677fc15b8bceae7d9c78e585d0d67460121f334095883a134187ec55",
    "f240c53626b93d5325c8b03aaa3965ce3cdc86063bfa478c37aa05ed9d5dd369",
    "c7320d50dabb0da28c1020dee477ba4a3110fce5a8d793fb40f1418953c990d4",
    "c3e43483f32174a8cb194203e168d23cfdefe711aef66095049ba43969b6b5a1",
    "7a9e7720e72fa27feae9faf2ff8f33641f9675da637a6061bc0f7abc8b6ea73f",
]
INVENTED_PROVENANCE = {
    "import_key": None,
    "import_hash": "",
    "source_file": "",
    "answerer": "",
    "timings": {},
    "tokens_in": None,
    "tokens_out": None,
    "retrieval": [],
    "provenance": {},
    "errata_statement": "",
    "outcome_label": "",
    "closing_line": "",
    "closing_line_en": "",
    "closing_line_es": "",
}


def snippets(ruling):
    """(exporter's document id, page, heading path, snippet) of each retrieval row."""
    refs = ruling.retrieval if isinstance(ruling.retrieval, list) else []
    return [
        (str(ref.get("sharpsignalDocId")), ref.get("page"), ref.get("headingPath") or "", text)
        for ref in refs
        if isinstance(ref, dict) and isinstance(text := ref.get("snippet"), str) and text
    ]


def fill_in(apps, schema_editor):
    Ruling = apps.get_model("rulings", "Ruling")
    Passage = apps.get_model("rulings", "Passage")
    ErrataCard = apps.get_model("rulings", "ErrataCard")
    for card in ErrataCard.objects.filter(issued_by_en__isnull=True):
        card.issued_by_en = card.issued_by
        card.save(update_fields=["issued_by_en"])

    invented = set()
    for ruling in Ruling.objects.filter(import_key__in=LEGACY_DEMO_KEYS):
        invented.update(text for _doc, _page, _heading, text in snippets(ruling))
        for name, value in INVENTED_PROVENANCE.items():
            setattr(ruling, name, value)
        ruling.origin = "illustrative"
        ruling.save()
    Ruling.objects.filter(import_key__isnull=False).update(origin="export")

    # What real exports returned: each snippet's first export, each place's longest snippet.
    first_export, longest = {}, {}
    for ruling in Ruling.objects.filter(origin="export").order_by("answered_at"):
        for doc, page, heading, text in snippets(ruling):
            first_export.setdefault(text, ruling.answered_at)
            place = (ruling.edition_id, doc, page, heading)
            if place not in longest or len(text) > len(longest[place][0]):
                longest[place] = (text, ruling.answered_at)
    for passage in Passage.objects.exclude(text="").select_related("document"):
        if passage.text in invented and passage.text not in first_export:
            document = passage.document
            place = (document.edition_id, document.external_id, passage.page, passage.heading_path)
            passage.text, passage.text_exported_at = longest.get(place, ("", None))
        else:
            passage.text_exported_at = first_export.get(passage.text)
        passage.text_origin = "search_snippet" if passage.text else ""
        passage.save(update_fields=["text", "text_origin", "text_exported_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0004_ruling_question_key"),
        ("wagtailcore", "0098_apitoken"),
    ]

    operations = [
        migrations.AddField(
            model_name="erratacard",
            name="issued_by_en",
            field=models.CharField(
                blank=True,
                help_text="e.g. the publisher's FAQ",
                max_length=200,
                null=True,
                verbose_name="issued by",
            ),
        ),
        migrations.AddField(
            model_name="erratacard",
            name="issued_by_es",
            field=models.CharField(
                blank=True,
                help_text="e.g. the publisher's FAQ",
                max_length=200,
                null=True,
                verbose_name="issued by",
            ),
        ),
        migrations.AddField(
            model_name="passage",
            name="text_exported_at",
            field=models.DateTimeField(
                blank=True,
                help_text="When the rules Q&A export that supplied the snippet was recorded.",
                null=True,
                verbose_name="snippet exported at",
            ),
        ),
        migrations.AddField(
            model_name="passage",
            name="text_origin",
            field=models.CharField(
                blank=True,
                choices=[
                    ("search_snippet", "Passage-search snippet from a rules Q&A export"),
                    ("rulebook", "The rulebook's wording, copied by an editor"),
                ],
                help_text="Required with a text: readers are told whose words they are reading.",
                max_length=20,
                verbose_name="what the text is",
            ),
        ),
        migrations.AddField(
            model_name="ruling",
            name="origin",
            field=models.CharField(
                choices=[
                    ("export", "Rules Q&A system export"),
                    ("editor", "Written by an editor"),
                    ("illustrative", "Illustrative — not from the rules Q&A system"),
                ],
                default="editor",
                help_text="Set by the importer (export) and the demo loader (illustrative).",
                max_length=20,
                verbose_name="origin",
            ),
        ),
        migrations.RunPython(fill_in, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="passage",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("text", ""), ("text_origin", "")),
                    models.Q(
                        models.Q(("text", ""), _negated=True),
                        ("text_origin__in", ["search_snippet", "rulebook"]),
                    ),
                    _connector="OR",
                ),
                name="passage_text_says_what_it_is",
                violation_error_message="Say what the passage's text is, or leave both empty.",
            ),
        ),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.CheckConstraint(
                condition=models.Q(("origin__in", ["export", "editor", "illustrative"])),
                name="ruling_origin_known",
            ),
        ),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("import_key__isnull", True), ("origin", "export"), _connector="OR"
                ),
                name="ruling_imported_is_export",
            ),
        ),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("origin", "illustrative"), _negated=True),
                    ("source_file", ""),
                    _connector="OR",
                ),
                name="ruling_illustrative_has_no_source_file",
            ),
        ),
    ]
