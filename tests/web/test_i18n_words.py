"""Dutch and Polish read as written by a native speaker (issue 21 item 9): Dutch joins its
compounds (the rulebook's card names keep their own spelling), no English words are left in
the science line or the quick pad, and the range message is the project's own, not WTForms'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.helpers import game, player, post_city
from tests.web.test_web_city import city

CATALOGS = Path(__file__).resolve().parents[2] / "translations"
#: split compounds the Dutch catalog once had ("Overwinning fiches", "Wonder fasen")
SPLIT = re.compile(r"\b(Overwinning|Nederlaag|Conflict|Wonder|Wetenschaps) (fiche|fase|symbo|gebouw)",
                   re.IGNORECASE)


def messages(locale: str):
    with open(CATALOGS / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return [message for message in read_po(handle) if message.id]


def texts(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def test_dutch_joins_its_compounds_except_in_the_rulebooks_card_names():
    split = [text for message in messages("nl")
             if not any(comment.startswith("nl:") for comment in message.auto_comments)
             for text in texts(message) if SPLIT.search(text)]
    assert split == []


def test_no_english_words_left_in_the_dutch_science_words():
    by_id = {message.id if isinstance(message.id, str) else message.id[0]: message
             for message in messages("nl")}
    assert texts(by_id["%(num)d tablet"]) == ["%(num)d tablet", "%(num)d tabletten"]
    assert "sets" not in texts(by_id["%(num)d set"])[1]
    assert texts(by_id["Tablets"]) == ["Tabletten"]
    assert texts(by_id["%(field)s: one more"]) == ["%(field)s: één meer"]


@pytest.mark.parametrize(("locale", "expected"), [
    ("nl", "Het getal moet tussen 0 en 999 liggen."),
    ("pl", "Liczba musi mieścić się w zakresie od 0 do 999.")])
def test_the_range_message_reads_well(app, client, locale, expected):
    from scorer import storage

    with app.app_context():
        game_id = storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                           player("Cy", "rhodes")))
    client.set_cookie("lang", locale)
    answer = post_city(client, app, game_id, 0, city(coins="1000"))
    assert answer.status_code == 422
    assert expected in answer.get_data(as_text=True)


# -- issue 30 item 10: every message read by the catalogs' rules ---------------------------

from babel.support import Translations  # noqa: E402

from scorer.engine.rules import editions, expansions, get_ruleset  # noqa: E402
from tests.cities.cities_docs import cities_game  # noqa: E402
from tests.cities.cities_docs import city as cities_city  # noqa: E402
from tests.leaders.test_leaders_api import GAME as LEADERS_GAME  # noqa: E402

#: words a label may capitalise after its first word: the rulebooks' own game terms (Polish
#: "Cud Świata" and "Era" as rulebook 001 writes them, Dutch "Tijdperk I"), the boxes' names
#: and abbreviations; anything else capitalised mid-label is Title Case copied from English
PROPER = {"Świata", "Cud", "Cudu", "Cuda", "Cudem", "Cudów", "Era", "Ery", "Erze", "Erę",
          "Tijdperk", "Vrije", "Stad", "Wolne", "Miasto", "Cities", "Leaders", "Miasta",
          "Liderzy", "Armada", "Babel", "Edifice", "Wonders", "I", "II", "III", "A", "B",
          "JSON", "PDF", "CSV", "QR", "API", "US", "VS", "USA", "Letter", "Wi-Fi"}


def translations(locale: str) -> Translations:
    return Translations.load(str(CATALOGS), [locale])


def score_lines(client, document: dict, locale: str) -> dict:
    """Each player's explanations, by name, as the score API renders them in ``locale``."""
    answer = client.post("/api/v1/score", json=document, headers={"Accept-Language": locale})
    assert answer.status_code == 200, answer.get_json()
    return {player["name"]: player["explanations"] for player in answer.get_json()["players"]}


def title_case_words(text: str) -> list[str]:
    """The capitalised words of a label after the first word of each of its sentences."""
    found = []
    for sentence in re.split(r"[.?!]\s+", text):
        words = re.findall(r"[^\W\d_][\w'-]*", sentence)
        found += [word for word in words[1:] if word[0].isupper() and word not in PROPER]
    return found


