"""Who may use each address (issue 10): for every URL of the two apps, the roles that may and
may not use it, GET and POST; table codes only while their round is open; wrong codes and
login attempts limited."""

import datetime
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import get_resolver, reverse

from scoring import registry, remote
from scoring.models import Partie, Player, RemoteDonne
from tests.conftest import DATA
from tests.helpers import donne_post
from tournaments.models import Registration, Season, TableNote, Tournament
from tournaments.services import start_round

pytestmark = pytest.mark.django_db

DONNE = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}


@pytest.fixture
def world(db):
    """An open evening (round 1 drawn, two Roimat tables, a donne pending at table 1), a
    closed evening, a season, a Roi partie; the URL arguments of every page."""
    players = [Player.objects.create(name=f"Joueur {i}") for i in range(8)]
    evening = Tournament.objects.create(name="Jeudi", date=datetime.date(2026, 11, 26), rounds=3)
    closed = Tournament.objects.create(name="Lundi", date=datetime.date(2026, 11, 23), rounds=1)
    for tournament in (evening, closed):
        for player in players:
            Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    round_ = start_round(tournament=evening)
    old = start_round(tournament=closed)
    closed.finished = True
    closed.save()
    table = round_.tables.order_by("number").first()
    Client().post(
        reverse("tournaments:table_entry", args=[table.code]),
        {**donne_post(DONNE), "action": "enter", "entered_seat": "N"},
    )
    assert table.partie.donnes.count() == 1
    adapter = registry.get("roi")
    roi = adapter.new_partie(players=players[:4], options={}, date=datetime.date(2026, 11, 20))
    adapter.simulate(roi, seed=1)
    season = Season.objects.create(
        name="S", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30)
    )
    partie = table.partie
    creator = get_user_model().objects.create_user("hote", password="x-2026-hote")
    remote_table = remote.table_create(options={"variant": "club-8"}, created_by=creator)
    record = json.loads((DATA / "donne-records.jsonl").read_text().splitlines()[0])
    RemoteDonne.objects.create(
        table=remote_table, number=1, dealer=record["dealer"], hands=record["deal"], record=record
    )
    return {
        "remote_code": remote_table.code,
        "tournament": evening.pk,
        "registration": evening.registrations.first().pk,
        "round": round_.number,
        "partie": partie.pk,
        "season": season.pk,
        "player": players[0].pk,
        "roi_partie": roi.pk,
        "code": table.code,
        "note": TableNote.objects.create(table=table, number=1, text="Nous avions 5 plis.").pk,
        "other_code": round_.tables.last().code,
        "closed_code": old.tables.first().code,
    }


