"""A bare Django site beside the project's, for the benches to compare with on the same server
stack: see ``bench/bare/settings.py``."""
