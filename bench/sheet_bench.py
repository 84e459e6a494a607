"""How fast sheets are computed and exported, on one core. Prints figures; asserts nothing.

Then a long partie's documents (issue 59): the PDF and Excel of a Roimat partie (official
rules, played to 100,000 points so that it does not end) and of a Römer partie (to 1,000,000)
at 8 and at 200 donnes or manches, each made from its layout ``--repeat`` times, the sizes in
turn so that a change of the machine's load falls on all alike; prints each one's median, the
time a line and the ratio of 200 to 8.

    .venv/bin/python bench/sheet_bench.py [--repeat 15] [--long-only]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.exports.sheet import sheet_pdf, sheet_xlsx  # noqa: E402
from scoring.games.base import compute  # noqa: E402
from scoring.games.layout import sheet_layout as game_layout  # noqa: E402
from scoring.games.notation import GameSheetInput  # noqa: E402
from scoring.games.romer.rules import ROMER  # noqa: E402
from scoring.games.romer.state import RomerState  # noqa: E402
from scoring.games.simulate import dealing_table  # noqa: E402
from scoring.play.layout import SheetLayout  # noqa: E402
from scoring.roimat.layout import sheet_layout  # noqa: E402
from scoring.roimat.notation import SheetInput  # noqa: E402
from scoring.roimat.partie import compute_sheet  # noqa: E402
from scoring.roimat.record import entry_of_record, record_of  # noqa: E402
from scoring.roimat.rules import RuleSet  # noqa: E402
from scoring.roimat.simulate import simulate_donnes  # noqa: E402


def rate(label: str, count: int, seconds: float, unit: str) -> None:
    print(f"{label:<38} {count / seconds:>10,.0f} {unit}/s  ({count} in {seconds:.2f} s)")


#: The lengths of partie whose documents are compared: a club evening's, and a long one.
LENGTHS = (8, 200)


def roimat_layouts() -> dict[int, SheetLayout]:
    """A Roimat partie's Table de marque at each of ``LENGTHS`` donnes, official rules to
    100,000 points (so that it goes on), simulated."""
    rules = RuleSet("official-1000", target=100_000)
    donnes = [entry_of_record(record_of(s)) for s in simulate_donnes(max(LENGTHS), seed=2)]
    players = {"N": "Annie", "E": "Bernard", "S": "Claire", "O": "Denis"}
    layouts = {}
    for count in LENGTHS:
        sheet_input = SheetInput(rules=rules, players=players, donnes=tuple(donnes[:count]))
        sheet = compute_sheet(sheet_input.donnes, rules)
        layouts[count] = sheet_layout(sheet_input, sheet, "Club")
    return layouts


def romer_layouts() -> dict[int, SheetLayout]:
    """A Römer partie's sheet (4 players, to 1,000,000 points) at each of ``LENGTHS``
    manches, played by random players."""
    rng = random.Random(2)
    options = {"target": 1_000_000}
    table = dealing_table(ROMER, RomerState, 4, options, rng)
    rounds = []
    for _ in range(max(LENGTHS)):
        state = table.deal()
        state.play_random(rng)
        table.collect(state)
        rounds.append(tuple(state.to_record()["result"]))
    names = ("Annie", "Bernard", "Claire", "Denis")
    layouts = {}
    for count in LENGTHS:
        sheet_input = GameSheetInput(ROMER.key, names, tuple(rounds[:count]), options)
        sheet = compute(ROMER, 4, sheet_input.rounds, options)
        layouts[count] = game_layout(ROMER, sheet_input, sheet, "Club")
    return layouts


def long_documents(repeat: int) -> None:
    """Each game's PDF and Excel at each of ``LENGTHS``, timed in turn ``repeat`` times."""
    exports: dict[str, Callable[[SheetLayout], bytes]] = {"PDF": sheet_pdf, "Excel": sheet_xlsx}
    for game, layouts in (("Roimat", roimat_layouts()), ("Römer", romer_layouts())):
        times: dict[tuple[str, int], list[float]] = {
            (kind, count): [] for kind in exports for count in layouts
        }
        for export in exports.values():  # one warm-up each
            for layout in layouts.values():
                export(layout)
        for _ in range(repeat):
            for kind, export in exports.items():
                for count, layout in layouts.items():
                    started = time.perf_counter()
                    export(layout)
                    times[kind, count].append(time.perf_counter() - started)
        for kind in exports:
            medians = {count: statistics.median(times[kind, count]) for count in layouts}
            short, long = (medians[count] for count in LENGTHS)
            lines = {count: len(layouts[count].lines) for count in LENGTHS}
            per_line = (long - short) / (lines[LENGTHS[1]] - lines[LENGTHS[0]])
            print(
                f"{game} {kind:<5} at {LENGTHS[0]} and {LENGTHS[1]}:"
                f" {short * 1000:6.1f} ms, {long * 1000:6.1f} ms ({long / short:4.1f}x),"
                f" {per_line * 1000:.2f} ms a line more ({repeat} runs, medians)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--long-only", action="store_true", help="only the long documents")
    options = parser.parse_args()
    if not options.long_only:
        short_sheets()
    long_documents(options.repeat)


def short_sheets() -> None:
    """Sheets computed, then the PDF and Excel of 50 club parties of 8 donnes."""
    rules = RuleSet("club-8")
    donnes = [entry_of_record(record_of(s)) for s in simulate_donnes(16000, seed=1)]
    parties = [donnes[i : i + 8] for i in range(0, len(donnes), 8)]
    start = time.perf_counter()
    for entries in parties:
        compute_sheet(entries, rules)
    elapsed = time.perf_counter() - start
    rate("compute_sheet, 8-donne parties", len(parties), elapsed, "parties")
    rate("compute_sheet, donnes", sum(map(len, parties)), elapsed, "donnes")

    players = {"N": "Annie", "E": "Bernard", "S": "Claire", "O": "Denis"}
    sample = parties[:50]
    for label, export in (("PDF export", sheet_pdf), ("Excel export", sheet_xlsx)):
        inputs = [SheetInput(rules=rules, players=players, donnes=tuple(e)) for e in sample]
        start = time.perf_counter()
        for sheet_input in inputs:
            export(sheet_layout(sheet_input, compute_sheet(sheet_input.donnes, rules)))
        rate(label, len(sample), time.perf_counter() - start, "sheets")
        tracemalloc.start()
        export(sheet_layout(inputs[0], compute_sheet(inputs[0].donnes, rules)))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{'':<38} peak memory of one export {peak / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
