"""Helpers for the site's tests: a Roimat partie stored, a §10 donne as the phone form's POST
data, a club evening of a season played by simulated players."""

import datetime
import re

from scoring import registry
from scoring.roimat.seats import SEATS
from tournaments.models import Registration, Tournament
from tournaments.services import play_round_simulated, start_round


def partie_import(*, sheet, created_by=None):
    """Store a Roimat §10 score sheet as the site's import does (``GameAdapter.import_sheet``)."""
    return registry.get("roimat").import_sheet(sheet, created_by)


def partie_create(*, sheet, players):
    """Store a Roimat §10 score sheet with its seats' saved players (seat → ``Player``)."""
    return registry.get("roimat").store(sheet, players, None)


def evening(season, day, players, closed=True) -> Tournament:
    """An evening of ``season`` on November ``day``, 2026: ``players`` checked in, two rounds
    played by simulated players, closed unless ``closed`` is False."""
    tournament = Tournament.objects.create(
        name=f"Soirée {day}", date=datetime.date(2026, 11, day), rounds=2, season=season, seed=day
    )
    for player in players:
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    for _round in range(2):
        play_round_simulated(start_round(tournament=tournament), seed=day)
    tournament.finished = closed
    tournament.save()
    return tournament


def donne_post(donne: dict) -> dict:
    """The entry form's fields for a §10 score-sheet donne (checkboxes only when ticked)."""
    data = {
        "dealer": donne["dealer"],
        "trump": donne["trump"],
        "plis_ns": str(donne.get("plis_ns", 0)),
        "points_ns": str(donne.get("points_ns", 0)),
    }
    if donne.get("trumps"):
        data["trumps"] = str(donne["trumps"])
    for key in ("contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi", "roi_au_bout"):
        if donne.get(key):
            data[key] = "on"
    for seat in SEATS:
        data[f"faults_{seat.lower()}"] = str(donne.get("faults", []).count(seat))
    return data


def ratings_shown(page: str) -> dict[int, float | None]:
    """Each player's rating as a season's standings table shows it (its last column): player
    id (from his link) → rating (None: "–", unrated)."""
    shown = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S):
        player = re.search(r'href="/joueurs/(\d+)/"', row)
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        if player and cells:
            last = cells[-1].strip()
            shown[int(player.group(1))] = None if last == "–" else float(last.replace(",", "."))
    return shown


def home_lists(page: str) -> dict[str, list[str]]:
    """The home page's lists as a visitor reads them: ``results`` (each last evening's line:
    its link's address, its name and its winners) and ``leaders`` (the league's, each
    "name — value"), their tags taken out."""
    lists = {}
    for name, tag in (("results", "ul"), ("leaders", "ol")):
        found = re.search(rf'<{tag} class="{name}">(.*?)</{tag}>', page, re.S)
        items = re.findall(r"<li[^>]*>(.*?)</li>", found.group(1), re.S) if found else []
        lists[name] = [
            re.sub(r'<a href="([^"]*)">', r"\1 ", item).replace("</a>", "") for item in items
        ]
    return lists


def same_sheet(imported: dict, exported: dict) -> bool:
    """Whether a sheet's JSON imported back is the exported one: the same sheet and waiting
    entries, and a history of its own (the import's: the same entries, each entered once)."""
    numbers = sorted({line["number"] for line in exported["history"]})
    own = [(line["number"], line["action"]) for line in imported["history"]]
    rest = {key: value for key, value in imported.items() if key != "history"}
    return rest == {k: v for k, v in exported.items() if k != "history"} and own == [
        (n, "enter") for n in numbers
    ]
