"""Each passage records its edition's language, and keeps a search vector in that language
alone: the other language's column is NULL, and each language's index holds only its own
passages. Every passage is kept; those of editions in another language than English get
their edition's. A Spanish document's title, stored in the English column, moves to the
Spanish one."""

import core.text_search
import django.contrib.postgres.indexes
import django.contrib.postgres.search
from django.db import migrations, models
from django.db.models import F, Q

from core.migration_operations import AddPostgresIndex, RemovePostgresIndex

SEARCHED = ("heading_path", "text")


def vector(code, config):
    return models.GeneratedField(
        db_persist=True,
        expression=core.text_search.StoredSearchVector(
            *SEARCHED, config=config, weights="AB", only_where={"language": code}
        ),
        output_field=django.contrib.postgres.search.SearchVectorField(),
        serialize=False,
    )


def fill(apps, schema_editor):
    """Each passage takes its edition's language (one UPDATE per language other than
    English, the column's default: no rows are read into Python). A document's title as
    published, stored in the English column whatever its language (as the importer stored
    it), moves to its Spanish edition's column when that is empty."""
    Edition = apps.get_model("catalogue", "Edition")
    Passage = apps.get_model("catalogue", "Passage")
    Document = apps.get_model("catalogue", "Document")
    others = Edition.objects.exclude(language="en").values_list("language", flat=True)
    for language in sorted(set(others)):
        Passage.objects.filter(document__edition__language=language).update(language=language)
    titled_in_english = Document.objects.filter(edition__language="es").exclude(
        Q(title_en__isnull=True) | Q(title_en="")
    )
    titled_in_english.filter(Q(title_es__isnull=True) | Q(title_es="")).update(
        title_es=F("title_en"), title_en=None
    )
    if schema_editor.connection.vendor == "postgresql":
        # The rows' foreign-key checks now, not at commit: PostgreSQL alters no table with
        # checks still pending, and the columns come next.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def analyze(apps, schema_editor):
    """The planner's statistics of the new columns now, not at autovacuum's next pass: until
    then it guesses how many rows a language's words match."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ANALYZE catalogue_passage")


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0003_glossary_suggestions_h34b")]

    operations = [
        # The vectors go first, so that filling the language does not compute them, and
        # come back once (two table rewrites, each computing one language's vectors).
        RemovePostgresIndex(model_name="passage", name="passage_search_en"),
        RemovePostgresIndex(model_name="passage", name="passage_search_es"),
        migrations.RemoveField(model_name="passage", name="search_en"),
        migrations.RemoveField(model_name="passage", name="search_es"),
        migrations.AddField(
            model_name="passage",
            name="language",
            field=models.CharField(
                default="en", editable=False, max_length=10, verbose_name="language"
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=False),
        migrations.AddConstraint(
            model_name="passage",
            constraint=models.CheckConstraint(
                condition=models.Q(language__regex="^[a-z]{2}$"),
                name="passage_language_is_a_code",
            ),
        ),
        migrations.AddField(model_name="passage", name="search_en", field=vector("en", "english")),
        migrations.AddField(model_name="passage", name="search_es", field=vector("es", "spanish")),
        AddPostgresIndex(
            model_name="passage",
            index=django.contrib.postgres.indexes.GinIndex(
                condition=models.Q(language="en"), fields=["search_en"], name="passage_search_en"
            ),
        ),
        AddPostgresIndex(
            model_name="passage",
            index=django.contrib.postgres.indexes.GinIndex(
                condition=models.Q(language="es"), fields=["search_es"], name="passage_search_es"
            ),
        ),
        migrations.RunPython(analyze, migrations.RunPython.noop, elidable=True),
    ]
