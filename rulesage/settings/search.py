"""Settings of the site search, the admin's search and answered-before recall."""

import os

from .environment import env_list

# The site search has a backend per language ("site_en", "site_es"), stemmed for it;
# RULESAGE_SEARCH_BACKEND with RULESAGE_SEARCH_URLS moves it to OpenSearch or Elasticsearch.
RULESAGE_SEARCH_CONFIGS = {"en": "english", "es": "spanish"}
RULESAGE_SEARCH_BACKEND = os.environ.get(
    "RULESAGE_SEARCH_BACKEND", "wagtail.search.backends.database"
)
RULESAGE_SEARCH_URLS = env_list("RULESAGE_SEARCH_URLS")
RULESAGE_SEARCH_INDEX = os.environ.get("RULESAGE_SEARCH_INDEX", "rulesage")
# On the database backend only the newest this many matches of one kind are ranked (the
# scan grows with it); the search page counts past it as "200+".
RULESAGE_SEARCH_RANK_LIMIT = int(os.environ.get("RULESAGE_SEARCH_RANK_LIMIT", "200"))


def site_search_backend(language, backend=RULESAGE_SEARCH_BACKEND):
    """The site search's backend settings for `language`: on the database, the stored
    vector columns (docs/decisions/stored-search-vectors.md), so never Wagtail's index."""
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
    "default": {"BACKEND": "core.admin_search_backend"},
    **{f"site_{code}": site_search_backend(code) for code in RULESAGE_SEARCH_CONFIGS},
}
# Answered-before recall: the trigram similarity of two questions that offers a ruling
# (docs/search.md).
RULESAGE_RECALL_THRESHOLD = float(os.environ.get("RULESAGE_RECALL_THRESHOLD", "0.15"))
# The same through the game's glossary, for a question in another language: the share of
# its concepts a ruling's English covers.
RULESAGE_GLOSSARY_RECALL_THRESHOLD = float(
    os.environ.get("RULESAGE_GLOSSARY_RECALL_THRESHOLD", "0.3")
)
