"""Writing parties and donnes (keyword-only services; views and commands call these)."""

from __future__ import annotations

from django.db import transaction

from scoring.models import Donne, Partie, Seat
from scoring.roimat.notation import SheetInput
from scoring.roimat.partie import compute_sheet
from scoring.roimat.scoring import DonneEntry
from tournaments.models import Player


def partie_create(*, sheet: SheetInput, players: dict[str, Player], created_by=None) -> Partie:
    """Store a partie with its seats and donnes.

    ``players`` maps each seat to a saved Player. Checks the donnes first: raises
    ``InvalidSheet`` and stores nothing when one is refused.
    """
    compute_sheet(sheet.donnes, sheet.rules)
    rules = sheet.rules
    with transaction.atomic():
        partie = Partie(
            variant=rules.variant,
            rounding=rules.rounding,
            fault_counting=rules.fault_counting,
            target=rules.target,
            place=sheet.place,
            table=sheet.table,
            created_by=created_by,
        )
        if sheet.date is not None:
            partie.played_on = sheet.date
        partie.save()
        Seat.objects.bulk_create(
            Seat(partie=partie, seat=seat, player=player) for seat, player in players.items()
        )
        Donne.objects.bulk_create(
            Donne.from_entry(entry, partie=partie, number=number, entered_by=created_by)
            for number, entry in enumerate(sheet.donnes, start=1)
        )
    return partie


def partie_import(*, sheet: SheetInput, created_by=None) -> Partie:
    """Store a §10 score sheet, finding players by name and adding the ones not yet known.

    Raises ``InvalidSheet`` (nothing stored) when a donne is refused.
    """
    compute_sheet(sheet.donnes, sheet.rules)
    with transaction.atomic():
        players = {
            seat: Player.objects.get_or_create(name=name)[0] for seat, name in sheet.players.items()
        }
        return partie_create(sheet=sheet, players=players, created_by=created_by)


def donne_record(*, partie: Partie, entry: DonneEntry, number: int | None, user=None) -> Donne:
    """Add a donne to the partie (``number`` None) or correct donne ``number``.

    The partie is locked while the whole sheet is checked again with the new entry, so that
    two phones entering at once cannot both take the same number nor add a donne after the
    end. Raises ``InvalidSheet`` (nothing saved) when the sheet would be refused.
    """
    with transaction.atomic():
        Partie.objects.select_for_update().filter(pk=partie.pk).first()
        donnes = list(Donne.objects.filter(partie=partie).order_by("number"))  # not prefetched
        entries = [d.to_entry() for d in donnes]
        if number is None:
            number = (donnes[-1].number if donnes else 0) + 1
            entries.append(entry)
            pk = None
        else:
            index = next(i for i, d in enumerate(donnes) if d.number == number)
            entries[index] = entry
            pk = donnes[index].pk
        compute_sheet(entries, partie.rules)
        donne = Donne.from_entry(entry, partie=partie, number=number, entered_by=user)
        donne.pk = pk
        donne.save()
    return donne