def labels(locale: str) -> dict[str, str]:
    """Every label of the catalogs (a message of at most six words, no parameter, no
    sentence) and every score-pad row of every edition and expansion, translated."""
    found = {}
    for message in messages(locale):
        if (message.context or not isinstance(message.id, str) or "%" in message.id
                or len(message.id.split()) > 6 or message.id.rstrip(":").endswith((".", "?"))):
            continue
        if message.id[:1].isupper():
            found[message.id] = message.string
    catalog = translations(locale)
    for edition in editions():
        for row in get_ruleset(edition, expansions()).rows:
            found[row.label.text] = row.label.render(catalog)
    return found


@pytest.mark.parametrize("locale", ["nl", "pl"])
def test_labels_and_score_rows_are_in_sentence_case(locale):
    """"Militaire conflicten", "Ruwe grondstoffen", "Żetony zwycięstwa": the rows and
    categories say their first word with a capital, as Dutch and Polish write, not Title
    Case copied from English ("Militaire Conflicten", "Żetony Zwycięstwa")."""
    cased = {label: text for label, text in labels(locale).items() if title_case_words(text)}
    assert cased == {}
    assert labels("nl")["Military"] == "Militaire conflicten"
    assert labels("pl")["Victory tokens"] == "Żetony zwycięstwa"


def test_the_wrong_words_the_players_found_are_gone():
    by_id = {locale: {message.id if isinstance(message.id, str) else message.id[0]: message
                      for message in messages(locale) if not message.context}
             for locale in ("nl", "pl")}
    every = {locale: " ".join(text for message in messages(locale) for text in texts(message))
             for locale in ("nl", "pl")}
    # rows of a pad are "wiersze" ("w rzędzie" is "in a row, in succession")
    assert "wiersz" in texts(by_id["pl"]["Mean points per row"])[0]
    assert texts(by_id["pl"]["Row"]) == ["Wiersz"]
    assert not re.search(r"\brz[ąę]d", every["pl"], re.IGNORECASE)
    assert "door de tijd" not in every["nl"]
    # Dutch lower case mid-sentence: the counted nouns glued into "1 per ..."
    assert texts(by_id["nl"]["victory token"]) == ["overwinningsfiche"]
    assert texts(by_id["nl"]["wonder stage"]) == ["wonderfase"]
    assert not re.search(r"\b[a-z][a-zë]*,? (Overwinningsfiche|Nederlaagfiche|Wonderfase|Gilde\b)",
                         every["nl"])
    # the Polish Leaders box and rulebook say "Liderzy" / "lider", never "przywódca"
    assert not re.search("przywódc", every["pl"], re.IGNORECASE)
    assert "długu =" not in every["pl"]


def test_card_names_no_rulebook_gives_join_their_dutch_compounds():
    """"Architectengilde", not "Architecten Gilde"; the rulebook's own names ("Spionnen Gilde",
    "Bos Grot": a translator comment "nl: ...") keep the rulebook's spelling."""
    split = {message.id: message.string for message in messages("nl")
             if message.context == "card"
             and not any(comment.startswith("nl:") for comment in message.auto_comments)
             and re.search(r"\w \b(Gilde|Grot)\b", message.string)}
    assert split == {}


@pytest.mark.parametrize(("locale", "boxes"), [("nl", "Leaders + Cities"),
                                               ("pl", "Liderzy + Miasta")])
def test_the_boxes_are_called_as_on_the_dutch_and_polish_boxes(client, locale, boxes):
    """Caligula comes from the Cities box and plays with Leaders: both names as printed on
    the boxes (Dutch keeps the English box names, Polish translates both), never one of
    each ("Cities + Leiders")."""
    client.set_cookie("lang", locale)
    page = client.get("/cards/first/caligula").get_data(as_text=True)
    assert boxes in page


