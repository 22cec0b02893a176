"""The blank score pad: one page of pads that fit, in the user's language and paper size."""

from __future__ import annotations

import io
import itertools
import json
import re
import shutil
import subprocess
from dataclasses import replace

import pytest
from pypdf import PdfReader
from weasyprint.formatting_structure.boxes import TableBox

from scorer.engine.rules import editions, expansions, get_ruleset
from scorer.i18n import translator_for
from scorer.pdf.document import render_html
from scorer.pdf.layout import (
    GAP_MM,
    MAX_ROW_HEIGHT_MM,
    MIN_ROW_HEIGHT_MM,
    PAGE_MARGIN_MM,
    SLACK_MM,
    pad_layout,
)
from scorer.pdf.pad import blank_pad_pdf, pad_context
from scorer.pdf.paper import PAPERS
from scorer.pdf.render import renderer
from scorer.pdf.rows import ROWS, TOTAL, pad_rows
from scorer.web.expansions import every_part

POINTS_PER_MM = 72 / 25.4
MM_PER_CSS_PX = 25.4 / 96
#: every blank line an expansion prints when asked (a team's total)
EVERY_LINE = tuple(name for part in every_part() for name in part.blank_lines)


def rulesets():
    """Every edition with every set of expansions."""
    return [get_ruleset(edition, played) for edition in editions()
            for size in range(len(expansions()) + 1)
            for played in itertools.combinations(sorted(expansions()), size)]


def ruleset_id(ruleset) -> str:
    return "-".join((ruleset.edition, *ruleset.expansions))


def read(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(pdf))


def text_of(pdf: bytes) -> str:
    """The PDF's words in order, one space apart: long labels wrap onto two lines, and a word
    hyphenated at a line's end (print.css lets narrow headings do so, with U+2010) is joined."""
    words = " ".join(" ".join(page.extract_text() for page in read(pdf).pages).split())
    return words.replace("\u2010 ", "")


def page_size_mm(pdf: bytes) -> tuple[float, float]:
    box = read(pdf).pages[0].mediabox
    return round(float(box.width) / POINTS_PER_MM, 1), round(float(box.height) / POINTS_PER_MM, 1)


def labels(lang: str, app) -> list[str]:
    """The row labels as the language's catalog renders them (English until translated)."""
    catalog = translator_for(lang, app.config["BABEL_TRANSLATION_DIRECTORIES"])
    return [catalog.gettext(row.label) for row in (*ROWS, TOTAL)] + [catalog.gettext("Name")]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("players", range(3, 8))
def test_every_size_fills_exactly_one_page(app, paper, players):
    with app.app_context():
        pdf = blank_pad_pdf(players, "en", PAPERS[paper])
    reader = read(pdf)
    assert len(reader.pages) == 1
    assert page_size_mm(pdf) == (PAPERS[paper].width_mm, PAPERS[paper].height_mm)
    text = reader.pages[0].extract_text()
    expected = pad_layout(PAPERS[paper], players).per_page
    assert text.count("Total") == expected
    assert text.count("Military") == expected


def test_small_pads_share_a_page():
    assert pad_layout(PAPERS["a4"], 3).per_page == 4
    assert pad_layout(PAPERS["letter"], 3).per_page == 4
    assert pad_layout(PAPERS["a4"], 7).per_page == 2
    for paper in PAPERS.values():
        for players in range(3, 8):
            layout = pad_layout(paper, players)
            assert layout.player_width_mm >= 18


def test_pad_rows_in_the_score_pad_order(app):
    with app.app_context():
        text = text_of(blank_pad_pdf(5, "en", PAPERS["a4"]))
    start = text.index("Name")  # after the title "7 Wonders", which holds "Wonder"
    first_pad = text[start: text.index("Total") + len("Total")]
    positions = [first_pad.index(label) for label in
                 ("Name", "Military", "Treasury", "Wonder", "Civilian", "Science", "Commercial",
                  "Guilds", "Total")]
    assert positions == sorted(positions)


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_labels_follow_the_language(app, client, lang):
    client.set_cookie("lang", lang)
    response = client.get("/pad.pdf?players=4")
    assert response.status_code == 200
    text = text_of(response.data)
    for label in labels(lang, app):
        assert label in text, label


