"""The blank score pad: one page of pads that fit, in the user's language and paper size."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from scorer.i18n import translator_for
from scorer.pdf.layout import pad_layout
from scorer.pdf.pad import blank_pad_pdf
from scorer.pdf.paper import PAPERS
from scorer.pdf.rows import ROWS, TOTAL

POINTS_PER_MM = 72 / 25.4


def read(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(pdf))


def text_of(pdf: bytes) -> str:
    """The PDF's words in order, one space apart: long labels wrap onto two lines."""
    return " ".join(" ".join(page.extract_text() for page in read(pdf).pages).split())


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
