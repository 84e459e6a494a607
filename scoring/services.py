"""Writing parties and donnes (keyword-only services; views and commands call these)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.games import GAMES
from scoring.games.base import compute
from scoring.games.notation import GameSheetInput
from scoring.models import Donne, DonneVersion, GameRound, Partie, Player, Seat
from scoring.results import store_results
from scoring.roimat.notation import SheetInput, donne_to_dict
from scoring.roimat.partie import compute_sheet
from scoring.roimat.scoring import DonneEntry
from scoring.roimat.seats import team_of
from scoring.signals import partie_changed


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
        donnes = Donne.objects.bulk_create(
            Donne.from_entry(entry, partie=partie, number=number, entered_by=created_by)
            for number, entry in enumerate(sheet.donnes, start=1)
        )
        for donne in donnes:
            keep_version(donne, DonneVersion.Action.ENTER, user=created_by)
    after_change(partie)
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


class EntryConflict(Exception):
    """Another phone got there first: the donne was already entered, or changed since the
    form was shown. The message says so, for the page."""


def donne_record(
    *,
    partie: Partie,
    entry: DonneEntry,
    number: int | None,
    user=None,
    author: str = "",
    key: str = "",
    expected: int | None = None,
    version: int | None = None,
    confirmed: bool = True,
    seat: str = "",
) -> Donne:
    """Add a donne to the partie (``number`` None) or correct donne ``number``; keep the
    version.

    The partie is locked while the whole sheet is checked again with the new entry, so that
    two phones cannot both take the same number nor add a donne after the end.
    - ``key``: the form's idempotency key; a donne already stored with it is returned as is
      (a resubmission after a dropped connection stores one donne);
    - ``expected``: the number the new donne had on the phone; another number means another
      phone entered that donne first: ``EntryConflict``;
    - ``version``: the version a correction was made from; a newer one: ``EntryConflict``;
    - ``confirmed`` False leaves the donne pending until the other team confirms it; ``seat``
      is the seat of the player who entered it.
    Raises ``InvalidSheet`` (nothing saved) when the sheet would be refused.
    """
    with transaction.atomic():
        Partie.objects.select_for_update().filter(pk=partie.pk).first()
        if key:
            done = Donne.objects.filter(partie=partie, key=key).first()
            if done is not None:
                return done
        donnes = list(Donne.objects.filter(partie=partie).order_by("number"))  # not prefetched
        entries = [d.to_entry() for d in donnes]
        if number is None:
            old = None
            number = (donnes[-1].number if donnes else 0) + 1
            if expected is not None and expected != number:
                raise EntryConflict(
                    _("Donne %(n)s was already entered by another phone: check the sheet.")
                    % {"n": expected}
                )
            entries.append(entry)
        else:
            index = next(i for i, d in enumerate(donnes) if d.number == number)
            old = donnes[index]
            if version is not None and version != old.version:
                raise EntryConflict(
                    _("Donne %(n)s was changed meanwhile: look at it again before correcting.")
                    % {"n": number}
                )
            entries[index] = entry
        compute_sheet(entries, partie.rules)
        donne = Donne.from_entry(entry, partie=partie, number=number, entered_by=user)
        if old is None:
            donne.key, donne.confirmed, donne.entered_seat = key, confirmed, seat
            action = DonneVersion.Action.ENTER
        else:
            donne.pk, donne.key, donne.version = old.pk, old.key, old.version + 1
            donne.confirmed, donne.entered_seat = old.confirmed, old.entered_seat
            donne.confirmed_seat = old.confirmed_seat
            action = _change(old, entry)
        donne.save()
        keep_version(donne, action, author, user)
    after_change(partie)
    return donne


def after_change(partie: Partie) -> None:
    """Store the players' results again, then tell the apps built on the sheets
    (``signals.partie_changed``: the ratings of a finished partie)."""
    store_results(partie)
    partie_changed.send(sender=Partie, partie=partie)


def _change(old: Donne, entry: DonneEntry) -> str:
    if old.annulled != entry.annulled:
        return DonneVersion.Action.ANNUL if entry.annulled else DonneVersion.Action.RESTORE
    return DonneVersion.Action.CORRECT


def keep_version(donne: Donne, action: str, author: str = "", user=None) -> None:
    """Record the donne as it now stands, with who did what."""
    DonneVersion.objects.create(
        donne=donne,
        version=donne.version,
        action=action,
        data=donne_to_dict(donne.to_entry()),
        author=author or (user.get_username() if user else ""),
        user=user,
    )


def donne_confirm(*, donne: Donne, seat: str, author: str = "") -> Donne:
    """The other team confirms a pending donne: ``seat`` is the confirming player's seat.

    Raises ``EntryConflict`` when that seat is of the team that entered it.
    """
    if donne.entered_seat and team_of(seat) == team_of(donne.entered_seat):
        raise EntryConflict(_("A player of the other team confirms the donne."))
    with transaction.atomic():
        donne = Donne.objects.select_for_update().get(pk=donne.pk)
        if not donne.confirmed:
            donne.confirmed, donne.confirmed_seat = True, seat
            donne.version += 1
            donne.save(update_fields=["confirmed", "confirmed_seat", "version"])
            keep_version(donne, DonneVersion.Action.CONFIRM, author)
    return donne


def game_partie_create(*, sheet: GameSheetInput, created_by=None) -> Partie:
    """Store a partie of another game (``scoring.games``), finding players by name and adding
    the ones not yet known. Raises ``InvalidGameSheet`` (nothing stored) when a round is
    refused."""
    compute(GAMES[sheet.game], len(sheet.players), sheet.rounds, sheet.options)
    with transaction.atomic():
        partie = Partie(game=sheet.game, options=dict(sheet.options), place=sheet.place,
                        table=sheet.table, created_by=created_by)  # fmt: skip
        if sheet.date is not None:
            partie.played_on = sheet.date
        partie.save()
        for position, name in enumerate(sheet.players, start=1):
            player = Player.objects.get_or_create(name=name)[0]
            Seat.objects.create(partie=partie, seat=str(position), player=player)
        GameRound.objects.bulk_create(
            GameRound(partie=partie, number=n, entries=list(entries), entered_by=created_by)
            for n, entries in enumerate(sheet.rounds, start=1)
        )
    after_change(partie)
    return partie


def game_round_record(
    *, partie: Partie, entries: list[dict], number: int | None = None, user=None
) -> GameRound:
    """Add the next round of another game (``number`` None) or correct round ``number``.

    The whole sheet is checked again under a lock on the partie; raises ``InvalidGameSheet``
    (nothing saved) when it would be refused."""
    with transaction.atomic():
        Partie.objects.select_for_update().filter(pk=partie.pk).first()
        rounds = list(GameRound.objects.filter(partie=partie).order_by("number"))
        sheet = [r.entries for r in rounds]
        if number is None:
            number = len(rounds) + 1
            sheet.append(entries)
            game_round = GameRound(partie=partie, number=number)
        else:
            game_round = rounds[number - 1]
            sheet[number - 1] = entries
        compute(GAMES[partie.game], len(entries), sheet, partie.options)
        game_round.entries, game_round.entered_by = entries, user
        game_round.save()
    after_change(partie)
    return game_round
