"""The seed documents in ../shared/seeds: skipped locally when absent, a failure in CI."""

import os
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def seed_path(name):
    """The seed file `name`; CI must have the seeds, so there a missing one fails the test."""
    path = SEEDS / name
    if not path.is_file():
        message = f"seed {name} not found in {SEEDS} (shared/ must sit beside the clone)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def import_seed(name):
    """Import a seed export as `import_rulings` would, with its first revision."""
    from rulings.importers import parse_file
    from rulings.importers.store import store

    result = store(parse_file(seed_path(name)))
    result.ruling.save_revision()
    return result.ruling


POINT_CITY_RULING = "ruling-point-city-how-to-play.txt"
