"""``manage.py roimat_email PARTIE``: the same as ``email_sheet PARTIE``."""

from .email_sheet import Command as Command
