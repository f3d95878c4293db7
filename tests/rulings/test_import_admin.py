"""Editors import exports from the admin: upload, a background import, a report kept."""

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from rulings.models import ImportJob, Ruling
from tests.rulings.exports import fixture_text

pytestmark = pytest.mark.django_db

UPLOAD = reverse("import_rulings")
GOOD = ["azul-floor-line.json", "azul-two-citations.txt"]
BAD = "refuse-malformed-reference.txt"


def upload(name, content=None):
    data = fixture_text(name).encode() if content is None else content
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def zipped(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in entries:
            archive.writestr(name, text)
    return SimpleUploadedFile("exports.zip", buffer.getvalue(), content_type="application/zip")


def test_two_good_files_and_a_malformed_one_make_a_report(client, editor):
    client.force_login(editor)
    response = client.post(UPLOAD, {"files": [upload(name) for name in [*GOOD, BAD]]})
    job = ImportJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("import_rulings_job", args=[job.pk])
    assert (job.state, job.total, job.created_by) == (ImportJob.DONE, 3, editor)

    page = client.get(response["Location"]).content.decode()
    assert "Done: 2 imported, 1 refused, of 3 files." in page
    assert 'http-equiv="refresh"' not in page
    for ruling in Ruling.objects.all():
        assert f'href="{ruling.get_absolute_url()}"' in page
    assert Ruling.objects.count() == 2
    assert f"{BAD}:15: malformed reference line (page is not a number)" in page

    # Kept for later, and listed on the upload page.
    listing = client.get(UPLOAD).content.decode()
    assert reverse("import_rulings_job", args=[job.pk]) in listing


def test_importing_again_reports_unchanged(client, editor):
    client.force_login(editor)
    client.post(UPLOAD, {"files": [upload(GOOD[0])]})
    again = client.post(UPLOAD, {"files": [upload(GOOD[0])]}, follow=True)
    assert "unchanged" in again.content.decode()
    assert Ruling.objects.count() == 1


def test_a_zip_of_exports_is_imported(client, editor):
    client.force_login(editor)
    archive = zipped([(f"exports/{name}", fixture_text(name)) for name in [*GOOD, BAD]])
    page = client.post(UPLOAD, {"files": [archive]}, follow=True).content.decode()
    assert "Done: 2 imported, 1 refused, of 3 files." in page
    assert f"{BAD}:15:" in page
    assert Ruling.objects.count() == 2


def test_a_zip_with_a_name_outside_its_folder_is_refused(client, editor):
    client.force_login(editor)
    archive = zipped([(GOOD[0], fixture_text(GOOD[0])), ("../evil.txt", "x")])
    response = client.post(UPLOAD, {"files": [archive]})
    assert response.status_code == 200
    assert "../evil.txt is outside the zip&#x27;s folder" in response.content.decode()
    assert not ImportJob.objects.exists()
    assert not Ruling.objects.exists()


def test_only_exports_are_taken(client, editor):
    client.force_login(editor)
    response = client.post(UPLOAD, {"files": [upload("notes.exe", b"MZ")]})
    assert "notes.exe is not an export (.txt or .json)" in response.content.decode()
    assert not ImportJob.objects.exists()


def test_translators_cannot_import(client, translator, editor):
    client.force_login(editor)
    client.post(UPLOAD, {"files": [upload(GOOD[0])]})
    job = ImportJob.objects.get()
    client.force_login(translator)
    assert client.get(UPLOAD).status_code == 403
    assert client.post(UPLOAD, {"files": [upload(GOOD[1])]}).status_code == 403
    assert client.get(reverse("import_rulings_job", args=[job.pk])).status_code == 403
    assert "Import rulings" not in client.get(reverse("wagtailadmin_home")).content.decode()
    assert ImportJob.objects.count() == 1


def test_the_editors_menu_leads_to_the_import_page(client, editor):
    client.force_login(editor)
    assert UPLOAD in client.get(reverse("wagtailadmin_home")).content.decode()


def test_a_running_import_refreshes_its_page(client, editor):
    job = ImportJob.objects.create(
        created_by=editor, total=4, state=ImportJob.RUNNING, heartbeat_at=timezone.now()
    )
    job.results = [{"name": "a.txt", "outcome": "refused", "refusal": "a.txt:1: bad"}]
    job.save()
    client.force_login(editor)
    page = client.get(reverse("import_rulings_job", args=[job.pk])).content.decode()
    assert "Importing: 1 of 4 files done." in page
    assert 'http-equiv="refresh" content="2"' in page


def test_the_report_reads_in_spanish(client, editor):
    client.force_login(editor)
    client.post(UPLOAD, {"files": [upload(GOOD[0]), upload(BAD)]})
    job = ImportJob.objects.get()
    page = client.get(
        reverse("import_rulings_job", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="es"
    ).content.decode()
    assert "Terminada: 1 importados, 1 rechazados, de 2 archivos." in page


def test_an_upload_over_the_file_limit_is_told_the_limit(client, editor, settings):
    """Django refuses the request before the form sees it; the page says which limit."""
    client.force_login(editor)
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FILES
    files = [upload(f"{n}.txt", b"x") for n in range(limit + 1)]
    response = client.post(UPLOAD, {"files": files})
    assert response.status_code == 400
    page = response.content.decode()
    assert "one upload takes at most 1,000 files" in page
    assert "characters that no address on this site uses" not in page
    files = [upload(f"{n}.txt", b"x") for n in range(limit + 1)]
    spanish = client.post(UPLOAD, {"files": files}, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "una subida admite como máximo 1\xa0000 archivos" in spanish  # Spanish grouping
    assert not ImportJob.objects.exists()


def test_an_upload_of_many_files_within_the_limit_reaches_the_form(client, editor):
    client.force_login(editor)
    files = [upload(f"{n}.exe", b"x") for n in range(150)]
    response = client.post(UPLOAD, {"files": files})
    assert response.status_code == 200
    assert "0.exe is not an export (.txt or .json)" in response.content.decode()


def test_an_upload_over_the_size_limit_is_refused_with_the_limit(client, editor, settings):
    """The size limit is the setting's, for files and zips alike, whatever a zip claims."""
    client.force_login(editor)
    settings.RULESAGE_IMPORT_LIMITS = {**settings.RULESAGE_IMPORT_LIMITS, "upload_bytes": 2**20}
    big = fixture_text(GOOD[1]) + "x" * 2**20
    for sent in (upload(GOOD[1], big.encode()), zipped([(GOOD[1], big)])):
        response = client.post(UPLOAD, {"files": [sent]})
        assert "At most 1 MB can be imported at once." in response.content.decode()
    assert not ImportJob.objects.exists()
