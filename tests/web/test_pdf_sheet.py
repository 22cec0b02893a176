"""The filled score sheet of a saved game: every number, the winners and each player's details."""

from __future__ import annotations

import io
import re

import pytest
from babel.dates import format_date
from pypdf import PdfReader

from scorer.engine.messages import minus
from scorer.engine.scoring import score_game
from scorer.engine.validation import parse_game
from scorer.i18n import translator_for
from scorer.pdf.rows import ROWS, TOTAL
from scorer.safety.file_names import slug
from scorer.storage import create_game, load_game
from tests.helpers import game, player

SEVEN = game(
    player("Zofia Ściślak", "olympia", "B", 3, ["altar", "temple", "lodge", "workshop", "scriptorium"],
           7, victory_1=1, victory_3=1, defeat=1),
    player("Ĳsbrand Noël", "babylon", "A", 2, ["apothecary", "dispensary", "library", "scientists-guild"],
           3, defeat=2),
    player("Bartłomiej Kęś", "gizah", "A", 3, ["pantheon", "palace", "senate", "traders-guild"], 12,
           victory_5=2),
    player("Ada", "rhodes", "A", 1, ["barracks", "stables", "fortifications", "chamber-of-commerce",
                                     "loom"], 5),
    player("Björn", "alexandria", "A", 2, ["marketplace", "forum", "haven", "glassworks", "press"], 9),
    player("Chloë", "ephesos", "A", 3, ["baths", "courthouse", "gardens", "town-hall"], 4),
    player("Daan", "halikarnassos", "A", 2, ["tavern", "vineyard", "arena", "magistrates-guild",
                                             "spies-guild"], 1),
)
THREE = game(
    player("Źdźbło", "rhodes", "A", 2, ["altar", "barracks"], 10, victory_1=1),
    player("Eline", "gizah", "B", 1, ["baths", "apothecary"], 6, defeat=1),
    player("Sam", "ephesos", "A", 0, ["marketplace"], 2),
)


def save(app, document: dict, title: str | None = None):
    with app.app_context():
        return load_game(create_game(document, title))


def pages_of(pdf: bytes) -> list[str]:
    assert pdf.startswith(b"%PDF-")
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def flat(text: str) -> str:
    """Text with line breaks and runs of spaces as single spaces (the PDF wraps long lines)."""
    return " ".join(text.split())


