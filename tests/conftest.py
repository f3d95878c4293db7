"""Shared fixtures: a site rooted at a HomePage, and a clean language state per test."""

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import transaction
from django.utils import translation
from wagtail.models import Locale, Page, Site

from core.roles import EDITORS, TRANSLATORS, ensure_roles
from tests.rulesage.factories import HomePageFactory

# Fixtures for the guide tree (game page, rulebook, a published guide) serve every app.
pytest_plugins = [
    "tests.guides.fixtures",
    "tests.rulings.fixtures",
    "tests.rulesage.fixtures",
    "tests.rulesage.smtp_sink",
]


def pytest_configure(config):
    """pytest-xdist registers its marker only when it is loaded (not under -p no:xdist)."""
    config.addinivalue_line(
        "markers", "xdist_group(name): kept on one worker under `make test`'s --dist loadgroup"
    )
    config.pluginmanager.register(OneWorkerLoadsTheCatalogue())


@pytest.fixture(scope="session", autouse=True)
def compiled_translations():
    """Spanish pages need the compiled catalogue; `make test` builds it, a bare pytest too.

    Django reads catalogues when a language is first activated, which no test has done yet
    when this session fixture runs.
    """
    call_command("compile_translations", verbosity=0)


@pytest.fixture(autouse=True)
def reset_language():
    """Translation state is thread-local; reset it so one test's language never leaks."""
    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def clear_cache():
    """The cache holds the header's links and the question rate limit: no test inherits
    another's pages or sent questions."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def everything_stale():
    """Each test starts from a database rolled back to the start, as after a restore: what
    an earlier test left in the page cache (pages, remembered values) is stale."""
    from core.cache_tags import SITE, move_on

    move_on({SITE})


BLOCKER = []


@pytest.fixture(scope="session", autouse=True)
def keep_the_blocker(django_db_blocker):
    BLOCKER.append(django_db_blocker)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """A test with serialized_rollback loads the rows the migrations made into a database it
    expects empty. Loading a workflow task looks up its content type, and makes it when it
    is missing, under a new id that the loaded content type then clashes with (the cache of
    content types is emptied by the migration tests). So the database is emptied, as
    Django's own teardown would have, and the content types are loaded first."""
    marker = item.get_closest_marker("django_db")
    transactional = {"transactional_db", "live_server"} & set(item.fixturenames) or (
        marker and marker.kwargs.get("transaction")
    )
    if transactional:
        # The test before may have emptied the database (a flush that put nothing back):
        # content types remembered from before it name rows that are gone.
        from django.contrib.contenttypes.models import ContentType

        ContentType.objects.clear_cache()
    if not (BLOCKER and marker and marker.kwargs.get("serialized_rollback")):
        return
    from django.db import connection

    # Django keeps the serialized rows on the connection when a test will need them; only
    # tests read them here.
    serialized = getattr(connection, "_test_serialized_contents", None)
    if serialized is None:
        return
    with BLOCKER[0].unblock():
        empty_database(serialized)


def empty_database(serialized):
    """Empty the database but for the content types in `serialized` (rows as Django's test
    database serializes them), which must be there before the rest is loaded."""
    from django.contrib.contenttypes.models import ContentType
    from django.db import connection

    if ContentType.objects.exists():
        # Inside a transaction, rows written earlier wait for their deferred foreign-key
        # checks, and PostgreSQL empties no table with checks pending: run them now.
        connection.check_constraints()
        call_command(
            "flush",
            verbosity=0,
            interactive=False,
            reset_sequences=False,
            inhibit_post_migrate=True,
        )
    ContentType.objects.clear_cache()
    rows = json.loads(serialized)
    ContentType.objects.bulk_create(
        ContentType(pk=row["pk"], **row["fields"])
        for row in rows
        if row["model"] == "contenttypes.contenttype"
    )


DEMO = []  # this worker's demo: (table, columns, rows as PostgreSQL's COPY wrote them)


