"""Setup figures as rows: the game's JSON blocks become one SetupFigure per (players, component).

The JSON carried Point City's own keys (cards used per tier against the box totals, civic
tokens, turns per player, market cards left); each becomes a named component in the group
its table showed, with the names the tables used as headings, in English and Spanish.
"""

import django.core.validators
import django.db.models.deletion
import modelcluster.fields
from django.db import migrations, models


# The headings the old tables printed for each key (English, Spanish), now component names.
NAMES = {
    "civic_tokens": ("supply", "Civic tokens", "Fichas de edificio comunitario"),
    "turns_per_player": ("game_end", "Turns per player", "Turnos por jugador"),
    "market_cards_left": (
        "game_end",
        "Market cards left at the end",
        "Cartas que quedan en el mercado al final",
    ),
}


def figures_from_json(apps, schema_editor):
    Game = apps.get_model("rulings", "Game")
    SetupFigure = apps.get_model("rulings", "SetupFigure")
    rows = []
    for game in Game.objects.all():
        tiers = [(tier.value["number"], tier.value["total_cards"]) for tier in game.deck_tiers]
        order = 0
        for setup in game.player_setups:
            value = setup.value
            players = {"min_players": value["min_players"], "max_players": value["max_players"]}
            figures = [
                ("deck", f"Tier {number}", f"Nivel {number}", used, total)
                for (number, total), used in zip(tiers, value["cards_used"], strict=False)
            ]
            figures += [
                (group, en, es, value.get(key), None) for key, (group, en, es) in NAMES.items()
            ]
            for group, en, es, quantity, in_box in figures:
                if quantity is None:
                    continue  # no figure: the table shows a dash, as it did
                order += 1
                rows.append(
                    SetupFigure(
                        game=game,
                        sort_order=order,
                        group=group,
                        component=en,
                        component_en=en,
                        component_es=es,
                        quantity=quantity,
                        in_box=in_box,
                        **players,
                    )
                )
    SetupFigure.objects.bulk_create(rows)


def json_from_figures(apps, schema_editor):
    """Back to the JSON blocks, for the keys the old fields knew."""
    Game = apps.get_model("rulings", "Game")
    keys = {en: key for key, (_group, en, _es) in NAMES.items()}
    for game in Game.objects.all():
        figures = list(game.setup_figures.order_by("sort_order"))
        totals = {}
        setups = {}
        for figure in figures:
            setup = setups.setdefault(
                (figure.min_players, figure.max_players), {"cards_used": []}
            )
            if figure.group == "deck":
                setup["cards_used"].append(figure.quantity)
                totals.setdefault(figure.component_en, figure.in_box or 0)
            elif figure.component_en in keys:
                setup[keys[figure.component_en]] = figure.quantity
        game.deck_tiers = [
            ("tier", {"number": n, "total_cards": total})
            for n, total in enumerate(totals.values(), start=1)
        ]
        game.player_setups = [
            ("setup", {"min_players": low, "max_players": high, **values})
            for (low, high), values in setups.items()
        ]
        game.save(update_fields=["deck_tiers", "player_setups"])


class Migration(migrations.Migration):

    dependencies = [
        ('rulings', '0006_correction_byline'),
    ]

    operations = [
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
                ('game', modelcluster.fields.ParentalKey(on_delete=django.db.models.deletion.CASCADE, related_name='setup_figures', to='rulings.game', verbose_name='game')),
            ],
            options={
                'verbose_name': 'setup figure',
                'verbose_name_plural': 'setup figures',
                'ordering': ['sort_order'],
                'abstract': False,
                'constraints': [models.CheckConstraint(condition=models.Q(('min_players__gte', 1)), name='setup_figure_players_from_one', violation_error_message='Player counts start at one.'), models.CheckConstraint(condition=models.Q(('max_players__gte', models.F('min_players'))), name='setup_figure_player_range_ordered', violation_error_message='“To players” cannot be below “From players”.'), models.CheckConstraint(condition=models.Q(('quantity__gte', 0), models.Q(('in_box__isnull', True), ('in_box__gte', 0), _connector='OR')), name='setup_figure_quantities_not_negative', violation_error_message='Quantities cannot be negative.'), models.CheckConstraint(condition=models.Q(('in_box__isnull', True), ('quantity__lte', models.F('in_box')), _connector='OR'), name='setup_figure_within_the_box', violation_error_message='A game cannot use more than the box holds.'), models.UniqueConstraint(fields=('game', 'min_players', 'component_en'), name='setup_figure_one_per_component_and_player_count', violation_error_message='This component already has a figure for that player count.')],
            },
        ),
            migrations.RunPython(figures_from_json, json_from_figures),
        migrations.RemoveField(
            model_name='game',
            name='deck_tiers',
        ),
        migrations.RemoveField(
            model_name='game',
            name='player_setups',
        ),
    ]
