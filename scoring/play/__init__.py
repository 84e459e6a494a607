"""Playing any of the club's games move by move, behind one interface (issue 22, step 1).

Plain Python, no Django. ``state`` defines ``GameState``, OpenSpiel's ``State`` for our games:
a round (a Roimat donne, a Roi manche, a Differenzler tour) from its rules, options and deal,
played with ``legal_moves()``, ``push(move)``, ``pop()``, seen by each seat through
``observation(seat)``, giving ``result()``, the entry its game's sheet scores, and written as
a record (``to_record()`` / ``from_record()``). Each game implements it in its own package
(``scoring.roimat.state``, ``scoring.games.roi.state``, ``scoring.games.differenzler.state``,
``scoring.games.rumoli.state``, ``scoring.games.romer.state``); what is written once over it
names no game:

- ``players``: a random player, a greedy (one move ahead) player, fautes injected at a rate,
  and ``play_out(state, players, rng)``;
- ``simulate``: seeded rounds played one after another, and the records as JSON lines;
- ``verify``: a record replayed move by move, naming the first move the rules refuse.
"""
