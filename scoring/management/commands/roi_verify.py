"""``manage.py roi_verify FILE``: the same as ``verify roi FILE``, each problem in the
user's language (the first move the rules refuse, naming the line and the move).

Exits 1 when a record is unsound, 2 when the input cannot be read.
"""

from scoring.management.game_commands import verify_command

Command = verify_command("roi")
