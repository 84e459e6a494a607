"""``manage.py recompute_results``: store every partie's player results again, and what is
derived from them (``signals.results_rebuilt``: each closed evening's part of the league).
They are kept up to date on every change; this rebuilds them after data were loaded by other
means, or after an update that stores more of them. The history is read in chunks
(``results.CHUNK`` parties, ``league.EVENINGS_AT_ONCE`` evenings), each written in one batch
and one transaction: memory stays flat and time linear in the history."""

from django.core.management.base import BaseCommand

from scoring.models import Partie
from scoring.results import store_all_results
from scoring.signals import results_rebuilt


class Command(BaseCommand):
    help = "Recompute and store the players' results of every partie."

    def handle(self, *args, **options):
        count = store_all_results()
        results_rebuilt.send(sender=Partie)
        self.stdout.write(f"{count} parties")
