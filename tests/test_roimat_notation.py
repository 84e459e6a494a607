"""The JSON score sheet of ROIMAT.md §10 and the worked examples of §11 (no database)."""

import copy

import pytest

from scoring.roimat.notation import parse_sheet, sheet_to_dict
from scoring.roimat.partie import InvalidSheet, compute_sheet
from tests.conftest import load


@pytest.mark.parametrize("name", ["club8-partie", "official-rounded"])
def test_worked_examples_compute_to_the_expected_sheet(name):
    sheet = parse_sheet(load(f"{name}.json"))
    computed = compute_sheet(sheet.donnes, sheet.rules).as_dict()
    assert computed == load(f"{name}.expected.json")


def test_sheet_round_trips_through_its_text_form(club8_sheet):
    sheet = parse_sheet(club8_sheet)
    assert parse_sheet(sheet_to_dict(sheet)) == sheet
    assert sheet_to_dict(parse_sheet(sheet_to_dict(sheet))) == sheet_to_dict(sheet)


def test_omitted_booleans_are_false(club8_sheet):
    first = parse_sheet(club8_sheet).donnes[0]
    assert not (first.contre_plis or first.contre_roi or first.annulled)
    assert first.faults == ()


def test_optional_heading_keys_are_read():
    data = {
        **load("official-rounded.json"),
        "date": "2026-11-20",
        "place": "Antony",
        "table": "3",
        "target": 1500,
        "fault_counting": "team",
    }
    data["donnes"][0]["trumps"] = 4
    sheet = parse_sheet(data)
    assert (sheet.date.isoformat(), sheet.place, sheet.table) == ("2026-11-20", "Antony", "3")
    assert sheet.rules.target == 1500 and sheet.rules.fault_counting == "team"
    assert sheet.donnes[0].trumps == 4


def broken(path, value):
    data = load("club8-partie.json")
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


BAD_SHEETS = [
    (broken(["variant"], "club-9"), "variant: "),
    (broken(["rounding"], "yes"), "rounding: "),
    (broken(["players", "E"], ""), "players.E: "),
    (broken(["players"], KeyError), "players: "),
    (broken(["date"], "22/11/2026"), "date: "),
    (broken(["donnes", 2, "plis_ns"], "six"), "donne 3, plis_ns: "),
    (broken(["donnes", 2, "plis_ns"], True), "donne 3, plis_ns: "),
    (broken(["donnes", 4, "contre_pli"], True), "donne 5, contre_pli: "),
    (broken(["donnes", 1, "dealer"], KeyError), "donne 2, dealer: "),
    (broken(["donnes", 1, "roi_au_bout"], "oui"), "donne 2, roi_au_bout: "),
    (broken(["donnes", 6, "faults"], "S"), "donne 7, faults: "),
    (broken(["donnes", 0, "trumps"], "4"), "donne 1, trumps: "),
    (broken(["game"], "belote"), "game: "),
    (broken(["extra"], 1), "extra: "),
]


@pytest.mark.parametrize("data, where", BAD_SHEETS, ids=[w for _d, w in BAD_SHEETS])
def test_bad_sheets_are_refused_naming_the_place(data, where):
    with pytest.raises(InvalidSheet) as refused:
        parse_sheet(copy.deepcopy(data))
    assert str(refused.value).startswith(where)


def test_rules_are_checked_after_the_format(club8_sheet):
    club8_sheet["donnes"][3]["points_ns"] = 130
    sheet = parse_sheet(club8_sheet)
    with pytest.raises(InvalidSheet, match="donne 4, points_ns"):
        compute_sheet(sheet.donnes, sheet.rules)
