"""Builds the demo site from the data files (`files.py`). Idempotent: what exists is left as
editors left it, so `load_demo` can run on every `make run`."""

from datetime import UTC, datetime, time

from django.db import transaction
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname
from wagtail.models import Page, Revision, Site

from catalogue.models import Document, Edition, Game, GlossaryTerm, SetupFigure
from core.models import TranslationMark
from guides.forms import ChangeKind
from guides.models import (
    GamePage,
    GamesIndexPage,
    GuideChange,
    GuideCorrection,
    GuidePage,
    GuideSource,
    GuideVersion,
)
from pages.models import HomePage, SiteSettings, StandardPage
from rulings.models import Ruling

from . import files
from .files import LANGUAGES, translated
from .rulings import load_demo_rulings


def setup_figures(game, spec):
    """The game's `SetupFigure` rows from the `setup` list of its data file, ordered by
    player count ("1-2" is a range), then by component, as an editor would enter them."""
    ranges = {}
    for entry in spec:
        for players, quantity in entry["quantity"].items():
            low, _dash, high = str(players).partition("-")
            ranges.setdefault((int(low), int(high or low)), []).append((entry, quantity))
    figures = []
    for (low, high), entries in sorted(ranges.items()):
        for entry, quantity in entries:
            figures.append(
                SetupFigure(
                    game=game,
                    sort_order=len(figures),
                    min_players=low,
                    max_players=high,
                    group=entry["table"],
                    quantity=quantity,
                    in_box=entry.get("in_box"),
                    **translated(component=entry["component"]),
                )
            )
    return figures


def backdate(page, revision, number, published_on):
    """Date a demo version as its story says: publishing stamps "now", and a correction dated
    in October must not sit between two versions published the day `load_demo` ran."""
    when = datetime.combine(published_on, time(12, 0), tzinfo=UTC)
    Revision.objects.filter(pk=revision.pk).update(created_at=when)
    GuideVersion.objects.filter(page=page, number=number).update(published_at=when)
    GuideChange.objects.filter(page=page, revision=revision).update(published_at=when)
    dates = {"last_published_at": when, "latest_revision_created_at": when}
    if number == 1:
        dates["first_published_at"] = when
    GuidePage.objects.filter(pk=page.pk).update(**dates)


