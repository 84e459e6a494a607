"""``manage.py recompute_ratings``: rebuild every player's rating from all finished parties."""

from django.core.management.base import BaseCommand

from tournaments.ratings import recompute_ratings


class Command(BaseCommand):
    help = "Rebuild the players' ratings from scratch, from every finished partie in order."

    def handle(self, *args, **options):
        count = recompute_ratings()
        self.stdout.write(f"{count} parties rated")
