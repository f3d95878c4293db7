"""Settings of the site search, the admin's search and answered-before recall."""

import os

from .environment import env_list

# Search. "default" serves the admin (Wagtail's database index). The site search
# (pages/search.py) has one backend per language, "site_en" and "site_es": each searches
# only its language's fields, stemmed for that language (PostgreSQL text-search
# configurations below; an analyzer per index on Elasticsearch/OpenSearch). The backend is
# RULESAGE_SEARCH_BACKEND: Wagtail's database backend by default; a module such as
# "wagtail.search.backends.opensearch2" or "…elasticsearch8" with RULESAGE_SEARCH_URLS
# (comma-separated) moves the site search there; rebuild with `manage.py update_index`.
RULESAGE_SEARCH_CONFIGS = {"en": "english", "es": "spanish"}
RULESAGE_SEARCH_BACKEND = os.environ.get(
    "RULESAGE_SEARCH_BACKEND", "wagtail.search.backends.database"
)
RULESAGE_SEARCH_URLS = env_list("RULESAGE_SEARCH_URLS")
RULESAGE_SEARCH_INDEX = os.environ.get("RULESAGE_SEARCH_INDEX", "rulesage")
# On the database backend only the newest this many matches of one kind are ranked
# (core.search_backend), and the search page counts past it as "200+": finding them costs
# a scan proportional to this number for a word in a few percent of half a million
# passages (bench/search.py measures it; bench/README.md has the figures). A reader
# narrows a common word with a game.
RULESAGE_SEARCH_RANK_LIMIT = int(os.environ.get("RULESAGE_SEARCH_RANK_LIMIT", "200"))


def site_search_backend(language, backend=RULESAGE_SEARCH_BACKEND):
    """The site search's backend settings for `language`.

    With the database backend the search reads each language's stored vector columns
    (kept by PostgreSQL on every write, GIN-indexed), not Wagtail's index table, so these
    aliases never write to it (AUTO_UPDATE off); core.search_backend reads the columns,
    ranks at most RULESAGE_SEARCH_RANK_LIMIT matches and adds SQLite's fallback. A search
    server gets one index per language, analysed in that language, updated on every save.
    """
    config = RULESAGE_SEARCH_CONFIGS.get(language, "simple")
    if backend == "wagtail.search.backends.database":
        return {
            "BACKEND": "core.search_backend",
            "SEARCH_CONFIG": config,
            "AUTO_UPDATE": False,
            "RANK_CANDIDATES": RULESAGE_SEARCH_RANK_LIMIT,
        }
    return {
        "BACKEND": backend,
        "URLS": RULESAGE_SEARCH_URLS,
        "INDEX": f"{RULESAGE_SEARCH_INDEX}_{language}",
        "AUTO_UPDATE": True,
        "SETTINGS": {"settings": {"analysis": {"analyzer": {"default": {"type": config}}}}},
    }


WAGTAILSEARCH_BACKENDS = {
    # The admin's index: pages and such; rulings and passages are searched in their own
    # columns (core.admin_search_backend).
    "default": {"BACKEND": "core.admin_search_backend"},
    **{f"site_{code}": site_search_backend(code) for code in RULESAGE_SEARCH_CONFIGS},
}
# Answered-before recall (rulings/recall.py): a ruling sharing a word with a reader's
# question is offered when the two questions' trigram similarity reaches this (0 to 1).
# The right ruling's similarity was 0.19 and up on the paraphrase fixtures (the rules Q&A
# system's 0.55 would have hidden 8 of the 20): see docs/search.md.
RULESAGE_RECALL_THRESHOLD = float(os.environ.get("RULESAGE_RECALL_THRESHOLD", "0.15"))
# The same recall for a question in a translation's language, through the game's glossary
# (rulings/recall.py): the share of the question's concepts a ruling's English covers,
# concepts in its question counting fully and in its answer less (docs/search.md,
# docs/translation.md).
RULESAGE_GLOSSARY_RECALL_THRESHOLD = float(
    os.environ.get("RULESAGE_GLOSSARY_RECALL_THRESHOLD", "0.3")
)