def test_route_answers_a_pdf_with_a_file_name(client):
    response = client.get("/pad.pdf?players=5&paper=letter")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith("inline;")
    assert 'filename="7-wonders-score-pad-5-letter.pdf"' in disposition
    assert page_size_mm(response.data) == (215.9, 279.4)


@pytest.mark.parametrize(("headers", "cookie", "size"), [
    ({"Accept-Language": "en-US,en;q=0.8"}, None, (215.9, 279.4)),
    ({"Accept-Language": "en-GB,en;q=0.8"}, None, (210.0, 297.0)),
    ({"Accept-Language": "pl-PL,pl;q=0.8"}, None, (210.0, 297.0)),
    ({"Accept-Language": "nl"}, None, (210.0, 297.0)),
    ({"Accept-Language": "en-US"}, "pl", (210.0, 297.0)),
    ({"Accept-Language": "nl-NL, en-US;q=0.5"}, "en", (215.9, 279.4)),
])
def test_default_paper_follows_the_locale(client, headers, cookie, size):
    if cookie:
        client.set_cookie("lang", cookie)
    response = client.get("/pad.pdf?players=3", headers=headers)
    assert response.status_code == 200
    assert page_size_mm(response.data) == size


@pytest.mark.parametrize(("query", "field"), [
    ("players=9", "players"), ("players=2", "players"), ("players=abc", "players"),
    ("players=", "players"), ("players=-4", "players"), ("paper=a3", "paper"),
])
def test_bad_query_is_a_400_naming_the_field(client, query, field):
    response = client.get(f"/pad.pdf?{query}")
    assert response.status_code == 400
    assert field in response.get_data(as_text=True)


def test_blank_pads_are_cached_per_players_language_and_paper(app):
    with app.app_context():
        first = blank_pad_pdf(4, "en", PAPERS["a4"])
        assert blank_pad_pdf(4, "en", PAPERS["a4"]) is first
        assert blank_pad_pdf(4, "en", PAPERS["letter"]) is not first
        assert blank_pad_pdf(5, "en", PAPERS["a4"]) is not first
        assert blank_pad_pdf(4, "pl", PAPERS["a4"]) is not first


def test_cli_writes_the_pad(app, runner, tmp_path):
    target = tmp_path / "pad.pdf"
    result = runner.invoke(args=["pad", "--players", "6", "--lang", "nl", "--paper", "letter",
                                 "--output", str(target)])
    assert result.exit_code == 0, result.output
    pdf = target.read_bytes()
    assert len(read(pdf).pages) == 1
    assert page_size_mm(pdf) == (215.9, 279.4)
    text = text_of(pdf)
    for label in labels("nl", app):
        assert label in text


def test_cli_paper_defaults_from_the_language(runner, tmp_path):
    for tag, size in (("en_US", (215.9, 279.4)), ("en", (210.0, 297.0)), ("pl", (210.0, 297.0))):
        target = tmp_path / f"{tag}.pdf"
        result = runner.invoke(args=["pad", "--players", "3", "--lang", tag, "--output", str(target)])
        assert result.exit_code == 0, result.output
        assert page_size_mm(target.read_bytes()) == size


@pytest.mark.parametrize("args", [["--lang", "de"], ["--lang", "xx-!"], ["--players", "8"],
                                  ["--paper", "a3"]])
def test_cli_refuses_bad_options(runner, tmp_path, args):
    target = tmp_path / "pad.pdf"
    result = runner.invoke(args=["pad", *args, "--output", str(target)])
    assert result.exit_code == 2
    assert args[0] in result.output
    assert not target.exists() or target.stat().st_size == 0


