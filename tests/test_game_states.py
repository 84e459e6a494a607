"""Every game's state behind the one play interface (``scoring.play``), checked at every step
over many seeded rounds (OpenSpiel's RandomSimTest): a round ends, a legal move always exists
until then, push/pop restores the state exactly, a seat sees no other seat's hand, the record
reads back into the same state, the results are what each game's sheet accepts, and
verification names a move injected against the rules. No database."""

import json
import random
import re
from collections import Counter

import pytest
from django.utils import translation

from scoring.games.base import compute
from scoring.games.cards import card, code
from scoring.games.differenzler.play import legal
from scoring.games.differenzler.rules import DIFFERENZLER
from scoring.games.differenzler.state import DifferenzlerState, why_refused
from scoring.games.roi.rules import ROI
from scoring.games.roi.state import RoiState
from scoring.games.romer import ROMER, RomerState
from scoring.games.romer.cards import card as romer_card
from scoring.games.romer.cards import deck as romer_deck
from scoring.games.rumoli.messages import MOVE_WORDS as RUMOLI_MOVE_WORDS
from scoring.games.rumoli.messages import RECORD_MESSAGES as RUMOLI_RECORD_MESSAGES
from scoring.games.rumoli.messages import REFUSAL_MESSAGES as RUMOLI_REFUSAL_MESSAGES
from scoring.games.rumoli.rules import RUMOLI, dead_hand_buyer
from scoring.games.rumoli.state import RumoliMove, RumoliState
from scoring.games.simulate import played_sheets, simulate_records
from scoring.messages import refusal_text
from scoring.play.players import (
    GREEDY,
    RANDOM,
    FaultyPlayer,
    GreedyPlayer,
    RandomPlayer,
    make_players,
    play_out,
)
from scoring.play.simulate import read_records, simulate, write_records
from scoring.play.state import MoveError
from scoring.play.verify import check, first_refusal
from scoring.roimat.partie import compute_sheet
from scoring.roimat.record import entry_of_record, record_of
from scoring.roimat.rules import RuleSet
from scoring.roimat.scoring import validate_donne
from scoring.roimat.simulate import simulate_donnes
from scoring.roimat.state import RoimatState
from scoring.roimat.verify import verify as roimat_verify
from tests.test_games import MANCHE_TOTALS

#: The states of the games played in tricks, with the options of their tables.
TRICK_STATES = [
    pytest.param(RoimatState, {"variant": "club-8"}, id="roimat-club-8"),
    pytest.param(RoimatState, {"variant": "official-1000"}, id="roimat-official-1000"),
    pytest.param(RoiState, {}, id="roi"),
    pytest.param(DifferenzlerState, {}, id="differenzler"),
]
#: Every state: Rumoli too, with 3 players and with 6 under two variants; Römer with 2, 4 and
#: 6 players, under both card values and both readings of a beaten trumper.
STATES = [
    *TRICK_STATES,
    pytest.param(RumoliState, {"players": 3}, id="rumoli-3"),
    pytest.param(
        RumoliState, {"players": 6, "stakes": "free", "same_colour": True}, id="rumoli-6-free"
    ),
    pytest.param(RomerState, {"players": 2}, id="romer-2"),
    pytest.param(RomerState, {}, id="romer-4"),
    pytest.param(
        RomerState, {"players": 6, "values": "direct", "outcut_loses": False}, id="romer-6-direct"
    ),
]


def replayed(cls):
    """The play interface's verification of ``cls``'s records, as a list of problems."""
    return lambda record: [r for r in [first_refusal(cls, record)] if r is not None]


#: Each game's own verification of a finished record, to cross-check the interface's; the
#: other games (Roi, Differenzler, Rumoli, Römer) are replayed by the interface alone.
OWN_VERIFY = {
    "roimat": roimat_verify,
    "roi": replayed(RoiState),
    "differenzler": replayed(DifferenzlerState),
    "rumoli": replayed(RumoliState),
    "romer": replayed(RomerState),
}
TOKEN = re.compile(r"[0-9A-Z]+")


def dealt(cls, options, seed, count):
    """``count`` rounds dealt at the game's table (not played), each with the generator that
    dealt it."""
    rng = random.Random(seed)
    table = cls.table(options, rng)
    for _number in range(count):
        state = table.deal()
        yield state, rng
        play_out(state, [RANDOM] * state.seats, rng)
        table.collect(state)


def text_tokens(value) -> set[str]:
    """Every word of capitals and digits in the strings of a JSON-ready value."""
    if isinstance(value, str):
        return set(TOKEN.findall(value))
    if isinstance(value, dict):
        return set().union(*(text_tokens(v) for v in value.values()), *map(text_tokens, value))
    if isinstance(value, list | tuple):
        return set().union(*(text_tokens(v) for v in value))
    return set()


def played_codes(state, dealt_codes: Counter) -> set[str]:
    """The codes of the cards played so far (public): those no longer held, or for Rumoli,
    whose dead hand may change hands, those its coup says were played, or for Römer, whose
    deck holds twin cards (and seven Césars of a colour), those of its moves."""
    if isinstance(state, RumoliState):
        return {code(c) for c in state.coup.played} if state.coup else set()
    if isinstance(state, RomerState):  # twin cards: a card is played once one of its code is
        return {state.move_text(m).split()[-1] for _seat, m in state.moves if m[1] is not None}
    held = Counter(c for seat in range(state.seats) for c in state.hand(seat))
    return set(dealt_codes - held)


