"""The engine's refusals (``EntryProblem`` codes) in the user's language, the play
interface's refusals and moves (``scoring.play``) in words, and French elision before a
player's name."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from scoring.games.base import GameProblem, InvalidGameSheet
from scoring.play.state import GameState
from scoring.play.verify import Refusal
from scoring.roimat.partie import InvalidSheet
from scoring.roimat.problems import Place, Problem
from scoring.roimat.rules import FAULT_COUNTING_WORDS, VARIANT_WORDS
from scoring.roimat.scoring import EntryProblem

MESSAGES = {
    "bad_seat": gettext_lazy("%(value)r is not a seat (N, E, S or O)."),
    "bad_colour": gettext_lazy("%(value)r is not a colour (J, R, V or B)."),
    "plis_range": gettext_lazy("Plis must be between 0 and 9, not %(value)s."),
    "points_range": gettext_lazy("Points must be between 0 and 128, not %(value)s."),
    "points_for_plis": gettext_lazy(
        "%(plis)s plis hold between %(low)s and %(high)s points, not %(value)s."
    ),
    "surcontre_without_contre": gettext_lazy("A surcontre on the %(contract)s needs its contre."),
    "roi_without_pli": gettext_lazy(
        "The Roi au bout needs a pli for the taking team, which won none."
    ),
    "faults_range": gettext_lazy("A player makes at most 9 faults in a donne."),
    "trumps_range": gettext_lazy("The number of trumps must be between 1 and 9, not %(value)s."),
    "target_range": gettext_lazy("The target must be between 1 and %(max)s points, not %(value)s."),
    "after_end": gettext_lazy("The partie was already over."),
    "not_integer": gettext_lazy("%(field)s must be a whole number, not %(value)r."),
    "not_boolean": gettext_lazy("%(field)s must be true or false, not %(value)r."),
    "unknown_field": gettext_lazy("Unknown field %(field)r."),
    "missing": gettext_lazy("%(field)s is missing."),
    "bad_value": gettext_lazy("%(field)s cannot be %(value)r."),
}


def problem_message(problem: EntryProblem) -> str:
    """The problem's message in the active language."""
    return str(MESSAGES[problem.code]) % {"field": problem.field, **problem.params}


def sheet_error_message(error: InvalidSheet) -> str:
    """One line naming the donne (when it is one), the field and the problem."""
    message = problem_message(error.problem)
    if error.donne is None:
        return f"{error.problem.field}: {message}"
    if error.problem.field == "donne":  # the donne as a whole (entered after the end)
        return _("donne %(number)s: %(message)s") % {"number": error.donne, "message": message}
    return _("donne %(number)s, %(field)s: %(message)s") % {
        "number": error.donne,
        "field": error.problem.field,
        "message": message,
    }


