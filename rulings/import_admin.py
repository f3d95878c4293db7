"""Importing rulings from the admin: editors upload exports, a background task imports them.

The upload page (``/admin/import-rulings/``) keeps the files with a new ``ImportJob`` and
queues ``run_import_job`` (django-tasks: the database queue in production, at once in
tests). The task runs the same import as ``manage.py import_rulings``
(``rulings.importers.write``) and saves the job after every file, so the job page
(``/admin/import-rulings/<id>/``) shows how far it has got, refreshing itself while it
runs, and then the report of each file. Jobs are kept; the upload page lists past ones.

A worker can die in the middle of an import (killed, its machine gone): the job is then
shown as interrupted once its heartbeat is older than its lease (models/imports.py), with
what was done. Each run of the task queues the next, a lease later, to check on the job
while it is unfinished: that run takes an interrupted job over and imports the files not
yet recorded, so the import finishes as soon as any worker runs, and nothing is imported
twice (a file imported again unchanged writes nothing). An editor can also resume an
interrupted job from its page, at once: for a job whose check was lost with its worker.

Importing is an action of its own (`IMPORT_RULINGS`): Editors', not Translators'.
"""

from __future__ import annotations

import tempfile
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views.defaults import permission_denied
from django.views.generic import FormView, TemplateView
from django_tasks import task
from wagtail.admin.admin_url_finder import AdminURLFinder
from wagtail.admin.menu import MenuItem

from core.roles import IMPORT_RULINGS

from .import_uploads import UploadForm
from .importers.write import REFUSED, ImportResult, import_paths
from .models import ImportJob, ImportJobFile

__all__ = ["ImportJobView", "ImportMenuItem", "ImportUploadView", "can_import", "run_import_job"]

PAST_JOBS = 20
OUTCOME_LABELS = {
    ImportResult.CREATED: pgettext_lazy("import outcome", "new"),
    ImportResult.UPDATED: pgettext_lazy("import outcome", "updated"),
    ImportResult.UNCHANGED: pgettext_lazy("import outcome", "unchanged"),
    ImportResult.KEPT: pgettext_lazy("import outcome", "kept as reviewed"),
}


def can_import(user):
    return user.has_perm(IMPORT_RULINGS)


@task()
def run_import_job(job_id):
    """Import the job's files not imported yet, saving its results after each one, unless
    another worker is importing it; while it is unfinished, check on it again later."""
    job = ImportJob.objects.filter(pk=job_id).first()
    if job is None or not job.running:
        return
    # A lease from now, a run that takes the job over if this worker has stopped by then.
    if run_import_job.get_backend().supports_defer:
        run_after = timezone.now() + timedelta(seconds=settings.RULESAGE_IMPORT_LEASE_SECONDS)
        run_import_job.using(run_after=run_after).enqueue(job_id)
    job = ImportJob.take(job_id)
    if job is None:
        return
    results: list[dict] = list(job.results)
    recorded = {row["name"] for row in results}
    finder = AdminURLFinder()

    def on_file(report):
        row = {"name": report.path.name, "outcome": report.outcome, "refusal": report.refusal}
        if report.outcome != REFUSED:
            row |= {
                "title": report.ruling.question,
                "url": report.ruling.get_absolute_url(),
                "edit_url": finder.get_edit_url(report.ruling) or "",
            }
        results.append(row)
        ImportJob.objects.filter(pk=job_id).update(results=results, heartbeat_at=timezone.now())

    try:
        with tempfile.TemporaryDirectory(prefix=f"import-{job_id}-") as folder:
            paths = []
            for stored in job.files.exclude(name__in=recorded):
                path = Path(folder) / stored.name
                path.write_bytes(bytes(stored.content))
                paths.append(path)
            import_paths(paths, on_file=on_file, name=lambda path: path.name)
    except Exception as error:
        ImportJob.objects.filter(pk=job_id).update(
            state=ImportJob.FAILED, error=str(error)[:1000], finished_at=timezone.now()
        )
        raise
    ImportJob.objects.filter(pk=job_id).update(
        state=ImportJob.DONE, results=results, finished_at=timezone.now()
    )


class EditorsOnlyMixin:
    """A plain 403 for anyone else: Wagtail's admin would turn PermissionDenied into a
    redirect to the dashboard, which hides that the page exists but is not theirs."""

    def dispatch(self, request, *args, **kwargs):
        if not can_import(request.user):
            return permission_denied(request, PermissionDenied())
        return super().dispatch(request, *args, **kwargs)


class ImportMenuItem(MenuItem):
    def is_shown(self, request):
        return can_import(request.user)


class ImportUploadView(EditorsOnlyMixin, FormView):
    """The upload form, with the past imports beneath it."""

    template_name = "rulings/admin/import_upload.html"
    form_class = UploadForm

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            page_title=_("Import rulings"),
            jobs=ImportJob.objects.select_related("created_by")[:PAST_JOBS],
            **kwargs,
        )

    def form_valid(self, form):
        exports = form.cleaned_data["files"]
        with transaction.atomic():
            job = ImportJob.objects.create(created_by=self.request.user, total=len(exports))
            ImportJobFile.objects.bulk_create(
                ImportJobFile(job=job, position=n, name=name, content=content)
                for n, (name, content) in enumerate(exports)
            )
        # Queued once the job is committed, so a worker always finds its files.
        run_import_job.enqueue(job.pk)
        return redirect(reverse("import_rulings_job", args=[job.pk]))


class ImportJobView(EditorsOnlyMixin, TemplateView):
    """Progress while the import runs; the report of each file once it has finished. A
    POST resumes an interrupted import."""

    template_name = "rulings/admin/import_job.html"

    def post(self, request, *args, **kwargs):
        job = get_object_or_404(ImportJob, pk=kwargs["pk"])
        if job.interrupted:
            run_import_job.enqueue(job.pk)
        return redirect(reverse("import_rulings_job", args=[job.pk]))

    def get_context_data(self, **kwargs):
        job = get_object_or_404(ImportJob.objects.select_related("created_by"), pk=kwargs["pk"])
        imported = [
            row | {"outcome_label": OUTCOME_LABELS.get(row["outcome"], row["outcome"])}
            for row in job.results
            if row["outcome"] != REFUSED
        ]
        return super().get_context_data(
            page_title=_("Import %(number)s") % {"number": job.pk},
            job=job,
            imported=imported,
            refused=[row for row in job.results if row["outcome"] == REFUSED],
            **kwargs,
        )
