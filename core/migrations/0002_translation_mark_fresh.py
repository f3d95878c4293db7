"""One record of which English a translation follows, for guides and rulings alike
(`core.freshness`); guides 0016 and rulings 0031 copy their own records into it."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('core', '0001_content_state'),
        ('wagtailcore', '0098_apitoken'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='TranslationMark',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('object_id', models.PositiveBigIntegerField()),
                ('language', models.CharField(max_length=10, verbose_name='language')),
                ('note', models.CharField(blank=True, help_text='Why the translation needed no change, when it was not edited.', max_length=255, verbose_name='reason')),
                ('marked_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='marked up to date at')),
                ('content_type', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='contenttypes.contenttype')),
                ('follows', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='wagtailcore.revision', verbose_name='follows the English of revision')),
                ('marked_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='marked up to date by')),
            ],
            options={
                'verbose_name': 'translation record',
                'verbose_name_plural': 'translation records',
                'permissions': [('mark_translation_up_to_date', 'Can mark a translation up to date')],
                'default_permissions': ('view',),
                'constraints': [models.UniqueConstraint(fields=('content_type', 'object_id', 'language'), name='translation_mark_one_per_language')],
            },
        ),
    ]
