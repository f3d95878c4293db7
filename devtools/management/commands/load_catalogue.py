"""`manage.py load_catalogue --scale S`: the synthetic catalogue; like `load_demo`, it asks
no permission."""

import time

from django.core.management.base import BaseCommand, CommandError

from devtools.synthetic_catalogue import catalogue_present, load_catalogue


class Command(BaseCommand):
    help = (
        "Fill the database with the demo and a synthetic catalogue: at --scale 1, 2,000 games "
        "with guides in English and Spanish, 100,000 rulings and 500,000 rulebook passages."
    )

    def add_arguments(self, parser):
        parser.add_argument("--scale", type=float, default=1.0, help="share of the full size")
        parser.add_argument("--seed", type=int, default=21, help="the same seed, the same words")

    def handle(self, *args, scale, seed, **options):
        if not 0 < scale <= 10:
            raise CommandError("--scale is a share of the full catalogue, between 0 and 10.")
        if catalogue_present():
            raise CommandError(
                "This database already holds a catalogue; load it into an empty database."
            )
        start = time.perf_counter()
        try:
            timings = load_catalogue(scale, seed, log=self.stdout.write)
        except ValueError as error:
            raise CommandError(str(error)) from error
        for step, seconds in timings.items():
            self.stdout.write(f"{step:45} {seconds:7.1f} s")
        self.stdout.write(f"{'catalogue loaded':45} {time.perf_counter() - start:7.1f} s")
