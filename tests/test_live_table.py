"""A partie of any game played at a distance (``scoring.play.live.LiveTable``), written once
over the play interface: every game with a play state, the toy game Plis included, is played
to the end of its sheet by simulated players, rebuilt from its moves alone, and refuses every
move a person may not make."""

import random

import pytest

from scoring import registry
from scoring.games.simulate import GameSheetRules, dealing_table
from scoring.play.live import Dealt, Ended, LiveTable, Moved, MoveRefused, seat_names
from tests import toygame

#: Every game with a play state but Roimat (whose remote table is its own), at the fewest and
#: most players it seats, and Plis, the toy game of tests/toygame.
TABLES = [
    ("roi", 4),
    ("romer", 2),
    ("romer", 6),
    ("rumoli", 3),
    ("rumoli", 7),
    ("differenzler", 4),
    ("plis", 2),
    ("plis", 4),
]


def adapter_of(key: str) -> registry.GameAdapter:
    if key == "plis":
        return toygame.register()
    return registry.get(key)


@pytest.fixture(autouse=True)
def _no_toy_left():
    yield
    registry.REGISTRY.pop("plis", None)


def parts(key: str, players: int, seed: str) -> tuple:
    """What a table of ``key``'s game is made of: its dealing table, seeded, and its sheet's
    rules (the default options)."""
    adapter = adapter_of(key)
    dealing = dealing_table(adapter.rules, adapter.state, players, {}, random.Random(seed))
    return dealing, GameSheetRules(adapter.rules, players, {})


def table(key: str, players: int, seed: str = "Ab3xK9") -> LiveTable:
    """A new table of ``key``'s game, nothing dealt."""
    return LiveTable(*parts(key, players, seed), seat_names(players), seed)


def resumed(key: str, players: int, game: LiveTable, seed: str = "Ab3xK9") -> LiveTable:
    """``game`` rebuilt from the moves it made, as the site rebuilds a table."""
    moves = [(e.number, e.text) for e in game.events if isinstance(e, Moved)]
    return LiveTable.resume(*parts(key, players, seed), seat_names(players), seed, moves)


@pytest.mark.parametrize("key, players", TABLES)
def test_simulated_players_play_a_whole_partie_whose_rounds_verify(key, players):
    game = table(key, players)
    game.start()
    game.play_robots(set(game.seats))
    assert game.finished and game.view("1")["legal"] == []
    ended = [e for e in game.events if isinstance(e, Ended)]
    dealt = [e for e in game.events if isinstance(e, Dealt)]
    assert len(dealt) == len(ended) == game.number
    # Each round's record is sound by the game's own verification, and its result is what the
    # sheet was given.
    adapter = adapter_of(key)
    for event in ended:
        assert adapter.record_problems(event.record) == []
        assert event.record["result"] == event.entry
    results = [e.entry for e in ended if e.entry is not None]
    sheet = GameSheetRules(adapter.rules, players, {})
    assert sheet.is_over(results) and not sheet.is_over(results[:-1])
    totals = sheet.totals(results)
    assert game.view(None)["totals"] == dict(zip(game.seats, totals, strict=True))
    # The moves are numbered 1, 2, … over the whole table.
    numbers = [e.seq for e in game.events if isinstance(e, Moved)]
    assert numbers == list(range(1, game.seq + 1))


@pytest.mark.parametrize("key, players", TABLES)
def test_a_table_rebuilt_from_its_moves_is_the_same_table(key, players):
    game = table(key, players)
    game.start()
    robots = set(game.seats) - {"1"}
    rng = random.Random(7)
    checked = 0
    while not game.finished and checked < 40:
        game.play_robots(robots)
        if game.finished:
            break
        legal = game.view("1")["legal"]
        game.play("1", game.seq, rng.choice(legal))
        again = resumed(key, players, game)
        for seat in [*game.seats, None]:
            assert again.view(seat) == game.view(seat)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("key, players", TABLES)
