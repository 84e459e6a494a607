"""Results emails after an evening (issue 10): the director confirms on a page that lists who
gets what; the messages go through the task queue (django-tasks' database backend, run here by
the real worker, ``db_worker --batch``) over one SMTP connection a batch, each recorded once,
retried when the server is down, never sent twice; a player's own request once an hour."""

import datetime
import html
import re
import socket
import time

import pytest
from aiosmtpd.controller import Controller
from django.core import mail, signing
from django.core.management import call_command
from django.db import OperationalError
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scoring.models import Player
from tournaments import heartbeat, tasks
from tournaments.mail import MAX_ATTEMPTS, message_id, resend_key
from tournaments.management.commands import worker as worker_command
from tournaments.models import Registration, SentMessage, Tournament, WorkerBeat
from tournaments.services import close_tournament, play_round_simulated, start_round
from tournaments.tasks import queue_results, watch_results_batch

Status = SentMessage.Status
CLUB = "club@example.org"


def evening(players: int, rounds: int = 1, emails=None, close: bool = True) -> Tournament:
    """An evening of ``players`` (addresses ``joueur<i>@example.org`` unless ``emails`` gives
    others by index), its rounds played by the engine, closed."""
    emails = emails or {}
    tournament = Tournament.objects.create(
        name="Jeudi", date=datetime.date(2026, 11, 26), rounds=rounds
    )
    for i in range(players):
        email = emails.get(i, f"joueur{i}@example.org")
        player = Player.objects.create(name=f"Joueur {i:02}", email=email)
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    for _number in range(rounds):
        play_round_simulated(start_round(tournament=tournament), seed=7)
    if close:
        close_tournament(tournament=tournament, decisions={})
    return tournament


def batches(**lookups):
    """The sending tasks queued (not their watches)."""
    return DBTaskResult.objects.filter(task_path__endswith=".send_results_batch", **lookups)


def run_worker() -> None:
    """What ``manage.py db_worker`` does in the room, until no task is ready."""
    call_command(
        "db_worker", "--batch", "--no-startup-delay", "--no-reload", "--interval", "0", verbosity=0
    )