def snapshot(state):
    """Everything the interface shows of a state."""
    return (
        state.to_text(),
        state.to_move,
        state.is_over(),
        [state.move_text(m) for m in state.legal_moves()],
        [state.move_text(m) for m in state.fault_moves()],
        state.returns(),
        [state.observation(seat) for seat in range(state.seats)],
    )


@pytest.mark.parametrize("cls, options", STATES)
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_every_round_ends_with_a_legal_move_at_every_step(cls, options, kind):
    rng = random.Random(f"{cls.game}-{kind}")
    table = cls.table(options, rng)
    for _round in range(60):
        state = table.deal()
        players = make_players(kind, state.seats, fault_rate=0.05)
        for _move in range(300):
            if state.is_over():
                break
            assert state.legal_moves(), "a legal move always exists"
            assert 0 <= state.to_move < state.seats
            state.push(players[state.to_move].choose(state, rng))
        assert state.is_over() and state.to_move == -1 and state.legal_moves() == []
        table.collect(state)
        result = state.result()
        record = state.to_record()
        if result is not None and not record.get("annulled"):
            assert OWN_VERIFY[cls.game](record) == []


@pytest.mark.parametrize("cls, options", STATES)
def test_push_then_pop_restores_the_state_exactly(cls, options):
    for state, rng in dealt(cls, options, seed=7, count=25):
        steps = 0
        while not state.is_over():
            before = snapshot(state)
            moves = state.legal_moves() + state.fault_moves()
            move = moves[rng.randrange(len(moves))]
            copy = state.copy()
            state.push(move)
            after = snapshot(state)
            assert snapshot(copy) == before, "a copy is independent of its original"
            state.pop()
            assert snapshot(state) == before
            state.push(move)
            assert snapshot(state) == after
            steps += 1
        with pytest.raises(MoveError):
            state.push(moves[0])
        for _step in range(steps):
            state.pop()
        with pytest.raises(IndexError):
            state.pop()


@pytest.mark.parametrize("cls, options", STATES)
def test_a_seat_sees_its_own_hand_and_no_other(cls, options):
    for state, rng in dealt(cls, options, seed=8, count=20):
        record = state.to_record()
        dealt_codes = Counter(c for seat in range(state.seats) for c in state.hand(seat))
        deck = set(dealt_codes) | set(record.get("dead", []))  # Rumoli's dead hand too
        while True:
            played = played_codes(state, dealt_codes)
            for seat in range(state.seats):
                seen = state.observation(seat)
                assert seen["seat"] == seat and seen["to_move"] == state.to_move
                assert seen["hand"] == state.hand(seat)
                hidden = deck - set(state.hand(seat)) - played
                assert hidden <= text_tokens(state.to_record()), "the record shows them all"
                assert not hidden & text_tokens(seen), (
                    f"seat {seat} sees {hidden & text_tokens(seen)}"
                )
                json.dumps(seen)  # JSON-ready
            if state.is_over():
                break
            state.push(state.random_move(rng))


def test_a_differenzler_estimate_is_seen_by_no_other_player_until_the_round_ends():
    """Seed §4.3: two rounds that differ only in player 2's estimate look the same to the
    others, card after card, until the last pli."""
    state, rng = next(dealt(DifferenzlerState, {}, seed=9, count=1))
    other = state.copy()
    for _seat in range(4):
        state.push(state.parse_move("annonce 40"))
        other.push(other.parse_move(f"annonce {95 if other.to_move == 2 else 40}"))
    while not state.is_over():
        for seat in (0, 1, 3):
            assert state.observation(seat) == other.observation(seat)
        assert state.observation(2) != other.observation(2)
        move = state.random_move(rng)
        state.push(move)
        other.push(move)
    assert state.observation(0)["estimates"][2] == 40
    assert other.observation(0)["estimates"][2] == 95


@pytest.mark.parametrize("cls, options", STATES)
def test_a_record_reads_back_into_the_same_state_at_every_step(cls, options):
    for state, rng in dealt(cls, options, seed=10, count=15):
        while True:
            text = state.to_text()
            again = cls.from_text(text)
            assert again.to_text() == text
            assert snapshot(again) == snapshot(state)
            if state.is_over():
                break
            state.push(state.random_move(rng))


@pytest.mark.parametrize("cls, options", STATES)
def test_records_written_as_json_lines_read_back(cls, options):
    states = list(simulate(cls, 30, seed=11, options=options, players="heuristic"))
    text = write_records(states)
    assert len(text.splitlines()) == 30
    assert [s.to_text() for s in read_records(cls, text)] == [s.to_text() for s in states]


@pytest.mark.parametrize("cls, options", STATES)
def test_the_fast_random_path_plays_as_move_by_move(cls, options):
    """``play_random`` (Roimat's one call a donne) draws as the random player move by move."""

    class OneByOne(RandomPlayer):
        """A random player that ``play_out`` cannot hand to the fast path."""

    fast = [s.to_text() for s in simulate(cls, 40, seed=12, options=options)]
    rng = random.Random(12)
    table = cls.table(options, rng)
    slow = []
    while len(slow) < 40:
        state = table.deal()
        state = play_out(state, [OneByOne()] * state.seats, rng)
        table.collect(state)
        if state.result() is not None:
            slow.append(state.to_text())
    assert slow == fast


@pytest.mark.parametrize("cls, options", STATES)
def test_a_simulation_is_reproducible_from_its_seed(cls, options):
    def texts(seed):
        return [s.to_text() for s in simulate(cls, 10, seed, options, players="heuristic")]

    assert texts(13) == texts(13) != texts(14)


