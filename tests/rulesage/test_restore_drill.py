"""The restore drill of docs/backup.md: back up, change, restore, and every reader page is
as it was, although the cache in front holds the pages of the later state."""

import subprocess
import time

import pytest
from django.db import connection, connections

from core.page_cache import STATUS_HEADER
from guides.models import GuidePage
from rulings.models import Ruling
from tests.conftest import load_demo
from tests.guides.factories import publish_version
from tests.rulesage.sitemap_files import all_entries, local, sitemap_files
from tests.rulings.factories import record_correction


def database_url():
    db = connection.settings_dict
    return f"postgresql://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def every_reader_page(client):
    """{address: bytes} of the sitemap files and every page they list."""
    files = sitemap_files(client)
    addresses = ["/sitemap.xml", *(local(f.location) for f in files)]
    addresses += [local(location) for location in all_entries(files)]
    pages = {}
    for address in addresses:
        response = client.get(address)
        assert response.status_code == 200, address
        pages[address] = response.content
    return pages


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_a_restored_database_serves_every_reader_page_as_it_was(
    client, root_page, settings, tmp_path
):
    settings.RULESAGE_PAGE_CACHE = True
    load_demo()
    before = every_reader_page(client)
    assert len(before) > 40

    backup = tmp_path / "rulesage.dump"
    # The commands of docs/backup.md.
    subprocess.run(["pg_dump", "--format=custom", f"--file={backup}", database_url()], check=True)

    guide = GuidePage.objects.live().first()
    publish_version(guide, "Reworded the setup.", intro="Set up after the restore drill.")
    ruling = Ruling.objects.public().first()
    ruling.answer = "An answer written after the backup."
    ruling.save()
    record_correction(ruling, corrected_by="Ana")
    later = every_reader_page(client)
    assert later != before
    # The cache now holds the later state's pages.
    assert client.get(guide.url)[STATUS_HEADER] == "hit"

    connections.close_all()
    settings.RULESAGE_DATABASE_CHECK_SECONDS = 0.05
    subprocess.run(
        [
            "pg_restore",
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            f"--dbname={database_url()}",
            str(backup),
        ],
        check=True,
    )
    client.get("/en/")  # the first request of a process starts its watch
    time.sleep(0.5)
    after = every_reader_page(client)
    settings.RULESAGE_DATABASE_CHECK_SECONDS = 0  # the watch stops
    changed = [address for address in before if after[address] != before[address]]
    assert changed == []