def confirm(client, tournament, **extra):
    return client.post(
        reverse("tournaments:send", args=[tournament.pk]), {"confirm": "1", **extra}, follow=True
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Recorder:
    """A debugging SMTP server's handler: keeps every envelope."""

    def __init__(self):
        self.envelopes = []

    async def handle_DATA(self, server, session, envelope):
        self.envelopes.append(envelope)
        return "250 OK"


@pytest.fixture
def smtp_server(settings):
    """A local debugging SMTP server (aiosmtpd), and the site's SMTP backend pointed at it."""
    port = free_port()
    recorder = Recorder()
    controller = Controller(recorder, hostname="127.0.0.1", port=port)
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", port, False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 10
    controller.start()
    try:
        yield recorder, controller
    finally:
        controller.stop()


@pytest.fixture
def smtp_down(settings):
    """The site's SMTP backend pointed at a port where nothing listens; returns the port."""
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", port, False
    settings.EMAIL_TIMEOUT = 5
    return port


@pytest.fixture
def club(settings):
    settings.CLUB_EMAIL = CLUB


# --- The confirmation page -------------------------------------------------------------


@pytest.mark.django_db
def test_the_director_sees_who_gets_what_and_who_has_no_address(damien, club):
    tournament = evening(8, emails={3: "", 5: "josé@example.org", 6: "anne@café.fr"})
    director = Client()
    director.force_login(damien)
    page = director.get(reverse("tournaments:send", args=[tournament.pk]))
    assert page.status_code == 200
    text = page.text
    assert "joueur0@example.org" in text and CLUB in text
    plan = page.context["plan"]
    assert plan.no_address == ["Joueur 03"]
    assert [(r.label, r.address) for r in plan.refused] == [("Joueur 05", "josé@example.org")]
    assert "lettres spéciales (é, ç, ñ…)" in text  # why the address is refused, in words
    club_line = next(r for r in plan.sendable if r.address == CLUB)
    assert club_line.everything and club_line.sheets == 2
    assert {r.sheets for r in plan.sendable if not r.everything} == {1}
    assert len(plan.sendable) == 7  # 6 players and the club
    assert SentMessage.objects.count() == 0 and mail.outbox == []  # nothing sent by looking


@pytest.mark.django_db
def test_a_visitor_and_a_member_without_role_are_refused(victor):
    tournament = evening(4)
    url = reverse("tournaments:send", args=[tournament.pk])
    member = Client()
    member.force_login(victor)
    for method in ("get", "post"):
        visitor = getattr(Client(), method)(url, {"confirm": "1"} if method == "post" else None)
        assert visitor.status_code == 302 and visitor.url.startswith("/accounts/login/")
        answer = getattr(member, method)(url, {"confirm": "1"} if method == "post" else None)
        assert answer.status_code == 403
    assert SentMessage.objects.count() == 0 and DBTaskResult.objects.count() == 0


@pytest.mark.django_db
def test_an_open_evening_is_not_sent_and_the_evening_button_leads_to_the_page(secretary):
    tournament = evening(4, close=False)
    url = reverse("tournaments:send", args=[tournament.pk])
    assert secretary.post(url).url == url  # the evening's button: confirm first
    response = confirm(secretary, tournament)
    assert "Clôturez d'abord le tournoi" in html.unescape(response.text)
    assert SentMessage.objects.count() == 0 and DBTaskResult.objects.count() == 0


# --- Through the queue -----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_an_eighty_player_evening_goes_through_the_queue_once(secretary, club):
    tournament = evening(80)
    confirm(secretary, tournament)
    assert mail.outbox == []  # queued, not sent by the page
    assert SentMessage.objects.filter(status=Status.QUEUED).count() == 81
    assert batches().count() == 1  # one batch
    run_worker()
    assert len(mail.outbox) == 81
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        [f"joueur{i}@example.org" for i in range(80)] + [CLUB]
    )
    sent = SentMessage.objects.all()
    assert {(m.status, m.attempts) for m in sent} == {(Status.SENT, 1)}
    assert len({m.to for m in sent}) == 81
    player_mail = next(m for m in mail.outbox if m.to == ["joueur0@example.org"])
    assert len(player_mail.attachments) == 3  # the ranking, his sheet as PDF and Excel
    club_mail = next(m for m in mail.outbox if m.to == [CLUB])
    assert len(club_mail.attachments) == 1 + 2 * 20  # the ranking and the 20 tables' sheets
    # A second confirmation sends nothing again; "again" sends everyone once more.
    response = confirm(secretary, tournament)
    run_worker()
    assert len(mail.outbox) == 81 and SentMessage.objects.count() == 81
    assert "Joueur 00" in response.text  # listed as already served
    confirm(secretary, tournament, again="1")
    run_worker()
    assert len(mail.outbox) == 162 and SentMessage.objects.filter(status=Status.SENT).count() == 162