@pytest.mark.parametrize("variant", ["club-8", "official-1000"])
def test_roimat_through_the_interface_gives_the_donnes_of_its_own_simulation(variant):
    """The same seed gives the same donnes, whose entries the sheet accepts and scores the
    same."""
    rules = RuleSet(variant)
    ours = [s.result() for s in simulate(RoimatState, 400, seed=15, options={"variant": variant})]
    own = [entry_of_record(record_of(s)) for s in simulate_donnes(400, seed=15, variant=variant)]
    assert ours == own
    assert all(validate_donne(entry) == [] for entry in ours)
    assert compute_sheet(ours[:8], rules) == compute_sheet(own[:8], rules)
    if variant == "official-1000":
        assert any(entry.annulled for entry in ours)


def test_roimat_fautes_injected_are_marked_scored_and_verified():
    states = list(simulate(RoimatState, 200, seed=16, players="heuristic", fault_rate=0.1))
    entries = [s.result() for s in states]
    assert sum(len(e.faults) for e in entries) > 50
    assert all(validate_donne(e) == [] for e in entries)
    assert all(roimat_verify(s.to_record()) == [] for s in states)
    assert all(first_refusal(RoimatState, s.to_record()) is None for s in states)
    sheet = compute_sheet(entries[:8], RuleSet())
    assert any(score.penalty for row in sheet.rows for score in (row.ns, row.oe) if score)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_roi_results_pass_its_checks_each_manche_adds_up_and_a_game_to_minus_sixty(kind):
    roi = ROI
    specs = roi.rounds(4, {})
    states = list(simulate(RoiState, 200, seed=18, players=kind))
    rounds = [s.result() for s in states]
    for number, (state, entries) in enumerate(zip(states, rounds, strict=True)):
        manche = number % 10
        assert state.manche == manche
        assert roi.check(specs[manche], entries) == []
        assert sum(roi.score(specs[manche], entries)) == MANCHE_TOTALS[manche]
        assert state.returns() == roi.score(specs[manche], entries)
    for game in range(20):
        sheet = compute(roi, 4, rounds[10 * game : 10 * game + 10])
        assert sheet.finished and sum(sheet.totals) == -60


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_differenzler_results_pass_its_checks_and_share_157_points(kind):
    differenzler = DIFFERENZLER
    spec = differenzler.rounds(4, {})[0]
    for state in simulate(DifferenzlerState, 100, seed=19, players=kind):
        entries = state.result()
        assert differenzler.check(spec, entries) == []
        assert sum(e["points"] for e in entries) == 157
        assert [-d for d in differenzler.score(spec, entries)] == state.returns()


def test_the_greedy_player_scores_better_than_random_ones_at_roi():
    """One greedy seat among three random ones, over 50 whole games: it ends higher on
    average than the random seats."""
    totals = [0, 0, 0, 0]
    rng = random.Random(20)
    table = RoiState.table({}, rng)
    players = [GREEDY, RANDOM, RANDOM, RANDOM]
    for _manche in range(500):
        state = play_out(table.deal(), players, rng)
        table.collect(state)
        totals = [t + s for t, s in zip(totals, state.returns(), strict=True)]
    assert totals[0] > max(totals[1:])


# -- verification names a move injected against the rules (the cards played against each rule:
# tests/test_rule_mutations.py) ---------------------------------------------------------


def test_verification_names_a_seat_out_of_turn_and_an_unreadable_deal():
    state = next(simulate(RoiState, 1, seed=23))
    record = state.to_record()
    record["tricks"][2][1][0] = (record["tricks"][2][1][0] + 1) % 4
    refusal = first_refusal(RoiState, record)
    assert (refusal.place, refusal.code, refusal.index) == ("trick 3, play 2", "out_of_turn", 9)
    record["hands"][0][0] = record["hands"][1][0]
    state, refusal = check(RoiState, record)
    assert state is None and (refusal.place, refusal.code) == ("hands", "not_deck")


def test_a_faulty_player_makes_fautes_only_where_a_game_scores_them():
    rng = random.Random(24)
    faulty = [FaultyPlayer(GreedyPlayer(), 1.0)] * 4
    roi = play_out(next(dealt(RoiState, {}, 24, 1))[0], faulty, rng)
    assert roi.result() and first_refusal(RoiState, roi.to_record()) is None
    roimat = play_out(next(dealt(RoimatState, {}, 24, 1))[0], faulty, rng)
    assert len(roimat.result().faults) > 5
    rumoli = play_out(next(dealt(RumoliState, {}, 24, 1))[0], faulty, rng)
    assert sum(e["irregularite_2"] + e["irregularite_1"] for e in rumoli.result()) > 0


# -- Rumoli ---------------------------------------------------------------------------------

RUMOLI_VARIANTS = [
    {},
    {"stakes": "free"},
    {"same_colour": True},
    {"stop_when_stuck": True},
    {"stakes": "free", "stake": 3, "dealer_stakes": "single"},
    {"dead_hand_tie": "no_sale", "zero_bid_buys": True},
]
RUMOLI_VARIANT_IDS = ["standard", "free", "same", "stuck", "free-single", "sale-readings"]


@pytest.mark.parametrize("options", RUMOLI_VARIANTS, ids=RUMOLI_VARIANT_IDS)
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_rumoli_ledgers_pass_its_checks_and_account_for_every_chip(options, kind):
    """With irregularities made at 10 %: each coup's ledger is accepted given the coups
    before, and the players' balances and the board add up to nothing created or lost."""
    rumoli = RUMOLI
    sheet_options = {"rounds": 40, **options}
    for players in (3, 5, 7):
        table_options = {**options, "players": players}
        states = list(simulate(RumoliState, 40, 26, table_options, kind, fault_rate=0.1))
        rounds = [s.result() for s in states]
        for number, entries in enumerate(rounds, start=1):
            spec = rumoli.round_spec(number, players, sheet_options)
            assert rumoli.check(spec, entries, rounds[: number - 1], sheet_options) == []
        sheet = compute(rumoli, players, rounds, sheet_options)
        assert sheet.finished and sum(sheet.totals) + sum(states[-1].coup.board) == 0
        assert sum(e["irregularite_2"] + e["irregularite_1"] for r in rounds for e in r) > 0


