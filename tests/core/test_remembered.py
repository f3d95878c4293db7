"""Values remembered under tags (core.page_cache.remembered), in the tests' Redis."""

import uuid

from core import page_cache
from core.cache_tags import move_on
from core.page_cache import remembered


def test_a_shared_value_is_unpickled_once_until_its_tag_moves_on():
    """An edition's words are read by every question about it: they are kept as one object
    in the process rather than unpickled for each question, and read again after a change."""
    key, tag = f"test:{uuid.uuid4().hex}", f"test-{uuid.uuid4().hex}"
    computed = []

    def compute():
        computed.append(1)
        return {"tile": ("tile",), "turn": ("turn",)}

    remembered(key, compute, [tag], shared=True)
    first = remembered(key, compute, [tag], shared=True)
    assert remembered(key, compute, [tag], shared=True) is first
    assert len(computed) == 1
    # A caller that may change what it gets has a copy of its own.
    copy = remembered(key, compute, [tag])
    assert copy == first
    assert copy is not first
    move_on({tag})
    remembered(key, compute, [tag], shared=True)
    assert len(computed) == 2
    after = remembered(key, compute, [tag], shared=True)
    assert after is not first
    assert after == first
    assert remembered(key, compute, [tag], shared=True) is after


def test_a_value_found_in_the_process_is_not_kept_again(monkeypatch):
    """A value this process already holds is read from it as it is: kept again on every
    read, each read would take the store's lock, and the store fill up sooner."""
    key, tag = f"test:{uuid.uuid4().hex}", f"test-{uuid.uuid4().hex}"
    remembered(key, lambda: ["tile"], [tag])
    kept_again = []
    monkeypatch.setattr(page_cache._kept, "put", lambda *entry: kept_again.append(entry))
    assert remembered(key, lambda: ["other"], [tag]) == ["tile"]
    assert kept_again == []