#: The problems of a donne record (``scoring.roimat.problems``), in the user's language.
RECORD_MESSAGES = {
    "not_json": gettext_lazy("not JSON: %(detail)s"),
    "not_object": gettext_lazy("a record is a JSON object"),
    "not_seat": gettext_lazy("%(value)r is not a seat"),
    "four_hands": gettext_lazy("needs the four hands N, E, S, O"),
    "nine_cards": gettext_lazy("a hand holds 9 cards"),
    "not_card": gettext_lazy("%(value)r is not a card"),
    "card_twice": gettext_lazy("%(card)s twice"),
    "too_many_pions": gettext_lazy("more than four %(card)s"),
    "not_deck": gettext_lazy("not the 36-card deck: %(card)s once too often"),
    "not_variant": gettext_lazy("%(value)r is not a variant"),
    "not_colour": gettext_lazy("%(value)r is not a colour"),
    "void_mismatch": gettext_lazy("a donne is void exactly when the taking team holds no Roi"),
    "no_tricks": gettext_lazy("a list of tricks"),
    "no_plays": gettext_lazy("needs its plays"),
    "bad_play": gettext_lazy("a play is {seat, card}"),
    "out_of_turn": gettext_lazy("%(seat)s plays, but %(turn)s was to play"),
    "not_in_hand": gettext_lazy("%(seat)s does not hold %(card)s"),
    "needs_choice": gettext_lazy("%(card)s needs the seat that plays next"),
    "no_play_now": gettext_lazy("no card can be played now"),
    "announcement_refused": gettext_lazy("announcement %(move)s not allowed"),
    "bid_out_of_order": gettext_lazy("%(name)s is not the announcement due now"),
    "no_result": gettext_lazy("the donne has no result: not played to the end"),
    "not_dealers_team": gettext_lazy("%(seat)s is not of the dealer's team"),
    "no_trump_roi": gettext_lazy("%(seat)s does not hold R%(trump)s"),
    "dealer_announces": gettext_lazy("the dealer holds a Roi and announces"),
    "annul_refused": gettext_lazy(
        "a donne is annulled only on a king sec, under the official rules"
    ),
    "surcontre_without_contre": gettext_lazy("a surcontre needs its contre"),
    "unmarked_fault": gettext_lazy("breaks §9 and is not marked as a fault"),
    "marked_legal": gettext_lazy("marked as a fault but allowed by §9"),
    "wrong_winner": gettext_lazy("won by %(seat)s (%(card)s), not %(stated)s"),
    "wrong_faults": gettext_lazy("the plays give %(computed)s, not %(stated)s"),
    "unfinished": gettext_lazy("%(count)s tricks, not 9 complete ones"),
    "wrong_result": gettext_lazy("the tricks give %(computed)s, not %(stated)s"),
}
PLACE_FIELDS = {
    "deal": gettext_lazy("deal"),
    "announcer": gettext_lazy("announcer"),
    "dealer": gettext_lazy("dealer"),
    "trump": gettext_lazy("trump"),
    "tricks": gettext_lazy("tricks"),
    "faults": gettext_lazy("faults"),
    "result": gettext_lazy("result"),
}


def place_text(place: Place) -> str:
    """Where a record problem stands, in the user's language (``"pli 3, carte 2 (S PB)"``)."""
    if place.trick and place.play:
        text = _("trick %(trick)s, play %(play)s") % {"trick": place.trick, "play": place.play}
        return text + (f" ({place.seat} {place.card})" if place.card else "")
    if place.trick:
        return _("trick %(trick)s") % {"trick": place.trick}
    return f"{PLACE_FIELDS.get(place.field, place.field)} {place.seat}".strip()


def record_problem_text(problem: Problem) -> str:
    """A record problem as one line in the user's language."""
    message = str(RECORD_MESSAGES[problem.code]) % problem.params
    where = place_text(problem.place)
    return _("%(where)s: %(message)s") % {"where": where, "message": message} if where else message


def game_record_place(problem) -> str:
    """Where a problem of another game's record stands, in the user's language
    (``pli 3, carte 2 (joueur 4 10C)``)."""
    parts = [problem.field] if problem.field else []
    for value, label in (
        (problem.trick, _("trick %(n)s")),
        (problem.play, _("play %(n)s")),
        (problem.move, _("move %(n)s")),
    ):
        if value is not None:
            parts.append(label % {"n": value})
    text = ", ".join(parts)
    player = _("player %(n)s") % {"n": problem.player + 1} if problem.player is not None else ""
    who = " ".join(p for p in (player, problem.card or "") if p)
    return f"{text} ({who})" if text and who else text or who


def game_record_problem_text(problem) -> str:
    """A problem of another game's record as one line in the user's language (where, then
    what), players numbered from 1: its English ``text`` (the msgid, marked in the engine's
    module, generic or the game's own) translated."""
    params = {k: v + 1 if k in ("player", "turn") else v for k, v in problem.params.items()}
    message = _(problem.text) % params
    where = game_record_place(problem)
    return _("%(where)s: %(message)s") % {"where": where, "message": message} if where else message


def game_problem_message(problem: GameProblem) -> str:
    """An other game's refusal in the user's language, capitalised as a sentence: its English
    ``text`` (the msgid, marked in the engine's module, generic or the game's own)
    translated."""
    text = _(problem.text) % problem.params
    return text[:1].upper() + text[1:] + "."


