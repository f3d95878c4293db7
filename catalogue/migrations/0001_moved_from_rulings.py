"""The catalogue's models, as the rulings app made them: the same tables and columns,
taken over in the migration state only (rulings 0030 lets go of them; 0002 renames the
tables)."""

import catalogue.locations
import catalogue.models.glossary
import core.text_search
import django.contrib.postgres.indexes
import django.contrib.postgres.search
import django.core.validators
import django.db.models.deletion
import modelcluster.fields
import modelsearch.index
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('rulings', '0029_import_job_heartbeat'),
        ('wagtailcore', '0098_apitoken'),
    ]

    state_operations = [
        migrations.CreateModel(
            name='Edition',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('code', models.CharField(help_text='BoardGameGeek id, language and edition number, e.g. bg-368017-en-1e.', max_length=40, unique=True, validators=[django.core.validators.RegexValidator('^bg-\\d+-[a-z]{2}-\\d+e$', 'Use the form bg-<BGG id>-<language>-<edition>e, e.g. bg-368017-en-1e.')], verbose_name='edition code')),
                ('language', models.CharField(default='en', max_length=10, verbose_name='language')),
                ('label', models.CharField(help_text='How readers know it, e.g. “First edition”.', max_length=200, verbose_name='label')),
                ('label_en', models.CharField(help_text='How readers know it, e.g. “First edition”.', max_length=200, null=True, verbose_name='label')),
                ('label_es', models.CharField(help_text='How readers know it, e.g. “First edition”.', max_length=200, null=True, verbose_name='label')),
                ('external_id', models.CharField(blank=True, help_text='The id the rules Q&A export gives this edition, kept for re-imports.', max_length=40, verbose_name="exporting system's id")),
                ('errata_checked_on', models.DateField(blank=True, help_text='When the registry was last confirmed complete (set by imports and edits).', null=True, verbose_name='errata registry checked on')),
            ],
            options={
                'db_table': 'rulings_edition',
                'verbose_name': 'edition',
                'verbose_name_plural': 'editions',
                'ordering': ['game__name', 'code'],
            },
        ),
        migrations.CreateModel(
            name='Document',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('rulebook', 'Rulebook'), ('errata', 'Errata'), ('faq', 'FAQ'), ('product_page', 'Product page'), ('reference', 'Reference sheet')], default='rulebook', max_length=20, verbose_name='kind')),
                ('title', models.CharField(max_length=300, verbose_name='title')),
                ('title_en', models.CharField(max_length=300, null=True, verbose_name='title')),
                ('title_es', models.CharField(max_length=300, null=True, verbose_name='title')),
                ('published_on', models.DateField(blank=True, null=True, verbose_name='publication date')),
                ('version', models.CharField(blank=True, max_length=60, verbose_name='version')),
                ('url', models.URLField(blank=True, verbose_name='source URL')),
                ('external_id', models.CharField(blank=True, help_text='The corpus document id in rules Q&A exports, e.g. 1035.', max_length=40, verbose_name="exporting system's id")),
                ('edition', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='documents', to='catalogue.edition', verbose_name='edition')),
            ],
            options={
                'db_table': 'rulings_document',
                'verbose_name': 'document',
                'verbose_name_plural': 'documents',
                'ordering': ['edition__code', 'kind', 'title'],
            },
        ),
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, verbose_name='name')),
                ('name_en', models.CharField(max_length=200, null=True, verbose_name='name')),
                ('name_es', models.CharField(max_length=200, null=True, verbose_name='name')),
                ('slug', models.SlugField(max_length=200, unique=True, verbose_name='slug')),
                ('bgg_id', models.PositiveIntegerField(blank=True, null=True, unique=True, verbose_name='BoardGameGeek id')),
                ('publisher', models.CharField(blank=True, max_length=200, verbose_name='publisher')),
                ('min_players', models.PositiveSmallIntegerField(default=1, validators=[django.core.validators.MinValueValidator(1)], verbose_name='minimum players')),
                ('max_players', models.PositiveSmallIntegerField(default=4, validators=[django.core.validators.MinValueValidator(1)], verbose_name='maximum players')),
                ('expansion_of', models.ForeignKey(blank=True, help_text='For an expansion: the base game it is played with.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='expansions', to='catalogue.game', verbose_name='expansion of')),
            ],
            options={
                'db_table': 'rulings_game',
                'verbose_name': 'game',
                'verbose_name_plural': 'games',
                'ordering': ['name'],
            },
        ),
        migrations.AddField(
            model_name='edition',
            name='game',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='editions', to='catalogue.game', verbose_name='game'),
        ),
        migrations.CreateModel(
            name='GlossaryTerm',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('english', models.CharField(max_length=120, verbose_name='English term')),
                ('language', models.CharField(choices=catalogue.models.glossary.language_choices, default='es', max_length=10, verbose_name='language')),
                ('translation', models.CharField(help_text='The term as translations write it.', max_length=120, verbose_name='rendering')),
                ('variant', models.BooleanField(default=False, help_text='Tick for another word readers may use for the term: searched, but not expected in translations.', verbose_name='variant only')),
                ('note', models.CharField(blank=True, help_text='Where the pair comes from, or when to use it.', max_length=255, verbose_name='note')),
                ('stems', models.CharField(default='', editable=False, max_length=300)),
                ('head', models.CharField(default='', editable=False, max_length=60)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='glossary', to='catalogue.game', verbose_name='game')),
            ],
            options={
                'db_table': 'rulings_glossaryterm',
                'verbose_name': 'glossary term',
                'verbose_name_plural': 'glossary',
                'ordering': ['game', 'language', 'english', 'variant', 'translation'],
                'permissions': [('keep_glossaryterm', "Can keep a game's glossary")],
                'default_permissions': ('view',),
            },
        ),
        migrations.CreateModel(
            name='Passage',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('page', models.PositiveIntegerField(blank=True, null=True, verbose_name='page')),
                ('heading_path', models.CharField(blank=True, help_text='Headings joined by “ · ”, e.g. “GAMEPLAY · Optional Flip Action”.', max_length=500, verbose_name='heading path')),
                ('text', models.TextField(blank=True, verbose_name='text')),
                ('text_origin', models.CharField(blank=True, choices=[('search_snippet', 'Passage-search snippet from a rules Q&A export'), ('rulebook', "The rulebook's wording, copied by an editor")], help_text='Required with a text: readers are told whose words they are reading.', max_length=20, verbose_name='what the text is')),
                ('text_exported_at', models.DateTimeField(blank=True, help_text='When the rules Q&A export that supplied the snippet was recorded.', null=True, verbose_name='snippet exported at')),
                ('anchor', models.SlugField(editable=False, max_length=120, verbose_name='anchor')),
                ('search_en', models.GeneratedField(db_persist=True, expression=core.text_search.StoredSearchVector('heading_path', 'text', config='english', weights='AB'), output_field=django.contrib.postgres.search.SearchVectorField(), serialize=False)),
                ('search_es', models.GeneratedField(db_persist=True, expression=core.text_search.StoredSearchVector('heading_path', 'text', config='spanish', weights='AB'), output_field=django.contrib.postgres.search.SearchVectorField(), serialize=False)),
                ('document', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='passages', to='catalogue.document', verbose_name='document')),
            ],
            options={
                'db_table': 'rulings_passage',
                'verbose_name': 'passage',
                'verbose_name_plural': 'passages',
                'ordering': ['document', 'page', 'heading_path'],
            },
            bases=(catalogue.locations.Located, modelsearch.index.Indexed, models.Model),
        ),
        migrations.CreateModel(
            name='ErrataCard',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('page', models.PositiveIntegerField(blank=True, null=True, verbose_name='page')),
                ('heading_path', models.CharField(blank=True, max_length=500, verbose_name='heading path')),
                ('corrected_rule', models.TextField(verbose_name='corrected rule')),
                ('corrected_rule_en', models.TextField(null=True, verbose_name='corrected rule')),
                ('corrected_rule_es', models.TextField(null=True, verbose_name='corrected rule')),
                ('issued_on', models.DateField(verbose_name='issued on')),
                ('issued_by', models.CharField(blank=True, help_text="e.g. the publisher's FAQ", max_length=200, verbose_name='issued by')),
                ('issued_by_en', models.CharField(blank=True, help_text="e.g. the publisher's FAQ", max_length=200, null=True, verbose_name='issued by')),
                ('issued_by_es', models.CharField(blank=True, help_text="e.g. the publisher's FAQ", max_length=200, null=True, verbose_name='issued by')),
                ('source_url', models.URLField(blank=True, verbose_name='source URL')),
                ('status', models.CharField(choices=[('active', 'Active'), ('withdrawn', 'Withdrawn')], default='active', max_length=20, verbose_name='status')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='recorded at')),
                ('document', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='errata_cards', to='catalogue.document', verbose_name='corrected document')),
                ('edition', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='errata_cards', to='catalogue.edition', verbose_name='edition')),
                ('latest_revision', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='wagtailcore.revision', verbose_name='latest revision')),
                ('supersedes', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='superseded_by', to='catalogue.erratacard', verbose_name='supersedes card')),
                ('passage', models.ForeignKey(blank=True, help_text='Leave empty when the passage is not in the corpus; give page and heading.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='errata_cards', to='catalogue.passage', verbose_name='corrected passage')),
            ],
            options={
                'db_table': 'rulings_erratacard',
                'verbose_name': 'errata card',
                'verbose_name_plural': 'errata cards',
                'ordering': ['edition', '-issued_on', 'pk'],
                'permissions': [('issue_erratacard', 'Can issue or amend an errata card')],
                'default_permissions': ('view',),
            },
        ),
        migrations.CreateModel(
            name='SetupFigure',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('sort_order', models.IntegerField(blank=True, editable=False, null=True)),
                ('min_players', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1)], verbose_name='from players')),
                ('max_players', models.PositiveSmallIntegerField(validators=[django.core.validators.MinValueValidator(1)], verbose_name='to players')),
                ('group', models.CharField(choices=[('deck', 'Deck: cards used, counted against the box'), ('supply', 'Shared supply'), ('each_player', 'Each player'), ('game_end', 'Length and end of the game')], max_length=20, verbose_name='table')),
                ('component', models.CharField(help_text='What is counted, e.g. “Tier 1” or “Civic tokens”: the column heading.', max_length=100, verbose_name='component')),
                ('component_en', models.CharField(help_text='What is counted, e.g. “Tier 1” or “Civic tokens”: the column heading.', max_length=100, null=True, verbose_name='component')),
                ('component_es', models.CharField(help_text='What is counted, e.g. “Tier 1” or “Civic tokens”: the column heading.', max_length=100, null=True, verbose_name='component')),
                ('quantity', models.PositiveSmallIntegerField(verbose_name='quantity')),
                ('in_box', models.PositiveSmallIntegerField(blank=True, help_text='How many the box holds; readers can then be told how many go back.', null=True, verbose_name='in the box')),
                ('game', modelcluster.fields.ParentalKey(on_delete=django.db.models.deletion.CASCADE, related_name='setup_figures', to='catalogue.game', verbose_name='game')),
            ],
            options={
                'db_table': 'rulings_setupfigure',
                'verbose_name': 'setup figure',
                'verbose_name_plural': 'setup figures',
                'ordering': ['sort_order'],
                'abstract': False,
            },
        ),
        migrations.AddConstraint(
            model_name='document',
            constraint=models.UniqueConstraint(condition=models.Q(('external_id', ''), _negated=True), fields=('edition', 'external_id'), name='document_external_id_unique_per_edition'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(('max_players__gte', models.F('min_players'))), name='game_player_range_ordered', violation_error_message='The maximum players cannot be below the minimum.'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(('expansion_of', models.F('pk')), _negated=True), name='game_not_its_own_expansion', violation_error_message='A game cannot be an expansion of itself.'),
        ),
        migrations.AddIndex(
            model_name='glossaryterm',
            index=models.Index(fields=['language', 'head'], name='glossary_language_head'),
        ),
        migrations.AddConstraint(
            model_name='glossaryterm',
            constraint=models.UniqueConstraint(fields=('game', 'language', 'english', 'translation'), name='glossary_unique_pair', violation_error_message="This game's glossary already has this pair."),
        ),
        migrations.AddConstraint(
            model_name='glossaryterm',
            constraint=models.CheckConstraint(condition=models.Q(('english__regex', '\\w'), ('translation__regex', '\\w')), name='glossary_terms_have_words'),
        ),
        migrations.AddIndex(
            model_name='passage',
            index=django.contrib.postgres.indexes.GinIndex(fields=['search_en'], name='passage_search_en'),
        ),
        migrations.AddIndex(
            model_name='passage',
            index=django.contrib.postgres.indexes.GinIndex(fields=['search_es'], name='passage_search_es'),
        ),
        migrations.AddConstraint(
            model_name='passage',
            constraint=models.UniqueConstraint(fields=('document', 'page', 'heading_path'), name='passage_unique_location'),
        ),
        migrations.AddConstraint(
            model_name='passage',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('text', ''), ('text_origin', '')), models.Q(models.Q(('text', ''), _negated=True), ('text_origin__in', ['search_snippet', 'rulebook'])), _connector='OR'), name='passage_text_says_what_it_is', violation_error_message="Say what the passage's text is, or leave both empty."),
        ),
        migrations.AddConstraint(
            model_name='setupfigure',
            constraint=models.CheckConstraint(condition=models.Q(('min_players__gte', 1)), name='setup_figure_players_from_one', violation_error_message='Player counts start at one.'),
        ),
        migrations.AddConstraint(
            model_name='setupfigure',
            constraint=models.CheckConstraint(condition=models.Q(('max_players__gte', models.F('min_players'))), name='setup_figure_player_range_ordered', violation_error_message='“To players” cannot be below “From players”.'),
        ),
        migrations.AddConstraint(
            model_name='setupfigure',
            constraint=models.CheckConstraint(condition=models.Q(('quantity__gte', 0), models.Q(('in_box__isnull', True), ('in_box__gte', 0), _connector='OR')), name='setup_figure_quantities_not_negative', violation_error_message='Quantities cannot be negative.'),
        ),
        migrations.AddConstraint(
            model_name='setupfigure',
            constraint=models.CheckConstraint(condition=models.Q(('in_box__isnull', True), ('quantity__lte', models.F('in_box')), _connector='OR'), name='setup_figure_within_the_box', violation_error_message='A game cannot use more than the box holds.'),
        ),
        migrations.AddConstraint(
            model_name='setupfigure',
            constraint=models.UniqueConstraint(fields=('game', 'min_players', 'component_en'), name='setup_figure_one_per_component_and_player_count', violation_error_message='This component already has a figure for that player count.'),
        ),
    ]

    operations = [migrations.SeparateDatabaseAndState(state_operations=state_operations)]
