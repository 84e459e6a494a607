"""``manage.py rumoli_simulate``: play Rumoli sheets by simulation, with the seed's variants."""

from scoring.management.game_commands import GameSimulateCommand


class Command(GameSimulateCommand):
    help = (
        "Play whole Rumoli sheets by simulation (--free-stakes, --same-colour, --stop-when-stuck)."
    )
    game = "rumoli"

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--free-stakes", action="store_true", help="variant 1")
        parser.add_argument("--same-colour", action="store_true", help="variant 2")
        parser.add_argument("--stop-when-stuck", action="store_true", help="variant 3")

    def game_options(self, options) -> dict:
        return {
            **super().game_options(options),
            "stakes": "free" if options["free_stakes"] else "standard",
            "same_colour": options["same_colour"],
            "stop_when_stuck": options["stop_when_stuck"],
        }
