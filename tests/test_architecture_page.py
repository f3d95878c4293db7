"""docs/architecture.md draws the layers that import-linter enforces: a newcomer reads the
page, CI reads pyproject.toml, and this keeps the two the same.

The drawing's stack (top to bottom) is the contract's layers, each layer's first package;
the packages drawn apart below it are the ones the contract sets beside another
(`"rulesage | devtools"`). Every package the contract names is drawn, and every app the
project installs is one of them.
"""

import re
import tomllib
from pathlib import Path

from django.apps import apps
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
PACKAGE_LINE = re.compile(r"^  ([a-z]+)\s{2,}\S")


def drawing():
    """The stacked packages and those drawn apart, from the page's layers drawing."""
    text = (ROOT / "docs" / "architecture.md").read_text()
    block = text.split("## The layers", 1)[1].split("```", 2)[1]
    stack, apart, current = [], [], None
    for line in block.splitlines():
        if not line.strip():
            current = apart if stack else current
            continue
        match = PACKAGE_LINE.match(line)
        if match:
            (current if current is not None else stack).append(match.group(1))
    return stack, apart


def contract():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (layers,) = [c["layers"] for c in config["contracts"] if c["type"] == "layers"]
    return [[name.strip() for name in layer.split("|")] for layer in layers], config


def test_the_drawing_is_the_contract():
    """A package added to the contract and not drawn (or drawn out of order) fails here."""
    stack, apart = drawing()
    layers, config = contract()
    assert stack == [layer[0] for layer in layers]
    assert apart == [name for layer in layers for name in layer[1:]]
    assert set(config["root_packages"]) == {*stack, *apart}


def test_every_installed_project_app_is_drawn():
    stack, apart = drawing()
    project = {
        config.name.split(".")[0]
        for config in apps.get_app_configs()
        if Path(config.path).is_relative_to(ROOT) and "site-packages" not in Path(config.path).parts
    }
    assert project <= {*stack, *apart}