def load_demo():
    """The demo as `load_demo` builds it on an empty site (with the seed exports when
    ../shared has them).

    The command runs once per worker, on the migrations' rows alone; later calls empty
    the database and copy every table's rows back as they were (COPY, stored columns
    only), in a small fraction of the time, and set each sequence past the ids copied."""
    from django.contrib.contenttypes.models import ContentType
    from django.db import connection

    if DEMO:
        call_command(
            "flush",
            verbosity=0,
            interactive=False,
            reset_sequences=False,
            inhibit_post_migrate=True,
        )
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for table, columns, rows in DEMO:
                with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    copy.write(rows)
            # A test may have restarted the sequences (a flush that resets them, a restore):
            # each is set past the ids the copy holds.
            for statement in connection.ops.sequence_reset_sql(no_style(), apps.get_models()):
                cursor.execute(statement)
        ContentType.objects.clear_cache()
        return
    rows = getattr(connection, "_test_serialized_contents", None)
    if rows:  # the migrations' rows, which a test against the live server emptied
        empty_database(rows)
        connection.creation.deserialize_db_from_string(rows)
    ensure_root()
    call_command("load_demo", verbosity=0)
    DEMO.extend(copied_out(connection))


def copied_out(connection):
    """Every table's rows, in COPY's own format; generated columns left to the database."""
    copied = []
    with connection.cursor() as cursor:
        for table in connection.introspection.django_table_names(only_existing=True):
            cursor.execute(
                "SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute"
                " WHERE attrelid = %s::regclass AND attnum > 0 AND NOT attisdropped"
                " AND attgenerated = ''",
                [connection.ops.quote_name(table)],
            )
            columns = cursor.fetchone()[0]
            name = connection.ops.quote_name(table)
            with cursor.copy(f"COPY {name} ({columns}) TO STDOUT") as copy:
                rows = b"".join(bytes(block) for block in copy)
            if rows:
                copied.append((name, columns, rows))
    return copied


@contextlib.contextmanager
def kept_for_the_module(django_db_blocker):
    """Rows written inside are seen by every test of a module and rolled back after its last.

    For data that takes seconds to build and that the tests only read or change in their
    own transaction: each test's transaction (pytest-django's) nests inside this one, so
    what a test writes is rolled back when it ends, and the module's rows when the module
    ends. Use it in a module-scoped fixture: `with kept_for_the_module(django_db_blocker):
    ...; yield ...`.
    """
    with django_db_blocker.unblock(), transaction.atomic():
        ensure_root()
        yield
        transaction.set_rollback(True)


# A catalogue of a few hundred rulings: big enough that a list which grows with the
# catalogue shows it in its query count, small enough to load in seconds.
SMALL_CATALOGUE_SCALE = 0.004


class SharedCatalogue:
    """The small catalogue, loaded once for every test that asks for it.

    Those tests run one after the other (`pytest_collection_modifyitems` below gathers
    them), inside one transaction that each test's own nests in: loaded before the first,
    rolled back after the last (`pytest_runtest_teardown`), whichever modules they are in.
    """

    rows = None  # the ExitStack holding that transaction while the catalogue is loaded

    @classmethod
    def open(cls, django_db_blocker):
        """Load the catalogue, unless the tests before this module's left it loaded."""
        from devtools.synthetic_catalogue import load_catalogue

        if cls.rows is None:
            cls.rows = contextlib.ExitStack()
            cls.rows.enter_context(kept_for_the_module(django_db_blocker))
            load_catalogue(SMALL_CATALOGUE_SCALE, log=lambda line: None)

    @classmethod
    def close(cls):
        if cls.rows is not None:
            cls.rows.close()
            cls.rows = None


def uses_the_catalogue(item):
    return item is not None and "small_catalogue" in item.fixturenames


