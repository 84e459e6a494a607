"""One truth for a table's totals (issue 21): one evening walked through every state of a
donne (pending, refused, corrected, accepted, then the closing decisions), reading the
table's totals off every page that shows them — the table's phone, the sheet page, its PDF
and Excel, the round page, the room screen, the close page, the ranking, the player page and
the league — and checking that they all agree with the donnes that count, and that a donne
left out is marked wherever it is listed."""

import html
import io
import re

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Partie
from tests.test_site_tournaments import close, create_evening, table_post
from tournaments.models import Round, Season

pytestmark = pytest.mark.django_db

#: Four donnes of different scores (club-8), so that a donne wrongly counted, or a team
#: swapped, changes some total: the first, the refused second, its correction, the third.
DONNES = [
    {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True},
    {"dealer": "E", "trump": "J", "plis_ns": 2, "points_ns": 20},
    {"dealer": "E", "trump": "B", "plis_ns": 5, "points_ns": 70, "roi_au_bout": True},
    {"dealer": "S", "trump": "V", "plis_ns": 3, "points_ns": 30},
]


def unsigned(html: str) -> str:
    """``html`` without the spans that colour a score by its sign (``|signed``)."""
    return re.sub(r'<span class="score-(?:pos|neg|zero)">([^<]*)</span>', r"\1", html)


def numbers(pattern: str, text: str) -> tuple[int, int]:
    """The two totals ``pattern`` (two groups) finds in ``text``."""
    found = re.search(pattern, unsigned(text))
    assert found, f"no totals matching {pattern!r} in {text[:3000]!r}"
    return int(found.group(1)), int(found.group(2))


def scores_in(html: str) -> tuple[int, int]:
    """The big totals of a page (the two ``strong.score`` of the teams)."""
    found = re.findall(r'<strong class="score">([+-]?\d+)</strong>', unsigned(html))
    assert len(found) == 2, html
    return int(found[0]), int(found[1])


