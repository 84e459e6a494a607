"""The README's « Commands » as a newcomer types them at a terminal: production settings (no
``DJANGO_DEBUG``), the key ``make setup`` kept for the laptop, a database of its own. Each
command named there exists and answers ``--help``, and a few are run as written, their
output read as the README says."""

import json
import re

import pytest

from tests.test_settings import ROOT, manage

README = (ROOT / "README.md").read_text()


def commands() -> list[str]:
    """The commands of the README's « Commands » section (its code block), by name."""
    section = README.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return sorted(set(re.findall(r"^\.venv/bin/python manage\.py (\w+)", block, re.M)))


@pytest.fixture(scope="module")
def terminal(tmp_path_factory):
    """A newcomer's terminal after ``make setup``: the laptop's key file, a migrated SQLite
    database of its own; ``terminal(*args)`` runs ``manage.py args`` there."""
    where = tmp_path_factory.mktemp("terminal")
    key = where / ".secret_key"
    key.write_text("a-laptop-key-made-by-make-setup-0123456789-abcdefghijklmnopqrstuv\n")
    env = {"DJANGO_SECRET_KEY_FILE": str(key), "DATABASE_URL": f"sqlite:///{where}/db.sqlite3"}

    def run(*args):
        return manage(*args, **env)

    migrated = run("migrate", "--noinput", "-v0")
    assert migrated.returncode == 0, migrated.stderr
    run.where = where  # type: ignore[attr-defined]
    return run


def test_the_readme_names_its_commands():
    assert {"roimat_sheet", "simulate", "sheet", "verify", "demo_data"} <= set(commands())


@pytest.mark.parametrize("name", commands())
def test_every_command_of_the_readme_answers_at_a_newcomers_terminal(terminal, name):
    result = terminal(name, "--help")
    assert result.returncode == 0, result.stderr
    assert "usage: manage.py " + name in result.stdout


def test_commands_run_as_the_readme_writes_them(terminal):
    """A sheet read and totalled, a game simulated then verified, sheets simulated then read
    by ``sheet``: what the README's lines promise, at a terminal with nothing set."""
    where = terminal.where
    sheet = terminal("roimat_sheet", str(ROOT / "tests/data/club8-partie.json"))
    assert sheet.returncode == 0, sheet.stderr
    expected = json.loads((ROOT / "tests/data/club8-partie.expected.json").read_text())
    totals = json.loads(sheet.stdout)
    assert (totals["total_ns"], totals["total_oe"]) == (expected["total_ns"], expected["total_oe"])

    records = where / "roi.jsonl"
    simulated = terminal("simulate", "roi", "--rounds", "2", "--seed", "3", "--out", str(records))
    assert simulated.returncode == 0, simulated.stderr
    assert len(records.read_text().splitlines()) == 2
    verified = terminal("verify", "roi", str(records))
    assert verified.returncode == 0, verified.stderr + verified.stdout

    sheets = where / "sheets.jsonl"
    made = terminal(
        "simulate", "differenzler", "--sheets", "1", "--seed", "2", "--out", str(sheets)
    )
    assert made.returncode == 0, made.stderr
    one = where / "one.json"
    one.write_text(sheets.read_text().splitlines()[0])
    read = terminal("sheet", "differenzler", str(one))
    assert read.returncode == 0, read.stderr


def test_a_command_given_a_missing_file_says_so_in_one_line(terminal):
    result = terminal("roimat_sheet", str(terminal.where / "none.json"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "none.json" in result.stderr