@pytest.mark.django_db(transaction=True)
def test_an_eighty_player_evening_goes_out_on_the_console(secretary, club, settings, capsys):
    """The development backend (``make run`` without SMTP settings) prints every message."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    tournament = evening(80)
    confirm(secretary, tournament)
    capsys.readouterr()
    run_worker()
    printed = capsys.readouterr().out
    recipients = [
        line.removeprefix("To: ") for line in printed.splitlines() if line.startswith("To: ")
    ]
    assert sorted(recipients) == sorted([f"joueur{i}@example.org" for i in range(80)] + [CLUB])
    assert SentMessage.objects.filter(status=Status.SENT).count() == 81


@pytest.mark.django_db(transaction=True)
def test_an_eighty_player_evening_goes_out_over_smtp(secretary, club, smtp_server):
    recorder, _controller = smtp_server
    tournament = evening(80, emails={1: "anne@café.fr", 2: "josé@example.org"})
    confirm(secretary, tournament)
    run_worker()
    envelopes = recorder.envelopes
    assert len(envelopes) == 80  # 79 players (one address refused) and the club
    recipients = sorted(address for e in envelopes for address in e.rcpt_tos)
    assert len(recipients) == len(set(recipients)) == 80
    assert "anne@xn--caf-dma.fr" in recipients  # the domain IDNA-encoded
    assert SentMessage.objects.filter(status=Status.SENT, attempts=1).count() == 80
    assert SentMessage.objects.exclude(status=Status.SENT).count() == 0  # the refused: never
    first = next(e for e in envelopes if e.rcpt_tos == ["joueur0@example.org"])
    assert first.content.count(b"Content-Disposition: attachment") == 3
    confirm(secretary, tournament)
    run_worker()
    assert len(recorder.envelopes) == 80  # never twice


@pytest.mark.django_db(transaction=True)
def test_a_server_down_leaves_the_messages_failed_and_they_are_retried_later(
    secretary, club, smtp_down
):
    port = smtp_down
    tournament = evening(8)
    confirm(secretary, tournament)
    run_worker()
    failed = SentMessage.objects.all()
    assert failed.count() == 9
    assert {(m.status, m.attempts) for m in failed} == {(Status.FAILED, 1)}
    assert all("Connection" in m.error or "refused" in m.error.lower() for m in failed)
    later = batches(status="READY").get()
    assert later.run_after > timezone.now()  # retried later, not at once
    page = secretary.get(reverse("tournaments:send", args=[tournament.pk]))
    assert page.text.count("(1 tentative: ") == 9
    # A click meanwhile does not queue them twice.
    confirm(secretary, tournament)
    assert SentMessage.objects.count() == 9 and batches(status="READY").count() == 1
    # The server is back; the retry's time comes.
    recorder = Recorder()
    controller = Controller(recorder, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        DBTaskResult.objects.filter(pk=later.pk).update(run_after=timezone.now())
        run_worker()
    finally:
        controller.stop()
    assert len(recorder.envelopes) == 9
    assert {(m.status, m.attempts) for m in SentMessage.objects.all()} == {(Status.SENT, 2)}


@pytest.mark.django_db(transaction=True)
def test_retries_are_bounded(secretary, settings, smtp_down):
    tournament = evening(4)
    confirm(secretary, tournament)
    for _attempt in range(MAX_ATTEMPTS + 2):
        DBTaskResult.objects.filter(status="READY").update(run_after=timezone.now())
        run_worker()
    assert {(m.status, m.attempts) for m in SentMessage.objects.all()} == {
        (Status.FAILED, MAX_ATTEMPTS)
    }
    assert not batches(status="READY").exists()  # given up
    # The director may then try again: a plain confirmation queues them anew.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    confirm(secretary, tournament)
    run_worker()
    assert len(mail.outbox) == 4


# --- A worker that dies in the middle of a batch -----------------------------------------


def worker_dies_in_the_middle(tournament, sent: int, stale: float):
    """What a worker killed while sending a batch leaves: its task running, claimed ``stale``
    seconds ago, the first ``sent`` messages sent, the next one "sending", the rest queued;
    returns that message."""
    then = timezone.now() - datetime.timedelta(seconds=stale)
    task = batches(status="READY").get()
    DBTaskResult.objects.filter(pk=task.pk).update(
        status="RUNNING", started_at=then, worker_ids=["killed"]
    )
    messages = list(SentMessage.objects.filter(tournament=tournament).order_by("pk"))
    for message in messages[:sent]:
        SentMessage.objects.filter(pk=message.pk).update(
            status=Status.SENT, attempts=1, claimed_at=then, sent_at=then
        )
    SentMessage.objects.filter(pk=messages[sent].pk).update(
        status=Status.SENDING, attempts=1, claimed_at=then
    )
    return messages[sent]


def time_passes(seconds: float) -> None:
    """The tasks due within ``seconds`` become due now."""
    soon = timezone.now() + datetime.timedelta(seconds=seconds)
    DBTaskResult.objects.filter(status="READY", run_after__lte=soon).update(
        run_after=timezone.now()
    )


@pytest.mark.django_db(transaction=True)
def test_a_batch_left_by_a_dead_worker_is_taken_up_after_the_timeout(
    secretary, club, smtp_server, settings
):
    recorder, _controller = smtp_server
    settings.RESULTS_STALE_SECONDS = 120
    tournament = evening(8)
    confirm(secretary, tournament)
    lost = worker_dies_in_the_middle(tournament, sent=3, stale=200)
    dead = batches(status="RUNNING").get()
    # A new worker starts: nothing is due before the timeout.
    run_worker()
    assert recorder.envelopes == []
    assert SentMessage.objects.filter(status=Status.QUEUED).count() == 5
    page = secretary.get(reverse("tournaments:send", args=[tournament.pk]))
    assert "Envoyés : 3 · en attente : 6 · échoués : 0" in html.unescape(page.text)
    time_passes(settings.RESULTS_STALE_SECONDS)
    run_worker()
    received = sorted(a for e in recorder.envelopes for a in e.rcpt_tos)
    assert len(received) == len(set(received)) == 6  # each address left once, none sent twice
    assert lost.to in received
    # Sent again with the Message-ID of its first attempt: a reader that got that one drops it.
    again = next(e for e in recorder.envelopes if e.rcpt_tos == [lost.to])
    assert f"Message-ID: {message_id(lost)}".encode() in again.content
    assert {(m.status) for m in SentMessage.objects.all()} == {Status.SENT}
    assert SentMessage.objects.get(pk=lost.pk).attempts == 2
    dead.refresh_from_db()
    assert dead.status == "FAILED" and "WorkerLost" in dead.exception_class_path
    assert not DBTaskResult.objects.filter(status="RUNNING").exists()
    page = secretary.get(reverse("tournaments:send", args=[tournament.pk]))
    assert "Envoyés : 9 · en attente : 0 · échoués : 0" in html.unescape(page.text)


@pytest.mark.django_db(transaction=True)
def test_a_batch_whose_worker_died_is_taken_up_within_a_minute_of_its_last_heartbeat(
    secretary, club, smtp_server
):
    """``manage.py worker`` beats every few seconds: killed in the middle of a batch
    (``RESULTS_STALE_SECONDS`` left at 600), its batch is sent by another worker a minute
    after its last heartbeat, each address once."""
    recorder, _controller = smtp_server
    tournament = evening(8)
    confirm(secretary, tournament)
    lost = worker_dies_in_the_middle(tournament, sent=3, stale=5)
    heartbeat.beat("killed")  # its last heartbeat, now
    time_passes(heartbeat.SILENT_SECONDS / 2)
    run_worker()  # a watch looks: the worker may still live
    assert recorder.envelopes == []
    # A minute later: its heartbeat and its claims a minute old.
    minute = datetime.timedelta(seconds=60)
    WorkerBeat.objects.update(at=F("at") - minute)
    SentMessage.objects.exclude(claimed_at=None).update(claimed_at=F("claimed_at") - minute)
    time_passes(60)
    run_worker()
    received = sorted(a for e in recorder.envelopes for a in e.rcpt_tos)
    assert len(received) == len(set(received)) == 6 and lost.to in received
    page = secretary.get(reverse("tournaments:send", args=[tournament.pk]))
    assert "Envoyés : 9 · en attente : 0 · échoués : 0" in html.unescape(page.text)


def database_gone_after(calls: int, error=OperationalError):
    """A stand-in for ``tasks.claim`` whose ``calls + 1``-th call raises ``error`` (the
    database gone), and so does the task's record of its failure then, once."""
    count = {"claims": 0, "failures": 0}
    real_claim, real_set_failed = tasks.claim, DBTaskResult.set_failed

    def claim(message):
        count["claims"] += 1
        if count["claims"] == calls + 1:
            raise error("connection to server lost")
        return real_claim(message)

    def set_failed(task_result, exc):
        count["failures"] += 1
        if count["failures"] == 1:
            raise error("connection to server lost")
        return real_set_failed(task_result, exc)

    return claim, set_failed


