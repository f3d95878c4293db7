"""Every publish leaves a change-log line; version summaries move into the log."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def versions_to_change_log(apps, schema_editor):
    """Each version's summary becomes the line that opened it in the change log."""
    GuideVersion = apps.get_model("guides", "GuideVersion")
    GuideChange = apps.get_model("guides", "GuideChange")
    for version in GuideVersion.objects.all():
        GuideChange.objects.create(
            page_id=version.page_id,
            version=version,
            kind="first" if version.number == 1 else "substantive",
            note=version.summary_en or version.summary or "",
            note_en=version.summary_en or version.summary or "",
            note_es=version.summary_es,
            published_at=version.published_at,
            revision_id=version.revision_id,
        )


class Migration(migrations.Migration):

    dependencies = [
        ('guides', '0003_translation_freshness'),
        ('wagtailcore', '0098_apitoken'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='guidepage',
            name='change_kind',
            field=models.CharField(choices=[('minor', 'Minor edit: wording, a typo or a link; the rules it states are unchanged'), ('substantive', 'Substantive change: a new version')], default='minor', help_text='Every publish adds a dated line to the public change log. A substantive change raises the version number; earlier versions stay readable.', max_length=20, verbose_name='this publish is a'),
        ),
        migrations.AddField(
            model_name='guidepage',
            name='translation_current',
            field=models.BooleanField(default=False, help_text='For translators: tick when the text in this language is brought up to date with the current English version. Once published, readers no longer see the notice that the translation follows an earlier version. Give a change-log note when you changed nothing (saying why nothing needed changing).', verbose_name='this translation now says everything the current English version says'),
        ),
        migrations.AddField(
            model_name='guidepage',
            name='translation_current_en',
            field=models.BooleanField(default=False, help_text='For translators: tick when the text in this language is brought up to date with the current English version. Once published, readers no longer see the notice that the translation follows an earlier version. Give a change-log note when you changed nothing (saying why nothing needed changing).', verbose_name='this translation now says everything the current English version says'),
        ),
        migrations.AddField(
            model_name='guidepage',
            name='translation_current_es',
            field=models.BooleanField(default=False, help_text='For translators: tick when the text in this language is brought up to date with the current English version. Once published, readers no longer see the notice that the translation follows an earlier version. Give a change-log note when you changed nothing (saying why nothing needed changing).', verbose_name='this translation now says everything the current English version says'),
        ),
        migrations.AlterField(
            model_name='guidepage',
            name='change_summary',
            field=models.CharField(blank=True, help_text='One line for the public change log saying what changed. Required for a substantive change; for a minor edit a standard note is used when empty.', max_length=255, verbose_name='change-log note'),
        ),
        migrations.AlterField(
            model_name='guidepage',
            name='change_summary_en',
            field=models.CharField(blank=True, help_text='One line for the public change log saying what changed. Required for a substantive change; for a minor edit a standard note is used when empty.', max_length=255, null=True, verbose_name='change-log note'),
        ),
        migrations.AlterField(
            model_name='guidepage',
            name='change_summary_es',
            field=models.CharField(blank=True, help_text='One line for the public change log saying what changed. Required for a substantive change; for a minor edit a standard note is used when empty.', max_length=255, null=True, verbose_name='change-log note'),
        ),
        migrations.CreateModel(
            name='GuideChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('first', 'First published'), ('substantive', 'New version'), ('minor', 'Minor edit'), ('translation', 'Translation')], max_length=20, verbose_name='kind of change')),
                ('language', models.CharField(blank=True, help_text='Empty for a change to the original, shown in every language.', max_length=10, verbose_name='language')),
                ('note', models.CharField(max_length=255, verbose_name='note')),
                ('note_en', models.CharField(max_length=255, null=True, verbose_name='note')),
                ('note_es', models.CharField(max_length=255, null=True, verbose_name='note')),
                ('published_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='published at')),
                ('page', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='guides.guidepage')),
                ('revision', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='wagtailcore.revision')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='by')),
                ('version', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='guides.guideversion')),
            ],
            options={
                'verbose_name': 'change-log line',
                'verbose_name_plural': 'change log',
                'ordering': ['-published_at', '-pk'],
            },
        ),
        migrations.RunPython(versions_to_change_log, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name='guideversion',
            name='summary',
        ),
        migrations.RemoveField(
            model_name='guideversion',
            name='summary_en',
        ),
        migrations.RemoveField(
            model_name='guideversion',
            name='summary_es',
        ),
    ]