def test_a_polish_copied_symbol_agrees_with_its_gender_and_names_stand_whole(client):
    """A mask copies a compass (masculine), a gear (neuter) and a tablet (feminine): each
    Polish line is whole, its pronoun agreeing, the card in the nominative, the player after
    "gracza" ("tabliczka skopiowany przez Gołębnik od Ada" read wrong on three counts)."""
    game = cities_game(
        cities_city("Ada", "babylon", "A", 0, ["apothecary", "workshop", "scriptorium"]),
        cities_city("Bo", "gizah", "A", 3, ["pigeon-loft", "torture-chamber", "spy-ring",
                                            "builders-guild", "slave-market"],
                    coins=7, debt=3, victory_1=1),
        cities_city("Cy", "rhodes", "A", 0, ["secret-society"]))
    polish = score_lines(client, game, "pl")["Bo"]
    masks = "(Gołębnik|Sala Tortur|Siatka Szpiegowska)"
    assert re.search(rf"cyrkiel z miasta gracza Ada \(kopiuje go {masks}\)", polish["science"])
    assert re.search(rf"koło zębate z miasta gracza Ada \(kopiuje je {masks}\)",
                     polish["science"])
    assert re.search(rf"tabliczka z miasta gracza Ada \(kopiuje ją {masks}\)", polish["science"])
    assert "skopiowany" not in polish["science"] and "przez" not in polish["science"]
    assert polish["coins"].startswith("7 monet ÷ 3 = 2, minus dług 3 = ")
    assert "1 za każdy etap Cudu Świata we własnym i sąsiednich miastach" in polish["guilds"]
    assert "1 za każdy żeton zwycięstwa we własnym mieście" in polish["cities"]
    assert ("Tajne Stowarzyszenie: 1 za każdą czarną kartę we własnym mieście"
            in score_lines(client, game, "pl")["Cy"]["cities"])
    dutch = score_lines(client, game, "nl")["Bo"]
    assert re.search(r"een tablet van Ada, gekopieerd door (Duiventil|Martelkamer|"
                     r"Spionagenetwerk)", dutch["science"])
    assert "Bouwers Gilde: 1 per wonderfase in de eigen en de naburige steden" in dutch["guilds"]
    assert "Slavenmarkt: 1 per overwinningsfiche in de eigen stad" in dutch["cities"]


def test_polish_leader_lines_agree_whoever_the_leader_is(client):
    """Cleopatra buried, Enheduanna's copy, Aganice's swap, Sappho copied by the Courtesans
    Guild: a participle qualifies the noun "lider" (whose gender the sentence knows), never
    the leader's name."""
    lines = score_lines(client, LEADERS_GAME, "pl")
    assert "Pochowany lider Kleopatra: 2 × " in lines["Bo"]["wonder"]
    assert "Kleopatra pochowany" not in lines["Bo"]["wonder"]
    assert "Gildia Kurtyzan kopiuje lidera Safona od gracza Cy" in lines["Bo"]["leaders"]
    assert "jeszcze jeden cyrkiel (Enheduanna)" in lines["Ana"]["science"]
    assert "cyrkiel → koło zębate (zamiana: Aganike)" in lines["Ana"]["science"]
    dutch = score_lines(client, LEADERS_GAME, "nl")
    assert "nog een passer (Enheduanna)" in dutch["Ana"]["science"]


@pytest.mark.parametrize(("card", "polish"), [
    ("hammurabi", "Za niebieskie budowle płaci się o 1 surowiec mniej"),
    ("imhotep", "Za etapy Cudu Świata płaci się o 1 surowiec mniej"),
    ("ramses", "Wszystkie gildie buduje za darmo."),
    ("xenophon", "Po 2 monety za żółte budowle zbudowane później"),
    ("caligula", "Raz na Erę buduje za darmo jedną budowlę tego rodzaju: czarne budowle.")])
def test_a_leaders_building_sentence_is_whole_in_polish(client, card, polish):
    """"Each blue building", "every wonder stage" glued into one frame took "każdy obiekt:"
    in Polish; the buildings are now named in the plural, which every frame can take."""
    client.set_cookie("lang", "pl")
    page = client.get(f"/cards/first/{card}").get_data(as_text=True)
    assert polish in page