def game_sheet_error_message(error: InvalidGameSheet, players: list[str] | None = None) -> str:
    """One line naming the round, the player and the field."""
    problem = error.problem
    parts = []
    if error.round:
        parts.append(_("round %(number)s") % {"number": error.round})
    if problem.player is not None:
        name = players[problem.player] if players else str(problem.player + 1)
        parts.append(_("player %(name)s") % {"name": name})
    parts.append(problem.field)
    return f"{', '.join(parts)}: {game_problem_message(problem)}"


#: The rules any game's play state may name when it refuses a move of a record
#: (``scoring.play.verify.Refusal.code``), in the user's language: ``%(player)s`` is who was
#: to move, ``%(move)s`` the move in words. A game's own codes have their texts in its state
#: (``GameState.refusal_messages``); a code of neither keeps the engine's English text.
REFUSAL_MESSAGES = {
    "over": gettext_lazy("the round was already over"),
    "out_of_turn": gettext_lazy("%(player)s was not the one to play"),
    "bad_move": gettext_lazy("%(move)s is not a move of this game"),
    "not_in_hand": gettext_lazy("%(player)s does not hold this card"),
    "must_follow": gettext_lazy("%(player)s holds the colour led and must follow"),
    "forbidden": gettext_lazy("%(move)s is not allowed now"),
    "marked_legal": gettext_lazy("marked as a faute de jeu, but the rules allow it"),
    "wrong_result": gettext_lazy("the result written is not what the moves give: %(difference)s"),
    "not_game": gettext_lazy("this is not a record of this game"),
    "bad_field": gettext_lazy("missing or not valid"),
    "bad_play": gettext_lazy("a play is [player, card]"),
    "trick_size": gettext_lazy("a trick holds 4 cards, and is complete before the next"),
    "not_card": gettext_lazy("a card of the hands is not a card of the deck"),
    "not_deck": gettext_lazy("the hands are not the deck"),
    "hand_size": gettext_lazy("a hand does not hold the cards dealt"),
}

#: Where a record's move or field stands (``Refusal.place``, ``Made.place``), word by word.
PLACE_WORDS = {
    "trick": gettext_lazy("trick %(n)s"),
    "play": gettext_lazy("play %(n)s"),
    "move": gettext_lazy("move %(n)s"),
}
#: The fields every record has; a game's own are its play state's ``place_names``.
PLACE_NAMES = {
    **PLACE_FIELDS,
    "game": gettext_lazy("game"),
    "hands": gettext_lazy("hands"),
    "moves": gettext_lazy("moves"),
    "players": gettext_lazy("players"),
    "options": gettext_lazy("options"),
}


def place_words(place: str, own: Mapping[str, str] = {}) -> str:  # noqa: B006 (read only)
    """A place of the play interface in the user's language (``"trick 3, play 2"`` → ``"pli
    3, carte 2"``; a record's field by its name: ``PLACE_NAMES``, or ``own``, the game's
    own, ``GameState.place_names``: English msgids)."""
    parts = []
    for part in place.split(", "):
        word, _space, number = part.partition(" ")
        if word in PLACE_WORDS and number.isdecimal():
            parts.append(str(PLACE_WORDS[word]) % {"n": number})
        else:
            name = PLACE_NAMES.get(part) or (_(own[part]) if part in own else part)
            parts.append(str(name))
    return ", ".join(parts)


def move_words(text: str, own: Mapping[str, str]) -> str:
    """A move as a record writes it, in words, by its game's ``own`` words
    (``GameState.move_words``: ``"bid 3"`` → ``"offre 3 jetons pour la main morte"``); a card
    code, or a move of no listed kind, as written."""
    word, _space, rest = text.partition(" ")
    return _(own[word]) % {"rest": rest} if word in own else text


