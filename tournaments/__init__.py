"""Players, and later tournaments, rounds, tables and standings."""
