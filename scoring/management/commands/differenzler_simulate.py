"""``manage.py differenzler_simulate``: the same as ``simulate differenzler --sheets N``."""

from scoring.management.game_commands import simulate_command

Command = simulate_command("differenzler")