def result_difference(stated: Any, computed: Any, seat_name, field_name) -> str:
    """What a written result (``stated``) says that its moves do not give (``computed``), in
    words: each field that differs (``field_name(key)``), ``"plis_ns 5 écrit, 4 d'après les
    coups"``, a player's field after his name (``seat_name(seat)``) where the result is one
    entry a player; the whole results when they cannot be set side by side."""
    parts = []
    if isinstance(stated, list) and isinstance(computed, list) and len(stated) == len(computed):
        for seat, (said, given) in enumerate(zip(stated, computed, strict=True)):
            for key, one, other in _differing(said, given):
                field = f"{seat_name(seat)} {field_name(key) if key else ''}"
                parts.append(_field_difference(field, one, other))
    elif isinstance(stated, dict) and isinstance(computed, dict):
        for key, one, other in _differing(stated, computed):
            parts.append(_field_difference(field_name(key), one, other))
    return "; ".join(parts) or _field_difference(str(_("result")), stated, computed)


def _differing(stated: Any, computed: Any) -> list[tuple[str, Any, Any]]:
    """The fields of two entries (dicts) whose values differ, in the computed one's order."""
    if not isinstance(stated, dict) or not isinstance(computed, dict):
        return [] if stated == computed else [("", stated, computed)]
    keys = [*computed, *(key for key in stated if key not in computed)]
    return [
        (key, stated.get(key), computed.get(key))
        for key in keys
        if stated.get(key) != computed.get(key)
    ]


def _field_difference(field: str, stated: Any, computed: Any) -> str:
    words = _("%(field)s %(stated)s written, %(computed)s by the moves")
    return (words % {"field": field, "stated": stated, "computed": computed}).strip()


def refusal_text(refusal: Refusal, seat_name, state: type[GameState[Any, Any]]) -> str:
    """The first problem of a record of the game of ``state``, one line in the user's
    language: where, the move and who made it, the rule broken (in words where known) and its
    code, e.g. ``pli 2, carte 3 (joueur 4 : 10C) : joueur 4 doit fournir la couleur demandée
    [must_follow]``. ``seat_name(seat)`` names a seat; the game's own refusal texts, move
    words and fields are its state's (``refusal_messages``, ``move_words``, ``place_names``:
    English msgids, translated here)."""
    player = seat_name(refusal.seat) if refusal.seat is not None else ""
    move = move_words(refusal.move, state.move_words) if refusal.move else ""
    if refusal.code == "wrong_result":
        stated, computed = refusal.params.get("stated"), refusal.params.get("computed")
        difference = result_difference(
            stated, computed, seat_name, lambda key: place_words(key, state.place_names)
        )
        refusal = replace(refusal, params={**refusal.params, "difference": difference})
    text = state.refusal_messages.get(refusal.code)
    words = _(text) if text is not None else REFUSAL_MESSAGES.get(refusal.code)
    params = {**refusal.params, "player": player, "move": move}
    message = str(words) % params if words else refusal.message
    where = place_words(refusal.place, state.place_names)
    if move:
        where = f"{where} ({player} {move})" if player else f"{where} ({move})"
    line = _("%(where)s: %(message)s") % {"where": where, "message": message} if where else message
    return f"{line} [{refusal.code}]"


#: A French "de" before a word that starts with a vowel: elided ("de Annie" → "d'Annie").
_DE_BEFORE_VOWEL = re.compile(r"\b([Dd])e ([AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü])")


def elide(text: str) -> str:
    """``text`` with French elision made where a translation put "de" before a player's name
    it could not know ("Fautes de Annie" → "Fautes d'Annie"); unchanged in other languages."""
    if not (get_language() or "").startswith("fr"):
        return text
    return _DE_BEFORE_VOWEL.sub(r"\1'\2", text)


#: Roimat's rule sets and how its fault penalties are counted, in the user's language (the
#: words of ``scoring.roimat.rules``: ROIMAT.md §1, §5, §6).
VARIANT_LABELS = {key: gettext_lazy(words) for key, words in VARIANT_WORDS.items()}
FAULT_COUNTING_LABELS = {key: gettext_lazy(words) for key, words in FAULT_COUNTING_WORDS.items()}
