"""Games, editions, documents, passages, errata cards, setup figures and glossary terms are
the catalogue's (catalogue 0001): the rulings' links point at its models, and the rulings
app lets go of them, in the migration state only; no table or row changes here."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('catalogue', '0001_moved_from_rulings'),
        ('rulings', '0029_import_job_heartbeat'),
    ]

    state_operations = [
        migrations.RemoveField(
            model_name='passage',
            name='document',
        ),
        migrations.AlterField(
            model_name='citation',
            name='document',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='citations', to='catalogue.document', verbose_name='document'),
        ),
        migrations.RemoveField(
            model_name='erratacard',
            name='document',
        ),
        migrations.RemoveField(
            model_name='edition',
            name='game',
        ),
        migrations.RemoveField(
            model_name='erratacard',
            name='edition',
        ),
        migrations.AlterField(
            model_name='readerquestion',
            name='edition',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='reader_questions', to='catalogue.edition', verbose_name='edition'),
        ),
        migrations.AlterField(
            model_name='ruling',
            name='edition',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rulings', to='catalogue.edition', verbose_name='edition'),
        ),
        migrations.RemoveField(
            model_name='erratacard',
            name='latest_revision',
        ),
        migrations.RemoveField(
            model_name='erratacard',
            name='passage',
        ),
        migrations.RemoveField(
            model_name='erratacard',
            name='supersedes',
        ),
        migrations.RemoveField(
            model_name='game',
            name='expansion_of',
        ),
        migrations.RemoveField(
            model_name='setupfigure',
            name='game',
        ),
        migrations.RemoveField(
            model_name='glossaryterm',
            name='game',
        ),
        migrations.AlterField(
            model_name='citation',
            name='passage',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='citations', to='catalogue.passage', verbose_name='passage'),
        ),
        migrations.DeleteModel(
            name='Document',
        ),
        migrations.DeleteModel(
            name='Edition',
        ),
        migrations.DeleteModel(
            name='ErrataCard',
        ),
        migrations.DeleteModel(
            name='SetupFigure',
        ),
        migrations.DeleteModel(
            name='Game',
        ),
        migrations.DeleteModel(
            name='GlossaryTerm',
        ),
        migrations.DeleteModel(
            name='Passage',
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