#: Every page of the two apps, by audience, with its URL arguments (from ``world``).
PUBLIC = {
    "tournaments:list": {},
    "tournaments:detail": {"pk": "tournament"},
    "tournaments:ranking_export": {"pk": "tournament", "kind": "pdf"},
    "tournaments:round": {"pk": "tournament", "number": "round"},
    "tournaments:screen": {"pk": "tournament"},
    "tournaments:seasons": {},
    "tournaments:season": {"pk": "season"},
    "tournaments:season_chart": {"pk": "season"},
    "tournaments:season_export": {"pk": "season", "kind": "xlsx"},
    "tournaments:player": {"pk": "player"},
    "scoring:partie_list": {},
    "scoring:partie_detail": {"pk": "partie"},
    "scoring:partie_pdf": {"pk": "partie"},
    "scoring:partie_xlsx": {"pk": "partie"},
    "scoring:partie_json": {"pk": "partie"},
    "scoring:donne_replay": {},
    "scoring:game_replay": {"game": "roi"},
    "scoring:card_total": {"game": "romer"},
    "tournaments:table_worker": {},
}
#: Older addresses of pages that moved: anyone is sent on (301) to the page, which then asks
#: what it asks.
MOVED = {
    "scoring:remote_create": ({}, "scoring:live_create", {"game": "roimat"}),
    "scoring:partie_create": ({}, "scoring:game_partie_create", {"game": "roimat"}),
}
#: Public forms that write: a player's sheets sent again, from the signed link of his email
#: (or by the director), limited per player and address (tests/test_results_mail.py).
PUBLIC_POST = {"tournaments:resend": {"pk": "player", "tournament": "tournament"}}
#: A remote table's pages: whoever has its link reads them and takes a seat.
REMOTE = {
    "scoring:remote_table": {"code": "remote_code"},
    "scoring:remote_donne": {"code": "remote_code", "number": 1},
}
REMOTE_POST = {"scoring:remote_seat": {"code": "remote_code"}}
#: Any club account: opens a remote table; only its creator gives seats to simulated players.
MEMBER = {"scoring:live_create": {"game": "roi"}}
CREATOR = {"scoring:remote_robot": {"code": "remote_code"}}
TABLE = {
    "tournaments:table_entry": {"code": "code"},
    "tournaments:table_confirm": {"code": "code", "number": 1},
    "tournaments:table_report": {"code": "code"},
    "tournaments:table_manifest": {"code": "code"},
    "tournaments:table_go": {},  # ?code=: to the table's page
}
DIRECTOR = {
    "tournaments:player_create": {},
    "tournaments:create": {},
    "tournaments:register": {"pk": "tournament"},
    "tournaments:present": {"pk": "tournament", "registration": "registration"},
    "tournaments:round_start": {"pk": "tournament"},
    "tournaments:swap": {"pk": "tournament", "number": "round"},
    "tournaments:round_remote": {"pk": "tournament", "number": "round"},
    "tournaments:plan_pdf": {"pk": "tournament", "number": "round"},
    "tournaments:close": {"pk": "tournament"},
    "tournaments:send": {"pk": "tournament"},
    "tournaments:note_answer": {"pk": "tournament", "note": "note"},
    "scoring:partie_import": {},
    "scoring:partie_email": {"pk": "partie"},
    "scoring:donne_create": {"pk": "partie"},
    "scoring:donne_edit": {"pk": "partie", "number": 1},
    "scoring:donne_annul": {"pk": "partie", "number": 1},
    "scoring:donne_delete_last": {"pk": "partie"},
    "scoring:donne_add_record": {},
    "scoring:game_partie_create": {"game": "roi"},
    "scoring:game_round_create": {"pk": "roi_partie"},
    "scoring:game_round_edit": {"pk": "roi_partie", "number": 1},
    "scoring:entry_create": {"pk": "roi_partie"},
    "scoring:entry_edit": {"pk": "roi_partie", "number": 1},
    "scoring:entry_delete_last": {"pk": "roi_partie"},
}


def url_of(name: str, arguments: dict, world: dict) -> str:
    kwargs = {k: world.get(v, v) if isinstance(v, str) else v for k, v in arguments.items()}
    return reverse(name, kwargs=kwargs)


def app_url_names() -> set[str]:
    """Every page's name in the apps, a game's own pages included (its package's addresses,
    included without a namespace of their own)."""

    def named(patterns) -> set[str]:
        found = set()
        for p in patterns:
            found |= named(p.url_patterns) if hasattr(p, "url_patterns") else {p.name}
        return found

    names = set()
    for pattern in get_resolver().url_patterns:
        if getattr(pattern, "namespace", None) in ("scoring", "tournaments"):
            names |= {f"{pattern.namespace}:{name}" for name in named(pattern.url_patterns)}
    return names


def test_every_page_of_the_apps_has_its_audience_here():
    listed = [
        *PUBLIC,
        *PUBLIC_POST,
        *REMOTE,
        *REMOTE_POST,
        *MEMBER,
        *CREATOR,
        *TABLE,
        *DIRECTOR,
        *MOVED,
    ]
    assert len(listed) == len(set(listed))
    assert set(listed) == app_url_names()


@pytest.mark.parametrize("name", MOVED)
def test_an_older_address_sends_anyone_on_to_the_page(name, world):
    arguments, target, target_arguments = MOVED[name]
    response = Client().get(url_of(name, arguments, world))
    assert response.status_code == 301
    assert response.url == url_of(target, target_arguments, world)


@pytest.mark.parametrize("name", PUBLIC)
def test_a_visitor_reads_the_public_pages(name, world, client):
    assert client.get(url_of(name, PUBLIC[name], world)).status_code == 200