@pytest.mark.django_db(transaction=True)
def test_a_worker_whose_database_goes_away_starts_again_and_its_batch_is_taken_up(
    secretary, club, smtp_server, monkeypatch
):
    """The database goes away while the worker sends a batch (its calls raise
    ``OperationalError``, the task's failure cannot even be recorded): ``manage.py worker``
    does not exit, it starts again under a new id; the batch left running by its first id is
    taken up once that id is silent, and every address is served once."""
    recorder, _controller = smtp_server
    monkeypatch.setattr(worker_command, "RESTART_DELAYS", [0])
    claim, set_failed = database_gone_after(3)
    monkeypatch.setattr(tasks, "claim", claim)
    monkeypatch.setattr(DBTaskResult, "set_failed", set_failed)
    tournament = evening(8)
    confirm(secretary, tournament)
    call_command(
        "worker", "--batch", "--no-startup-delay", "--no-reload", "--interval", "0", verbosity=0
    )
    assert len(recorder.envelopes) == 3
    held = batches(status="RUNNING").get()
    assert WorkerBeat.objects.count() == 2  # a first id, and the one it started again with
    WorkerBeat.objects.filter(worker=held.worker_ids[-1]).update(
        at=F("at") - datetime.timedelta(seconds=heartbeat.SILENT_SECONDS + 1)
    )
    time_passes(tasks.WATCH_SECONDS)
    run_worker()
    received = sorted(a for e in recorder.envelopes for a in e.rcpt_tos)
    assert len(received) == len(set(received)) == 9  # the club's copy included
    held.refresh_from_db()
    assert held.status == "FAILED" and "WorkerLost" in held.exception_class_path