def test_a_move_is_made_only_by_the_seat_to_move_with_a_move_the_rules_allow(key, players):
    game = table(key, players)
    game.start()
    seat = game.to_move()
    other = next(s for s in game.seats if s != seat)
    legal = game.view(seat)["legal"]
    state = game.state
    refused = {
        "stale": (seat, game.seq + 1, legal[0]),
        "not_seated": (None, game.seq, legal[0]),
        "not_your_turn": (other, game.seq, legal[0]),
        "bad_move": (seat, game.seq, "no such move"),
    }
    for code, (who, seq, text) in refused.items():
        with pytest.raises(MoveRefused) as error:
            game.play(who, seq, text)
        assert error.value.code == code
    for value in (None, 2147483648, ["x"], "x" * 10_000):
        with pytest.raises(MoveRefused) as error:
            game.play(seat, game.seq, value)
        assert error.value.code == "bad_move"
    # In a game whose card moves are the cards' codes, a card another seat holds is not in
    # this seat's hand.
    foreign = next(c for c in state.hand(game.seats.index(other)) if c not in legal)
    hand = state.hand(game.seats.index(seat))
    if foreign not in hand and any(text in hand for text in legal):
        with pytest.raises(MoveRefused) as error:
            game.play(seat, game.seq, foreign)
        assert error.value.code in ("not_in_hand", "illegal_card")
    assert game.seq == 0 and not [e for e in game.events if isinstance(e, Moved)]
    game.play(seat, game.seq, legal[0])
    assert game.seq == 1


def test_a_card_the_rules_forbid_is_refused_and_changes_nothing():
    game = table("roi", 4)
    game.start()
    # Play until a seat holds a card it may not play (it must follow the suit led).
    rng = random.Random(3)
    while not game.finished:
        seat = game.to_move()
        state = game.state
        hand = state.hand(game.seats.index(seat))
        legal = game.view(seat)["legal"]
        forbidden = [c for c in hand if c not in legal]
        if forbidden:
            before = game.view(seat)
            with pytest.raises(MoveRefused) as error:
                game.play(seat, game.seq, forbidden[0])
            assert error.value.code == "illegal_card"
            assert game.view(seat) == before
            return
        game.play(seat, game.seq, rng.choice(legal))
    pytest.fail("no seat ever held a card it could not play")


def test_after_the_last_round_no_move_is_made():
    game = table("plis", 3)
    game.start()
    game.play_robots(set(game.seats))
    with pytest.raises(MoveRefused) as error:
        game.play("1", game.seq, "AC")
    assert error.value.code == "over"


@pytest.mark.parametrize("key, players", [("differenzler", 4), ("romer", 4), ("rumoli", 4)])
def test_a_spectator_sees_no_hand_and_a_seat_only_its_own(key, players):
    game = table(key, players)
    game.start()
    game.play_robots(set(game.seats) - {"1"})
    seen = game.view(None)
    assert seen["round"]["hand"] == [] and seen["legal"] == []
    hands = [set(game.state.hand(i)) for i in range(players)]
    mine = game.view("1")["round"]
    assert set(mine["hand"]) == hands[0]
    if key == "differenzler":  # the estimates are written secretly
        assert all(e is None for e in seen["round"]["estimates"])
        assert all(e is None for s, e in enumerate(mine["estimates"]) if s != 0)


def test_the_same_code_deals_the_same_rounds_and_another_code_others():
    first, second, other = table("roi", 4, "AAAA"), table("roi", 4, "AAAA"), table("roi", 4, "BBBB")
    for game in (first, second, other):
        game.start()
    assert first.view("1") == second.view("1")
    assert first.view("1")["round"]["hand"] != other.view("1")["round"]["hand"]


@pytest.mark.parametrize(
    "key, players, first, second",
    [
        ("rumoli", 3, "Coup 1", "Coup 2"),  # a coup, as the sheet says: not a manche
        ("differenzler", 4, "Tour 1", "Tour 2"),
        ("roi", 4, "Pas de plis", "Pas de cœurs"),  # a Roi manche by its contract
    ],
)
def test_each_round_is_named_as_the_sheet_names_it(key, players, first, second):
    game = table(key, players)
    game.start()
    assert game.view("1")["name"] == first
    others = set(game.seats) - {"1"}
    while game.number == 1:
        game.play_robots(others)
        if game.number == 1:
            game.play("1", game.seq, game.view("1")["legal"][0])
    assert game.view(None)["name"] == game.view("1")["name"] == second
