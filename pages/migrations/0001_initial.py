"""The home page, standard pages and site settings, moved here from the `rulesage` app.

Their tables were renamed by rulesage/migrations/0010; this takes the models into the
state and points their content types at this app, so that pages, their revisions, the
settings and every permission keep the rows they had.
"""

import core.pages
import django.db.models.deletion
import wagtail.fields
from django.conf import settings
from django.db import migrations, models

MODELS = ["homepage", "standardpage", "sitesettings"]


def content_types(source, target):
    """The moved models' content types, given from app `source` to app `target`."""

    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        ContentType.objects.filter(app_label=source, model__in=MODELS).update(app_label=target)

    return move


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('rulesage', '0010_site_pages_move_to_pages'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('wagtailcore', '0098_apitoken'),
        migrations.swappable_dependency(settings.WAGTAIL_PAGE_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
        migrations.CreateModel(
            name='HomePage',
            fields=[
                ('page_ptr', models.OneToOneField(auto_created=True, on_delete=django.db.models.deletion.CASCADE, parent_link=True, primary_key=True, serialize=False, to=settings.WAGTAIL_PAGE_MODEL)),
                ('intro', wagtail.fields.RichTextField(blank=True, verbose_name='introduction')),
                ('intro_en', wagtail.fields.RichTextField(blank=True, null=True, verbose_name='introduction')),
                ('intro_es', wagtail.fields.RichTextField(blank=True, null=True, verbose_name='introduction')),
            ],
            options={
                'verbose_name': 'home page',
            },
            bases=(core.pages.EditorialPage, 'wagtailcore.page'),
        ),
        migrations.CreateModel(
            name='StandardPage',
            fields=[
                ('page_ptr', models.OneToOneField(auto_created=True, on_delete=django.db.models.deletion.CASCADE, parent_link=True, primary_key=True, serialize=False, to=settings.WAGTAIL_PAGE_MODEL)),
                ('intro', wagtail.fields.RichTextField(blank=True, verbose_name='introduction')),
                ('intro_en', wagtail.fields.RichTextField(blank=True, null=True, verbose_name='introduction')),
                ('intro_es', wagtail.fields.RichTextField(blank=True, null=True, verbose_name='introduction')),
                ('body', wagtail.fields.StreamField([('heading', 0), ('paragraph', 1), ('note', 3)], blank=True, block_lookup={0: ('core.blocks.HeadingBlock', (), {}), 1: ('wagtail.blocks.RichTextBlock', (), {'features': ['bold', 'italic', 'link', 'ol', 'ul'], 'label': 'Paragraph', 'template': 'core/blocks/paragraph.html'}), 2: ('wagtail.blocks.RichTextBlock', (), {'features': ['bold', 'italic', 'link'], 'label': 'Note'}), 3: ('wagtail.blocks.StructBlock', [[('text', 2)]], {})}, verbose_name='body')),
                ('body_en', wagtail.fields.StreamField([('heading', 0), ('paragraph', 1), ('note', 3)], blank=True, block_lookup={0: ('core.blocks.HeadingBlock', (), {}), 1: ('wagtail.blocks.RichTextBlock', (), {'features': ['bold', 'italic', 'link', 'ol', 'ul'], 'label': 'Paragraph', 'template': 'core/blocks/paragraph.html'}), 2: ('wagtail.blocks.RichTextBlock', (), {'features': ['bold', 'italic', 'link'], 'label': 'Note'}), 3: ('wagtail.blocks.StructBlock', [[('text', 2)]], {})}, null=True, verbose_name='body')),
                ('body_es', wagtail.fields.StreamField([('heading', 0), ('paragraph', 1), ('note', 3)], blank=True, block_lookup={0: ('core.blocks.HeadingBlock', (), {}), 1: ('wagtail.blocks.RichTextBlock', (), {'features': ['bold', 'italic', 'link', 'ol', 'ul'], 'label': 'Paragraph', 'template': 'core/blocks/paragraph.html'}), 2: ('wagtail.blocks.RichTextBlock', (), {'features': ['bold', 'italic', 'link'], 'label': 'Note'}), 3: ('wagtail.blocks.StructBlock', [[('text', 2)]], {})}, null=True, verbose_name='body')),
            ],
            options={
                'verbose_name': 'standard page',
            },
            bases=(core.pages.EditorialPage, 'wagtailcore.page'),
        ),
        migrations.CreateModel(
            name='SiteSettings',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('editorial_policy', models.ForeignKey(blank=True, help_text="Linked from every guide's “Sources and scope” section.", null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.WAGTAIL_PAGE_MODEL, verbose_name='editorial policy page')),
                ('site', models.OneToOneField(editable=False, on_delete=django.db.models.deletion.CASCADE, to='wagtailcore.site')),
            ],
            options={
                'verbose_name': 'site settings',
            },
        ),
        ]),
        migrations.RunPython(content_types("rulesage", "pages"), content_types("pages", "rulesage")),
    ]
