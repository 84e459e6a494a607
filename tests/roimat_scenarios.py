"""Building donne states from card codes for scripted tests (no database)."""

from scoring.roimat.cards import BY_CODE, CARDS, CODE, COLOUR_LETTERS, mask_of_codes
from scoring.roimat.donne import DonneState, Move, card_move
from scoring.roimat.seats import SEATS

FILLER_COLOURS = ("V", "B")


def scenario(
    hands: dict[str, list[str]],
    dealer: str = "E",
    trump: str = "J",
    plays: list[str] = (),
    rest: str = "",
    variant: str = "club-8",
) -> DonneState:
    """A state where ``dealer``'s team announced ``trump`` without contres, then ``plays``.

    ``hands`` gives the cards that matter; the jaune and rouge cards not given go to the seats
    of ``rest`` (e.g. ``"EN"``), then green and blue cards fill every hand up to 9, so the
    voids of the other seats stay as written. ``plays``
    are ``"TR"`` or ``"DR>E"`` (the seat a Dame or Tour sends to), by the seat to move.
    """
    given = {seat: list(hands.get(seat, [])) for seat in SEATS}
    used = mask_of_codes([c for codes in given.values() for c in codes])
    free = [CODE[c] for c in CARDS if not used >> c & 1]
    others = [c for c in free if c[1] not in FILLER_COLOURS]
    for seat in rest:
        room = 9 - len(given[seat])
        given[seat] += others[:room]
        del others[:room]
    assert not others, f"no room in {rest!r} for {others}"
    fillers = [c for c in free if c[1] in FILLER_COLOURS]
    for seat in SEATS:
        while len(given[seat]) < 9:
            given[seat].append(fillers.pop(0))
        assert len(given[seat]) == 9, f"{seat} holds {len(given[seat])} cards"
    state = DonneState([mask_of_codes(given[s]) for s in SEATS], SEATS.index(dealer), variant)
    announcer = state.legal_moves()[0].seat
    state.push(Move("announce", card=COLOUR_LETTERS.index(trump), seat=announcer))
    while state.phase == "bids":
        state.push(Move("bid", name=state.pending_bids[0], value=False))
    for play in plays:
        code, _, to = play.partition(">")
        state.push(card_move(held(state, code), SEATS.index(to) if to else -1))
    return state


def held(state: DonneState, code: str) -> int:
    """The card id of ``code`` in the hand of the seat to move (any pion of the colour)."""
    hand = state.hands[state.turn]
    for card in CARDS:
        if CODE[card] == code and hand >> card & 1:
            return card
    return BY_CODE[code]


def legal(state: DonneState) -> set[str]:
    """The legal card moves as text (``"DR>E"``, ``"PR"``)."""
    return {str(m) for m in state.legal_moves()}
