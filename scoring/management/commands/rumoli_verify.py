"""``manage.py rumoli_verify FILE``: the same as ``verify rumoli FILE``,
each problem in the words of the game's own verifier (all of a record's problems, naming the
line, trick and play).

Exits 1 when a record is unsound, 2 when the input cannot be read.
"""

from scoring.management.game_commands import verify_command

Command = verify_command("rumoli")
