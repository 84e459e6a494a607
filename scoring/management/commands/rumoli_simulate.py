"""``manage.py rumoli_simulate``: ``simulate rumoli --sheets N``, the seed's variants as flags
(``--free-stakes`` is ``--option stakes=free``, ``--same-colour`` ``--option
same_colour=true``, ``--stop-when-stuck`` ``--option stop_when_stuck=true``, ``--stake S``
``--option stake=S``, ``--fault-rate F`` ``--option fault_rate=F``)."""

from scoring.management.game_commands import SheetsAlias, bad_input


class Command(SheetsAlias):
    game = "rumoli"
    help = (
        "Play whole Rumoli sheets by simulation (--free-stakes, --same-colour, --stop-when-stuck)."
    )

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--free-stakes", action="store_true", help="variant 1")
        parser.add_argument("--same-colour", action="store_true", help="variant 2")
        parser.add_argument("--stop-when-stuck", action="store_true", help="variant 3")
        parser.add_argument("--stake", type=int, help="the agreed stake of variant 1 (chips)")
        parser.add_argument(
            "--fault-rate", type=float, default=0.0, help="chance of an irregularity a play"
        )

    def game_options(self, options) -> dict:
        if not 0 <= options["fault_rate"] <= 1:
            raise bad_input("--fault-rate: between 0 and 1")
        return {
            **super().game_options(options),
            "stakes": "free" if options["free_stakes"] else "standard",
            "same_colour": options["same_colour"],
            "stop_when_stuck": options["stop_when_stuck"],
            "fault_rate": options["fault_rate"],
            **({"stake": options["stake"]} if options["stake"] is not None else {}),
        }
