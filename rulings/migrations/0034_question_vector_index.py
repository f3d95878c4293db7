import django.contrib.postgres.indexes
from django.db import migrations, models

import core.text_search
from core.migration_operations import AddPostgresIndex


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0033_readerquestion_search_asearch"),
    ]

    operations = [
        AddPostgresIndex(
            model_name="ruling",
            index=django.contrib.postgres.indexes.GinIndex(
                core.text_search.QuestionWeight(models.F(f"search_{code}")),
                name=f"ruling_asked_{code}",
            ),
        )
        for code in ("en", "es")
    ]
