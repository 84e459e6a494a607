"""``manage.py roimat_simulate``: play Roimat donnes or whole parties with simulated players.

Writes one donne record per line (ROIMAT.md §10) to stdout or ``--out``; with ``--parties K``
plays K parties to their end, and ``--save`` stores them as parties of the site. ``--jobs N``
plays on N processes (``scoring.roimat.parallel``), streaming the records in a fixed order.
``simulate roimat --sheets K`` plays the same parties from the same seed through the generic
command (one JSON sheet a line, as every game's); this one keeps Roimat's own speed paths.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand
from tqdm import tqdm

from scoring import registry
from scoring.management.game_commands import bad_input
from scoring.roimat.parallel import CHUNK, DonneRun, partie_records, record_chunks
from scoring.roimat.record import to_text
from scoring.roimat.rules import VARIANTS, RuleSet
from scoring.roimat.simulate import PLAYERS, partie_sheet, simulate_donnes


class Command(BaseCommand):
    help = (
        "Simulate Roimat donnes (records, ROIMAT.md §10) or whole parties, on several processes "
        "with --jobs; 'simulate roimat --sheets K' writes whole parties as score sheets, as for "
        "every game."
    )

    def add_arguments(self, parser):
        parser.add_argument("--donnes", type=int, default=1, help="donnes to play (default 1)")
        parser.add_argument("--parties", type=int, help="play this many whole parties instead")
        parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
        parser.add_argument("--variant", default="club-8", help=" or ".join(VARIANTS))
        parser.add_argument(
            "--fault-rate",
            type=float,
            default=0.0,
            help="chance that a player plays a forbidden card (0 to 1)",
        )
        parser.add_argument("--players", default="random", help=" or ".join(PLAYERS))
        parser.add_argument(
            "--gather",
            action="store_true",
            help="gather the tricks, cut and deal without shuffling",
        )
        parser.add_argument(
            "--jobs",
            type=int,
            help=f"processes to play on; the donnes are then played in chunks of {CHUNK}, each "
            "seeded from --seed and its number, so the records are the same for any --jobs "
            "(a run without --jobs is one stream from --seed)",
        )
        parser.add_argument("--out", help="write the records to this file (default stdout)")
        parser.add_argument("--save", action="store_true", help="store the parties (--parties)")

    def handle(self, *args, **options):
        self.validate_options(options)
        out = sys.stdout
        if options["out"]:
            try:
                out = open(options["out"], "w", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise bad_input(f"--out: {error}") from None
        try:
            if options["parties"]:
                self.parties(options, out)
            else:
                self.donnes(options, out)
        finally:
            if out is not sys.stdout:
                out.close()

    def validate_options(self, options) -> None:
        if options["variant"] not in VARIANTS:
            raise bad_input(f"--variant: {options['variant']!r} is not one of {VARIANTS}")
        if options["players"] not in PLAYERS:
            raise bad_input(f"--players: {options['players']!r} is not one of {tuple(PLAYERS)}")
        if not 0 <= options["fault_rate"] <= 1:
            raise bad_input("--fault-rate: between 0 and 1")
        if options["donnes"] < 1 or (options["parties"] is not None and options["parties"] < 1):
            raise bad_input("--donnes and --parties: at least 1")
        if options["save"] and not options["parties"]:
            raise bad_input("--save stores whole parties: give --parties")
        if options["jobs"] is not None and options["jobs"] < 1:
            raise bad_input("--jobs: at least 1")

    def donnes(self, options, out) -> None:
        run = DonneRun(
            count=options["donnes"],
            seed=options["seed"],
            variant=options["variant"],
            players=options["players"],
            fault_rate=options["fault_rate"],
            gather=options["gather"],
        )
        if options["jobs"] is not None:
            bar = self.progress(None, run.count, "donnes")
            out.flush()
            write = out.buffer.write if hasattr(out, "buffer") else lambda b: out.write(b.decode())
            for number, data in enumerate(record_chunks(run, options["jobs"])):
                write(data)
                if bar:
                    bar.update(min(run.chunk, run.count - number * run.chunk))
            if bar:
                bar.close()
            return
        states = simulate_donnes(
            run.count, run.seed, run.variant, run.players, run.fault_rate, run.gather
        )
        for state in self.progress(states, run.count, "donnes"):
            out.write(to_text(state) + "\n")

    def parties(self, options, out) -> None:
        rules = RuleSet(options["variant"])
        bar = self.progress(None, None, "donnes")
        parties = partie_records(
            rules,
            options["seed"],
            options["parties"],
            options["players"],
            options["fault_rate"],
            jobs=options["jobs"] or 1,
        )
        for records in parties:
            if bar:
                bar.update(len(records))
            if options["save"]:
                partie = registry.get("roimat").import_sheet(partie_sheet(rules, records))
                self.stderr.write(f"partie {partie.pk}: {len(records)} donnes")
            else:
                for record in records:
                    out.write(json.dumps(record, ensure_ascii=False) + "\n")
        if bar:
            bar.close()

    def progress(self, iterable, total, unit):
        """A progress bar on stderr when it is a terminal and the run is long."""
        disable = not sys.stderr.isatty() or (total is not None and total < 1000)
        if iterable is None:
            return None if disable else tqdm(total=total, unit=unit, file=sys.stderr)
        return tqdm(iterable, total=total, unit=unit, file=sys.stderr, disable=disable)