@pytest.mark.django_db(transaction=True)
def test_a_slow_batch_still_making_progress_is_not_taken_up(secretary, club, settings):
    settings.RESULTS_STALE_SECONDS = 120
    tournament = evening(8)
    confirm(secretary, tournament)
    sending = worker_dies_in_the_middle(tournament, sent=3, stale=30)  # claimed 30 s ago
    time_passes(settings.RESULTS_STALE_SECONDS)
    run_worker()
    assert mail.outbox == []  # still the first worker's
    assert SentMessage.objects.get(pk=sending.pk).status == Status.SENDING
    assert batches(status="RUNNING").count() == 1
    watch = DBTaskResult.objects.get(status="READY", task_path__endswith=".watch_results_batch")
    assert watch.run_after > timezone.now()  # looks again later


@pytest.mark.django_db(transaction=True)
def test_a_batch_that_ended_and_queued_its_own_retry_is_left_to_it(secretary, smtp_down):
    tournament = evening(4)
    confirm(secretary, tournament)
    first = batches().get()
    run_worker()  # the server is down: all failed, a retry queued for later
    retry = batches(status="READY").get()
    ids = list(SentMessage.objects.values_list("pk", flat=True))
    assert watch_results_batch.call(ids, str(first.pk)) == {"requeued": 0, "lost": 0}
    assert list(batches(status="READY")) == [retry]  # still later, not at once


# --- A player's own request ------------------------------------------------------------


SITE = "https://club.example.org"


@pytest.fixture
def site(settings):
    """The site's public address, under which the emails' links are written."""
    settings.SITE_URL = SITE


def links(message) -> list[str]:
    """The addresses a message's text gives."""
    return re.findall(r"https?://\S+", message.body)


def resend_link(player: Player, tournament: Tournament) -> str:
    """The link of ``player``'s results email that sends his sheets again (its path and key),
    as the worker writes it now."""
    queue_results(tournament=tournament, again=True)
    run_worker()
    message = next(m for m in reversed(mail.outbox) if m.to == [player.email])
    [link] = links(message)
    return link.removeprefix(SITE)


