# Documents' titles per language: the title a document is published under is kept in
# the source-language column; other languages' titles are added by editors.

from django.db import migrations, models
from django.db.models import F


def keep_published_titles(apps, schema_editor):
    Document = apps.get_model("rulings", "Document")
    Document.objects.filter(title_en__isnull=True).update(title_en=F("title"))


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0013_reader_told_once'),
    ]

    operations = [
        migrations.AddField(
            model_name='document',
            name='title_en',
            field=models.CharField(max_length=300, null=True, verbose_name='title'),
        ),
        migrations.AddField(
            model_name='document',
            name='title_es',
            field=models.CharField(max_length=300, null=True, verbose_name='title'),
        ),
        migrations.RunPython(keep_published_titles, migrations.RunPython.noop),
    ]
