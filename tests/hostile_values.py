"""Values a clumsy or hostile user sends in place of any field: shared by the property-based
suite (``tests/test_hostile_input.py``) and the HTTP fuzz (``bench/fuzz_http.py``)."""

#: Whole numbers that pass any digit limit but blow up a loop over them, a list of that many
#: entries or a database column (smallint, integer, bigint), and their negatives.
HOSTILE_NUMBERS = [
    str(sign * number)
    for number in (10, 32768, 65536, 100_000_000, 2_147_483_648, 2**63)
    for sign in (1, -1)
]

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
    *HOSTILE_NUMBERS,
]