def test_only_the_shipped_font_is_embedded(app):
    with app.app_context():
        pdf = blank_pad_pdf(7, "pl", PAPERS["a4"])
    fonts = set()
    for page in read(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+", 1)[1])
    assert fonts == {"Scorer-Sans", "Scorer-Sans-Bold"}


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_page_renders_to_a_coloured_png(app, tmp_path):
    from PIL import Image

    with app.app_context():
        (tmp_path / "pad.pdf").write_bytes(blank_pad_pdf(7, "en", PAPERS["a4"]))
    subprocess.run(["pdftoppm", "-r", "30", "-png", "-singlefile", str(tmp_path / "pad.pdf"),
                    str(tmp_path / "page")], check=True, timeout=60)
    with Image.open(tmp_path / "page.png") as image:
        pixels = list(image.convert("RGB").get_flattened_data())
    inked = sum(1 for r, g, b in pixels if min(r, g, b) < 200)
    assert inked > len(pixels) * 0.05
    # The military row's red, as drawn, not only black lines on white.
    assert any(r > 150 and g < 90 and b < 90 for r, g, b in pixels)


@pytest.mark.parametrize("ruleset", rulesets(), ids=ruleset_id)
def test_every_edition_expansion_set_player_count_and_paper_prints_on_one_page(app, ruleset):
    """Issue 30 item 2: the pads of every table the rules allow fit one page (with one
    expansion row, second edition + Cities printed the second pad's total alone on page 2).
    Rendered as served, counted with pypdf: 672 PDFs in all."""
    pages = {}
    with app.app_context():
        for players in range(ruleset.min_players, ruleset.max_players + 1):
            for paper in PAPERS.values():
                pdf = blank_pad_pdf(players, "en", paper, ruleset)
                pages[players, paper.key] = len(read(pdf).pages)
    assert pages == dict.fromkeys(pages, 1)


@pytest.mark.parametrize("query", ["edition=second&cities=1", "edition=second&leaders=1&players=3",
                                   "edition=first&leaders=1&players=4",
                                   "edition=first&cities=1&players=8&paper=a4",
                                   "edition=first&cities=1&players=8&teams=1&paper=letter"])
def test_the_issues_pads_print_on_one_page(client, query):
    answer = client.get(f"/pad.pdf?{query}")
    assert answer.status_code == 200
    assert len(read(answer.data).pages) == 1


def pad_boxes(app, lang: str, context: dict) -> tuple[list, int]:
    """The pads' table boxes as WeasyPrint lays them out, and the number of pages."""
    with app.app_context():
        html = render_html("pdf/pad.html", lang, context["layout"].paper, **context)
        document = renderer(app.static_folder).document(html)

    def walk(box):
        yield box
        for child in getattr(box, "children", None) or ():
            yield from walk(child)
    return [box for box in walk(document.pages[0]._page_box) if isinstance(box, TableBox)], \
        len(document.pages)


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_a_pad_is_as_tall_and_as_wide_as_its_layout_counts(app, lang):
    """The sums of :mod:`scorer.pdf.layout` are what WeasyPrint lays out, in every language
    and down to the lowest rows: the longest labels (two lines and the "typed" tag) never
    make a row taller, so the page count of the English pads holds in every language."""
    for ruleset, players, paper in ((get_ruleset(edition, expansions()), players, paper)
                                    for edition in editions() for players, paper
                                    in ((3, "a4"), (get_ruleset(edition, expansions()).max_players,
                                                    "letter"))):
        for row_height in (MIN_ROW_HEIGHT_MM, MAX_ROW_HEIGHT_MM):
            context = pad_context(players, PAPERS[paper], ruleset, EVERY_LINE)
            layout = context["layout"] = replace(context["layout"], row_height_mm=row_height)
            tables, pages = pad_boxes(app, lang, context)
            assert len(tables) == layout.per_page
            for table in tables:
                assert table.border_height() * MM_PER_CSS_PX == pytest.approx(
                    layout.pad_height_mm, abs=0.01)
                assert table.border_width() * MM_PER_CSS_PX == pytest.approx(
                    layout.pad_width_mm, abs=0.01)
                right = (table.position_x + table.border_width()) * MM_PER_CSS_PX
                assert right <= PAPERS[paper].width_mm - PAGE_MARGIN_MM


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_layout_is_worked_out_from_the_rows(paper):
    """As many pads as fit at the lowest rows, then rows as tall as the page leaves room for
    (at most 12 mm); every pad within the margins."""
    sheet = PAPERS[paper]
    width, height = sheet.width_mm - 2 * PAGE_MARGIN_MM, sheet.height_mm - 2 * PAGE_MARGIN_MM
    for ruleset in rulesets():
        for players in range(ruleset.min_players, ruleset.max_players + 1):
            for lines in (0, len(EVERY_LINE)):
                layout = pad_layout(sheet, players, len(pad_rows(ruleset)), lines)
                assert MIN_ROW_HEIGHT_MM <= layout.row_height_mm <= MAX_ROW_HEIGHT_MM
                assert layout.across * layout.pad_width_mm + (layout.across - 1) * GAP_MM <= width
                assert layout.down * layout.pad_height_mm + (layout.down - 1) * GAP_MM <= height
                taller = replace(layout, row_height_mm=layout.row_height_mm + 0.1)
                assert (layout.row_height_mm == MAX_ROW_HEIGHT_MM
                        or layout.down * taller.pad_height_mm + (layout.down - 1) * GAP_MM
                        > height - layout.down * SLACK_MM)
                lowest = replace(layout, row_height_mm=MIN_ROW_HEIGHT_MM)
                more = layout.down + 1
                assert more * (lowest.pad_height_mm + SLACK_MM) + (more - 1) * GAP_MM > height


def test_eight_rows_on_a4_shrink_to_fit_two_pads_down():
    """One expansion row on A4: two pads down with rows a little under 12 mm, not a second
    page holding a total."""
    layout = pad_layout(PAPERS["a4"], 5, 8)
    assert layout.down == 2 and MIN_ROW_HEIGHT_MM <= layout.row_height_mm < MAX_ROW_HEIGHT_MM
    assert pad_layout(PAPERS["a4"], 5, 7).row_height_mm == MAX_ROW_HEIGHT_MM


def chooser(html: str) -> str:
    return html[html.index('<details class="blank-pad">'):html.index("</details>")]


def test_the_home_pages_chooser_offers_players_and_paper(client):
    """Issue 30 item 2: the chooser asks for the players and the paper too; the count starts
    at the most the preferred edition allows, the paper at the browser region's."""
    html = chooser(client.get("/", headers={"Accept-Language": "en-US"}).get_data(as_text=True))
    players = re.search(r'<select name="players" id="blank-players"[^>]*>(.*?)</select>', html)
    assert players and re.findall(r'<option value="(\d)"', players.group(1)) == list("345678")
    assert '<option value="7" selected>' in players.group(1)
    assert '<label for="blank-paper">Paper</label>' in html
    assert '<option value="letter" selected>Letter (US)</option>' in html
    html = chooser(client.get("/", headers={"Accept-Language": "en-GB"}).get_data(as_text=True))
    assert '<option value="a4" selected>A4</option>' in html
    most = json.loads(re.search(r"data-most-players=\"([^\"]*)\"", html).group(1)
                      .replace("&#34;", '"').replace("&quot;", '"'))
    assert most["first"]["cities"] == 8 and most["first"][""] == 7
    assert most["second"]["cities leaders"] == 7
    assert len(most["first"]) == 2 ** len(expansions())
    client.set_cookie("lang", "nl")
    html = chooser(client.get("/").get_data(as_text=True))
    assert "Papierformaat" in html and "Spelers" in html and "Letter (VS)" in html
