"""Roimat on the site, in one package: its adapter (``adapter``: the sheet, the donnes'
entry, documents, simulations and tables at a distance over the engine ``scoring.roimat``),
its own actions (``views``: a donne annulled, a sound record added) and their addresses
(``urls``, which the site includes through the catalogue: ``GameAdapter.urls``). Nothing
outside this package and the engine names the game but the catalogue's list of games
(``scoring.adapters``).
"""

from .adapter import RoimatAdapter

__all__ = ["RoimatAdapter"]
