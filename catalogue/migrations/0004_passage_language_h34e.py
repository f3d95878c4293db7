"""Each passage records its edition's language, and keeps a search vector in that language
alone: the other language's column is NULL, and each language's index holds only its own
passages. Every passage is kept; those of editions in another language than English get
their edition's. A Spanish document's title, stored in the English column, moves to the
Spanish one."""

import core.text_search
import django.contrib.postgres.indexes
import django.contrib.postgres.search
from django.db import migrations, models

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


# One UPDATE from the editions (no rows are read into Python): half a million passages
# take seconds. Only the passages not in English are written.
FILL = """
UPDATE catalogue_passage AS passage SET language = edition.language
FROM catalogue_document AS document JOIN catalogue_edition AS edition
    ON edition.id = document.edition_id
WHERE document.id = passage.document_id AND passage.language <> edition.language;
-- A document's title as published, stored in the English column whatever its language (as
-- the importer stored it), moves to its edition's language's column when that is empty.
UPDATE catalogue_document AS document SET title_es = document.title_en, title_en = NULL
FROM catalogue_edition AS edition
WHERE edition.id = document.edition_id AND edition.language = 'es'
    AND coalesce(btrim(document.title_es), '') = ''
    AND coalesce(btrim(document.title_en), '') <> '';
-- The rows' foreign-key checks now, not at commit: PostgreSQL alters no table with checks
-- still pending, and the columns come next.
SET CONSTRAINTS ALL IMMEDIATE;
"""


class Migration(migrations.Migration):
    dependencies = [("catalogue", "0003_glossary_suggestions_h34b")]

    operations = [
        # The vectors go first, so that filling the language does not compute them, and
        # come back once (two table rewrites, each computing one language's vectors).
        migrations.RemoveIndex(model_name="passage", name="passage_search_en"),
        migrations.RemoveIndex(model_name="passage", name="passage_search_es"),
        migrations.RemoveField(model_name="passage", name="search_en"),
        migrations.RemoveField(model_name="passage", name="search_es"),
        migrations.AddField(
            model_name="passage",
            name="language",
            field=models.CharField(
                default="en", editable=False, max_length=10, verbose_name="language"
            ),
        ),
        migrations.RunSQL(FILL, migrations.RunSQL.noop, elidable=False),
        migrations.AddConstraint(
            model_name="passage",
            constraint=models.CheckConstraint(
                condition=models.Q(language__regex="^[a-z]{2}$"),
                name="passage_language_is_a_code",
            ),
        ),
        migrations.AddField(model_name="passage", name="search_en", field=vector("en", "english")),
        migrations.AddField(model_name="passage", name="search_es", field=vector("es", "spanish")),
        migrations.AddIndex(
            model_name="passage",
            index=django.contrib.postgres.indexes.GinIndex(
                condition=models.Q(language="en"), fields=["search_en"], name="passage_search_en"
            ),
        ),
        migrations.AddIndex(
            model_name="passage",
            index=django.contrib.postgres.indexes.GinIndex(
                condition=models.Q(language="es"), fields=["search_es"], name="passage_search_es"
            ),
        ),
    ]
