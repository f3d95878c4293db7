"""Reads the demo content from `data/` (its README describes the files), written so an
editor can change the demo's wording without reading Python, into plain specs."""

from pathlib import Path

import yaml
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname

DATA = Path(__file__).with_name("data")
FRONT_MATTER = "---\n"
LANGUAGES = mt_settings.AVAILABLE_LANGUAGES


def read(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def blocks(items):
    """[{type: value}, …] as the (type, value) pairs a StreamField is assigned."""
    return [(kind, value) for item in items for kind, value in item.items()]


def page(name):
    """A site page from `pages/` (home, editorial-policy, games)."""
    spec = read(DATA / "pages" / f"{name}.yaml")
    if "body" in spec:
        spec["body"] = {code: blocks(items) for code, items in spec["body"].items()}
    return spec


def games():
    """The games in the order of their pages under the games index."""
    return [read(DATA / "games" / f"{slug}.yaml") for slug in page("games")["games"]]


def guide(game_slug, slug):
    """A guide whose versions' bodies are put together from its named sections."""
    spec = read(DATA / "guides" / game_slug / f"{slug}.yaml")
    sections = spec.pop("sections")
    for version in spec["versions"]:
        names = version.pop("sections")
        version["body"] = {
            code: [pair for name in names for pair in blocks(sections[name][code])]
            for code in ("en", "es")
        }
    spec.setdefault("corrections", [])
    return spec


def guides():
    return [guide(game["slug"], slug) for game in games() for slug in game.get("guides", [])]


def ruling(path):
    """An illustrative ruling: YAML front matter, then the answer in Markdown."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith(FRONT_MATTER):
        raise ValueError(f"{path}: a demo ruling starts with front matter between '---' lines")
    front, answer = text[len(FRONT_MATTER) :].split(f"\n{FRONT_MATTER}", 1)
    return {**yaml.safe_load(front), "answer": answer}


def rulings():
    return [ruling(path) for path in sorted((DATA / "rulings").glob("*.md"))]


def glossaries():
    """Each game's glossary: its game, the language of the renderings, and the pairs."""
    return [read(path) for path in sorted((DATA / "glossary").glob("*.yaml"))]


def errata_cards():
    return [read(path) for path in sorted((DATA / "errata").glob("*.yaml"))]


def translated(**fields):
    """Expand {"title": {"en": .., "es": ..}} into title, title_en and title_es."""
    values = {}
    for name, value in fields.items():
        if isinstance(value, dict) and set(value) <= set(LANGUAGES):
            for code, text in value.items():
                values[build_localized_fieldname(name, code)] = text
            value = value.get(mt_settings.DEFAULT_LANGUAGE, "")
        values[name] = value
    return values
