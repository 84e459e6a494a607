"""Typed readers for settings taken from the environment (healthchecks' envbool/envint style).

Each raises ``ImproperlyConfigured`` naming the variable when its value cannot be read.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """The variable's text, or ``default`` when it is not set."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """``1/true/yes/on`` or ``0/false/no/off`` (any case); ``default`` when not set."""
    if name not in os.environ:
        return default
    value = os.environ[name].strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {os.environ[name]!r}")


def env_int(name: str, default: int) -> int:
    """A whole number; ``default`` when not set."""
    if name not in os.environ:
        return default
    try:
        return int(os.environ[name])
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list, blanks dropped; ``default`` when not set."""
    if name not in os.environ:
        return default
    return [item.strip() for item in os.environ[name].split(",") if item.strip()]
