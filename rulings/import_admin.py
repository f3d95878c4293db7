"""Importing rulings from the admin: uploads (files, or zips of them, flattened) checked before
anything is kept, then kept with an ``ImportJob`` and imported by a task that saves the job
after each file so its page shows progress; a job whose worker died is taken over by the
task's next check, or resumed from its page."""

import tempfile
import zipfile
from datetime import timedelta
from pathlib import Path, PurePosixPath, PureWindowsPath

from django import forms
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django.views.defaults import permission_denied
from django.views.generic import FormView, TemplateView
from django_tasks import task
from wagtail.admin.admin_url_finder import AdminURLFinder
from wagtail.admin.menu import MenuItem

from core.roles import IMPORT_RULINGS

from .importers.store import REFUSED, ImportResult, import_paths
from .models import ImportJob, ImportJobFile

OUTCOME_LABELS = {
    ImportResult.CREATED: pgettext_lazy("import outcome", "new"),
    ImportResult.UPDATED: pgettext_lazy("import outcome", "updated"),
    ImportResult.UNCHANGED: pgettext_lazy("import outcome", "unchanged"),
    ImportResult.KEPT: pgettext_lazy("import outcome", "kept as reviewed"),
}


@task()
def run_import_job(job_id):
    """Import the job's files not imported yet; a lease from now, check on it again."""
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


EXPORT_SUFFIXES = (".txt", ".json")


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": ".txt,.json,.zip"}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        clean_one = super().clean
        items = data if isinstance(data, list | tuple) else [data]
        return [cleaned for item in items if (cleaned := clean_one(item, initial))]


class UploadForm(forms.Form):
    files = MultipleFileField(
        label=_("Export files"),
        help_text=_("Text (.txt) or JSON (.json) exports, or a .zip of them."),
    )

    def clean_files(self):
        exports: list[tuple[str, bytes]] = []
        for upload in self.cleaned_data["files"]:
            if upload.name.lower().endswith(".zip"):
                exports.extend(unpack(upload))
            else:
                exports.append((checked_name(upload.name), upload.read()))
            check_totals(len(exports), sum(len(content) for _name, content in exports))
        names = [name for name, _content in exports]
        if twice := sorted({name for name in names if names.count(name) > 1}):
            raise ValidationError(
                _("Two files are called %(names)s: rename one and upload again."),
                params={"names": ", ".join(twice)},
            )
        return exports


def checked_name(raw: str) -> str:
    parts = PurePosixPath(raw.replace("\\", "/")).parts
    if not parts or PureWindowsPath(raw).drive or raw.startswith(("/", "\\")) or ".." in parts:
        raise ValidationError(
            _("%(name)s is outside the zip's folder: nothing was imported."),
            params={"name": raw},
        )
    if not parts[-1].lower().endswith(EXPORT_SUFFIXES):
        raise ValidationError(
            _("%(name)s is not an export (.txt or .json): nothing was imported."),
            params={"name": raw},
        )
    return parts[-1]


def unpack(upload) -> list[tuple[str, bytes]]:
    try:
        archive = zipfile.ZipFile(upload)
    except zipfile.BadZipFile:
        raise ValidationError(
            _("%(name)s is not a zip file that can be read."), params={"name": upload.name}
        ) from None
    most = settings.RULESAGE_IMPORT_LIMITS["upload_bytes"]
    with archive:
        entries = [
            info
            for info in archive.infolist()
            if not info.is_dir()
            # What macOS adds to a zip is not an export.
            and not info.filename.startswith("__MACOSX/")
            and not PurePosixPath(info.filename).name.startswith(".")
        ]
        names = [checked_name(info.filename) for info in entries]
        check_totals(len(entries), sum(info.file_size for info in entries))
        exports = []
        for name, info in zip(names, entries, strict=True):
            # Read no more than the limit allows, whatever the zip's header claims.
            with archive.open(info) as member:
                exports.append((name, member.read(most + 1)))
            check_totals(len(exports), sum(len(content) for _name, content in exports))
    return exports


def check_totals(count: int, size: int) -> None:
    if count > settings.DATA_UPLOAD_MAX_NUMBER_FILES:
        raise ValidationError(
            _("At most %(count)s files can be imported at once."),
            params={"count": settings.DATA_UPLOAD_MAX_NUMBER_FILES},
        )
    if size > (most := settings.RULESAGE_IMPORT_LIMITS["upload_bytes"]):
        raise ValidationError(
            _("At most %(size)s MB can be imported at once."),
            params={"size": most // (1024 * 1024)},
        )


class EditorsOnlyMixin:
    """A plain 403: Wagtail would redirect a PermissionDenied to the dashboard."""

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
        run_import_job.enqueue(job.pk)
        return redirect("import_rulings_job", job.pk)


class ImportJobView(EditorsOnlyMixin, TemplateView):
    template_name = "rulings/admin/import_job.html"

    def post(self, request, *args, **kwargs):
        job = get_object_or_404(ImportJob, pk=kwargs["pk"])
        if job.interrupted:
            run_import_job.enqueue(job.pk)
        return redirect("import_rulings_job", job.pk)

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
