"""``manage.py recompute_results``: store every partie's player results again (they are kept
up to date on every change; this rebuilds them after data were loaded by other means)."""

from django.core.management.base import BaseCommand

from scoring.results import store_all_results


class Command(BaseCommand):
    help = "Recompute and store the players' results of every partie."

    def handle(self, *args, **options):
        self.stdout.write(f"{store_all_results()} parties")