def pdf_text(data: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def xlsx_cells(data: bytes) -> list[str]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return [str(c) for row in book.active.iter_rows(values_only=True) for c in row if c]


#: The totals line of a sheet (its page, PDF and Excel): "Total N/S 84 — Total O/E -84".
SHEET_TOTALS = r"Total N/S ([+-]?\d+) — Total O/E ([+-]?\d+)"
#: A table's totals in a few words, as its line on the round page and the room screen says.
TABLE_LINE = r"N/S ([+-]?\d+) · O/E ([+-]?\d+)"


def document_totals(pdf: bytes, xlsx: bytes) -> dict[str, tuple[int, int]]:
    """The totals a sheet's PDF and Excel files show (downloaded, or attached to an email)."""
    return {
        "pdf": numbers(SHEET_TOTALS, pdf_text(pdf)),
        "excel": numbers(SHEET_TOTALS, " ".join(xlsx_cells(xlsx))),
    }


def part(text: str, start: str, end: str) -> str:
    """The part of ``text`` from ``start`` (a pattern) to the next ``end`` (a pattern)."""
    found = re.search(f"{start}.*?{end}", unsigned(text), re.S)
    assert found, f"no {start!r} in {text[:3000]!r}"
    return found.group(0)


def ranking_rows(page: str) -> dict[str, dict[str, int]]:
    """The evening's ranking as its page shows it: each ranked player's parties, points and
    difference (``diff``) by name, read off the table's cells."""
    table = part(page, 'class="list standings"', "</table>")
    rows = {}
    for line in re.findall(r"<tr[^>]*>(.*?)</tr>", part(table, "<tbody", "</tbody>"), re.S):
        cells = [
            html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", line, re.S)
        ]
        _rank, name, parties, _sat_out, _wins, points, diff = cells[:7]
        if int(parties):
            rows[name] = {"parties": int(parties), "points": int(points), "diff": int(diff)}
    return rows


def table_totals(desk, phone, tables) -> dict[int, dict[str, tuple[int, int]]]:
    """Each of ``tables``' N/S and O/E totals (by table number), as each page shows them: the
    sheet page (its big totals and its result line), PDF and Excel, the table's card on the
    round page, its line on the room screen, its North player's page, its phone's
    page (while the table enters), its line on the close page (while the tournament is open),
    and, once the partie counts in the ranking, its four players' rows there and on the room
    screen (the O/E players' read from their side). ``desk``: a club account's client;
    ``phone``: anybody's."""
    first = tables[0]
    tournament = type(first.round.tournament).objects.get(pk=first.round.tournament_id)
    tid = tournament.pk
    round_page = desk.get(reverse("tournaments:round", args=[tid, first.round.number])).text
    screen = phone.get(reverse("tournaments:screen", args=[tid])).text
    close_page = (
        "" if tournament.finished else desk.get(reverse("tournaments:close", args=[tid])).text
    )
    ranked = ranking_rows(desk.get(tournament.get_absolute_url()).text)
    seen = {}
    for table in tables:
        n, partie = table.number, type(table.partie).objects.get(pk=table.partie_id)
        pk = partie.pk
        sheet = desk.get(reverse("scoring:partie_detail", args=[pk])).text
        totals = {
            "sheet page": scores_in(sheet),
            "sheet result": numbers(SHEET_TOTALS, sheet),
            **document_totals(
                desk.get(reverse("scoring:partie_pdf", args=[pk])).content,
                desk.get(reverse("scoring:partie_xlsx", args=[pk])).content,
            ),
            "round page": numbers(
                TABLE_LINE, part(round_page, f"<h2>Table {n}</h2>", "</section>")
            ),
            "room screen": numbers(TABLE_LINE, part(screen, f"Table {n} :", "</p>")),
        }
        for seat in partie.seats.select_related("player"):
            if seat.seat == "N":  # a player's page lists his parties' scores as N/S / O/E
                page = desk.get(reverse("tournaments:player", args=[seat.player_id])).text
                totals["player page"] = numbers(
                    r"<td[^>]*>([+-]?\d+) / ([+-]?\d+)</td>", page.split("<h2>Parties</h2>")[1]
                )
            record = ranked.get(seat.player.name)
            if record is not None:
                own, other = record["points"], record["points"] - record["diff"]
                totals[f"ranking {seat.seat}"] = (own, other) if seat.seat in "NS" else (other, own)
                row = rf"<td>{html.escape(seat.player.name)}</td><td>[^<]*</td><td>([+-]?\d+)</td>"
                own, diff = numbers(row + r"<td>([+-]?\d+)</td>", screen)
                other = own - diff
                totals[f"room screen ranking {seat.seat}"] = (
                    (own, other) if seat.seat in "NS" else (other, own)
                )
        entry = phone.get(reverse("tournaments:table_entry", args=[table.code]))
        if entry.status_code == 200:
            totals["table page"] = scores_in(entry.text)
        if close_page:
            legend = part(close_page, f"Table {n} — tour", "</legend>")
            totals["close page"] = numbers(r"· ([+-]?\d+) / ([+-]?\d+)</legend>", legend)
        seen[n] = totals
    return seen


class Evening:
    """One evening of 4 players, one table, driven through the pages."""

    def __init__(self, secretary):
        self.secretary, self.phone = secretary, Client()
        self.tournament = create_evening(secretary, count=4)
        self.season = Season.objects.create(
            name="S", start=self.tournament.date, end=self.tournament.date
        )
        self.tournament.season = self.season
        self.tournament.save()
        secretary.post(reverse("tournaments:round_start", args=[self.tournament.pk]))
        self.table = Round.objects.get().tables.get()
        self.partie = self.table.partie
        self.north = self.partie.seats.get(seat="N").player

    def enter(self, number: int, donne: dict) -> None:
        """Donne ``number`` entered by North: a new one, or the correction of the stored
        one (refused), as the phone sends each."""
        url = reverse("tournaments:table_entry", args=[self.table.code])
        data = table_post(donne, "N", key=f"k{number}-{DONNES.index(donne)}", expected=number)
        stored = self.partie.donnes.filter(number=number).first()
        if stored is not None:
            data |= {"correct": str(number), "version": str(stored.version), "expected": ""}
        response = self.phone.post(url, data)
        assert response.status_code == 302, response.context["form"].errors

    def decide(self, number: int, decision: str) -> None:
        url = reverse("tournaments:table_confirm", args=[self.table.code, number])
        assert self.phone.post(url, {"seat": "E", "decision": decision}).status_code == 302

    def pages(self) -> dict[str, tuple[int, int]]:
        """The table's N/S and O/E totals as each page shows them."""
        return table_totals(self.secretary, self.phone, [self.table])[self.table.number]

    def sheet_texts(self) -> dict[str, str]:
        return marks(self.secretary, self.partie)


def counted_totals(donnes) -> tuple[int, int]:
    """What the engine says the donnes that count add up to (club-8); each donne a dict of
    ``DonneEntry``'s fields."""
    from scoring.roimat.partie import compute_sheet
    from scoring.roimat.rules import RuleSet
    from scoring.roimat.scoring import DonneEntry

    sheet = compute_sheet([DonneEntry(**d) for d in donnes], RuleSet("club-8"))
    return sheet.total_ns, sheet.total_oe


def export_text(client, url: str) -> str:
    """The words of a PDF or Excel document."""
    content = client.get(url).content
    return pdf_text(content) if url.endswith("pdf") else " ".join(xlsx_cells(content))


def adding_up(evening: Evening) -> dict[str, str]:
    """The text of every page that adds the table's totals up with others' (the ranking and
    its documents, the player's page) or shows its progress (the round page, the room
    screen), where each says what the totals leave out."""
    tid, secretary = evening.tournament.pk, evening.secretary
    return {
        "ranking": secretary.get(evening.tournament.get_absolute_url()).text,
        **{
            f"ranking {kind}": export_text(
                secretary, reverse("tournaments:ranking_export", args=[tid, kind])
            )
            for kind in ("pdf", "xlsx")
        },
        "player page": secretary.get(reverse("tournaments:player", args=[evening.north.pk])).text,
        "round page": secretary.get(reverse("tournaments:round", args=[tid, 1])).text,
        "room screen": evening.phone.get(reverse("tournaments:screen", args=[tid])).text,
    }


def league(evening: Evening) -> dict[str, str]:
    """The text of the season's page, PDF and Excel."""
    pk, secretary = evening.season.pk, evening.secretary
    return {
        "league": secretary.get(reverse("tournaments:season", args=[pk])).text,
        **{
            f"league {kind}": export_text(
                secretary, reverse("tournaments:season_export", args=[pk, kind])
            )
            for kind in ("pdf", "xlsx")
        },
    }


def says_left_out(texts: dict[str, str], left_out: int) -> None:
    """Each text says how many donnes its totals leave out, in French, and only when some
    are: "2 donnes en attente, hors des totaux" (the round page and the room screen, under
    a table's "N comptées": "2 en attente, hors des totaux")."""
    for where, text in texts.items():
        if not left_out:
            assert "hors des totaux" not in text, where
            continue
        donnes = "donne" if left_out == 1 else "donnes"
        short = where in ("round page", "room screen")
        said = f"{left_out} en attente" if short else f"{left_out} {donnes} en attente"
        assert f"{said}, hors des totaux" in text, (where, left_out)


def agree(evening: Evening, expected: tuple[int, int], left_out: int = 0):
    seen = evening.pages()
    wrong = {page: totals for page, totals in seen.items() if totals != expected}
    assert not wrong, f"expected {expected} everywhere, got {wrong}"
    for where, text in evening.sheet_texts().items():
        assert ("en attente" in text) == (left_out > 0), (where, left_out)
    says_left_out(adding_up(evening), left_out)
    says_left_out(league(evening), 0)  # the league counts a closed evening only


@pytest.mark.parametrize("decision", ["played", "later", "excluded"])
def test_every_page_shows_the_same_totals_at_every_step(secretary, decision):
    evening = Evening(secretary)
    one, two, corrected, three = DONNES
    evening.enter(1, one)
    agree(evening, (0, 0), left_out=1)  # pending: counts nowhere
    evening.decide(1, "accept")
    agree(evening, counted_totals([one]))
    evening.enter(2, two)
    agree(evening, counted_totals([one]), left_out=1)
    evening.decide(2, "refuse")  # issue 21, item 3: a refused donne is still counted
    agree(evening, counted_totals([one]), left_out=1)
    evening.enter(2, corrected)  # pending again
    agree(evening, counted_totals([one]), left_out=1)
    evening.decide(2, "accept")
    agree(evening, counted_totals([one, corrected]))
    evening.enter(3, three)  # pending at closing
    agree(evening, counted_totals([one, corrected]), left_out=1)
    phone = evening.phone.get(reverse("tournaments:table_entry", args=[evening.table.code]))
    assert "2 comptées" in phone.text and "1 en attente" in phone.text
    response = close(secretary, evening.tournament, {evening.table: decision})
    assert response.status_code == 302
    evening.partie.refresh_from_db()
    # Item 4: the sheet says what the evening decided, and agrees with the ranking.
    expected = counted_totals([one, corrected])
    assert len(set(expected)) == 2
    seen = evening.pages()
    if decision != "played":  # an unfinished table that does not count (yet)
        assert not [page for page in seen if page.startswith("ranking")]
    if decision == "later":  # the table goes on entering: its page says the same
        assert "table page" in seen
    assert {page: t for page, t in seen.items() if t != expected} == {}
    season = secretary.get(reverse("tournaments:season", args=[evening.season.pk]))
    line = next(r for r in season.context["rows"] if r["name"] == evening.north.name)
    assert line["points"] == (expected[0] if decision == "played" else 0)
    # Donne 3 still waits at a table left to finish later: the ranking, the player's page and
    # the league say they leave it out. Played as it stood, or not counted, nothing waits.
    waiting = 1 if decision == "later" else 0
    texts = {**adding_up(evening), **league(evening)}
    says_left_out(
        {k: v for k, v in texts.items() if k not in ("round page", "room screen")}, waiting
    )
    # The sheet's page, PDF, Excel and JSON say the status in the words of the lists.
    partie = Partie.objects.get(pk=evening.partie.pk)
    words = partie.adapter.status_text(partie)
    assert (
        words
        == {
            "played": "arrêtée, comptée telle que jouée",
            "later": "à finir après la clôture",
            "excluded": "non comptée",
        }[decision]
    )
    listed = html.unescape(secretary.get(reverse("scoring:partie_list")).text)
    assert words in listed
    data = secretary.get(reverse("scoring:partie_json", args=[partie.pk])).json()
    assert (data["status"], data["status_text"]) == (decision, words)
    for where, text in evening.sheet_texts().items():
        assert words in text, where
        assert "Partie en cours." not in text or decision == "later", where


def test_a_donne_after_a_pending_one_is_left_out_too_and_said_so_everywhere(secretary):
    """Donne 2 accepted while donne 1 still waits: its score may hang on donne 1 (the end
    of the partie), so it waits too. Every page counts both out, and says 2, not 1."""
    evening = Evening(secretary)
    one, _two, corrected, _three = DONNES
    evening.enter(1, one)
    evening.enter(2, corrected)
    evening.decide(2, "accept")
    agree(evening, (0, 0), left_out=2)
    phone = evening.phone.get(reverse("tournaments:table_entry", args=[evening.table.code]))
    assert "0 comptée" in phone.text and "2 en attente, hors des totaux" in phone.text
    evening.decide(1, "accept")
    agree(evening, counted_totals([one, corrected]))


def row_of(cells, label: str) -> tuple[int, ...]:
    """The numbers of the first row whose first cell is ``label``."""
    row = next(r for r in cells if r and r[0] == label)
    return tuple(int(c) for c in row[1:] if isinstance(c, int | float))


def game_pages(secretary, phone, table, partie, tournament) -> dict[str, tuple[int, ...]]:
    """Another game's totals, player by player, as each page shows them."""
    pk = partie.pk
    sheet = unsigned(secretary.get(reverse("scoring:partie_detail", args=[pk])).text)
    text = pdf_text(secretary.get(reverse("scoring:partie_pdf", args=[pk])).content)
    book = openpyxl.load_workbook(
        io.BytesIO(secretary.get(reverse("scoring:partie_xlsx", args=[pk])).content),
        data_only=True,
    )
    entry = unsigned(phone.get(reverse("tournaments:table_entry", args=[table.code])).text)
    round_page = secretary.get(reverse("tournaments:round", args=[tournament.pk, 1])).text
    screen = phone.get(reverse("tournaments:screen", args=[tournament.pk])).text
    player = secretary.get(reverse("tournaments:player", args=[partie.players_in_order[0].pk]))
    player_text = player.text.split("<h2>Parties</h2>")[1]
    ints = lambda found: tuple(int(n) for n in found)  # noqa: E731
    return {
        "sheet page": ints(
            re.findall(
                r"<b>([+-]?\d+)</b>", re.search(r'<tr class="cumul">.*?</tr>', sheet, re.S)[0]
            )
        ),
        "pdf": ints(re.search(r"Total((?:\s-?\d+)+)", text).group(1).split()),
        "excel": row_of(list(book.active.iter_rows(values_only=True)), "Total"),
        "table phone": ints(re.findall(r'<strong class="score">([+-]?\d+)</strong>', entry)),
        "round page": ints(re.findall(r"Joueur \d+ ([+-]?\d+)", round_page.split("<h1>")[1])),
        "room screen": ints(re.findall(r"Joueur \d+ ([+-]?\d+)", screen.split("<h1>")[1])),
        "player page": ints(
            re.search(r"<td[^>]*>(-?\d+(?: / -?\d+)+)</td>", player_text)[1].split(" / ")
        ),
    }


def test_another_games_rounds_follow_the_same_rule(secretary):
    """Roi at a table: a pending, then refused, then corrected round is in no total on any
    page, and is marked pending on the sheet page, the PDF and Excel."""
    from tests.test_site_games import round_post, simulate_sheet

    tournament = create_evening(secretary, count=4, game="roi")
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    table = Round.objects.get().tables.get()
    partie, phone = table.partie, Client()
    first, second = (
        simulate_sheet("roi", seed=seed, players=4, options=partie.options).rounds
        for seed in (1, 2)
    )
    url = reverse("tournaments:table_entry", args=[table.code])

    def enter(entries, correct=None):
        data = {"action": "enter", "entered_seat": "1", **round_post("roi", entries)}
        if correct is not None:
            version = partie.game_rounds.get(number=correct).version
            data |= {"correct": str(correct), "version": str(version)}
        assert phone.post(url, data).status_code == 302

    def decide(number, decision):
        confirm = reverse("tournaments:table_confirm", args=[table.code, number])
        phone.post(confirm, {"seat": "2", "decision": decision})

    def check(rounds, left_out):
        expected = tuple(compute_totals(rounds))
        seen = game_pages(secretary, phone, table, partie, tournament)
        assert {p: t for p, t in seen.items() if t != expected} == {}, expected
        for where, text in marks(secretary, partie).items():
            assert ("en attente, non comptée" in text) == bool(left_out), where
        # The pages that add it up with other parties say it in rounds, not donnes.
        for where, url in (
            ("ranking", tournament.get_absolute_url()),
            ("player page", reverse("tournaments:player", args=[partie.players_in_order[0].pk])),
        ):
            said = "1 manche en attente, hors des totaux" in secretary.get(url).text
            assert said == bool(left_out), where

    def compute_totals(rounds):
        from scoring.games.base import compute
        from scoring.registry import get

        return compute(get("roi").rules, 4, rounds, partie.options).totals

    enter(first[0])
    check([], left_out=1)
    decide(1, "accept")
    check([first[0]], left_out=0)
    enter(first[1])
    decide(2, "refuse")
    check([first[0]], left_out=1)
    enter(second[1], correct=2)  # corrected, pending again
    check([first[0]], left_out=1)
    decide(2, "accept")
    check([first[0], second[1]], left_out=0)


def marks(secretary, partie) -> dict[str, str]:
    """The text of the partie's sheet page, PDF and Excel, where its rows are listed."""
    pk = partie.pk
    return {
        "sheet page": secretary.get(reverse("scoring:partie_detail", args=[pk])).text,
        "pdf": pdf_text(secretary.get(reverse("scoring:partie_pdf", args=[pk])).content),
        "excel": " ".join(
            xlsx_cells(secretary.get(reverse("scoring:partie_xlsx", args=[pk])).content)
        ),
    }
