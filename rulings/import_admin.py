"""Importing rulings from the admin: an editor uploads exports, kept with an ``ImportJob``;
a background task imports them as ``manage.py import_rulings`` does, saving the job after
each file so its page shows progress, then the report. A job whose worker died is taken
over by the task's next check, or resumed from its page (models/imports.py)."""

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

__all__ = ["ImportJobView", "ImportMenuItem", "ImportUploadView", "run_import_job"]

OUTCOME_LABELS = {
    ImportResult.CREATED: pgettext_lazy("import outcome", "new"),
    ImportResult.UPDATED: pgettext_lazy("import outcome", "updated"),
    ImportResult.UNCHANGED: pgettext_lazy("import outcome", "unchanged"),
    ImportResult.KEPT: pgettext_lazy("import outcome", "kept as reviewed"),
}


@task()
def run_import_job(job_id):
    """Import the job's files not imported yet, unless another worker is importing it; a
    lease from now, check on it again, to take it over if this worker has stopped."""
    job = ImportJob.objects.filter(pk=job_id).first()
    if job is None or not job.running:
        return
    if run_import_job.get_backend().supports_defer:
        run_after = timezone.now() + timedelta(seconds=settings.RULESAGE_IMPORT_LEASE_SECONDS)
        run_import_job.using(run_after=run_after).enqueue(job_id)
    job = ImportJob.take(job_id)
    if job is None:
        return
    results = list(job.results)
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
            for stored in job.files.exclude(name__in=[row["name"] for row in results]):
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
        if not request.user.has_perm(IMPORT_RULINGS):
            return permission_denied(request, PermissionDenied())
        return super().dispatch(request, *args, **kwargs)


class ImportMenuItem(MenuItem):
    def is_shown(self, request):
        return request.user.has_perm(IMPORT_RULINGS)


class ImportUploadView(EditorsOnlyMixin, FormView):
    template_name = "rulings/admin/import_upload.html"
    form_class = UploadForm

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            page_title=_("Import rulings"),
            jobs=ImportJob.objects.select_related("created_by")[:20],
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
    """Progress, then the report of each file; a POST resumes an interrupted import."""

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