def ask(client: Client, link: str):
    """What a player's browser does with the link: open it, then touch the button (with the
    page's key), as the page's form sends it."""
    page = client.get(link)
    key = re.search(r'name="cle" value="([^"]+)"', page.text)
    path = link.split("?")[0]
    return client.post(path, {"cle": html.unescape(key.group(1))} if key else {}, follow=True)


def requests() -> int:
    return SentMessage.objects.filter(reason=SentMessage.Reason.REQUEST).count()


@pytest.mark.django_db(transaction=True)
def test_a_players_email_carries_his_signed_link_with_its_expiry(site, club):
    tournament = evening(4)
    queue_results(tournament=tournament)
    run_worker()
    player_mail = next(m for m in mail.outbox if m.to == ["joueur0@example.org"])
    until = timezone.localdate() + datetime.timedelta(days=30)
    assert (
        "Pour recevoir de nouveau ces feuilles, ouvrez ce lien "
        f"(valable jusqu'au {until:%d/%m/%Y}) :" in player_mail.body
    )
    player = Player.objects.get(name="Joueur 00")
    [link] = links(player_mail)
    path = reverse("tournaments:resend", args=[player.pk, tournament.pk])
    assert link.startswith(f"{SITE}{path}?cle=")
    club_mail = next(m for m in mail.outbox if m.to == [CLUB])
    assert links(club_mail) == []  # the club's every sheet: no player's link


@pytest.mark.django_db(transaction=True)
def test_the_link_asks_first_then_sends_once_an_hour(site):
    tournament = evening(4)
    player = Player.objects.get(name="Joueur 00")
    link = resend_link(player, tournament)
    sent = len(mail.outbox)
    page = Client().get(link)  # a mail reader opening links sends nothing
    assert page.status_code == 200 and "Les renvoyer" in html.unescape(page.text)
    assert requests() == 0
    first, second = ask(Client(), link), ask(Client(), link)
    run_worker()
    assert len(mail.outbox) == sent + 1 and mail.outbox[-1].to == ["joueur0@example.org"]
    assert len(mail.outbox[-1].attachments) == 3
    assert "Feuilles en file d'attente pour" in html.unescape(first.text)
    assert "moins d'une heure" in html.unescape(second.text)
    # An hour later, he may ask again.
    SentMessage.objects.update(queued_at=timezone.now() - datetime.timedelta(minutes=61))
    ask(Client(), link)
    run_worker()
    assert len(mail.outbox) == sent + 2


@pytest.mark.django_db
def test_without_his_link_nobody_makes_the_site_mail_a_player(site, monkeypatch):
    """Not a visitor with any page's form token, nor a link altered, of another player or
    evening, or older than 30 days."""
    tournament = evening(4)
    player, other = Player.objects.get(name="Joueur 00"), Player.objects.get(name="Joueur 01")
    path = reverse("tournaments:resend", args=[player.pk, tournament.pk])
    visitor = Client(enforce_csrf_checks=True)
    page = visitor.get(reverse("tournaments:player", args=[player.pk])).text
    assert path not in page  # no button for a visitor
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    refused = visitor.post(path, {"csrfmiddlewaretoken": token})
    assert refused.status_code == 403
    assert "demandez au directeur du club" in html.unescape(refused.text)
    key = resend_key(player.pk, tournament.pk)
    with monkeypatch.context() as past:
        month_ago = time.time() - 31 * 24 * 3600
        past.setattr(signing.time, "time", lambda: month_ago)
        old = resend_key(player.pk, tournament.pk)
    for wrong in (
        key[:-1] + ("A" if key[-1] != "A" else "B"),
        resend_key(other.pk, tournament.pk),
        old,
    ):
        assert Client().post(path, {"cle": wrong}).status_code == 403
        assert Client().get(path, {"cle": wrong}).status_code == 403
    other_evening = Tournament.objects.create(name="Lundi", date=datetime.date(2026, 11, 30))
    Registration.objects.create(tournament=other_evening, player=player)
    wrong = resend_key(player.pk, other_evening.pk)
    assert Client().post(path, {"cle": wrong}).status_code == 403
    assert requests() == 0 and DBTaskResult.objects.count() == 0
    assert Client().post(path, {"cle": key}).status_code == 200
    assert requests() == 1


