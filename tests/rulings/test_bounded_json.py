"""JSON read within bounds: what the scan accepts reads as ``json.loads`` reads it, and
every refusal names where the problem is."""

import json

import pytest
from django.conf import settings

from rulings.importers.parsed import JSONRefused, load_json

DEPTH = settings.RULESAGE_IMPORT_LIMITS["json_depth"]
MAX_NUMBER_CHARS = settings.RULESAGE_IMPORT_LIMITS["json_number_chars"]


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(
    "text",
    [
        nested(DEPTH),
        '{"a": [{"b": {"c": []}}], "d": "[[[[ NaN Infinity 1e999 ]]]]"}',
        '[1, -2.5, 3e10, 0.000001, "x\\"y", null, true, false]',
        "-" + "9" * (MAX_NUMBER_CHARS - 1),
        '{"score": 1.7976931348623157e308}',
    ],
)
def test_text_within_bounds_reads_as_json_loads_reads_it(text):
    assert load_json(text, DEPTH, MAX_NUMBER_CHARS) == json.loads(text)


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        (nested(DEPTH + 1), f"nested deeper than {DEPTH} levels", DEPTH),
        (nested(100_000), f"nested deeper than {DEPTH} levels", DEPTH),
        ('{"a": [1, NaN]}', "NaN is not a number JSON can store", 10),
        ('[{"x": "Infinity"}, -Infinity]', "-Infinity is not a number JSON can store", 20),
        ("[0, 1e999]", "number out of range: 1e999", 4),
        ("[" + "1" * (MAX_NUMBER_CHARS + 1) + "]", f"number with {MAX_NUMBER_CHARS + 1}", 1),
        ("[1.5" + "0" * MAX_NUMBER_CHARS + "]", f"number with {MAX_NUMBER_CHARS + 3}", 1),
        ("[1, 2", "does not parse (cut off?)", 5),
    ],
)
def test_text_out_of_bounds_is_refused_where_the_problem_is(text, message, position):
    with pytest.raises(JSONRefused) as refused:
        load_json(text, DEPTH, MAX_NUMBER_CHARS)
    assert refused.value.message.startswith(message)
    assert refused.value.pos == position
