"""Imports started from the admin: who uploaded what, how far the import has got, and the
report of each file, kept for reading later."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ImportJob(models.Model):
    """One upload of export files, imported by a background task (rulings/import_admin.py).

    ``results`` holds a row per file as the task finishes it, in upload order:
    ``{"name", "outcome", "url", "title", "refusal"}``, so the job page shows progress
    while it runs and the whole report afterwards, even after the rulings change.
    """

    QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
    STATES = [
        (QUEUED, _("Queued")),
        (RUNNING, _("Running")),
        (DONE, _("Done")),
        (FAILED, _("Failed")),
    ]

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(max_length=10, choices=STATES, default=QUEUED)
    total = models.PositiveIntegerField(default=0)
    results = models.JSONField(default=list, blank=True)
    # Why a job failed as a whole (the task itself broke), never a refused file.
    error = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"Import {self.pk}"

    @property
    def done_count(self):
        return len(self.results)

    @property
    def running(self):
        return self.state in (self.QUEUED, self.RUNNING)

    def count(self, *outcomes):
        return sum(1 for row in self.results if row["outcome"] in outcomes)


class ImportJobFile(models.Model):
    """One uploaded export, kept in the database so a task worker on another machine can
    read it (exports are small text)."""

    job = models.ForeignKey(ImportJob, on_delete=models.CASCADE, related_name="files")
    position = models.PositiveIntegerField()
    name = models.CharField(max_length=255)
    content = models.BinaryField()

    class Meta:
        ordering = ["position"]

    def __str__(self):
        return self.name
