"""The club's other games (issue: Roi, Römer, Rumoli, Differenzler), plain Python, no Django.

Each game declares its rules as data behind the small interface of ``base``: how many players,
what is entered per round for each player, how a round is checked and scored, how the game
ends and who wins. Sheets, exports, tournaments and standings use ``base.compute`` without
knowing the game. The site's one catalogue (``scoring.registry``, filled in
``scoring.adapters``) lists them by key.

Shared modules, which name no game: ``base`` (the interface, rule options, ``compute``, the
problem codes), ``cards`` (card codes), ``records`` (the record format, its problem codes,
JSON lines, the reading of hands and tricks), ``simulate`` (whole sheets and their records
played through a game's play state), ``notation`` (the JSON sheet).

One package a game: ``roi``, ``rumoli``, ``differenzler``, ``romer`` (each: ``rules``, the
sheet's rules and checks; ``state``, the round card by card behind the play interface, its
record; Differenzler's and Rumoli's ``play``, their rules of play and Rumoli's coup engine;
Römer's ``cards``). Each is simulated by ``simulate.played_sheets`` and its records verified
by ``scoring.play.verify``, written once. ``tricks``: a trick game's round written once over
the play interface.
"""
