"""An import whose task worker died part-way is shown to the editor as interrupted, with what
was done, and finishes when a worker takes it up again (or the editor resumes it),
importing each file once."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.db.models import F
from django.urls import reverse

from rulings.import_admin import run_import_job
from rulings.importers.store import import_paths
from rulings.models import ImportJob, ImportJobFile, Ruling
from tests.rulesage.task_worker import DATABASE_TASKS, task_worker, wait_for
from tests.rulings.exports import make_export

UPLOAD = reverse("import_rulings")


def exports(count):
    return [
        SimpleUploadedFile(
            f"ruling-{n:02}.txt", make_export(question=f"May I pass on turn {n}?").encode()
        )
        for n in range(1, count + 1)
    ]


def queued_job(user, count):
    """An upload of `count` exports, its import queued."""
    job = ImportJob.objects.create(created_by=user, total=count)
    ImportJobFile.objects.bulk_create(
        ImportJobFile(job=job, position=n, name=export.name, content=export.read())
        for n, export in enumerate(exports(count))
    )
    return job


def killed_after_the_first_file(job, monkeypatch):
    """The job's task, run by a worker whose process ends once the first file is imported."""

    def first_file_then_killed(paths, **kwargs):
        import_paths(paths[:1], **kwargs)
        raise SystemExit

    with monkeypatch.context() as patched:
        patched.setattr("rulings.import_admin.import_paths", first_file_then_killed)
        with pytest.raises(SystemExit):
            run_import_job.call(job.pk)


def lease_runs_out(job):
    """As much time passes as the job's lease lasts, with no word from its worker."""
    lease = timedelta(seconds=settings.RULESAGE_IMPORT_LEASE_SECONDS + 1)
    ImportJob.objects.filter(pk=job.pk).update(heartbeat_at=F("heartbeat_at") - lease)


def job_page(client, job):
    return client.get(reverse("import_rulings_job", args=[job.pk])).content.decode()


def names_imported(job):
    job.refresh_from_db()
    return sorted(row["name"] for row in job.results)


@pytest.mark.django_db
def test_an_import_whose_worker_died_is_shown_interrupted_and_resumed_in_one_click(
    client, editor, monkeypatch
):
    client.force_login(editor)
    job = queued_job(editor, 3)
    killed_after_the_first_file(job, monkeypatch)

    # Within its lease the job is still being imported, as far as anyone can tell.
    assert "Importing: 1 of 3 files done." in job_page(client, job)
    client.post(reverse("import_rulings_job", args=[job.pk]))
    assert Ruling.objects.count() == 1

    lease_runs_out(job)
    page = job_page(client, job)
    assert (
        "Interrupted: the task worker importing these files stopped after 1 of 3 "
        "(1 imported, 0 refused, 2 left)."
    ) in page
    assert "Resume the import now" in page
    assert "Interrupted" in client.get(UPLOAD).content.decode()

    response = client.post(reverse("import_rulings_job", args=[job.pk]), follow=True)
    assert "Done: 3 imported, 0 refused, of 3 files." in response.content.decode()
    assert Ruling.objects.count() == 3
    assert names_imported(job) == ["ruling-01.txt", "ruling-02.txt", "ruling-03.txt"]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
def test_an_import_whose_worker_is_killed_finishes_when_a_worker_runs_again(
    client, editor, settings, tmp_path
):
    settings.TASKS = DATABASE_TASKS
    settings.RULESAGE_IMPORT_LEASE_SECONDS = 3
    lease = {"IMPORT_LEASE_SECONDS": "3"}
    client.force_login(editor)
    files = exports(30)
    client.post(UPLOAD, {"files": files})
    job = ImportJob.objects.get()
    stored = ImportJob.objects.filter(pk=job.pk)

    with task_worker(tmp_path, **lease) as worker:
        wait_for(lambda: stored.get().done_count >= 2, "first files imported", worker)
        # Held here, the worker waits to record its next file: it is killed mid-way.
        with transaction.atomic():
            held = stored.select_for_update().get()
            assert held.state == ImportJob.RUNNING and held.done_count < held.total
            worker.kill()

    wait_for(lambda: "Interrupted" in job_page(client, job), "interrupted import")
    job.refresh_from_db()
    done = job.done_count
    refused = sum(1 for row in job.results if row["outcome"] == "refused")
    assert 2 <= done < 30 and refused == 0
    assert (
        f"stopped after {done} of 30 ({done} imported, 0 refused, {30 - done} left)"
    ) in job_page(client, job)

    with task_worker(tmp_path, **lease) as worker:
        wait_for(lambda: stored.get().state == ImportJob.DONE, "finished import", worker)
    assert "Done: 30 imported, 0 refused, of 30 files." in job_page(client, job)
    assert names_imported(job) == sorted(file.name for file in files)
    assert Ruling.objects.count() == 30