def test_rumoli_verification_names_a_card_out_of_sequence_and_a_move_left_out():
    state = next(simulate(RumoliState, 1, 27, {"players": 4}))
    record = state.to_record()
    number, move = next((n, m) for n, m in enumerate(record["moves"]) if m[0] == "play")
    steps = 1 + (len(record["dead_hand"]["bids"]) - 1 if record["dead_hand"]["bids"] else 0)
    held = state.deal[move[1]] + tuple(state.dead)
    wrong = next(code(c) for c in sorted(held) if code(c) != move[2])
    changed = json.loads(json.dumps(record))
    changed["moves"][number][2] = wrong
    refusal = first_refusal(RumoliState, changed)
    assert (refusal.place, refusal.index, refusal.seat) == (
        f"play {number + 1}",
        steps + number,
        move[1],
    )
    assert refusal.code in ("not_next", "not_in_hand") and refusal.move == f"play {wrong}"
    del changed["moves"][number]
    refusal = first_refusal(RumoliState, changed)
    assert refusal.place == f"play {number + 1}" and refusal.code in ("out_of_turn", "not_now")


#: The seed's sentences (``rumoli-regle.txt``) the coup is played by, below.
SEED_COLLECT = (
    "Quand un joueur joue une carte identique à une des cartes du tableau, il ramasse les "
    "jetons qui sont sur cette carte."
)
SEED_IRREGULARITY_1 = (
    "1- Si un joueur entame une Couleur par une autre carte que la carte la plus basse de sa "
    "main, il donne un jeton à chacun de ses adversaires. De plus, il lui est interdit de "
    "ramasser les jetons d'une carte du tableau même s'il joue une carte de même valeur."
)
SEED_IRREGULARITY_2 = (
    "le joueur pris en défaut ne peut gagner le coup ni collecter les jetons qui se trouvent "
    "sur une carte payante même si, par la suite, il joue une carte de même valeur."
)
SEED_SALE = "il a le privilège de vendre la main du mort au plus offrant"
SEED_DEALER = "Le donneur, lui, doit mettre deux jetons sur chaque carte."


def rumoli_hands_coup(moves):
    """Three players, player 2 dealing (2 chips a boodle card, the others 1: 4 a card),
    after ``moves``: player 0 holds DT 9K, player 1 RT 3C DK 9P 10P, player 2 AT 2C VK 5P;
    the dealer keeps his hand and does not sell the dead hand."""
    hands = [["DT", "9K"], ["RT", "3C", "DK", "9P", "10P"], ["AT", "2C", "VK", "5P"]]
    state = RumoliState(
        1,
        2,
        {},
        [0, 0, 0, 0],
        [[1] * 4, [1] * 4, [2] * 4],
        [[card(c) for c in hand] for hand in hands],
        [card("2T")],
    )
    faults = [state.push(state.parse_move(move)) for move in ["no_sale", *moves]]
    return state, faults


RUMOLI_OPENING = ["lead DT", "play RT", "play AT", "lead 2C"]  # player 1 collects K♣'s 4 chips

#: A coup played move by move: (seed, moves after the opening, faults made, each player's
#: collections, the chips left on A♥ K♣ Q♦ J♠, penalties).
RUMOLI_PLAYS = [
    (SEED_COLLECT, ["play 3C"], [], [0, 4, 0], [4, 0, 4, 4], [0, 0, 0]),
    # Player 1 stops at 3C after collecting K♣: K♣ stays his; Q♦ played later stays put.
    (
        SEED_IRREGULARITY_2,
        ["stop", "lead VK", "play DK"],
        ["stop"],
        [0, 4, 0],
        [4, 0, 4, 4],
        [0, 0, 0],
    ),
    # Player 1 leads 10P though he holds 9P: 1 chip to each other; K♣ stays his.
    (
        SEED_IRREGULARITY_1,
        ["play 3C", "lead 10P"],
        ["lead 10P"],
        [0, 4, 0],
        [4, 0, 4, 4],
        [1, -2, 1],
    ),
]


@pytest.mark.parametrize(
    "seed, moves, faults, collected, board, penalty",
    RUMOLI_PLAYS,
    ids=[f"{row[0][:70]} #{n}" for n, row in enumerate(RUMOLI_PLAYS)],
)
def test_rumoli_an_irregularity_bars_only_later_collections(
    seed, moves, faults, collected, board, penalty
):
    """Chips collected before an irregularity stay the player's ("même si, par la suite":
    later collections only are barred)."""
    state, made = rumoli_hands_coup(RUMOLI_OPENING + moves)
    assert [m for m, fault in zip(RUMOLI_OPENING + moves, made[1:], strict=True) if fault] == faults
    seen = state.observation(0)
    assert (seen["collected"], seen["board"], seen["penalty"]) == (collected, board, penalty)