class OneWorkerLoadsTheCatalogue:
    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, items):
        """The tests on the small catalogue go to one `make test` worker, which loads it
        once (marked before pytest-xdist reads the groups)."""
        for item in items:
            if uses_the_catalogue(item):
                item.add_marker(pytest.mark.xdist_group("catalogue"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The tests on the small catalogue, one after the other where the first of them runs
    (pytest-django has put the tests that use the database first, then the transactional
    ones: these all use the database and none is transactional).

    `make test`'s workers (pytest-xdist) are handed tests in this order, so on each worker
    too the transactional ones, which empty the database when they end, come last."""
    on_catalogue = [item for item in items if uses_the_catalogue(item)]
    if on_catalogue:
        first = items.index(on_catalogue[0])
        others = [item for item in items if not uses_the_catalogue(item)]
        items[:] = others[:first] + on_catalogue + others[first:]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """After the last test on the small catalogue, the catalogue is rolled back."""
    try:
        return (yield)
    finally:
        if not uses_the_catalogue(nextitem):
            SharedCatalogue.close()


@pytest.fixture(scope="module")
def small_catalogue(django_db_setup, django_db_blocker):
    """The demo and `load_catalogue` at SMALL_CATALOGUE_SCALE (8 games, 400 rulings, 20 of
    them on the first edition), shared by every test that asks for it (`SharedCatalogue`).
    Its `Sizes` say how much of each there is."""
    from devtools.synthetic_catalogue import Sizes

    SharedCatalogue.open(django_db_blocker)
    return Sizes.at(SMALL_CATALOGUE_SCALE)


@pytest.fixture(scope="module")
def demo_site(django_db_setup, django_db_blocker):
    """The demo as `load_demo` builds it on an empty site (with the seed exports when
    ../shared has them), shared by a module's tests (`kept_for_the_module`)."""
    with kept_for_the_module(django_db_blocker):
        load_demo()
        yield


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """A fresh SQLite database migrated by `manage.py migrate` with the development
    settings, as `make run` does, in a shell with no terminal and without --noinput:
    (the finished command, the database file).

    Migrating from nothing takes most of a minute, so it is done once per session for the
    tests that need a migrated SQLite database (they are kept on one worker by their
    xdist_group "sqlite"); a test that writes to it works on a copy."""
    directory = tmp_path_factory.mktemp("sqlite")
    database = directory / "fresh.sqlite3"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulesage.settings.dev",
        "DATABASE_URL": f"sqlite:///{database}",
        "PAGE_CACHE_DIR": str(directory / "pages"),
    }
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate"],
        cwd=Path(settings.BASE_DIR),
        env=env,
        stdin=subprocess.DEVNULL,  # end of file at once: the prompt used to die of EOFError
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done, database


def ensure_root():
    """Wagtail's tree root and default locale (see `root_page`)."""
    Locale.objects.get_or_create(language_code="en")
    return Page.get_first_root_node() or Page.add_root(title="Root", slug="root")


def make_home():
    """A HomePage as the default site's root, like the real site."""
    home = HomePageFactory(parent=ensure_root(), title="Rulesage", slug="rulesage-home")
    Site.objects.update_or_create(
        is_default_site=True,
        defaults={"hostname": "localhost", "port": 80, "root_page": home},
    )
    return home


@pytest.fixture
def root_page(db):
    """Wagtail's tree root and default locale.

    Migrations create them, but a transactional (browser) test flushes the database when
    it ends, and a reused test database keeps that state; recreate them when missing.
    """
    return ensure_root()


@pytest.fixture
def home(root_page):
    """A HomePage as the default site's root, like the real site."""
    return make_home()


@pytest.fixture
def roles(root_page):
    """The Editors and Translators groups and their workflow, as the data migrations make
    them; a transactional (browser) test flushes the database, so they are made again."""
    ensure_roles(apps)
    groups = Group.objects.filter(name__in=[EDITORS, TRANSLATORS])
    return {group.name: group for group in groups}


def make_user(django_user_model, username, group):
    user = django_user_model.objects.create_user(username, f"{username}@example.com", "pw")
    user.groups.add(group)
    return user


@pytest.fixture
def translator(django_user_model, roles):
    return make_user(django_user_model, "tania", roles["Translators"])


@pytest.fixture
def editor(django_user_model, roles):
    return make_user(django_user_model, "eduardo", roles["Editors"])
