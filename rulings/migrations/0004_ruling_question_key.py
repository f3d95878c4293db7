"""Rulings get a question key, and their import keys the normalised question.

A copy of an export cut before its timestamp line is matched to the stored ruling by
edition and question alone (rulings/importers/write/identity.py), so each imported ruling stores
that key too. The question in both keys is now case-folded and NFC-normalised; keys made
by the old rule (whitespace collapsed only) are recomputed, so existing rulings keep
matching their exports. A key that no longer matches the stored fields (an editor has
since changed the question), or whose new value another ruling already has (two questions
that differ only in case, answered at the same minute), is left as it was.
"""

import hashlib

from django.db import migrations, models


def _old_import_key(code, question, recorded):
    basis = "\n".join([code, " ".join(question.split()), recorded])
    return hashlib.sha256(basis.encode()).hexdigest()


def add_question_keys(apps, schema_editor):
    from rulings.importers.identity import Identity

    Ruling = apps.get_model("rulings", "Ruling")
    rulings = Ruling.objects.filter(import_key__isnull=False).select_related("edition")
    for ruling in rulings.iterator():
        question = ruling.question_en or ruling.question or ""
        recorded = ruling.answered_at.isoformat() if ruling.answered_at else ""
        identity = Identity.of(ruling.edition.code, question, recorded)
        ruling.question_key = identity.question_key
        taken = Ruling.objects.filter(import_key=identity.import_key).exclude(pk=ruling.pk)
        old = _old_import_key(ruling.edition.code, question, recorded)
        if ruling.import_key == old and not taken.exists():
            ruling.import_key = identity.import_key
        ruling.save(update_fields=["question_key", "import_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0003_rulings_errata_passages"),
    ]

    operations = [
        migrations.AddField(
            model_name="ruling",
            name="question_key",
            field=models.CharField(db_index=True, editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(add_question_keys, migrations.RunPython.noop),
    ]
