"""The reader pages that read a query parameter and the random values strangers send
them, shared by the page-cache test of such values and bench/cache_entries.py."""

import string


def reader_pages():
    """Every kind of reader page that reads a query parameter, and some that read none,
    in both languages, and sitemap files (needs Django set up and the demo loaded)."""
    from django.urls import reverse
    from django.utils import translation

    from catalogue.models import Document
    from guides.models import GamePage, GamesIndexPage, GuidePage
    from rulings.models import Ruling

    ruling = Ruling.objects.public().select_related("edition").first()
    document = Document.objects.filter(passages__isnull=False).first()
    paths = ["/sitemap-rulings-en.xml", "/sitemap-pages-es.xml", "/sitemap.xml"]
    for language in ("en", "es"):
        with translation.override(language):
            paths += [
                reverse("rulings:index"),
                ruling.edition.get_absolute_url(),
                ruling.edition.get_errata_url(),
                ruling.get_absolute_url(),
                document.get_absolute_url(),
                reverse("corrections_log"),
                reverse("search"),
                reverse("rulings:ask"),
                GamesIndexPage.objects.live().first().url,
                GamePage.objects.live().first().url,
                GuidePage.objects.live().first().url,
            ]
    return paths


def random_value(chance):
    """A value a stranger might send: words, numbers written in every way, nothing."""
    kind = chance.randrange(6)
    if kind == 0:
        return "".join(
            chance.choices(string.ascii_letters + string.digits, k=chance.randint(1, 12))
        )
    if kind == 1:
        return str(chance.randint(-5, 10**6))
    if kind == 2:
        return chance.choice(["1", "01", "+1", " 2", "1_0", "last", "1.0", "２", "0x1"])
    if kind == 3:
        return chance.choice(["", " ", "%", "é", "null", "[]", "-"])
    if kind == 4:
        return "".join(chance.choices(string.punctuation + "áñü ", k=chance.randint(1, 8)))
    return chance.choice(["verified", "rulings", "guides", "passages", "es", "imported"]) + str(
        chance.randint(0, 9)
    )