@pytest.mark.parametrize("name", REMOTE)
def test_a_remote_tables_link_opens_its_pages_and_a_wrong_code_nothing(name, world, client):
    assert client.get(url_of(name, REMOTE[name], world)).status_code == 200
    wrong = {**REMOTE[name], "code": "WRONGCODE"}
    assert client.get(url_of(name, wrong, world)).status_code == 404


def test_a_seat_is_taken_with_the_link_only(world, client):
    url = url_of("scoring:remote_seat", REMOTE_POST["scoring:remote_seat"], world)
    assert client.get(url).status_code == 405
    assert client.post(url, {"seat": "N", "name": "Annie"}).status_code == 302
    wrong = reverse("scoring:remote_seat", args=["WRONGCODE"])
    assert client.post(wrong, {"seat": "E", "name": "Bernard"}).status_code == 404


def test_a_member_opens_a_remote_table_a_visitor_is_sent_to_log_in(world, victor):
    url = url_of("scoring:live_create", {"game": "roimat"}, world)
    visitor, member = Client(), Client()
    member.force_login(victor)
    response = visitor.post(url, {"players": 4, "option_variant": "club-8"})
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert member.get(url).status_code == 200


def test_only_the_creator_gives_a_seat_to_a_simulated_player(world, victor):
    url = url_of("scoring:remote_robot", CREATOR["scoring:remote_robot"], world)
    visitor, member = Client(), Client()
    member.force_login(victor)
    response = visitor.post(url, {"seat": "N"})
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert member.post(url, {"seat": "N"}).status_code == 403
    creator = Client()
    creator.force_login(get_user_model().objects.get(username="hote"))
    assert creator.post(url, {"seat": "N"}).status_code == 302


def test_wrong_remote_codes_are_limited_by_address(world, settings):
    settings.TABLE_CODE_RATE = "3/m"
    phone = Client(REMOTE_ADDR="10.3.3.3")
    statuses = [
        phone.get(reverse("scoring:remote_table", args=[f"WRONG{n}"])).status_code for n in range(5)
    ]
    assert statuses == [404] * 3 + [429] * 2


@pytest.mark.parametrize("name", DIRECTOR)
def test_a_visitor_is_sent_to_log_in_and_a_member_without_role_refused(name, world, victor):
    url = url_of(name, DIRECTOR[name], world)
    stored = Partie.objects.count(), Tournament.objects.count(), Player.objects.count()
    visitor, member = Client(), Client()
    member.force_login(victor)
    for method in ("get", "post"):
        response = getattr(visitor, method)(url)
        assert response.status_code == 302 and response.url.startswith("/accounts/login/")
        assert getattr(member, method)(url).status_code == 403
    assert (Partie.objects.count(), Tournament.objects.count(), Player.objects.count()) == stored


@pytest.mark.parametrize("name", DIRECTOR)
def test_the_director_may(name, world, damien):
    director = Client()
    director.force_login(damien)
    response = director.get(url_of(name, DIRECTOR[name], world))
    # 405: a form that only posts; anything but a refusal or the login page.
    assert response.status_code in (200, 302, 405)
    assert not (response.status_code == 302 and response.url.startswith("/accounts/login/"))


def test_the_admin_is_the_secretarys_not_the_directors(secretary, damien):
    director = Client()
    director.force_login(damien)
    assert director.get(reverse("admin:index")).status_code == 302  # to the admin's login
    assert secretary.get(reverse("admin:index")).status_code == 200


def test_a_code_opens_its_own_table_only_while_its_round_is_open(world, client):
    own = client.get(url_of("tournaments:table_entry", {"code": "code"}, world))
    other = client.get(url_of("tournaments:table_entry", {"code": "other_code"}, world))
    assert own.status_code == other.status_code == 200
    assert own.context["partie"].pk == world["partie"] != other.context["partie"].pk
    closed = client.get(url_of("tournaments:table_entry", {"code": "closed_code"}, world))
    assert closed.status_code == 403
    confirm = client.post(
        url_of("tournaments:table_confirm", {"code": "closed_code", "number": 1}, world),
        {"seat": "E"},
    )
    assert confirm.status_code == 403