#: Who buys the dead hand: (seed, bids, dealer, options, buyer or None).
DEAD_HAND_SALES = [
    (SEED_SALE, [None, 1, 3, 0], 0, {}, 2),
    (SEED_SALE, [None, 2, 2, 1], 0, {}, 1),  # a tie: the first from the dealer's left
    (SEED_SALE, [2, 2, None, 0], 2, {}, 0),
    (SEED_SALE, [None, 2, 2, 1], 0, {"dead_hand_tie": "no_sale"}, None),
    (SEED_SALE, [None, 0, 0, 0], 0, {}, None),  # a bid of 0 buys nothing
    (SEED_SALE, [None, 0, 0, 0], 0, {"zero_bid_buys": True}, 1),
]


@pytest.mark.parametrize(
    "seed, bids, dealer, options, buyer",
    DEAD_HAND_SALES,
    ids=[f"{row[0]} #{n}" for n, row in enumerate(DEAD_HAND_SALES)],
)
def test_rumoli_the_dead_hand_goes_to_the_highest_bid_as_the_club_reads_a_tie(
    seed, bids, dealer, options, buyer
):
    assert dead_hand_buyer(bids, dealer, options) == buyer
    state = next(dealt(RumoliState, {**options, "players": 4}, 41, 1))[0]
    state = RumoliState(
        1, dealer, options, state.board, state.bets, state.deal, state.dead
    )  # the same deal, the dealer of the case
    state.push(RumoliMove("keep"))
    for player in state.bidders:
        state.push(RumoliMove("bid", chips=bids[player]))
    sale = [0] * 4
    if buyer is not None:
        sale[buyer], sale[dealer] = -bids[buyer], bids[buyer]
    assert state.sale == sale
    if buyer is not None:
        assert set(state.hand(buyer)) == {code(c) for c in state.dead}


@pytest.mark.parametrize("seed", [SEED_SALE])
def test_rumoli_the_dealer_may_keep_his_hand_and_not_sell(seed):
    """Selling the dead hand is the dealer's privilege, not a duty (``no_sale``): the coup
    is played with nobody holding it, and its record replays."""
    state, rng = next(dealt(RumoliState, {"players": 4}, 42, 1))
    assert {"keep", "no_sale", "take"} <= {str(m) for m in state.legal_moves()}
    state.push(state.parse_move("no_sale"))
    assert state.coup is not None and state.sale == [0] * 4
    assert [set(state.hand(p)) for p in range(4)] == [{code(c) for c in h} for h in state.deal]
    play_out(state, [RANDOM] * 4, rng)
    record = state.to_record()
    assert record["dead_hand"] == {"taken_by": None, "price": 0, "bids": None}
    assert first_refusal(RumoliState, record) is None


@pytest.mark.parametrize(
    "options, stakes",
    [
        ({}, [8, 4, 4, 4]),
        ({"dealer_stakes": "single"}, [4, 4, 4, 4]),
        ({"stakes": "free", "stake": 3}, [6, 3, 3, 3]),
        ({"stakes": "free", "stake": 3, "dealer_stakes": "single"}, [3, 3, 3, 3]),
    ],
    ids=[SEED_DEALER, "dealer_stakes=single", f"1- La mise : {SEED_DEALER}", "free, single"],
)
def test_rumoli_the_dealer_stakes_twice_unless_the_club_says_otherwise(options, stakes):
    state = next(dealt(RumoliState, {**options, "players": 4}, 43, 1))[0]
    assert [sum(bet) for bet in state.bets] == stakes
    record = state.to_record()
    single = stakes[0] == stakes[1]  # the dealer staked the other reading's amount: refused
    record["stakes"][0] = [2 * x for x in record["stakes"][0]] if single else record["stakes"][1]
    assert check(RumoliState, record)[1].code in ("stakes_standard", "stakes_agreed")


def rumoli_faulty_record(seed):
    """A finished coup of 4 players with an irregularity 1 in it, and the index of its
    marked lead among the record's moves."""
    for state in simulate(RumoliState, 40, seed, {"players": 4}, fault_rate=0.3):
        record = state.to_record()
        marked = [n for n, m in enumerate(record["moves"]) if m[3:] == ["irregularite_1"]]
        if marked:
            return record, marked[0]
    raise AssertionError("no irregularity 1 in 40 coups")


def unmarked(record, number):
    """The record with the mark of its irregularity 1 at move ``number`` taken off."""
    changed = json.loads(json.dumps(record))
    del changed["moves"][number][3]
    return changed, number


def raised_lead(record, _number):
    """The record with its first lead of a lowest card changed to a higher card of that
    colour in the leader's hand, left unmarked (as a slip of the pen or a mutation would)."""
    state = RumoliState.start(record)
    for step in RumoliState.recorded_moves(record, state):
        move = state.parse_move(step.text)
        if step.place.startswith("play") and move.kind == "lead" and not step.fault:
            held = state.coup.hands[state.to_move]
            higher = [c for c in held if c[0] == move.card[0] and c > move.card]
            if higher:
                number = int(step.place.split()[1]) - 1
                changed = json.loads(json.dumps(record))
                changed["moves"][number][2] = code(max(higher))
                return changed, number
        state.push(move)
    raise AssertionError("no lead with a higher card of its colour in hand")


def marked_legal(record, _number):
    """The record with a lead of the lowest card marked as irregularity 1."""
    changed = json.loads(json.dumps(record))
    number = next(n for n, m in enumerate(changed["moves"]) if m[0] == "lead" and len(m) == 3)
    changed["moves"][number].append("irregularite_1")
    return changed, number


#: A record's lead refused where it is made, naming the rule: (seed, change, code).
RUMOLI_LEAD_REFUSALS = [
    (SEED_IRREGULARITY_1, unmarked, "irregularity_1"),
    (SEED_IRREGULARITY_1, raised_lead, "irregularity_1"),
    (SEED_IRREGULARITY_1, marked_legal, "marked_legal"),
]


