"""Imports started from the admin: who uploaded what, how far it got, each file's report."""

from datetime import timedelta

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ImportJob(models.Model):
    """One upload of exports; ``results`` gets a row per file imported. A running job whose
    ``heartbeat_at`` is older than the lease has lost its worker: it is *interrupted*."""

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
    # Why the task itself broke, never a refused file.
    error = models.TextField(blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)

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

    @property
    def interrupted(self):
        lease_began = timezone.now() - timedelta(seconds=settings.RULESAGE_IMPORT_LEASE_SECONDS)
        return self.state == self.RUNNING and (
            self.heartbeat_at is None or self.heartbeat_at < lease_began
        )

    @property
    def state_label(self):
        return _("Interrupted") if self.interrupted else self.get_state_display()

    @property
    def left_count(self):
        return self.total - self.done_count

    @classmethod
    def take(cls, pk):
        """The job `pk`, now held by the caller, if it is queued or interrupted; else None."""
        with transaction.atomic():
            job = cls.objects.select_for_update().filter(pk=pk).first()
            if job is None or not (job.state == cls.QUEUED or job.interrupted):
                return None
            job.state, job.heartbeat_at = cls.RUNNING, timezone.now()
            job.save(update_fields=["state", "heartbeat_at"])
        return job


class ImportJobFile(models.Model):
    """One uploaded export, kept in the database for a task worker on another machine."""

    job = models.ForeignKey(ImportJob, on_delete=models.CASCADE, related_name="files")
    position = models.PositiveIntegerField()
    name = models.CharField(max_length=255)
    content = models.BinaryField()

    class Meta:
        ordering = ["position"]

    def __str__(self):
        return self.name
