"""The move from setup JSON to rows keeps every figure a database had."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("rulings", "0006_correction_byline")]
AFTER = [("rulings", "0007_setup_figures")]


# serialized_rollback: the database is put back as migrations left it for the tests after it.
@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_json_setup_figures_become_named_rows():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    try:
        apps = executor.loader.project_state(BEFORE).apps
        Game = apps.get_model("rulings", "Game")
        Game.objects.create(
            name="Point City",
            slug="point-city",
            deck_tiers=[("tier", {"number": n, "total_cards": t}) for n, t in [(1, 65), (2, 50)]],
            player_setups=[
                (
                    "setup",
                    {
                        "min_players": 1,
                        "max_players": 2,
                        "cards_used": [40, 24],
                        "civic_tokens": 10,
                        "turns_per_player": 17,
                        "market_cards_left": None,  # no figure: no row
                    },
                )
            ],
        )
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
    finally:
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
    from catalogue.models import SetupFigure

    rows = SetupFigure.objects.order_by("sort_order").values_list(
        "min_players", "max_players", "group", "component_en", "component_es", "quantity", "in_box"
    )
    assert list(rows) == [
        (1, 2, "deck", "Tier 1", "Nivel 1", 40, 65),
        (1, 2, "deck", "Tier 2", "Nivel 2", 24, 50),
        (1, 2, "supply", "Civic tokens", "Fichas de edificio comunitario", 10, None),
        (1, 2, "game_end", "Turns per player", "Turnos por jugador", 17, None),
    ]
