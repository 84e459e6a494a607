"""``manage.py simulate_tournament``: a whole club evening with simulated parties.

Registers N players (and their pairs), draws each round by the format, has the rules engine's
players play every table's partie card by card, stores the donnes and prints the ranking.
"""

from __future__ import annotations

import datetime

from django.core.management.base import BaseCommand, CommandError

from scoring.models import Player
from tournaments.engine.seating import MAX_PLAYERS, MAX_ROUNDS
from tournaments.models import Registration, Tournament
from tournaments.services import TournamentError, play_round_simulated, standings, start_round

FORMATS = {
    "individual": "individual",
    "pairs": "swiss",
    "round-robin": "round-robin",
    "random": "random",
}


class Command(BaseCommand):
    help = "Run a whole tournament with simulated parties, for demos and load tests."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=16, help="players present")
        parser.add_argument("--rounds", type=int, default=4, help="rounds to play")
        parser.add_argument("--format", default="individual", help=" | ".join(FORMATS))
        parser.add_argument("--seed", type=int, default=0, help="seed of the draw and the play")
        parser.add_argument("--variant", default="club-8", help="club-8 or official-1000")

    def handle(self, *args, **options):
        count, rounds = options["players"], options["rounds"]
        if options["format"] not in FORMATS:
            raise CommandError(f"--format: one of {', '.join(FORMATS)}", returncode=2)
        if not 4 <= count <= MAX_PLAYERS or not 1 <= rounds <= MAX_ROUNDS:
            raise CommandError(
                f"--players: 4 to {MAX_PLAYERS}; --rounds: 1 to {MAX_ROUNDS}", returncode=2
            )
        if options["variant"] not in ("club-8", "official-1000"):
            raise CommandError("--variant: club-8 or official-1000", returncode=2)
        tournament = Tournament.objects.create(
            name=f"Tournoi simulé {options['seed']}",
            date=datetime.date.today(),
            place="Club",
            game_options={"variant": options["variant"]},
            rounds=rounds,
            format=FORMATS[options["format"]],
            seed=options["seed"],
        )
        players = [
            Player.objects.get_or_create(name=f"Joueur {i:02d}")[0] for i in range(1, count + 1)
        ]
        pairs = tournament.is_pairs
        for index, player in enumerate(players):
            partner = players[index ^ 1] if pairs and (index ^ 1) < count else None
            Registration.objects.create(
                tournament=tournament, player=player, partner=partner, checked_in=True
            )
        for _number in range(rounds):
            try:
                round_ = start_round(tournament=tournament)
            except TournamentError as error:
                raise CommandError(str(error), returncode=2) from None
            play_round_simulated(round_, options["seed"])
            self.stdout.write(f"round {round_.number}: {round_.tables.count()} tables")
        names = {p.pk: p.name for p in players}
        for line in standings(tournament):
            entrant = line.entrant
            label = " & ".join(names[p] for p in entrant) if pairs else names[entrant]
            self.stdout.write(
                f"{line.rank:>3}. {label:<30} {line.wins:>5} {line.points:>8} {line.diff:>8}"
            )
        self.stdout.write(f"tournament {tournament.pk}: {tournament}")
