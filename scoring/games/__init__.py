"""The club's other games (issue: Roi, Römer, Rumoli, Differenzler), plain Python, no Django.

Each game declares its rules as data behind the small interface of ``base``: how many players,
what is entered per round for each player, how a round is checked and scored, how the game
ends and who wins. Sheets, exports, tournaments and standings use ``base.compute`` without
knowing the game. The site's one catalogue (``scoring.registry``, filled in
``scoring.adapters``) lists them by key.

Modules: ``base`` (the interface, rule options, ``compute``, the problem codes), ``roi``,
``rumoli``, ``differenzler`` (the rules and checks of each sheet), the package ``romer`` (its
rules, cards and play state); ``cards`` (card
codes), ``roi_play``, ``differenzler_play``, ``rumoli_play`` (play card by card, records,
``verify``), ``records`` (the record format, its problem codes, JSON lines), ``verify`` (any
game's record), ``simulate`` (whole sheets and their records), ``notation`` (the JSON sheet).
"""