@pytest.mark.parametrize(
    "seed, change, rule",
    RUMOLI_LEAD_REFUSALS,
    ids=[f"{row[0][:60]} ({row[1].__name__})" for row in RUMOLI_LEAD_REFUSALS],
)
def test_rumoli_a_wrong_lead_is_refused_at_the_lead_naming_irregularity_1(seed, change, rule):
    """Irregularity 1 is not seen in a lead by itself: the record marks it; an unmarked one
    is refused at the lead, not cards later as a card not held."""
    record, number = rumoli_faulty_record(44)
    assert first_refusal(RumoliState, record) is None
    changed, number = change(record, number)
    refusal = first_refusal(RumoliState, changed)
    assert (refusal.place, refusal.code) == (f"play {number + 1}", rule)
    with translation.override("fr"):
        text = refusal_text(refusal, lambda seat: f"joueur {seat + 1}", RumoliState)
    assert text.startswith(f"carte {number + 1} (") and "coup" not in text
    assert rule != "irregularity_1" or "irrégularité 1" in text


SEED_COUP = "Le coup prend fin quand l'un des joueurs se débarrasse de sa dernière carte."
#: The codes whose text is about the coup as a whole (the deal), not a card or a sequence.
COUP_CODES = {"coup_over", "coup_not_over"}
RUMOLI_TEXTS = [
    *(("refusal", code_, text) for code_, text in RUMOLI_REFUSAL_MESSAGES.items()),
    *(("record", code_, text) for code_, text in RUMOLI_RECORD_MESSAGES.items()),
    *(("move", word, text) for word, text in RUMOLI_MOVE_WORDS.items()),
]


@pytest.mark.parametrize(
    "kind, key, text", RUMOLI_TEXTS, ids=[f"{SEED_COUP} {k}:{c}" for k, c, _t in RUMOLI_TEXTS]
)
def test_rumoli_names_a_card_or_a_sequence_never_a_coup_for_one_move(kind, key, text):
    """In the seed a coup is the whole deal: a single move is a card, a lead, a stop of the
    sequence, in French as in English."""
    with translation.override("fr"):
        french = translation.gettext(text)
    assert french != text or not re.search("[a-z]", text)  # translated
    if key not in COUP_CODES:
        assert "coup" not in french.lower()


def test_rumoli_records_of_before_read_the_old_names():
    """A record whose result names the irregularities as before (``irregular``,
    ``wrong_lead``) replays the same."""
    record, _number = rumoli_faulty_record(45)
    old = json.loads(
        json.dumps(record)
        .replace('"irregularite_2"', '"irregular"')
        .replace('"irregularite_1": ', '"wrong_lead": ')
    )
    assert "wrong_lead" in old["result"][0]
    assert first_refusal(RumoliState, old) is None


# -- Differenzler: the seed's words -----------------------------------------------------------

SEED_FOLLOW = (
    "Si un participant possède encore une carte de la couleur demandée, il a le choix entre "
    "suivre la couleur, quel que soit le rang de sa carte, ou couper"
)
SEED_UNDERTRUMP = (
    "si un atout a déjà été posé, le participant ne peut poser un atout inférieur "
    "(sous-couper) que s'il ne possède pas la couleur."
)
SEED_TRUMP_LED = "Si la première carte posée est un atout, tous les joueurs devront jouer atout"

#: A card refused names the rule it breaks (§4.5): (seed, hand, plays, trump, card, code).
DIFFERENZLER_REFUSALS = [
    (SEED_FOLLOW, ["6C", "8K"], ["10C"], "T", "8K", "must_follow"),
    (SEED_FOLLOW, ["6C", "8K", "7T"], ["10C", "DT"], "T", "8K", "must_follow"),
    (SEED_UNDERTRUMP, ["6C", "7T"], ["10C", "DT"], "T", "7T", "undertrump"),
    (SEED_TRUMP_LED, ["8T", "6C"], ["10T"], "T", "6C", "must_trump"),
]


@pytest.mark.parametrize(
    "seed, hand, plays, trump, played, rule",
    DIFFERENZLER_REFUSALS,
    ids=[f"{row[0][:70]} #{n}" for n, row in enumerate(DIFFERENZLER_REFUSALS)],
)
def test_differenzler_a_refused_card_names_the_rule_it_breaks(
    seed, hand, plays, trump, played, rule
):
    hand, plays = [card(c) for c in hand], [card(c) for c in plays]
    assert card(played) not in legal(hand, plays, trump)
    assert why_refused(card(played), hand, plays, trump) == rule


@pytest.mark.parametrize(
    "leader, first",
    [(None, 3), ("dealer_right", 3), ("dealer", 0), ("dealer_left", 1)],
    ids=[
        "Lorsque tous les participants ont validé leur estimation, le jeu commence",
        "dealer_right",
        "dealer",
        "dealer_left",
    ],
)
def test_differenzler_the_first_to_estimate_and_lead_is_the_clubs_option(leader, first):
    """The seed does not say who leads the first pli; the club's option ``leader`` does (the
    player at the dealer's right by default), and a record keeps it."""
    options = {} if leader is None else {"leader": leader}
    state, rng = next(dealt(DifferenzlerState, options, 46, 1))
    assert state.dealer == 0 and state.to_move == first
    play_out(state, [RANDOM] * 4, rng)
    record = state.to_record()
    assert record.get("options", {}) == ({} if leader in (None, "dealer_right") else options)
    replayed, refusal = check(DifferenzlerState, record)
    assert refusal is None and replayed.first == first


