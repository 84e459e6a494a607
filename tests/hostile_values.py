"""Values a clumsy or hostile user sends in place of any field: shared by the property-based
suite (``tests/test_hostile_input.py``) and the HTTP fuzz (``bench/fuzz_http.py``)."""

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
]
