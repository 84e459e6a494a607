"""Helpers for the site's tests: a §10 donne as the phone form's POST data."""

from scoring.roimat.seats import SEATS


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
