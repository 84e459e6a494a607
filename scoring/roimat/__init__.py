"""Roimat rules engine: plain Python (its hot modules may be compiled: `make engine`), no Django.

Implements ``shared/rules/ROIMAT.md`` (the project's reading of the seed
``roimat-a-distance-et-regle.txt``):

- ``cards``: the 36-card deck and its values (§1), the points-for-plis table (§7);
- ``seats``: seats, teams and turning order (§2);
- ``rules``: the rule sets ``club-8`` and ``official-1000``, their options and the flags a
  variant sets (§3, §5, §6);
- ``scoring``: one donne as entered on the sheet, its checks (§7) and its score (§4, §5);
- ``partie``: a whole partie, cumuls, end and winner (§5, §6);
- ``notation``: the JSON score-sheet format (§10);
- ``donne``: a donne played card by card, move by move (§3, §4, §8, §9);
- ``players``, ``simulate``, ``draws``: simulated players, deals and donnes (§3);
- ``parallel``: long simulations on every core, streamed in order;
- ``record``, ``verify``, ``problems``: the donne record (§10), its check card by card, and
  the codes of what can be wrong;
- ``stats``: a player's figures over his parties.
"""

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path


def _refuse_stale_compiled() -> None:
    """Raise ``ImportError`` when a module compiled by ``make engine`` (a ``.so`` beside its
    ``.py``, which Python imports in its place) is older than its source: it would run the
    code as it was."""
    for source in Path(__file__).parent.glob("*.py"):
        for suffix in EXTENSION_SUFFIXES:
            compiled = source.with_suffix(suffix)
            if compiled.exists() and compiled.stat().st_mtime < source.stat().st_mtime:
                raise ImportError(
                    f"{source} changed after it was compiled: run `make engine` "
                    "(or `make clean-engine` to run it as Python)"
                )


_refuse_stale_compiled()
