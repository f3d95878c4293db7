"""How a ruling's provenance reads on its page: the exporting system's data, in words.

The export names its timings with its own English keys ("search 66 ms · ask 2480 ms");
those it is known to use are interface words, translated; any other key is shown as
exported.
"""

from django.utils.translation import gettext_lazy as _

TIMING_LABELS = {
    "search": _("passage search"),
    "ask": _("answering"),
    "total": _("total"),
}


def timing_rows(timings):
    """(label, milliseconds, translated?) for each timing, in the export's order."""
    return [
        (TIMING_LABELS.get(key, key), ms, key in TIMING_LABELS)
        for key, ms in (timings or {}).items()
    ]
