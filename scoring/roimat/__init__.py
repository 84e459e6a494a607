"""Roimat rules engine: plain Python, no Django.

Implements ``shared/rules/ROIMAT.md`` (the project's reading of the seed
``roimat-a-distance-et-regle.txt``):

- ``cards``: the 36-card deck and its values (§1), the points-for-plis table (§7);
- ``seats``: seats, teams and turning order (§2);
- ``rules``: the rule sets ``club-8`` and ``official-1000`` and their options (§5, §6);
- ``scoring``: one donne as entered on the sheet, its checks (§7) and its score (§4, §5);
- ``partie``: a whole partie, cumuls, end and winner (§5, §6);
- ``notation``: the JSON score-sheet format (§10).
"""
