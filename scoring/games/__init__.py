"""The club's other games (issue: Roi, Römer, Rumoli, Differenzler), plain Python, no Django.

Each game declares its rules as data behind the small interface of ``base``: how many players,
what is entered per round for each player, how a round is checked and scored, how the game
ends and who wins. Sheets, exports, tournaments and standings use ``base.compute`` without
knowing the game. The site's one catalogue (``scoring.registry``, filled in
``scoring.adapters``) lists them by key.

Shared modules, which name no game: ``base`` (the interface, rule options, ``compute``, the
problem codes), ``cards`` (card codes), ``records`` (the record format, its problem codes,
JSON lines, the reading of hands and tricks), ``verify`` (a record checked by its game's
verifier), ``simulate`` (whole sheets and their records by a game's simulation), ``notation``
(the JSON sheet).

One package a game: ``roi``, ``rumoli``, ``differenzler`` (each: ``rules``, the sheet's rules
and checks; ``play``, a round card by card, its record and ``verify``; ``state``, the round
behind the play interface; ``records``, a whole sheet's records by simulation); ``romer``
(``rules``, ``cards``, ``state``: its manche is played through the play interface alone, its
whole sheets by ``simulate.played_sheets``). ``tricks``: a trick game's round written once
over the play interface.
"""
