"""Rulings get drafts (Wagtail's draft state), and the reader lists' indexes hold published
rulings only. Every ruling so far stays live: see 0028_rulings_stay_published."""

import django.db.models.deletion
from django.db import migrations, models

from core.migration_operations import AddPostgresIndex, RemovePostgresIndex


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0026_one_permission_per_action'),
        ('wagtailcore', '0098_apitoken'),
    ]

    # As before, SQLite builds no index ordered NULLS LAST (core.migration_operations).
    operations = [
        migrations.AlterModelOptions(
            name='ruling',
            options={'ordering': [models.OrderBy(models.F('answered_at'), descending=True, nulls_last=True), 'pk'], 'permissions': [('review_ruling', 'Can verify, correct or withdraw a ruling'), ('publish_ruling', 'Can publish ruling')], 'verbose_name': 'ruling', 'verbose_name_plural': 'rulings'},
        ),
        RemovePostgresIndex(
            model_name='ruling',
            name='ruling_public_newest',
        ),
        RemovePostgresIndex(
            model_name='ruling',
            name='ruling_public_edition_newest',
        ),
        RemovePostgresIndex(
            model_name='ruling',
            name='ruling_public_status_newest',
        ),
        migrations.RemoveIndex(
            model_name='ruling',
            name='ruling_public_addresses',
        ),
        migrations.RemoveIndex(
            model_name='ruling',
            name='ruling_public_edition_changed',
        ),
        # SQLite adds a column by rebuilding the table with every index the model state
        # holds, and cannot build one ordered NULLS LAST: this one leaves the state (only)
        # while the columns are added. PostgreSQL keeps it throughout.
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.RemoveIndex(model_name='ruling', name='ruling_newest_answer')],
        ),
        migrations.AddField(
            model_name='ruling',
            name='expire_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='expiry date/time'),
        ),
        migrations.AddField(
            model_name='ruling',
            name='expired',
            field=models.BooleanField(default=False, editable=False, verbose_name='expired'),
        ),
        migrations.AddField(
            model_name='ruling',
            name='first_published_at',
            field=models.DateTimeField(blank=True, db_index=True, null=True, verbose_name='first published at'),
        ),
        migrations.AddField(
            model_name='ruling',
            name='go_live_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='go live date/time'),
        ),
        migrations.AddField(
            model_name='ruling',
            name='has_unpublished_changes',
            field=models.BooleanField(default=False, editable=False, verbose_name='has unpublished changes'),
        ),
        migrations.AddField(
            model_name='ruling',
            name='last_published_at',
            field=models.DateTimeField(editable=False, null=True, verbose_name='last published at'),
        ),
        migrations.AddField(
            model_name='ruling',
            name='live',
            field=models.BooleanField(default=True, editable=False, verbose_name='live'),
        ),
        migrations.AddField(
            model_name='ruling',
            name='live_revision',
            field=models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='wagtailcore.revision', verbose_name='live revision'),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.AddIndex(model_name='ruling', index=models.Index(models.OrderBy(models.F('answered_at'), descending=True, nulls_last=True), models.F('id'), name='ruling_newest_answer'))],
        ),
        AddPostgresIndex(
            model_name='ruling',
            index=models.Index(models.OrderBy(models.F('answered_at'), descending=True, nulls_last=True), models.F('id'), condition=models.Q(('live', True), models.Q(('status', 'withdrawn'), _negated=True)), name='ruling_public_newest'),
        ),
        AddPostgresIndex(
            model_name='ruling',
            index=models.Index(models.F('edition'), models.OrderBy(models.F('answered_at'), descending=True, nulls_last=True), models.F('id'), condition=models.Q(('live', True), models.Q(('status', 'withdrawn'), _negated=True)), name='ruling_public_edition_newest'),
        ),
        AddPostgresIndex(
            model_name='ruling',
            index=models.Index(models.F('status'), models.OrderBy(models.F('answered_at'), descending=True, nulls_last=True), models.F('id'), condition=models.Q(('live', True), models.Q(('status', 'withdrawn'), _negated=True)), name='ruling_public_status_newest'),
        ),
        migrations.AddIndex(
            model_name='ruling',
            index=models.Index(condition=models.Q(('live', True), models.Q(('status', 'withdrawn'), _negated=True)), fields=['id'], include=('edition', 'slug', 'changed_for_readers_at'), name='ruling_public_addresses'),
        ),
        migrations.AddIndex(
            model_name='ruling',
            index=models.Index(models.F('edition'), models.OrderBy(models.F('changed_for_readers_at'), descending=True), condition=models.Q(('live', True), models.Q(('status', 'withdrawn'), _negated=True)), name='ruling_public_edition_changed'),
        ),
    ]
