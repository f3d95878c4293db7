"""The schema's examples: responses the API gave on the demo (`api/examples.json`, written
by `manage.py write_api_examples` on the demo; tests/api/test_examples.py keeps them true)."""

import json
from functools import cache
from pathlib import Path

from drf_spectacular.utils import OpenApiExample

EXAMPLES_FILE = Path(__file__).resolve().parent.parent / "examples.json"


@cache
def stored_examples():
    if not EXAMPLES_FILE.exists():
        return {}
    return json.loads(EXAMPLES_FILE.read_text())


def examples_of(endpoint):
    """{"list": [...], "retrieve": [...]} of `endpoint`'s stored examples."""
    stored = stored_examples().get(endpoint, {})
    return {
        action: [OpenApiExample(f"From the demo ({action})", value=value, response_only=True)]
        for action, value in stored.items()
    }
