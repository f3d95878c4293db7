"""Settings of a task worker started by a test (tests/rulesage/task_worker.py): the test
settings with the database queue, and mail delivered by SMTP to the port TEST_SMTP_PORT
names (the test's sink)."""

import os

from rulesage.settings.test import *  # noqa: F403

TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
RULESAGE_EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST, EMAIL_PORT, EMAIL_TIMEOUT = "127.0.0.1", int(os.environ["TEST_SMTP_PORT"]), 5