def test_a_code_stops_working_when_the_next_round_is_drawn_or_the_evening_closes(world, client):
    tournament = Tournament.objects.get(pk=world["tournament"])
    url = url_of("tournaments:table_entry", {"code": "code"}, world)
    tournament.finished = True
    tournament.save()
    assert client.get(url).status_code == 403
    response = client.post(url, {**donne_post(DONNE), "action": "enter", "entered_seat": "N"})
    assert response.status_code == 403
    assert Partie.objects.get(pk=world["partie"]).donnes.count() == 1


def test_wrong_codes_are_limited_by_address(world, settings):
    settings.TABLE_CODE_RATE = "5/m"
    phone, other = Client(REMOTE_ADDR="10.1.1.1"), Client(REMOTE_ADDR="10.1.1.2")
    statuses = [
        phone.get(reverse("tournaments:table_entry", args=[f"WRONG{n}"])).status_code
        for n in range(7)
    ]
    assert statuses == [404] * 5 + [429] * 2
    # Another address is not concerned.
    assert other.get(reverse("tournaments:table_entry", args=["WRONG9"])).status_code == 404


def test_a_right_code_opens_its_table_from_an_address_over_the_wrong_code_limit(world, settings):
    """Behind a club's one public address, one phone mistyping its code again and again does
    not keep the room's other phones from their tables: wrong codes go on being refused, the
    right ones open, and entering a donne works."""
    settings.TABLE_CODE_RATE = "5/m"
    mistyping, neighbour = Client(REMOTE_ADDR="10.1.1.1"), Client(REMOTE_ADDR="10.1.1.1")
    for n in range(8):
        mistyping.get(reverse("tournaments:table_entry", args=[f"WRONG{n}"]))
    assert neighbour.get(reverse("tournaments:table_entry", args=["WRONG9"])).status_code == 429
    for code in ("code", "other_code"):
        page = neighbour.get(url_of("tournaments:table_entry", {"code": code}, world))
        assert page.status_code == 200
    go = neighbour.get(reverse("tournaments:table_go"), {"code": world["other_code"].lower()})
    assert go.status_code == 302
    url = url_of("tournaments:table_entry", {"code": "other_code"}, world)
    entered = neighbour.post(url, {**donne_post(DONNE), "action": "enter", "entered_seat": "N"})
    assert entered.status_code in (200, 302)
    assert Partie.objects.get(tournament_table__code=world["other_code"]).donnes.count() == 1
    remote = reverse("scoring:remote_table", args=[world["remote_code"]])
    assert neighbour.get(remote).status_code == 200


def test_login_attempts_are_limited_by_name_and_address_together(damien, settings):
    settings.AXES_FAILURE_LIMIT = 3
    url = reverse("login")
    guesser, colleague = Client(REMOTE_ADDR="10.2.2.2"), Client(REMOTE_ADDR="10.2.2.2")
    for _attempt in range(3):
        guesser.post(url, {"username": "damien", "password": "wrong"})
    locked = guesser.post(url, {"username": "damien", "password": "directeur-2026"})
    assert locked.status_code == 429 and "attendez quelques minutes" in locked.text
    # Another club account on the same wifi logs in.
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("sophie2", password="marque-2026")
    response = colleague.post(url, {"username": "sophie2", "password": "marque-2026"})
    assert response.status_code == 302


def log_in(phone: Client, password: str = "directeur-2026") -> int:
    """The status of ``phone``'s login as ``damien`` with ``password`` (302: logged in)."""
    return phone.post(reverse("login"), {"username": "damien", "password": password}).status_code


def test_a_visitor_locking_the_directors_name_keeps_out_none_of_his_own_devices(damien):
    """Five wrong passwords for the director's name from the room's one address lock that name
    there for new devices, not for a phone or laptop where the director has logged in."""
    room = "10.2.2.7"
    phone, laptop = Client(REMOTE_ADDR=room), Client(REMOTE_ADDR=room)
    for device in (phone, laptop):
        assert log_in(device) == 302
        device.post(reverse("logout"))
    visitor, new_device = Client(REMOTE_ADDR=room), Client(REMOTE_ADDR=room)
    assert [log_in(visitor, "wrong") for _n in range(6)] == [200] * 4 + [429] * 2
    assert log_in(new_device) == 429
    assert log_in(phone) == 302
    assert log_in(laptop) == 302


