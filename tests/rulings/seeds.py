"""Where the seed exports are, for tests that need them (shared/ sits beside the clone).

Locally a missing seeds folder skips those tests; in CI (the ``CI`` variable set) they run
and fail on the missing file, so a broken checkout can never pass by skipping.
"""

import os
from pathlib import Path

import pytest

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
POINT_CITY = SEEDS / "ruling-point-city-how-to-play.txt"
ARCHAEOLOGY = SEEDS / "ruling-archaeology-how-to-play.txt"

needs_seeds = pytest.mark.skipif(
    not (POINT_CITY.is_file() and ARCHAEOLOGY.is_file()) and not os.environ.get("CI"),
    reason=f"seed exports not found in {SEEDS} (shared/ must sit beside the clone)",
)