# -- Römer ----------------------------------------------------------------------------------


def romer_manche(players, dealer, starts, **options):
    """A Römer manche whose hands begin with the cards ``starts`` (codes, one list a seat),
    filled up to 15 from the rest of the deck in its order, the rest the draw pile."""
    rest = list(romer_deck(options.get("values", "inverse")))
    for codes in starts:
        for text in codes:
            rest.remove(romer_card(text))
    hands = []
    for codes in starts:
        fill = 15 - len(codes)
        hands.append([romer_card(text) for text in codes] + rest[:fill])
        del rest[:fill]
    return RomerState(players, dealer, hands, rest, 0, options)


def play(state, moves):
    """Push each ``(seat, text)``, the seat being the one to move."""
    for seat, text in moves:
        assert state.to_move == seat, text
        state.push(state.parse_move(text))
    return state


def teams(state):
    return [[code for code in state.observation(seat)["teams"][seat]] for seat in range(3)]


OPENING = [(0, "trump 11XX"), (1, "trump 21XX"), (2, "trump 31XX")]


@pytest.mark.parametrize("outcut_loses", [True, False])
def test_romer_a_trumped_pli_goes_to_the_first_highest_trump_who_takes_the_cards_of_the_others(
    outcut_loses,
):
    """Seed §2-2-1, §2-2-3: two trumps of combat 7, the first wins; the beaten trumper loses
    his last team card to him (unless the option says no); only the winner draws; the card
    he gains lies face down, unseen even by him."""
    starts = [["11XX", "12XX", "45V"], ["21XX", "22XX", "27III"], ["31XX", "32XX", "37III"]]
    state = romer_manche(3, 2, starts, outcut_loses=outcut_loses)
    poses = [(0, "pose 12XX"), (1, "pose 22XX"), (2, "pose 32XX")]
    play(state, [*OPENING, *poses, (0, "lead 45V"), (1, "play 27III"), (2, "play 37III")])
    assert state.to_move == 1
    assert [len(state.hand(seat)) for seat in range(3)] == [14, 15, 14]
    if outcut_loses:
        assert teams(state) == [["11XX", "12XX"], ["21XX", "22XX", "?"], ["31XX"]]
        assert not state.is_over() and state.returns() == [60, 80, 20]
        assert state.observation(0)["teams"][1] == ["21XX", "?", "?"]
    else:
        assert teams(state) == [["11XX", "12XX"], ["21XX", "22XX"], ["31XX", "32XX"]]
        assert state.returns() == [60, 60, 60]


def test_romer_a_player_who_loses_his_trump_moves_first_and_places_a_new_one():
    """ "Cas particuliers": the pli's winner does not move next; the player who lost his
    trump does, and may do nothing but place a new one."""
    starts = [["11XX", "45V"], ["21XX", "27III"], ["31XX", "55V"]]
    state = play(
        romer_manche(3, 2, starts),
        [*OPENING, (0, "lead 45V"), (1, "play 27III"), (2, "play 55V")],
    )
    assert teams(state) == [["11XX"], ["21XX", "?"], []]
    assert state.to_move == 2
    assert {kind for kind, _card in state.legal_moves()} == {"trump"}
    held = state.hand(2)[0]
    assert state.refusal(state.parse_move(f"lead {held}"))[0] == "must_place_trump"
    record = state.to_record()
    record["moves"].append([2, f"pose {held}"])
    refusal = first_refusal(RomerState, record)
    assert (refusal.place, refusal.seat, refusal.code) == ("move 7", 2, "must_place_trump")


@pytest.mark.parametrize(
    "second, winner", [("play 44X", 1), ("play 43X", 0)], ids=["higher", "tie"]
)
def test_romer_a_pli_not_trumped_goes_to_the_highest_of_the_colour_and_its_followers_draw(
    second, winner
):
    """Seed §2-2-2, §2-2-3: the highest card of the colour led, the first on a tie; who
    followed draws, who did not neither draws nor loses a card."""
    starts = [["11XX", "43X"], ["21XX", "43X", "44X"], ["31XX", "53X"]]
    state = play(
        romer_manche(3, 2, starts),
        [*OPENING, (0, "lead 43X"), (1, second), (2, "play 53X")],
    )
    assert state.to_move == winner
    assert [len(state.hand(seat)) for seat in range(3)] == [15, 15, 14]
    assert teams(state) == [["11XX"], ["21XX"], ["31XX"]]


def test_romer_a_team_of_five_takes_two_of_three_cards_and_the_manche_ends_at_seven():
    """ "Cas particuliers" and §3: the winner takes the lost cards in the order of play up to
    seven; the third is discarded; the manche ends at once, the team scored as §4 says."""
    colours = range(1, 6)
    starts = [[f"{c}1XX", f"{c}2XX", f"{c}3X", f"{c}4X"] for c in colours]
    starts[0] += ["15V", "17III"]
    starts[1] += ["5C"]
    for seat, text in ((2, "26V"), (3, "36V"), (4, "46V")):
        starts[seat].append(text)
    state = romer_manche(5, 4, starts)
    moves = [(s, f"trump {c}1XX") for s, c in enumerate(colours)]
    for rank in ("2XX", "3X", "4X"):
        moves += [(s, f"pose {c}{rank}") for s, c in enumerate(colours)]
    moves += [(0, "pose 15V"), (1, "lead 5C"), (2, "play 26V"), (3, "play 36V")]
    play(state, [*moves, (4, "play 46V"), (0, "play 17III")])
    assert state.is_over()
    result = state.result()
    assert result[0]["cards"] == [[1, 20], [1, 20], [1, 10], [1, 10], [1, 5], [3, 10], [4, 10]]
    assert [len(entry["cards"]) for entry in result] == [7, 4, 3, 3, 3]
    # §4: trump-coloured cards times their position, the others their value
    assert ROMER.score(ROMER.round_spec(1, 5, {}), result)[0] == 20 + 40 + 30 + 40 + 25 + 20
    position = state.position
    held = [*position.pile, *position.discard, *sum(position.hands, ()), *sum(position.teams, ())]
    assert Counter(held) == Counter(romer_deck("inverse"))


