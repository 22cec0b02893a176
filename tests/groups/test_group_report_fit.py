"""The group's report on paper (issue 29 item 7), read back with pypdf: on A4 and Letter, in
English, Dutch and Polish, with every expansion's rows (thirteen columns of means) and long
names, nothing runs off the page's right edge, no page but the last is left half blank, the
closest games and the list of games are printed, and the file is a tagged PDF/UA document
(headings, tables, lists, figures with their text alternative, the language)."""

from __future__ import annotations

import io
import random

import pytest
from pypdf import PdfReader

from scorer.pdf.layout import PAGE_MARGIN_MM
from tests.groups.test_group_looks import every_expansion_game

NAMES = ["Bartłomiej Kęś-Wiśniewski", "Ĳsbrand Noël van der Berghe", "Zofia Ściślak", "Ada",
         "Chloë", "Daan", "Magdalena Grzegorzewska"]
MARGIN = PAGE_MARGIN_MM * 72 / 25.4
GAMES_FEW = 3
WORDS = {"en": ("Closest games", "Games", "Winners"),
         "nl": ("Spannendste spellen", "Spellen", "Winnaars"),
         "pl": ("Najbardziej wyrównane gry", "Gry", "Zwycięzcy")}


def reports_of(tmp_path_factory, games: int, languages=tuple(WORDS)) -> dict:
    """The report of a group of ``games`` six-player games with every expansion, in the
    languages on both papers."""
    from scorer import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("report") / "report.sqlite")})
    client = app.test_client()
    group_id = client.post("/api/v1/groups", json={"name": "Czwartkowy wieczór gier"}).json["id"]
    rng = random.Random(5)
    for number in range(games):
        document = every_expansion_game(rng, ("first", "second")[number % 2], 6)
        for city, name in zip(document["players"], rng.sample(NAMES, 6), strict=False):
            city["name"] = name
        assert client.post(f"/api/v1/groups/{group_id}/games", json=document).status_code == 201
    found = {}
    for language in languages:
        client.set_cookie("lang", language)
        for paper in ("a4", "letter"):
            answer = client.get(f"/groups/{group_id}/report.pdf?paper={paper}")
            assert answer.status_code == 200
            found[language, paper] = answer.data
    return found


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    return reports_of(tmp_path_factory, 12)


@pytest.fixture(scope="module")
def few_reports(tmp_path_factory):
    """A smaller group's reports: its tables end high on page 2, where the charts start."""
    return reports_of(tmp_path_factory, GAMES_FEW, ("en", "pl"))


def placed_text(page) -> list[tuple[float, float, str]]:
    """Each piece of text on the page with where it starts (x, y in points from the bottom
    left)."""
    found = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            found.append((tm[4] * cm[0] + tm[5] * cm[2] + cm[4],
                          tm[4] * cm[1] + tm[5] * cm[3] + cm[5], text))

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("language", ["en", "nl", "pl"])
def test_the_report_fits_the_paper_in_every_language(reports, language, paper):
    reader = PdfReader(io.BytesIO(reports[language, paper]))
    pages = reader.pages
    assert 2 <= len(pages) <= 5
    for number, page in enumerate(pages, start=1):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width), round(height)) == {"a4": (595, 842), "letter": (612, 792)}[paper]
        # nothing starts beyond the right margin (a table too wide runs off the edge)
        beyond = [piece for piece in placed_text(page) if piece[0] > width - MARGIN + 1]
        assert beyond == [], (language, paper, number, beyond[:3])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("group", ["reports", "few_reports"])
def test_no_page_but_the_last_is_left_half_blank(request, group, language, paper):
    pages = PdfReader(io.BytesIO(request.getfixturevalue(group)[language, paper])).pages
    for number, page in enumerate(pages[:-1], start=1):
        # the page is used down to its bottom part (the page number in the margin aside)
        lowest = min(y for _x, y, _text in placed_text(page) if y > MARGIN)
        assert lowest < 0.4 * float(page.mediabox.height), (language, paper, number)


@pytest.mark.parametrize("language", ["en", "nl", "pl"])
def test_the_report_lists_the_closest_games_and_the_games(reports, language):
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(
        io.BytesIO(reports[language, "a4"])).pages).split())
    closest, games, winners = WORDS[language]
    assert closest in text and winners in text
    assert text.count(" · ") > 12 * 5  # each listed game's six totals, dot-separated
    assert f" {games} " in text


def structure(node, found: dict) -> dict:
    node = node.get_object()
    kind = node.get("/S")
    if kind is not None:
        found.setdefault(kind, []).append(node)
    children = node.get("/K")
    if children is None:
        return found
    for child in children if isinstance(children, list) else [children]:
        child = child.get_object() if hasattr(child, "get_object") else child
        if hasattr(child, "get"):
            structure(child, found)
    return found


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_report_is_a_tagged_pdf(reports, language):
    catalog = PdfReader(io.BytesIO(reports[language, "a4"])).trailer["/Root"]
    assert bool(catalog["/MarkInfo"]["/Marked"])
    assert catalog["/Lang"] == language
    assert bool(catalog["/ViewerPreferences"]["/DisplayDocTitle"])
    tags = structure(catalog["/StructTreeRoot"], {})
    assert {"/H1", "/H2", "/Table", "/TH", "/TD", "/L", "/LI", "/Figure"} <= set(tags)
    assert len(tags["/Table"]) >= 5
    figures = tags["/Figure"]
    assert len(figures) == 4 and all(len(str(figure.get("/Alt", ""))) > 20 for figure in figures)
