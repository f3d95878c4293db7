from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations


class Migration(migrations.Migration):
    """pg_trgm for answered-before recall (rulings/recall.py); skipped on SQLite."""

    dependencies = [("rulings", "0006_correction_byline")]

    operations = [TrigramExtension()]