def seed_points(cards):
    """A team's points read from the seed (§4), independently of the engine."""
    trump = cards[0][0]
    return sum(value * (n if colour == trump else 1) for n, (colour, value) in enumerate(cards, 1))


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_romer_results_pass_its_checks_add_up_as_the_seed_says_and_lose_no_card(kind, players):
    options = {"players": players}
    spec = ROMER.round_spec(1, players, {})
    states = list(simulate(RomerState, 40, 28, options, players=kind))
    for state in states:
        entries = state.result()
        assert ROMER.check(spec, entries) == []
        assert ROMER.score(spec, entries) == state.returns()
        assert state.returns() == [seed_points(e["cards"]) if e["cards"] else 0 for e in entries]
        sevens = sum(len(e["cards"]) == 7 for e in entries)
        assert sevens == 1 or state.position.stopped or not any(state.position.hands)
        position = state.position
        cards = [
            *position.pile,
            *position.discard,
            *sum(position.hands, ()),
            *sum(position.teams, ()),
        ]
        assert Counter(cards) == Counter(romer_deck("inverse"))
    if kind == "random" and players == 6:
        assert any(s.position.shuffles for s in states), "the discard pile was shuffled in"
        assert all(RomerState.from_text(s.to_text()).to_text() == s.to_text() for s in states)


ROMER_SHEETS = played_sheets(ROMER, RomerState)


def test_romer_whole_sheets_by_simulation_end_at_the_target():
    for players, options in ((2, {}), (4, {"target": 800}), (6, {"values": "direct"})):
        sheet, records = simulate_records(ROMER, ROMER_SHEETS, 29, players, options)
        computed = compute(ROMER, players, [list(r) for r in sheet.rounds], sheet.options)
        target = options.get("target", 500)
        assert computed.finished and max(computed.totals) >= target
        if len(computed.cumuls) > 1:  # it goes on until then
            assert max(computed.cumuls[-2]) < target
        assert all(first_refusal(RomerState, record) is None for record in records)


def romer_record(seed=30):
    return next(simulate(RomerState, 1, seed, {"players": 4})).to_record()


def changed(record, index, seat=None, text=None):
    record = json.loads(json.dumps(record))
    if seat is not None:
        record["moves"][index][0] = seat
    if text is not None:
        record["moves"][index][1] = text
    return record


def test_romer_verification_names_the_rule_each_changed_move_breaks():
    record = romer_record()
    moves = record["moves"]
    assert first_refusal(RomerState, record) is None
    first_play = next(n for n, (_s, text) in enumerate(moves) if text.startswith("play"))
    _seat, text = moves[first_play]
    second_pose = next(n for n, (_s, t) in enumerate(moves) if n > 4 and t.startswith("pose"))
    state = RomerState.start(record)
    for _seat, move in moves[:second_pose]:
        state.push(state.parse_move(move))
    absent = next(
        c
        for c in sorted(set(sum(record["hands"], [])))
        if c not in state.hand(moves[second_pose][0])
    )
    cases = [
        (changed(record, 0, text=moves[0][1].replace("trump", "pose")), 0, "opening_trump"),
        (changed(record, first_play, text=text.replace("play", "pose")), first_play, "must_play"),
        (changed(record, second_pose, text=f"pose {absent}"), second_pose, "not_in_hand"),
        (changed(record, second_pose, text="end"), second_pose, "not_alone"),
        (changed(record, 1, seat=(moves[1][0] + 1) % 4), 1, "out_of_turn"),
        (changed(record, 1, text="pose 99X"), 1, "bad_move"),
    ]
    for broken, index, rule in cases:
        refusal = first_refusal(RomerState, broken)
        assert (refusal.index, refusal.place, refusal.code) == (index, f"move {index + 1}", rule)
    over = json.loads(json.dumps(record))
    over["moves"].append([0, "end"])
    assert first_refusal(RomerState, over).code == "over"
    wrong = json.loads(json.dumps(record))
    wrong["result"][0]["cards"] = wrong["result"][0]["cards"][:-1]
    assert (first_refusal(RomerState, wrong).place, first_refusal(RomerState, wrong).code) == (
        "result",
        "wrong_result",
    )
    twice = json.loads(json.dumps(record))
    twice["pile"][0] = twice["hands"][0][0] if twice["pile"][0] != twice["hands"][0][0] else "1C"
    state, refusal = check(RomerState, twice)
    assert state is None and (refusal.place, refusal.code) == ("hands", "not_deck")


def test_romer_a_seat_sees_no_card_another_adds_face_down():
    for state, rng in dealt(RomerState, {"players": 3}, seed=31, count=10):
        while not state.is_over():
            seat = state.to_move
            move = state.random_move(rng)
            state.push(move)
            if move[0] == "pose":
                for other in range(3):
                    seen = state.observation(other)
                    shown = seen["history"][-1][1]
                    assert shown == (state.move_text(move) if other == seat else "pose")
                    assert seen["teams"][seat][-1] == (
                        state.move_text(move)[5:] if other == seat else "?"
                    )
