"""The games' problems and refusals in the user's language, naming no game: the other games'
sheet and record problems (codes carrying their English text), the play interface's refusals
and moves (``scoring.play``) in words, and French elision before a player's name. Roimat's own
catalogue is its package's (``scoring.adapters.roimat.messages``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from scoring.games.base import GameProblem, InvalidGameSheet
from scoring.play.state import GameState
from scoring.play.verify import Refusal


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


def game_sheet_error_message(
    error: InvalidGameSheet, players: list[str] | None = None, noun: Any = None
) -> str:
    """One line naming the round (in the game's word, ``noun``: ``GameAdapter.entry_name``,
    else "round"), the player and the field."""
    problem = error.problem
    parts = []
    if error.round and noun:
        parts.append(f"{str(noun).lower()} {error.round}")
    elif error.round:
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
#: The fields of a record by which a problem is placed (Roimat's, and every game's).
PLACE_FIELDS = {
    "deal": gettext_lazy("deal"),
    "announcer": gettext_lazy("announcer"),
    "dealer": gettext_lazy("dealer"),
    "trump": gettext_lazy("trump"),
    "tricks": gettext_lazy("tricks"),
    "faults": gettext_lazy("faults"),
    "result": gettext_lazy("result"),
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


# -- cards and moves in words, as every page names them ---------------------------------------

#: The French pack's suits by their signs (``GameState.french_pack``): cœur, carreau, pique,
#: trèfle; a heart's or diamond's card is drawn red.
SUIT_SIGNS = {"C": "\u2665", "K": "\u2666", "P": "\u2660", "T": "\u2663"}
RED_SUITS = frozenset("CK")
FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "A")
FRENCH_CARD = re.compile(r"(10|[2-9AVDRK])([CKPT])")


def card_face(code: str, state: type[GameState[Any, Any]]) -> dict[str, Any] | None:
    """How a page draws card ``code`` of the game of ``state``, or None when ``code`` is no
    card of it. A card of the game's own pack (``GameState.card_faces``): its ``symbol``,
    ``rank`` and ``tint``, its colour in words (``colour``: ``token_words``) and its ``name``
    in words (``Cavalier jaune``, ``5·XX 3``, the name before the colour's word); a card of the
    French pack (``french_pack``): its ``name`` (``10♥``) and whether it is ``red``. The one
    naming of the cards: the live page takes these names (``card_names``), the replay page
    draws these faces (``templates/scoring/_card.html``)."""
    face = state.card_faces.get(code)
    if face is not None:
        tint = face["tint"]
        colour = _(state.token_words[tint]) if tint in state.token_words else tint
        name = f"{face.get('name') or face['rank']} {colour}"
        return {**face, "code": code, "colour": colour, "name": name}
    match = FRENCH_CARD.fullmatch(code) if state.french_pack else None
    if match is None:
        return None
    rank, suit = match.groups()
    return {"code": code, "name": rank + SUIT_SIGNS[suit], "red": suit in RED_SUITS}


def card_name(code: str, state: type[GameState[Any, Any]]) -> str:
    """Card ``code`` of the game of ``state`` in words (``card_face``), a French suit alone
    (a trump) by its sign; anything else as written."""
    face = card_face(code, state)
    if face is not None:
        return str(face["name"])
    if state.french_pack and code in SUIT_SIGNS:
        return SUIT_SIGNS[code]
    return code


def card_names(state: type[GameState[Any, Any]]) -> dict[str, str]:
    """Every card of the game of ``state`` in words, by code (``card_name``), with the French
    suits alone where the game plays the French pack: what the live page names cards with."""
    codes = list(state.card_faces)
    if state.french_pack:
        codes += [rank + suit for suit in SUIT_SIGNS for rank in FRENCH_RANKS]
        codes += list(SUIT_SIGNS)
    return {code: card_name(code, state) for code in codes}


def move_card(text: str, state: type[GameState[Any, Any]]) -> dict[str, Any] | None:
    """The card a move of the game of ``state`` plays, as ``card_face`` draws it, or None: a
    move that is a card (``CJ``), a card sent on to a seat (``DV>N``: with ``to``, the seat's
    code) or a kind then a card (``pose 15XX``: with ``kind``)."""
    kind, _space, rest = text.rpartition(" ")
    code, _arrow, to = rest.partition(">")
    face = card_face(code, state)
    if face is None:
        return None
    return {**face, "kind": kind, "to": to}


def move_text(text: str, state: type[GameState[Any, Any]], seat_words) -> str:
    """A move of the game of ``state`` in words, as the live page says it: its first word's
    phrase (``move_words``) with the rest of its text in words, each word by ``token_words``,
    a card sent on to a seat (``DV>N``) as the card, an arrow and the seat
    (``seat_words(code)``), else a card by its name (``card_name``)."""

    def word(one: str) -> str:
        if one in state.token_words:
            return str(_(state.token_words[one]))
        card, arrow, to = one.partition(">")
        if arrow:
            return f"{card_name(card, state)} \u2192 {seat_words(to)}"
        return card_name(one, state)

    def rest(words: str) -> str:
        return " ".join(word(one) for one in words.split(" "))

    first, space, after = text.partition(" ")
    phrase = state.move_words.get(first)
    if phrase is None:
        return rest(text)
    words = str(_(phrase))
    if not space:
        return word(text) if "%(rest)s" in words else words
    return words % {"rest": rest(after)}


# -- each game's round in its own word, and the messages that agree with it -------------------

#: What each game calls a round (``Game.round_word``, as its seed says it; Roimat's adapter
#: says ``donne``): the noun in the user's language and its gender in French, which the
#: messages about a round agree with (``ROUND_TEXTS``): une donne, une manche, un tour, un
#: coup.
ROUND_NOUNS: dict[str, tuple[Any, str]] = {
    "Donne": (gettext_lazy("Donne"), "f"),
    "Manche": (pgettext_lazy("a round of a game", "Round"), "f"),
    "Tour": (pgettext_lazy("a Differenzler tour, a round of a game", "Round"), "m"),
    "Coup": (pgettext_lazy("a Rumoli coup, a round of a game", "Round"), "m"),
}

FEMININE, MASCULINE = "f", "m"

#: The messages about a round (``%(entry)s``: its noun, ``%(n)s``: its number), each in the
#: two genders a round's noun has in French: the same English text under the context of a
#: feminine noun (donne, manche) and of a masculine one (tour, coup), for the translation to
#: agree with it. A message is asked by its key (``round_text``), written nowhere else.
ROUND_TEXTS: dict[str, dict[str, Any]] = {
    "recorded": {
        FEMININE: pgettext_lazy("a feminine round", "%(entry)s %(n)s recorded."),
        MASCULINE: pgettext_lazy("a masculine round", "%(entry)s %(n)s recorded."),
    },
    "corrected": {
        FEMININE: pgettext_lazy("a feminine round", "%(entry)s %(n)s corrected."),
        MASCULINE: pgettext_lazy("a masculine round", "%(entry)s %(n)s corrected."),
    },
    "deleted": {
        FEMININE: pgettext_lazy("a feminine round", "%(entry)s %(n)s deleted."),
        MASCULINE: pgettext_lazy("a masculine round", "%(entry)s %(n)s deleted."),
    },
    "over": {
        FEMININE: pgettext_lazy(
            "a feminine round", "The partie is over: no %(entry)s can be entered any more."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round", "The partie is over: no %(entry)s can be entered any more."
        ),
    },
    "entered_elsewhere": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s was already entered by another phone: check the sheet.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s was already entered by another phone: check the sheet.",
        ),
    },
    "changed_meanwhile": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s was changed meanwhile: look at it again before correcting.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s was changed meanwhile: look at it again before correcting.",
        ),
    },
    "entered_team": {
        FEMININE: pgettext_lazy(
            "a feminine round", "%(entry)s %(n)s entered: the other team checks it."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round", "%(entry)s %(n)s entered: the other team checks it."
        ),
    },
    "entered_players": {
        FEMININE: pgettext_lazy(
            "a feminine round", "%(entry)s %(n)s entered: another player checks it."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round", "%(entry)s %(n)s entered: another player checks it."
        ),
    },
    "corrected_team": {
        FEMININE: pgettext_lazy(
            "a feminine round", "%(entry)s %(n)s corrected: the other team checks it again."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round", "%(entry)s %(n)s corrected: the other team checks it again."
        ),
    },
    "corrected_players": {
        FEMININE: pgettext_lazy(
            "a feminine round", "%(entry)s %(n)s corrected: the other players check it again."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s corrected: the other players check it again.",
        ),
    },
    "accepted": {
        FEMININE: pgettext_lazy(
            "a feminine round", "Accepted: %(entry)s %(n)s counts from now on."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round", "Accepted: %(entry)s %(n)s counts from now on."
        ),
    },
    "refused": {
        FEMININE: pgettext_lazy(
            "a feminine round", "Refused: %(entry)s %(n)s goes back to be corrected."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round", "Refused: %(entry)s %(n)s goes back to be corrected."
        ),
    },
    "enter": {
        FEMININE: pgettext_lazy("a feminine round", "Enter a %(entry)s"),
        MASCULINE: pgettext_lazy("a masculine round", "Enter a %(entry)s"),
    },
    "delete_last": {
        FEMININE: pgettext_lazy("a feminine round", "Delete the last %(entry)s entered"),
        MASCULINE: pgettext_lazy("a masculine round", "Delete the last %(entry)s entered"),
    },
    "delete_last_asked": {
        FEMININE: pgettext_lazy("a feminine round", "Delete the last %(entry)s entered?"),
        MASCULINE: pgettext_lazy("a masculine round", "Delete the last %(entry)s entered?"),
    },
    "record": {
        FEMININE: pgettext_lazy("a feminine round", "Record the %(entry)s"),
        MASCULINE: pgettext_lazy("a masculine round", "Record the %(entry)s"),
    },
    "correct_this": {
        FEMININE: pgettext_lazy("a feminine round", "Correct this %(entry)s"),
        MASCULINE: pgettext_lazy("a masculine round", "Correct this %(entry)s"),
    },
    "created": {
        FEMININE: pgettext_lazy("a feminine round", "Partie created. Enter the first %(entry)s."),
        MASCULINE: pgettext_lazy("a masculine round", "Partie created. Enter the first %(entry)s."),
    },
    "not_over": {
        FEMININE: pgettext_lazy(
            "a feminine round", "Sound so far: the record stops before the %(entry)s is over."
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round", "Sound so far: the record stops before the %(entry)s is over."
        ),
    },
    "never_recorded": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s was never recorded, so this one cannot be number %(expected)s: check "
            "what it holds, it will be number %(n)s.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s was never recorded, so this one cannot be number %(expected)s: check "
            "what it holds, it will be number %(n)s.",
        ),
    },
    "removed": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s no longer exists (the director removed it): enter it again as a new "
            "one.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s no longer exists (the director removed it): enter it again as a new "
            "one.",
        ),
    },
    "no_version": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s: this correction names no version; look at it again.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s: this correction names no version; look at it again.",
        ),
    },
    "changed_by_phone": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s was changed by another phone meanwhile: your numbers are shown "
            "beside the recorded ones, the table chooses.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s was changed by another phone meanwhile: your numbers are shown "
            "beside the recorded ones, the table chooses.",
        ),
    },
    "entered_twice": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s was already entered by another phone, with other numbers: both are "
            "shown below, the table chooses.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s was already entered by another phone, with other numbers: both are "
            "shown below, the table chooses.",
        ),
    },
    "now_holds": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "%(entry)s %(n)s now holds the other phone's numbers: the other side checks it.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "%(entry)s %(n)s now holds the other phone's numbers: the other side checks it.",
        ),
    },
    "too_late": {
        FEMININE: pgettext_lazy(
            "a feminine round",
            "The partie is over: %(entry)s %(n)s was not recorded. Check the score sheet.",
        ),
        MASCULINE: pgettext_lazy(
            "a masculine round",
            "The partie is over: %(entry)s %(n)s was not recorded. Check the score sheet.",
        ),
    },
}


def round_noun(word: str) -> tuple[Any, str]:
    """The noun of a game's round (``Game.round_word``: ``Manche``, ``Tour``, ``Coup``;
    ``Donne``) in the user's language and its French gender (``ROUND_NOUNS``); a word not
    listed is a manche's."""
    return ROUND_NOUNS.get(word, ROUND_NOUNS["Manche"])


def round_text(key: str, noun: Any, gender: str, **params: Any) -> str:
    """Message ``key`` of ``ROUND_TEXTS`` about a round whose noun is ``noun`` (capitalised,
    as a heading writes it), of French ``gender`` (``"f"`` or ``"m"``), in the user's
    language: ``%(entry)s`` is the noun (in lower case where it does not begin the text),
    with ``params`` (``n``: the round's number). Raises ``KeyError`` for another key."""
    text = str(ROUND_TEXTS[key][MASCULINE if gender == MASCULINE else FEMININE])
    word = str(noun)
    if not text.startswith("%(entry)s"):
        word = word[:1].lower() + word[1:]
    return text % {"entry": word, **params}
