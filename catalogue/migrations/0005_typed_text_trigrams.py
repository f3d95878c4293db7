from django.contrib.postgres.indexes import GinIndex, OpClass
from django.db import migrations
from django.db.models.functions import Upper

from core.migration_operations import AddPostgresIndex


def trigrams(model_name, column):
    index = GinIndex(OpClass(Upper(column), name="gin_trgm_ops"), name=f"{model_name}_{column}_tri")
    return AddPostgresIndex(model_name=model_name, index=index)


class Migration(migrations.Migration):
    """Trigram indexes of the names, labels and codes readers type into the game and edition
    boxes (catalogue.lookup); pg_trgm is the rulings app's (0008). None on SQLite."""

    dependencies = [
        ("catalogue", "0004_passage_language_h34e"),
        ("rulings", "0008_trigram_extension"),
    ]

    operations = [
        trigrams("edition", "code"),
        trigrams("edition", "label_en"),
        trigrams("edition", "label_es"),
        trigrams("game", "name_en"),
        trigrams("game", "name_es"),
    ]
