"""How fast sheets are computed and exported, on one core. Prints figures; asserts nothing.

make bench
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.exports.sheet import sheet_pdf, sheet_xlsx  # noqa: E402
from scoring.roimat.layout import sheet_layout  # noqa: E402
from scoring.roimat.notation import SheetInput  # noqa: E402
from scoring.roimat.partie import compute_sheet  # noqa: E402
from scoring.roimat.record import entry_of_record, record_of  # noqa: E402
from scoring.roimat.rules import RuleSet  # noqa: E402
from scoring.roimat.simulate import simulate_donnes  # noqa: E402


def rate(label: str, count: int, seconds: float, unit: str) -> None:
    print(f"{label:<38} {count / seconds:>10,.0f} {unit}/s  ({count} in {seconds:.2f} s)")


def main() -> None:
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
