"""Templates keep the layering that lint-imports (make test) checks for Python code.

A template under templates/<app>/ belongs to that app: it may load tag libraries and
include or extend templates only of its own layer or lower ones (core < catalogue < rulings <
guides < pages < rulesage). Project-level templates (base.html, error pages) frame every app
and belong to the top layer.
"""

import re
from pathlib import Path

from django.conf import settings

LAYERS = ["core", "catalogue", "rulings", "guides", "pages", "rulesage"]
TEMPLATES = Path(settings.BASE_DIR) / "templates"
LOAD_RE = re.compile(r"{%\s*load\s+([^%]+?)\s*%}")
TEMPLATE_RE = re.compile(r"{%\s*(?:include|extends)\s+[\"']([^\"']+)[\"']")


def library_layers():
    """Each tag library of the project's apps, and the layer of the app defining it."""
    return {
        path.stem: app
        for app in LAYERS
        for path in (Path(settings.BASE_DIR) / app / "templatetags").glob("*.py")
        if path.stem != "__init__"
    }


def owner(template_name):
    first = template_name.split("/", 1)[0]
    return first if first in LAYERS and "/" in template_name else "rulesage"


def upward_references(templates=TEMPLATES):
    libraries = library_layers()
    found = []
    for path in sorted(templates.rglob("*.html")):
        name = str(path.relative_to(templates))
        level = LAYERS.index(owner(name))
        text = path.read_text()
        for load in LOAD_RE.findall(text):
            for library in load.split():
                app = libraries.get(library)
                if app and LAYERS.index(app) > level:
                    found.append(f"{name} loads {library} ({app})")
        for used in TEMPLATE_RE.findall(text):
            if LAYERS.index(owner(used)) > level and used.split("/", 1)[0] in LAYERS:
                found.append(f"{name} uses {used}")
    return found


def test_no_template_reaches_up_a_layer():
    assert upward_references() == []


def test_the_check_sees_an_upward_reference(tmp_path):
    rogue = tmp_path / "rulings" / "rogue.html"
    rogue.parent.mkdir()
    rogue.write_text('{% load rulesage_tags %}{% include "guides/guide_page.html" %}')
    assert upward_references(tmp_path) == [
        "rulings/rogue.html loads rulesage_tags (pages)",
        "rulings/rogue.html uses guides/guide_page.html",
    ]