def test_a_lockout_lasts_two_minutes_which_the_visitors_tries_do_not_lengthen(damien):
    from axes.models import AccessAttempt

    room = "10.2.2.8"
    visitor, director = Client(REMOTE_ADDR=room), Client(REMOTE_ADDR=room)
    for _n in range(5):
        log_in(visitor, "wrong")
    locked_at = AccessAttempt.objects.get().attempt_time
    assert log_in(director) == 429
    for _n in range(5):
        assert log_in(visitor, "wrong") == 429
    assert AccessAttempt.objects.get().attempt_time == locked_at
    AccessAttempt.objects.update(attempt_time=locked_at - datetime.timedelta(minutes=2, seconds=5))
    assert log_in(director) == 302


def test_a_known_device_is_limited_too_and_a_forged_one_is_not_known(damien):
    room = "10.2.2.9"
    phone = Client(REMOTE_ADDR=room)
    assert log_in(phone) == 302
    phone.post(reverse("logout"))
    forged = Client(REMOTE_ADDR=room)
    forged.cookies["club_device"] = "damien"
    visitor = Client(REMOTE_ADDR=room)
    for _n in range(5):
        log_in(visitor, "wrong")
    assert log_in(forged) == 429
    # The director's phone in other hands: five wrong passwords of its own, then it is under
    # the lockout of its address as any device.
    assert [log_in(phone, "wrong") for _n in range(5)] == [200] * 5
    assert log_in(phone) == 429


def layout_links(page: str) -> list[str]:
    """The addresses of a page's layout: its header's links and forms, its language menu's."""
    header = re.search(r'<header class="top">.*?</header>', page, re.S)[0]
    footer = re.search(r'<footer class="foot">.*?</footer>', page, re.S)[0]
    return re.findall(r'(?:href|action)="([^"]*)"', header + footer)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_pages_layout_links_to_the_sites_pages_by_role(sophie, language):
    """The layout's links (made once for every page: ``clubsite.context_processors``) lead
    where the views are, for a visitor and for the secretary (the director's import, the
    admin, logging out), on every page and in each language."""
    visitor, secretary = Client(), Client()
    secretary.force_login(sophie)
    for phone in (visitor, secretary):
        phone.cookies["django_language"] = language
    base = [reverse(name) for name in ("home", "scoring:partie_list", "tournaments:list")]
    base.append(reverse("tournaments:seasons"))
    for path in (reverse("home"), reverse("tournaments:seasons")):
        seen = layout_links(visitor.get(path).text)
        assert [a for a in seen if "replay" not in a] == [
            *base,
            f"{reverse('login')}?next={path}",
            reverse("set_language"),
        ]
        seen = layout_links(secretary.get(path).text)
        for address in (reverse("scoring:partie_import"), reverse("admin:index")):
            assert address in seen
        assert seen[-2:] == [reverse("logout"), reverse("set_language")]
        assert seen[: len(base)] == base


def test_the_layout_drawn_once_follows_the_language_the_role_and_the_club(sophie):
    """The site menu and the language menu are drawn once for each language and role
    (``{% cache %}`` in ``base.html``) and served again: a page in English after one in French
    says its menu in English, the secretary's keeps her own links and her logout, and a club
    renamed shows its new name."""
    visitor, english, secretary = Client(), Client(), Client()
    english.cookies["django_language"] = "en"
    secretary.force_login(sophie)
    home = reverse("home")
    for _ in range(2):  # drawn, then served from the cache
        french = visitor.get(home).text
        assert ">Tournois</a>" in french and ">Tournaments</a>" not in french
        page = english.get(home).text
        assert ">Tournaments</a>" in page and ">Tournois</a>" not in page
        assert 'lang="en" selected' in page and 'lang="fr" selected' in french
        theirs = secretary.get(home).text
        assert reverse("admin:index") in theirs and reverse("logout") in theirs
        assert reverse("admin:index") not in french
    with override_settings(CLUB_NAME="Club du Lundi"):
        assert "♛ Club du Lundi</a>" in visitor.get(home).text
