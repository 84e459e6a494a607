"""What ``scoring`` tells the apps built on it, without knowing them.

``partie_changed`` is sent (``sender=Partie``, ``partie=``) after a partie's donnes or rounds
changed and its players' results were stored again, with the partie as it now stands (its
seats with their players, its donnes and rounds loaded: a receiver reads them without a
query), maybe inside the transaction of the change; ``tournaments`` rates a partie that has
just finished on it. ``counted`` is False when the entries that count were left as they were
(a new entry pending the other side's check): no total, end or winner changed.

``results_rebuilt`` is sent (``sender=Partie``) after every partie's results were stored again
(``manage.py recompute_results``): ``tournaments`` stores again what its evenings give the
league.
"""

from django.dispatch import Signal

partie_changed = Signal()
results_rebuilt = Signal()