class DemoLoader:
    def __init__(self, log=print):
        self.log = log
        self.created = 0
        self.documents = {}

    def run(self):
        """The games, then their rulings and errata (`rulings.py`), then the pages: a
        guide's sections name the demo's rulings."""
        with transaction.atomic():
            game_specs = files.games()
            games = {spec["slug"]: self.game(spec) for spec in game_specs}
            for spec in files.glossaries():
                self.glossary(games[spec["game"]], spec)
        self.created += load_demo_rulings(log=self.log)
        with transaction.atomic():
            home = self.home()
            policy = self.site_page(
                home, StandardPage, "editorial-policy", "title", "intro", "body"
            )
            index = self.site_page(home, GamesIndexPage, "games", "title", "intro")
            game_pages = {
                spec["slug"]: self.game_page(index, games[spec["slug"]], spec["page"])
                for spec in game_specs
            }
            for spec in files.guides():
                self.guide(game_pages[spec["game"]], spec)
            settings = SiteSettings.for_site(Site.objects.get(is_default_site=True))
            if settings.editorial_policy_id is None:
                settings.editorial_policy = policy
                settings.save()
        return self.created

    def game(self, spec):
        game = Game.objects.filter(slug=spec["slug"]).first()
        if game is None:
            names = ("slug", "name", "bgg_id", "publisher", "min_players", "max_players")
            game = Game.objects.create(**translated(**{name: spec[name] for name in names}))
            self.note(f"game {game.slug}")
        if "setup" in spec and not game.setup_figures.exists():
            # Figures an editor already entered are theirs; only a game without any is filled.
            SetupFigure.objects.bulk_create(setup_figures(game, spec["setup"]))
            self.note(f"setup figures of {game.slug}")
        for edition_spec in spec["editions"]:
            edition, created = Edition.objects.get_or_create(
                code=edition_spec["code"],
                defaults={
                    "game": game,
                    "language": edition_spec["language"],
                    "external_id": edition_spec.get("external_id", ""),
                    **translated(label=edition_spec["label"]),
                },
            )
            if created:
                self.note(f"edition {edition.code}")
            for doc in edition_spec["documents"]:
                self.documents[doc["key"]] = self.document(edition, doc)
        return game

    def glossary(self, game, spec):
        """The game's glossary in the spec's language, unless translators started one."""
        language = spec["language"]
        if game.glossary.filter(language=language).exists():
            return
        for term in spec["terms"]:
            GlossaryTerm(
                game=game,
                language=language,
                english=term["english"],
                translation=term[language],
                variant=term.get("variant", False),
                note=term.get("note", ""),
            ).save()
        self.note(f"glossary of {game.slug} ({len(spec['terms'])} pairs)")

    def document(self, edition, spec):
        titles = translated(title=spec["title"])
        # Found by the title it is published under.
        source_title = build_localized_fieldname("title", mt_settings.DEFAULT_LANGUAGE)
        existing = edition.documents.filter(**{source_title: titles["title"]}).first()
        if existing:
            return existing
        document = Document.objects.create(
            edition=edition,
            kind=spec["kind"],
            **titles,
            version=spec.get("version") or "",
            published_on=spec.get("published_on"),
            url=spec.get("url") or "",
            external_id=spec.get("external_id") or "",
        )
        self.note(f"document {document.title}")
        return document

    def home(self):
        home = HomePage.objects.first()
        if home:
            return home
        site = Site.objects.filter(is_default_site=True).first()
        welcome = site.root_page if site else None
        spec = files.page("home")
        fields = translated(slug="rulesage-home", title=spec["title"], intro=spec["intro"])
        home = Page.get_first_root_node().add_child(instance=HomePage(**fields))
        home.save_revision().publish()
        named = {"root_page": home, "site_name": "Rulesage"}
        Site.objects.update_or_create(
            is_default_site=True,
            defaults=named,
            create_defaults={**named, "hostname": "localhost", "port": 80},
        )
        # Wagtail's own welcome page is only a placeholder; drop it once nothing uses it.
        if welcome and type(welcome.specific) is Page and not welcome.get_children().exists():
            welcome.delete()
        self.note("home page")
        return home

    def child(self, parent, model, slug):
        slug_field = build_localized_fieldname("slug", mt_settings.DEFAULT_LANGUAGE)
        return model.objects.child_of(parent).filter(**{slug_field: slug}).first()

    def publish_new(self, parent, page):
        parent.add_child(instance=page)
        page.save_revision().publish()
        self.note(f"page {page.url_path}")
        return page

    def site_page(self, home, model, name, *fields):
        """The page of `pages/<name>.yaml` under the home page, with its `fields`."""
        spec = files.page(name)
        values = translated(slug=spec["slug"], **{field: spec[field] for field in fields})
        page = self.child(home, model, spec["slug"]["en"])
        return page or self.publish_new(home, model(**values))

    def game_page(self, index, game, spec):
        page = GamePage.objects.filter(game=game).first()
        fields = translated(slug=spec["slug"], title=spec["title"], overview=spec["overview"])
        return page or self.publish_new(index, GamePage(game=game, **fields))

    def guide(self, game_page, spec):
        if self.child(game_page, GuidePage, spec["slug"]["en"]):
            return
        versions = spec["versions"]
        for version in versions:
            version["body"] = {
                code: naming_rulings(body, game_page.game) for code, body in version["body"].items()
            }
        page = GuidePage(
            kind=spec["kind"],
            checked_on=spec["checked_on"],
            **translated(
                slug=spec["slug"],
                title=spec["title"],
                intro=spec["intro"],
                rules_scope=spec["rules_scope"],
                body=versions[0]["body"],
            ),
        )
        page.sources = [
            GuideSource(
                document=self.documents[source["document"]],
                first_page=source["pages"][0] if "pages" in source else None,
                last_page=source["pages"][1] if "pages" in source else None,
            )
            for source in spec["sources"]
        ]
        game_page.add_child(instance=page)
        for number, version in enumerate(versions, start=1):
            page = GuidePage.objects.get(pk=page.pk)
            values = translated(body=version["body"], change_summary=version["summary"])
            for field, value in values.items():
                setattr(page, field, value)
            if number > 1:
                page.change_kind = ChangeKind.SUBSTANTIVE
            if number == len(versions):
                page.corrections = [
                    GuideCorrection(**translated(**correction))
                    for correction in spec.get("corrections", [])
                ]
            revision = page.save_revision()
            revision.publish()
            backdate(page, revision, number, version["published_on"])
        # The demo's translations are written alongside each English version, so they
        # follow the current one; on a real site a translator says so in the admin.
        current = page.versions.order_by("-number").first()
        for code in LANGUAGES:
            if code != mt_settings.DEFAULT_LANGUAGE and code in spec["title"]:
                TranslationMark.objects.create(
                    content_object=page,
                    language=code,
                    follows=current.revision,
                    marked_at=current.published_at,
                )
        self.note(f"guide {page.url_path} ({len(versions)} versions)")

    def note(self, what):
        self.created += 1
        self.log(f"  created {what}")


def naming_rulings(body, game):
    """A body's (type, value) pairs with each "Related rulings" block naming the game's
    rulings, where the data file names them by slug (one it cannot find is left out)."""
    named = []
    for kind, value in body:
        if kind == "related_rulings":
            slugs = value["rulings"]
            found = {r.slug: r for r in Ruling.objects.filter(edition__game=game, slug__in=slugs)}
            value = {**value, "rulings": [found[slug] for slug in slugs if slug in found]}
        named.append((kind, value))
    return named


def load_demo(log=print):
    """Create whatever of the demo is missing; the number of objects created."""
    return DemoLoader(log=log).run()
