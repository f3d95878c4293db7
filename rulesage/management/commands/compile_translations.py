"""Compile locale/*/LC_MESSAGES/*.po to .mo with polib, so no system gettext is needed."""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile the project's .po catalogues (like compilemessages, without msgfmt)."

    def handle(self, *args, **options):
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                mo_path = po_path.with_suffix(".mo")
                if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                    continue
                catalogue = polib.pofile(str(po_path))
                catalogue.save_as_mofile(str(mo_path))
                self.stdout.write(
                    f"Compiled {po_path} ({catalogue.percent_translated()}% translated)"
                )
