"""Values a clumsy or hostile user sends in place of any field: shared by the property-based
suite (``tests/test_hostile_input.py``) and the HTTP fuzz (``bench/fuzz_http.py``)."""

#: Whole numbers that pass any digit limit but blow up a loop over them, a list of that many
#: entries or a database column (smallint, integer, bigint), and their negatives.
HOSTILE_NUMBERS = [
    str(sign * number)
    for number in (10, 32768, 65536, 100_000_000, 2_147_483_648, 2**63)
    for sign in (1, -1)
]

#: Charsets a form may claim beside UTF-8 (``Content-Type: …; charset=…``): the site reads
#: forms in UTF-8 only.
CHARSETS = ["utf-16", "latin-1", "cp1252", "utf-32", "shift_jis"]

#: Texts PostgreSQL does not store (NUL): in every text, code and address.
UNREADABLE_TEXTS = ["\x00", "AB\x00CD", "é\x00"]

#: Texts no UTF-8 encodes, so that no database stores them: lone surrogates, as a JSON
#: ``"\\ud800"`` decodes (a form's bytes are decoded with U+FFFD in their place).
LONE_SURROGATES = ["\ud800", "A\udfff", "\udc80x"]

#: Logins longer than any username column (django-axes' ``AccessAttempt.username``: 255).
LONG_LOGINS = ["a" * 256, "é" * 300, "x" * 5000]

#: Chips a Rumoli phone says a player took on one boodle card (``p0_collected_vp``) while
#: his total collected is 0: the board's 4 chips a card, others, and out-of-range ones.
RUMOLI_CARD_CHIPS = ["4", "5", "1", "16", "40000"]

#: Query strings of the admin's changelists a typo or a hostile visitor sends: ``{pk}`` and
#: ``{date}`` are a model's id and one of its date fields.
ADMIN_QUERIES = [
    f"{{pk}}__in={2**64}",
    f"{{pk}}__in=-{2**70},1",
    f"{{pk}}={2**63}",
    f"{{pk}}__gt={2**64}",
    "{date}__year=2147483648",
    "{date}__year=-1",
    "{date}__month=99999999999999999999",
    "{date}__gte=99999-01-01",
]

#: The selection of an admin action (``_selected_action``) that is no id.
ADMIN_SELECTIONS = ["abc", str(2**64), "1.5", "", "-1"]

HOSTILE_VALUES = [
    "",
    " ",
    "0",
    "-1",
    "abc",
    "9" * 40,
    "9" * 5000,  # over Python's 4,300-digit limit
    "99999999999999999999",  # over any database integer column
    "1e9",
    "NaN",
    "1.5",
    "null",
    "true",
    "[]",
    "{}",
    "N",
    "O",
    "R",
    "on",
    "club-8",
    "x" * 10_000,
    "é",
    "é\x00",
    "2026-02-30",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "[" * 5000,
    "[" * 5000 + "]" * 5000,
    *UNREADABLE_TEXTS,
    *HOSTILE_NUMBERS,
]
