"""`make test`'s workers keep each group of tests together (--dist loadgroup), so what a
group shares (the small catalogue, a migrated SQLite database) is built once. Nothing else
would notice a release of pytest or pytest-xdist that stops grouping: the tests would still
pass, each group built once on every worker."""

import pytest


@pytest.mark.xdist_group("sqlite")
def test_a_grouped_test_is_sent_to_its_groups_worker(request):
    if getattr(request.config.option, "loadgroup", False):
        assert request.node.nodeid.endswith("@sqlite"), (
            "pytest-xdist's --dist loadgroup is not grouping with this pytest (pyproject.toml)"
        )