@pytest.mark.django_db
def test_the_links_are_limited_per_address(site, settings):
    settings.RESEND_RATE = "2/h"
    tournament = evening(4)
    players = Player.objects.order_by("name")
    keys = [resend_key(p.pk, tournament.pk) for p in players]
    paths = [reverse("tournaments:resend", args=[p.pk, tournament.pk]) for p in players]
    room, home = Client(REMOTE_ADDR="10.5.5.5"), Client(REMOTE_ADDR="10.5.5.6")
    statuses = [room.post(paths[n], {"cle": keys[n]}).status_code for n in range(3)]
    assert statuses == [200, 200, 429]
    assert home.post(paths[3], {"cle": keys[3]}).status_code == 200
    assert requests() == 3


@pytest.mark.django_db
def test_a_players_request_for_an_open_evening_is_refused():
    tournament = evening(4, close=False)
    player = Player.objects.get(name="Joueur 00")
    response = Client().post(
        reverse("tournaments:resend", args=[player.pk, tournament.pk]),
        {"cle": resend_key(player.pk, tournament.pk)},
    )
    assert response.status_code == 200 and "pas encore clôturée" in html.unescape(response.text)
    assert SentMessage.objects.count() == 0 and DBTaskResult.objects.count() == 0


def test_addresses_idna_domain_and_non_ascii_local_part():
    from tournaments.mail import AddressRefused, smtp_address

    assert smtp_address("anne@café.fr") == "anne@xn--caf-dma.fr"
    assert smtp_address("a.b+c@example.org") == "a.b+c@example.org"
    for bad in ("josé@example.org", "nobody", "@example.org", "a@"):
        with pytest.raises(AddressRefused):
            smtp_address(bad)


@pytest.mark.django_db(transaction=True)
def test_results_changed_after_sending_are_flagged_and_sent_again_to_those_served(secretary):
    """A sheet changed after the results went out (the director removes a donne typed by
    mistake): the send page and the evening page say who holds an outdated version and
    which table changed; one button sends the new version to exactly those, each mail
    saying which one it replaces; then nothing is outdated."""
    from scoring import services

    tournament = evening(8)
    confirm(secretary, tournament)
    run_worker()
    first = len(mail.outbox)
    assert first == 8
    page = secretary.get(reverse("tournaments:send", args=[tournament.pk]))
    assert page.context["plan"].outdated == []
    table = tournament.rounds_set.get().tables.get(number=2)
    services.entry_delete_last(partie=table.partie)
    page = secretary.get(reverse("tournaments:send", args=[tournament.pk]))
    outdated = page.context["plan"].outdated
    assert len(outdated) == 8 and all(r.changed == ["Table 2 — tour 1"] for r in outdated)
    text = html.unescape(page.text)
    assert "périmé : classement modifié après l'envoi (Table 2 — tour 1)" in text
    assert "Envoyer la nouvelle version à ces 8 destinataires" in text
    evening_page = html.unescape(secretary.get(tournament.get_absolute_url()).text)
    assert "8 destinataires ont une version périmée" in evening_page
    assert "Table 2 — tour 1" in evening_page
    confirm(secretary, tournament, outdated="1")
    run_worker()
    again = mail.outbox[first:]
    assert sorted(m.to[0] for m in again) == sorted(m.to[0] for m in mail.outbox[:first])
    assert all(
        "mis à jour" in m.subject and "Ce message remplace celui du" in m.body for m in again
    )
    page = secretary.get(reverse("tournaments:send", args=[tournament.pk]))
    assert page.context["plan"].outdated == []
