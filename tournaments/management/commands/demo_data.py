"""``manage.py demo_data``: a club account, players and a few parties to look at.

The parties are played card by card by the rules engine's simulated players.

Creates the accounts ``secretaire`` (the secretary, also an admin) and ``directeur`` (the
tournament director), both with the password ``roimat``, unless they exist; adds the demo
players and parties only once, so the command can run at every start.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand

from scoring import registry
from scoring.access import DIRECTOR, SECRETARY
from scoring.models import Partie, Player
from scoring.roimat.notation import SheetInput
from scoring.roimat.record import entry_of_record
from scoring.roimat.rules import RuleSet
from scoring.roimat.simulate import simulate_partie
from tournaments.models import Registration, Season, Tournament
from tournaments.services import play_round_simulated, start_round

#: The days of the week in French, Monday first (``date.weekday()``).
WEEKDAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")


def evening_name(date: datetime.date) -> str:
    """A demo evening's name, after its date's own weekday: ``Soirée du jeudi``."""
    return f"Soirée du {WEEKDAYS[date.weekday()]}"


#: The demo accounts: (username, password, role); the secretary is also an admin.
ACCOUNTS = [("secretaire", "roimat", SECRETARY), ("directeur", "roimat", DIRECTOR)]
PLAYERS = [
    "Annie",
    "Bernard",
    "Claire",
    "Denis",
    "Élise",
    "François",
    "Gisèle",
    "Henri",
    "Isabelle",
    "Jacques",
]
PARTIES = [
    # (days ago, rules, seats N E S O by index in PLAYERS, donnes or None to play to the end)
    (21, RuleSet("club-8"), (0, 1, 2, 3), None),
    (21, RuleSet("club-8"), (4, 5, 6, 7), None),
    (14, RuleSet("club-8", rounding=True), (0, 5, 2, 7), None),
    (14, RuleSet("club-8"), (4, 1, 6, 3), None),
    (7, RuleSet("official-1000"), (8, 0, 9, 4), 6),  # to 1,000: still being played
    (7, RuleSet("club-8"), (1, 2, 3, 5), None),
    (0, RuleSet("club-8"), (0, 1, 2, 3), 5),
]
#: A partie of each of the club's other games, played to its end by simulated players through
#: the catalogue, as the director's "simulate" does: (game, players by index in PLAYERS).
GAME_PARTIES = [
    ("roi", (0, 1, 2, 3)),
    ("romer", (4, 5, 6, 7)),
    ("rumoli", (8, 9, 0)),
    ("differenzler", (1, 3, 5, 7)),
]


class Command(BaseCommand):
    help = "Create the demo club account, players and parties (once)."

    def account(self, username: str, password: str, role: str):
        """The demo account ``username`` with ``role``, created once."""
        user_model = get_user_model()
        user = user_model.objects.filter(username=username).first()
        if user is None:
            if role == SECRETARY:
                user = user_model.objects.create_superuser(username, "", password)
            else:
                user = user_model.objects.create_user(username, "", password)
            user.groups.add(Group.objects.get(name=role))
            self.stdout.write(f"account {username} / {password} ({role}) created")
        return user

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2026, help="seed of the simulated play")

    def handle(self, *args, **options):
        user = None
        for username, password, role in ACCOUNTS:
            account = self.account(username, password, role)
            user = user or account
        if Partie.objects.exists():
            self.stdout.write("parties already present: no demo parties added")
            return
        players = [
            Player.objects.get_or_create(
                name=name, defaults={"email": f"{name.lower()}@example.org"}
            )[0]
            for name in PLAYERS
        ]
        today = datetime.date.today()
        for table, (days_ago, rules, seats, donnes) in enumerate(PARTIES, start=1):
            seated = {seat: players[i] for seat, i in zip("NESO", seats, strict=True)}
            sheet = SheetInput(
                rules=rules,
                players={seat: p.name for seat, p in seated.items()},
                donnes=tuple(
                    entry_of_record(record)
                    for record in simulate_partie(
                        rules,
                        options["seed"] + table,
                        "heuristic",
                        fault_rate=0.01,
                        limit=donnes or 200,
                    )
                ),
                date=today - datetime.timedelta(days=days_ago),
                place="Club",
                table=str(table),
            )
            registry.get("roimat").import_sheet(sheet, created_by=user)
        self.other_games(players, today - datetime.timedelta(days=10), options["seed"], user)
        created = len(PARTIES) + len(GAME_PARTIES)
        self.stdout.write(f"{len(PLAYERS)} players and {created} parties created")
        self.evening(players, today, options["seed"])

    def other_games(self, players, day, seed, user) -> None:
        """A partie of each other game (``GAME_PARTIES``), played by simulated players."""
        for table, (game, seats) in enumerate(GAME_PARTIES, start=len(PARTIES) + 1):
            adapter = registry.get(game)
            partie = adapter.new_partie(
                players=[players[i] for i in seats],
                options={},
                date=day,
                place="Club",
                table=str(table),
                created_by=user,
            )
            adapter.simulate(partie, seed + table)

    def evening(self, players, today, seed) -> None:
        """A finished individual evening of 8 players in 3 rounds, and one being registered."""
        season = Season.objects.create(
            name=f"Championnat {today.year}",
            start=today - datetime.timedelta(days=90),
            end=today + datetime.timedelta(days=270),
        )
        played = today - datetime.timedelta(days=3)
        done = Tournament.objects.create(
            name=evening_name(played),
            date=played,
            place="Club",
            rounds=3,
            seed=seed,
            season=season,
        )
        for player in players[:8]:
            Registration.objects.create(tournament=done, player=player, checked_in=True)
        for _number in range(done.rounds):
            play_round_simulated(start_round(tournament=done), seed)
        done.finished = True
        done.save(update_fields=["finished"])
        coming = today + datetime.timedelta(days=2)
        upcoming = Tournament.objects.create(
            name=evening_name(coming),
            date=coming,
            place="Club",
            rounds=4,
            seed=seed + 1,
            season=season,
        )
        for player in players:
            Registration.objects.create(tournament=upcoming, player=player)
        self.stdout.write("2 tournaments and a league season created")
