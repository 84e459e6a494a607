"""``manage.py simulate_season``: a whole league season of simulated evenings.

Creates the players and a season, then each week an individual evening of Roimat among the
players present, its rounds drawn and played by the rules engine, closed; then the ratings.
"""

from __future__ import annotations

import datetime
import random

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Player
from tournaments.models import Registration, Season, Tournament
from tournaments.ratings import recompute_ratings
from tournaments.services import play_round_simulated, start_round


class Command(BaseCommand):
    help = "Create a league season of simulated weekly evenings (demos, load tests)."

    def add_arguments(self, parser):
        parser.add_argument("--evenings", type=int, default=40)
        parser.add_argument("--players", type=int, default=32, help="players of the club")
        parser.add_argument("--present", type=int, default=16, help="players each evening")
        parser.add_argument("--rounds", type=int, default=3, help="rounds each evening")
        parser.add_argument("--seed", type=int, default=0)

    def handle(self, *args, **options):
        evenings, count, present = options["evenings"], options["players"], options["present"]
        if evenings < 1 or options["rounds"] < 1 or not 4 <= present <= count:
            raise CommandError(
                "--evenings, --rounds ≥ 1 and 4 ≤ --present ≤ --players", returncode=2
            )
        rng = random.Random(options["seed"])
        players = [
            Player.objects.get_or_create(name=f"Joueur {i:02d}")[0] for i in range(1, count + 1)
        ]
        first = datetime.date.today() - datetime.timedelta(weeks=evenings)
        season = Season.objects.create(
            name=f"Saison simulée {options['seed']}",
            start=first,
            end=first + datetime.timedelta(weeks=evenings + 1),
        )
        for week in range(evenings):
            tournament = Tournament.objects.create(
                name=f"Soirée {week + 1}",
                date=first + datetime.timedelta(weeks=week),
                place="Club",
                rounds=options["rounds"],
                season=season,
                seed=options["seed"] * 1000 + week,
            )
            Registration.objects.bulk_create(
                Registration(tournament=tournament, player=p, checked_in=True)
                for p in rng.sample(players, present)
            )
            for _round in range(options["rounds"]):
                play_round_simulated(start_round(tournament=tournament), tournament.seed)
            tournament.finished = True
            tournament.save(update_fields=["finished"])
        rated = recompute_ratings()
        self.stdout.write(f"season {season.pk}: {evenings} evenings, {rated} parties rated")
