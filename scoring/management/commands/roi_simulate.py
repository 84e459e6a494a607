"""``manage.py roi_simulate``: the same as ``simulate roi --sheets N``."""

from scoring.management.game_commands import simulate_command

Command = simulate_command("roi")
