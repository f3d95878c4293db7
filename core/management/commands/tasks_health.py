"""`manage.py tasks_health --max-wait 300`: how many tasks wait and how long the oldest
has waited since it was due; exits 1 when too long or the queue cannot be read."""

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.db.models import Case, Count, F, Min, When
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max


class Command(BaseCommand):
    help = (
        "Say how many tasks wait to run and how long the oldest has waited; exit 1 when "
        "longer than --max-wait seconds."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--max-wait",
            type=int,
            default=300,
            help="seconds the oldest task may wait before the queue counts as unhealthy (300)",
        )

    def handle(self, *args, max_wait, **options):
        due_since = Case(When(run_after=get_date_max(), then=F("enqueued_at")), default="run_after")
        ready = DBTaskResult.objects.ready()
        try:
            waiting = ready.aggregate(count=Count("pk"), oldest=Min(due_since))
        except DatabaseError as error:
            raise CommandError(f"The task queue cannot be read: {error}") from error
        waited = (timezone.now() - waiting["oldest"]).total_seconds() if waiting["count"] else 0
        self.stdout.write(f"{waiting['count']} task(s) waiting; the oldest for {waited:.0f} s.")
        if waited > max_wait:
            raise CommandError(
                f"The oldest task has waited {waited:.0f} s, longer than {max_wait} s: "
                "is a task worker running (manage.py db_worker)?"
            )
