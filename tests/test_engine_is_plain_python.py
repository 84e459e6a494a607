"""The rules engine, the exports and the tournament algorithms import nothing from Django
(developers' guide)."""

import pkgutil
import subprocess
import sys

import scoring.exports
import scoring.games
import scoring.play
import scoring.roimat
import tournaments.engine


def modules(package) -> list[str]:
    return [f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]


def test_engine_and_exports_do_not_import_django():
    names = [
        *modules(scoring.roimat),
        *modules(scoring.exports),
        *modules(scoring.games),
        *modules(scoring.play),
        *modules(tournaments.engine),
    ]
    assert "scoring.roimat.partie" in names and "scoring.exports.sheet" in names
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}: importlib.import_module(name)\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