def sheet(client, saved, lang: str = "en", query: str = ""):
    client.set_cookie("lang", lang)
    response = client.get(f"/games/{saved.id}/sheet.pdf{query}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return response


def report(app, document: dict, lang: str) -> dict:
    parsed, problems = parse_game(document)
    assert not problems
    catalog = translator_for(lang, app.config["BABEL_TRANSLATION_DIRECTORIES"])
    return score_game(parsed).as_dict(catalog)


def test_seven_player_sheet(app, client):
    saved = save(app, SEVEN, "Wieczór u Łukasza")
    response = sheet(client, saved)
    assert response.mimetype == "application/pdf"
    disposition = response.headers["Content-Disposition"]
    assert f'filename="7-wonders-wieczor-u-lukasza-{saved.created_at.date().isoformat()}.pdf"' \
        in disposition
    pages = pages_of(response.data)
    assert len(pages) == 3
    first = pages[0]
    expected = report(app, SEVEN, "en")
    assert "Wieczór u Łukasza" in first
    for entry in expected["players"]:
        assert entry["name"] in flat(first)
    # Every row's points, player after player in seating order, and the totals.
    for row in expected["categories"]:
        assert " ".join(minus(p["scores"][row]) for p in expected["players"]) in first, row
    assert " ".join(minus(p["total"]) for p in expected["players"]) in first
    assert " ".join(str(p["rank"]) for p in expected["players"]) in first
    assert expected["winners"] == ["Bartłomiej Kęś"]
    assert "Winner: Bartłomiej Kęś" in first
    assert "Details per player" in pages[1]


def test_details_hold_every_explanation_and_the_choices(app, client):
    saved = save(app, SEVEN)
    details = flat(" ".join(pages_of(sheet(client, saved).data)[1:]))
    expected = report(app, SEVEN, "en")
    for entry in expected["players"]:
        for row, text in entry["explanations"].items():
            assert flat(text) in details, (entry["name"], row)
    olympia = expected["players"][0]
    assert olympia["copied_guild"] == "scientists-guild"
    assert "Copied guild: Scientists Guild from Ĳsbrand Noël" in details
    assert olympia["science_choices"] == ["compass"]
    assert "Free symbols placed as: compass" in details
    assert "Science symbols: 1 compass, 1 gear, 1 tablet" in details
    assert "Free symbols placed as: compass, gear" in details  # Babylon and the copied guild


def test_three_player_sheet_is_two_pages(app, client):
    saved = save(app, THREE)
    response = sheet(client, saved)
    pages = pages_of(response.data)
    assert len(pages) == 2
    assert re.search(r'filename="7-wonders-\d{4}-\d{2}-\d{2}\.pdf"',
                     response.headers["Content-Disposition"])
    assert "7 Wonders" in pages[0]


@pytest.mark.parametrize("lang", ["en", "nl", "pl"])
def test_sheet_speaks_the_language(app, client, lang):
    """Labels and engine texts as each catalog renders them (English where not translated yet);
    the date comes from Babel's locale data and differs in every language already."""
    saved = save(app, SEVEN)
    pages = pages_of(sheet(client, saved, lang).data)
    text = flat(" ".join(pages))
    catalog = translator_for(lang, app.config["BABEL_TRANSLATION_DIRECTORIES"])
    for row in (*ROWS, TOTAL):
        assert catalog.gettext(row.label) in text, row.key
    assert format_date(saved.created_at, format="long", locale=lang) in pages[0]
    assert catalog.pgettext("wonder", "The Hanging Gardens of Babylon") in flat(pages[0])
    for entry in report(app, SEVEN, lang)["players"]:
        assert flat(entry["explanations"]["science"]) in text


def test_dates_differ_by_language(app, client):
    saved = save(app, THREE)
    firsts = {lang: pages_of(sheet(client, saved, lang).data)[0] for lang in ("en", "nl", "pl")}
    dates = {lang: format_date(saved.created_at, format="long", locale=lang) for lang in firsts}
    assert len(set(dates.values())) == 3
    for lang, first in firsts.items():
        assert dates[lang] in first


def test_shared_victory_and_coin_tie_break(app, client):
    tied = game(player("Ann", "rhodes", coins=6), player("Bob", "gizah", coins=6),
                player("Cy", "ephesos", coins=7))
    first = pages_of(sheet(client, save(app, tied)).data)[0]
    assert "Winners: Ann, Bob" not in first  # Cy has the same points and more coins
    assert "Winner: Cy" in first
    assert "Tied on points: the most coins decided." in first
    shared = game(player("Ann", "rhodes", coins=6), player("Bob", "gizah", coins=6),
                  player("Cy", "ephesos", coins=3))
    first = pages_of(sheet(client, save(app, shared)).data)[0]
    assert "Winners: Ann, Bob (shared victory)" in first


def test_free_city_is_marked_and_unranked(app, client):
    document = game(player("Ann", "rhodes", coins=3), player("Bob", "gizah", coins=6),
                    {**player("Free", "ephesos", coins=9), "free_city": True})
    first = flat(pages_of(sheet(client, save(app, document)).data)[0])
    assert "Free City" in first
    assert "2 1 —" in first  # ranks: Bob first, Ann second, the Free City none
    assert "Winner: Bob" in first


def test_letter_paper_on_request(app, client):
    saved = save(app, THREE)
    reader = PdfReader(io.BytesIO(sheet(client, saved, "en", "?paper=letter").data))
    assert (round(float(reader.pages[0].mediabox.width)), round(float(reader.pages[0].mediabox.height))) \
        == (612, 792)


def test_unknown_game_is_404(client):
    assert client.get("/games/no-such-game/sheet.pdf").status_code == 404


def test_bad_paper_is_400_naming_the_field(app, client):
    saved = save(app, THREE)
    response = client.get(f"/games/{saved.id}/sheet.pdf?paper=a0")
    assert response.status_code == 400
    assert "paper" in response.get_data(as_text=True)


def test_a_saved_game_the_engine_refuses_is_422_not_500(app, client):
    broken = game(player("Ann", "rhodes", cards=["lumberyard"]), player("Bob", "gizah"),
                  player("Cy", "ephesos"))
    response = client.get(f"/games/{save(app, broken).id}/sheet.pdf")
    assert response.status_code == 422
    assert "players[0].cards[0]" in response.get_data(as_text=True)


def test_only_the_shipped_font_is_embedded(app, client):
    """Polish and Dutch letters and the minus sign need no fallback font."""
    pdf = sheet(client, save(app, SEVEN, "Zażółć gęślą jaźń"), "pl").data
    fonts = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+", 1)[1])
    assert fonts == {"Scorer-Sans", "Scorer-Sans-Bold"}
    text = " ".join(pages_of(pdf))
    for letters in ("Zażółć gęślą jaźń", "Ĳsbrand", "Noël", "Bartłomiej Kęś"):
        assert letters in text
    military = report(app, SEVEN, "pl")["players"][0]["explanations"]["military"]
    assert "−" in military  # a defeat token is subtracted with a real minus sign
    assert flat(military) in flat(text)


def test_slug_keeps_file_names_ascii():
    assert slug("Gra u Łukasza!") == "gra-u-lukasza"
    assert slug("Ĳsselmeer-avond ë") == "ijsselmeer-avond-e"
    assert slug("   ") == ""
    assert len(slug("a very long title " * 10)) <= 60


def test_names_are_printed_as_typed_not_as_markup(app, client):
    document = game(player("<b>Ann</b>", "rhodes", coins=3), player("Bob & Co", "gizah"),
                    player('Cy "the" <i>', "ephesos"))
    text = flat(" ".join(pages_of(sheet(client, save(app, document, "<script>x</script>")).data)))
    for typed in ("<b>Ann</b>", "Bob & Co", 'Cy "the" <i>', "<script>x</script>"):
        assert typed in text


def test_a_sheet_of_a_game_waiting_for_cities_names_no_winner(app, client):
    """As on the live pad: until every city is entered there is no winner and no rank."""
    waiting = game(player("Ann", "gizah", coins=9), {**player("Bob", "rhodes"), "entered": False},
                   {**player("Cy", "babylon"), "entered": False})
    first = flat(pages_of(sheet(client, save(app, waiting)).data)[0])
    assert "Waiting for 2 cities: Bob, Cy." in first
    assert "Winner" not in first
    complete = game(player("Ann", "gizah", coins=9), player("Bob", "rhodes"), player("Cy", "babylon"))
    assert "Winner: Ann" in flat(pages_of(sheet(client, save(app, complete)).data)[0])


def test_the_header_names_the_rules_and_a_minus_is_a_true_minus(app, client):
    """Issue 21 item 10: which edition and expansions were played, and −3, not -3."""
    document = {"edition": "second", "expansions": ["leaders"], "players": [
        player("Ada", "gizah", "day", defeat=3), player("Bob", "babylon", "day"),
        player("Cy", "rhodes", "day")]}
    text = flat(pages_of(sheet(client, save(app, document)).data)[0])
    assert "Second edition (2020) · Leaders" in text
    assert "−3" in text and "-3" not in text
