"""What a printed PDF looks like, as numbers: every piece of text, image, background and border
WeasyPrint lays out, where and how large (images, and images drawn as backgrounds), for a few
varied documents.

The renderer is tuned for speed (``scorer/pdf/render.py``: its user-agent stylesheet, the
stylesheet's selectors, the templates' markup); none of that may move what is printed.
``tests/pdf/test_look.py`` compares the layout of these documents with the one stored in
``tests/data/pdf_look.json.gz``, written by the code before the tuning. The signature leaves
out the boxes that only hold others on a line (inline boxes, inline blocks, line boxes): the
markup inside a cell may change as long as its text lands where it did.

Write the expectation again (only after a change that is meant to change the printed look,
checked by eye on the PDFs) with::

    .venv/bin/python -m tests.pdf.look --write
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import random
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from weasyprint.draw.color import get_color
from weasyprint.formatting_structure import boxes

EXPECTED = Path(__file__).parent.parent / "data" / "pdf_look.json.gz"
#: the report's HTML as the report's code wrote it (its charts, dates and figures held still)
REPORT_HTML = Path(__file__).parent.parent / "data" / "pdf_look_report.html.gz"
#: how far a number may move (CSS px, 1/96 inch: 0.1 px is 0.075 pt)
TOLERANCE = 0.1
PLAYED = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
SKIPPED = (boxes.LineBox, boxes.InlineBox, boxes.InlineBlockBox)
NUMBER = re.compile(r"-?\d+\.\d+")


def _num(value) -> str:
    return f"{float(value or 0):.2f}"


def _colour(colour) -> str:
    return "none" if colour is None or colour.alpha == 0 else ",".join(
        f"{channel:.3f}" for channel in colour)


def signature(document) -> list[str]:
    """One line per printed thing of ``document`` (a WeasyPrint ``Document``), in tree order."""
    lines = []

    def visit(box, page: int) -> None:
        style = box.style
        if isinstance(box, boxes.TextBox):
            lines.append(f"{page} T {_num(box.position_x)} {_num(box.position_y)} "
                         f"{_num(box.width)} {_num(box.height)} {_num(style['font_size'])} "
                         f"{style['font_weight']} {style['font_style']} "
                         f"{_colour(style['color'])} {box.text!r}")
        elif isinstance(box, boxes.ReplacedBox):
            lines.append(f"{page} I {_num(box.content_box_x())} {_num(box.content_box_y())} "
                         f"{_num(box.width)} {_num(box.height)}")
        elif not isinstance(box, SKIPPED):
            borders = " ".join(
                f"{_num(getattr(box, f'border_{side}_width'))}:"
                f"{_colour(get_color(style, f'border_{side}_color'))}:{style[f'border_{side}_style']}"
                for side in ("top", "right", "bottom", "left")
                if getattr(box, f"border_{side}_width", 0))
            lines.append(f"{page} K {type(box).__name__} {box.element_tag} "
                         f"{_num(box.border_box_x())} {_num(box.border_box_y())} "
                         f"{_num(box.border_width())} {_num(box.border_height())} "
                         f"bg={_colour(style['background_color'])} {borders}".rstrip())
        elif _colour(style["background_color"]) != "none":
            lines.append(f"{page} B {_num(box.border_box_x())} {_num(box.border_box_y())} "
                         f"{_num(box.border_width())} {_num(box.border_height())} "
                         f"{_colour(style['background_color'])}")
        background = getattr(box, "background", None)
        for layer in background.layers if background else ():
            if layer.image is not None:  # an icon drawn as a background (the sheet's labels)
                area_x, area_y = layer.positioning_area[:2]
                lines.append(f"{page} G {_num(area_x + layer.position[0])} "
                             f"{_num(area_y + layer.position[1])} {_num(layer.size[0])} "
                             f"{_num(layer.size[1])}")
        for child in getattr(box, "children", None) or ():
            visit(child, page)

    for number, page in enumerate(document.pages, 1):
        visit(page._page_box, number)
    return lines


def differences(expected: list[str], found: list[str], most: int = 8) -> list[str]:
    """The lines that differ beyond :data:`TOLERANCE` (their numbers) or at all (the rest)."""
    found_lines = []
    for index in range(max(len(expected), len(found))):
        old = expected[index] if index < len(expected) else "(none)"
        new = found[index] if index < len(found) else "(none)"
        if old != new:
            same_words = NUMBER.sub("#", old) == NUMBER.sub("#", new)
            if not same_words or any(
                    abs(float(a) - float(b)) > TOLERANCE
                    for a, b in zip(NUMBER.findall(old), NUMBER.findall(new), strict=True)):
                found_lines.append(f"line {index}:\n  was {old}\n  now {new}")
        if len(found_lines) >= most:
            break
    return found_lines


# --- the documents ------------------------------------------------------------------------------

def _seven() -> dict:
    from tests.helpers import game, player

    return game(
        player("Zofia Ściślak", "olympia", "B", 3, ["altar", "temple", "lodge", "workshop",
                                                     "scriptorium"], 7, victory_1=1, victory_3=1,
               defeat=1),
        player("Ĳsbrand Noël", "babylon", "A", 2, ["apothecary", "dispensary", "library",
                                                    "scientists-guild"], 3, defeat=2),
        player("Bartłomiej Kęś", "gizah", "A", 3, ["pantheon", "palace", "senate",
                                                    "traders-guild"], 12, victory_5=2),
        player("Ada", "rhodes", "A", 1, ["barracks", "stables", "fortifications",
                                         "chamber-of-commerce", "loom"], 5),
        player("Björn", "alexandria", "A", 2, ["marketplace", "forum", "haven", "glassworks",
                                               "press"], 9),
        player("Chloë", "ephesos", "A", 3, ["baths", "courthouse", "gardens", "town-hall"], 4),
        player("Daan van der Ĳssel-Wiśniewski", "halikarnassos", "A", 2,
               ["tavern", "vineyard", "arena", "magistrates-guild", "spies-guild"], 1))


def _cities_teams() -> dict:
    from tests.cities import cities_docs

    return cities_docs.deal(random.Random(31), "first", 8, leaders=True, teams=True)


def _every_expansion_waiting() -> dict:
    from tests.groups.test_group_looks import every_expansion_game

    document = every_expansion_game(random.Random(7), "second", 5)
    document["players"][3]["entered"] = False
    return document


#: sheet cases: (document, title, language, paper)
SHEETS = {
    "sheet-seven-en-a4": (_seven, None, "en", "a4"),
    "sheet-cities-teams-pl-letter": (_cities_teams, "Czwartkowy wieczór: Zażółć gęślą jaźń",
                                     "pl", "letter"),
    "sheet-every-expansion-waiting-nl-a4": (_every_expansion_waiting, "Spelavond", "nl", "a4"),
}
#: blank pad cases: (players, language, paper, every expansion)
PADS = {"pad-seven-en-a4": (7, "en", "a4", False),
        "pad-every-expansion-pl-letter": (8, "pl", "letter", True)}
CASES = (*SHEETS, *PADS, "report-pl-a4")


def case_html(app, name: str) -> str:
    """The HTML of the case ``name``, from the templates of today's code (the report's is kept:
    its figures and dates depend on the day it is drawn)."""
    from scorer.engine.rules import expansions, get_ruleset
    from scorer.pdf.pad import blank_pad_html
    from scorer.pdf.paper import PAPERS
    from scorer.pdf.sheet import game_sheet_html
    from scorer.storage import create_game, load_game

    if name in SHEETS:
        build, title, language, paper = SHEETS[name]
        with app.test_request_context():
            saved = load_game(create_game(build(), title))
            saved = dataclasses.replace(saved, created_at=PLAYED, updated_at=PLAYED)
            return game_sheet_html(saved, language, PAPERS[paper])
    if name in PADS:
        players, language, paper, every = PADS[name]
        ruleset = get_ruleset("first", expansions()) if every else get_ruleset("first")
        with app.test_request_context():
            return blank_pad_html(players, language, PAPERS[paper], ruleset)
    return gzip.decompress(REPORT_HTML.read_bytes()).decode("utf-8")


def case_signature(app, name: str) -> list[str]:
    from scorer.pdf.render import renderer

    return signature(renderer(app.static_folder).document(case_html(app, name)))


def _report_html(app) -> str:
    """A group's report as its code writes it: twelve games with every expansion, long names,
    in Polish (what :data:`REPORT_HTML` keeps)."""
    from scorer.groups import service
    from scorer.groups.statistics import Filters
    from scorer.pdf import document as pdf_document
    from scorer.pdf.group_report import report_pdf
    from scorer.pdf.paper import PAPERS
    from tests.groups.test_group_looks import every_expansion_game
    from tests.groups.test_group_report_fit import NAMES

    client = app.test_client()
    group_id = client.post("/api/v1/groups", json={"name": "Czwartkowy wieczór gier"}).json["id"]
    rng = random.Random(5)
    for number in range(12):
        document = every_expansion_game(rng, ("first", "second")[number % 2], 6)
        for city, name in zip(document["players"], rng.sample(NAMES, 6), strict=False):
            city["name"] = name
        assert client.post(f"/api/v1/groups/{group_id}/games", json=document).status_code == 201
    kept = {}
    original = pdf_document.pdf_of
    pdf_document.pdf_of = lambda html: kept.setdefault("html", html).encode()
    try:
        with app.test_request_context(headers={"Accept-Language": "pl"}):
            from flask_babel import force_locale

            with force_locale("pl"):
                report_pdf(service.load(group_id), Filters(), "pl", PAPERS["a4"])
    finally:
        pdf_document.pdf_of = original
    return kept["html"]


def main() -> None:
    import tempfile

    from scorer import create_app

    if sys.argv[1:] != ["--write"]:
        raise SystemExit(__doc__)
    folder = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "SECRET_KEY": "look", "WTF_CSRF_ENABLED": False,
                      "DATABASE": f"{folder}/look.sqlite"})
    if not REPORT_HTML.exists():
        REPORT_HTML.write_bytes(gzip.compress(_report_html(app).encode("utf-8"), mtime=0))
    expected = {name: case_signature(app, name) for name in CASES}
    EXPECTED.write_bytes(gzip.compress(
        json.dumps(expected, ensure_ascii=False, indent=0).encode("utf-8"), mtime=0))
    for name, lines in expected.items():
        print(name, len(lines), "lines")


if __name__ == "__main__":
    main()
