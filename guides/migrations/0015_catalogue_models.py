"""A game page's game, a guide's expansions and a source's document are the catalogue's
models now (catalogue 0001): the same columns, in the migration state only."""

import django.db.models.deletion
import modelcluster.fields
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('catalogue', '0001_moved_from_rulings'),
        ('guides', '0014_guide_checked_by'),
    ]

    # Before the rulings app lets go of the models these point at.
    run_before = [('rulings', '0030_catalogue_models_moved')]

    state_operations = [
        migrations.AlterField(
            model_name='gamepage',
            name='game',
            field=models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='page', to='catalogue.game', verbose_name='game'),
        ),
        migrations.AlterField(
            model_name='guidepage',
            name='expansions',
            field=modelcluster.fields.ParentalManyToManyField(blank=True, help_text="The game's expansions whose rules this guide includes; none: base game only.", related_name='guides_covering', to='catalogue.game', verbose_name='expansions covered'),
        ),
        migrations.AlterField(
            model_name='guidesource',
            name='document',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='guide_sources', to='catalogue.document', verbose_name='document'),
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
