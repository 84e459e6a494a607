"""The sheet layout of a game of individual players' counts (``scoring.play.layout``): a
round a line (each player's cumul under his points, on a page), a column a player, the Total
line of the rounds that count (live ``SUM``s), then the rounds in no total. Every ``Game`` is
laid out so.
"""

from __future__ import annotations

from typing import Any

from scoring.play.layout import (
    CUMUL,
    PENDING,
    ROW,
    STOPPED,
    Column,
    Group,
    Line,
    SheetLayout,
    column_sum,
    table_words,
)

from .base import Game, GameSheet
from .notation import GameSheetInput

TOTAL = "Total"
#: The mark of a round listed but in no total (awaiting the other players, or after one that is).
PENDING_MARK = "en attente, non comptée"


def player_key(index: int) -> str:
    """The key of player ``index``'s column (0-based): ``"p0"``."""
    return f"p{index}"


def under(game: Game, entries: Any, cumuls: tuple[int, ...]) -> tuple[Any, ...]:
    """What goes under each player's points of a round: his cumul, after the game's words
    of what he wrote (``Game.round_words``: a Differenzler estimate and points)."""
    words = game.round_words(entries)
    if words is None:
        return cumuls
    return tuple(f"{w} · total {c}" for w, c in zip(words, cumuls, strict=True))


def sheet_layout(
    game: Game, sheet_input: GameSheetInput, sheet: GameSheet, club: str = "", closing: str = ""
) -> SheetLayout:
    """``game``'s sheet: its heading line (date, place and table), each counted round's
    points per player, the totals, then the pending rounds (in no total), each marked
    ``PENDING_MARK``, and the result under it (the winners, or the status of an unfinished
    game: ``STOPPED`` by ``closing``)."""
    names = list(sheet_input.players)
    labels = [
        game.round_spec(n, len(names), sheet_input.options).name
        for n in range(1, len(sheet.scores) + 1)
    ]
    rows = list(zip(labels, sheet.scores, sheet.cumuls, strict=True))
    lines = [
        Line(ROW, (label, *scores), number=n, under=(None, *under(game, entries, cumuls)))
        for n, ((label, scores, cumuls), entries) in enumerate(
            zip(rows[: sheet.counted], sheet_input.rounds, strict=False), start=1
        )
    ]
    last = len(lines) - 1
    totals = tuple(
        column_sum(player_key(i), 0, last, total) for i, total in enumerate(sheet.totals)
    )
    lines.append(Line(CUMUL, (TOTAL, *totals)))
    lines += [
        Line(PENDING, (f"{label} ({PENDING_MARK})", *scores), number=n)
        for n, (label, scores, _cumuls) in enumerate(rows[sheet.counted :], start=sheet.counted + 1)
    ]
    when = f"{sheet_input.date:%d/%m/%Y}" if sheet_input.date else ""
    heading = [
        " · ".join(p for p in (when, sheet_input.place, table_words(sheet_input.table)) if p)
    ]
    if sheet.finished:
        winners = [names[w] for w in sheet.winners]
        result = ("Gagnants : " if len(winners) > 1 else "Gagnant : ") + ", ".join(winners)
    else:
        result = STOPPED.get(closing, STOPPED[""])
    longest = max(len(str(line.cells[0])) for line in lines)
    columns = (
        Column(
            "round", game.round_word, width=min(max(10, longest + 2), 42), align="left", phone=True
        ),
        *(
            Column(
                player_key(i),
                name,
                width=max(10, len(name) + 2),
                points=game.higher_wins,  # penalty points (the lowest wins) are not signed
                phone=True,
            )
            for i, name in enumerate(names)
        ),
    )
    return SheetLayout(
        name="Feuille de marque",
        game=game.name,
        club=club,
        heading=tuple(line for line in heading if line),
        footer=(result,),
        groups=(Group(columns),),
        lines=tuple(lines),
    )
