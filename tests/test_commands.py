"""The commands: roimat_sheet, email_sheet (and its alias roimat_email), demo_data."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.access import DIRECTOR, SECRETARY, has_role
from scoring.models import Partie
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parent.parent
CLUB8 = str(DATA / "club8-partie.json")


def test_sheet_command_prints_the_computed_sheet(capsys, club8_expected):
    call_command("roimat_sheet", CLUB8)
    assert json.loads(capsys.readouterr().out) == club8_expected


@pytest.mark.django_db
def test_sheet_command_writes_exports_and_saves(tmp_path, capsys):
    pdf, xlsx = tmp_path / "sheet.pdf", tmp_path / "sheet.xlsx"
    call_command("roimat_sheet", CLUB8, "--pdf", str(pdf), "--xlsx", str(xlsx), "--save")
    assert "-302" in PdfReader(pdf).pages[0].extract_text()
    assert load_workbook(xlsx).active["A1"].value.startswith("Table de marque")
    partie = Partie.objects.get()
    assert partie.sheet.total_oe == 54
    assert sorted(p.name for p in partie.players.all()) == ["Annie", "Bernard", "Claire", "Denis"]


@pytest.mark.django_db
def test_bad_sheet_exits_2_names_donne_and_field_and_writes_nothing(tmp_path):
    data = json.loads(Path(CLUB8).read_text())
    data["donnes"][3]["points_ns"] = 200
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    pdf = tmp_path / "sheet.pdf"
    with pytest.raises(CommandError) as refused:
        call_command("roimat_sheet", str(bad), "--pdf", str(pdf), "--save")
    assert refused.value.returncode == 2
    assert str(refused.value).startswith("donne 4, points_ns")
    assert not pdf.exists()
    assert Partie.objects.count() == 0


@pytest.mark.parametrize(
    "content, expected",
    [
        ("{not json", "pas du JSON (ligne 1)"),
        ('{"game": "roimat"}', "variant"),
        (None, "No such file"),
    ],
)
def test_unreadable_input_exits_2_with_one_line(tmp_path, content, expected):
    path = tmp_path / "sheet.json"
    if content is not None:
        path.write_text(content)
    result = subprocess.run(
        [sys.executable, "manage.py", "roimat_sheet", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0]


@pytest.mark.django_db
def test_email_command_sends_sheet_to_players(players):
    call_command("roimat_sheet", CLUB8, "--save")
    partie = Partie.objects.get()
    call_command("email_sheet", str(partie.pk), "--players", "--to", "club@example.org")
    assert len(mail.outbox) == 1
    assert "club@example.org" in mail.outbox[0].to
    assert "annie@example.org" in mail.outbox[0].to
    assert len(mail.outbox[0].attachments) == 2


@pytest.mark.django_db
def test_email_command_sends_another_games_sheet(tmp_path, players):
    call_command("simulate", "roi", "--sheets", "1", "--out", str(tmp_path / "roi.json"))
    call_command("sheet", "roi", str(tmp_path / "roi.json"), "--save")
    partie = Partie.objects.get(game="roi")
    call_command("email_sheet", str(partie.pk), "--to", "club@example.org")
    (sent,) = mail.outbox
    assert sent.to == ["club@example.org"]
    assert {name.rsplit(".", 1)[1] for name, _content, _type in sent.attachments} == {"pdf", "xlsx"}


@pytest.mark.django_db
def test_email_command_refuses_bad_input():
    with pytest.raises(CommandError) as refused:
        call_command("roimat_email", "999", "--to", "x@example.org")
    assert refused.value.returncode == 2
    call_command("roimat_sheet", CLUB8, "--save")
    partie = Partie.objects.get()
    with pytest.raises(CommandError, match="not an email address"):
        call_command("roimat_email", str(partie.pk), "--to", "nobody")
    assert len(mail.outbox) == 0


@pytest.mark.django_db
def test_demo_data_creates_account_players_and_parties_once(django_user_model):
    call_command("demo_data")
    count = Partie.objects.count()
    assert count >= 5
    games = set(Partie.objects.values_list("game", flat=True))
    assert games == {"roimat", "roi", "romer", "rumoli", "differenzler"}  # the club's five
    secretary = django_user_model.objects.get(username="secretaire")
    director = django_user_model.objects.get(username="directeur")
    assert secretary.check_password("roimat") and director.check_password("roimat")
    assert has_role(secretary, SECRETARY) and has_role(director, DIRECTOR)
    assert not has_role(director, SECRETARY)
    finished = [p for p in Partie.objects.all() if p.sheet.finished]
    assert len(finished) >= 4
    assert all(p.sheet.finished for p in Partie.objects.exclude(game="roimat"))
    call_command("demo_data")
    assert Partie.objects.count() == count


@pytest.mark.django_db(transaction=True)
def test_a_dump_of_the_old_layout_loads_with_its_players(tmp_path, club8_sheet, capsys):
    """A database from before players moved to ``scoring`` moves over by dump and load."""
    from scoring.models import Player

    call_command("roimat_sheet", CLUB8, "--save")
    before = Partie.objects.get()
    totals = (before.sheet.total_ns, before.sheet.total_oe)
    dump = tmp_path / "club.json"
    call_command("dumpdata", "scoring", "tournaments", output=str(dump))
    old = dump.read_text().replace('"scoring.player"', '"tournaments.player"')
    dump.write_text(old)
    call_command("flush", "--noinput")
    call_command("load_club_dump", str(dump))
    assert "4 players moved" in capsys.readouterr().out
    partie = Partie.objects.get()
    assert (partie.sheet.total_ns, partie.sheet.total_oe) == totals
    assert sorted(Player.objects.values_list("name", flat=True)) == [
        "Annie",
        "Bernard",
        "Claire",
        "Denis",
    ]
    # A new player gets a fresh id after the load (the sequences follow the loaded ids).
    assert Player.objects.create(name="Eve").pk > max(p.pk for p in partie.players.all())


@pytest.mark.django_db
def test_a_file_that_is_not_a_dump_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"model": "x"}')
    with pytest.raises(CommandError) as error:
        call_command("load_club_dump", str(bad))
    assert error.value.returncode == 2 and "not a dumpdata file" in str(error.value)


@pytest.mark.django_db
def test_the_demo_evenings_are_named_after_their_own_weekday():
    """ "Soirée du jeudi" falls on a Thursday, whatever day the demo data is made (the weekday
    as Django writes the date in French)."""
    import datetime

    from django.utils import translation
    from django.utils.formats import date_format

    from tournaments.management.commands.demo_data import evening_name
    from tournaments.models import Tournament

    call_command("demo_data", verbosity=0)
    monday = datetime.date(2026, 11, 23)
    days = [monday + datetime.timedelta(days=n) for n in range(7)]
    with translation.override("fr"):
        for evening in [*Tournament.objects.all(), *(Tournament(date=d) for d in days)]:
            name = evening.name or evening_name(evening.date)
            assert name == f"Soirée du {date_format(evening.date, 'l')}"
    assert Tournament.objects.count() == 2
