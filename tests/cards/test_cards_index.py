"""The rules at hand without Flask: every catalog's ids are entries, every effect says what it
does, rulings are tied to ids that exist, and the search finds names in three languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine.cards_at_hand.index import CardIndex, Filters
from scorer.engine.cards_at_hand.ruling import Ruling
from scorer.engine.cards_at_hand.search import fold
from scorer.engine.cards_at_hand.sentences import sentences_of
from scorer.engine.catalog import Effect
from scorer.engine.effects import EFFECT_KINDS, EffectKind, UnknownEffect
from scorer.engine.expansions.leaders.catalog import leader_catalog
from scorer.engine.messages import Message
from scorer.engine.rules import editions, expansions, get_ruleset
from scorer.engine.scoring import score_game
from scorer.engine.validation import parse_game
from tests.helpers import game, player


def catalog_ids(edition: str) -> set[str]:
    """Every id the app loads for an edition, read from the rulesets (not from the index)."""
    ruleset = get_ruleset(edition, expansions())
    ids = set(ruleset.catalog.cards) | set(ruleset.catalog.wonders)
    ids |= set(leader_catalog(ruleset).leaders)
    for name in expansions():
        single = get_ruleset(edition, (name,))
        ids |= set(single.catalog.cards) | set(single.catalog.wonders)
    return ids


@pytest.mark.parametrize("edition", editions())
def test_every_id_of_every_catalog_is_an_entry(index, edition):
    entries = {entry.id for entry in index.entries if entry.edition == edition}
    assert entries == catalog_ids(edition)
    assert {"euclid", "roma", "petra", "olympia", "militia"} <= entries
    assert len(entries) > 150


def test_every_effect_has_a_sentence_in_every_language(index, languages):
    checked = 0
    for entry in index.entries:
        items = [entry.effects, entry.board, *(side.board for side in entry.sides),
                 *(stage.effects for side in entry.sides for stage in side.stages)]
        for sentences in items:
            for sentence in sentences:
                for translator in languages.values():
                    text = sentence.render(translator)
                    assert text and "%(" not in text, (entry.id, text)
                    checked += 1
    assert checked > 1500


def test_a_card_with_effects_has_at_least_one_sentence_per_effect():
    for edition in editions():
        ruleset = get_ruleset(edition, expansions())
        for card in ruleset.catalog.cards.values():
            assert len(sentences_of(card.effects, card.id)) >= len(card.effects) > 0
        for wonder in ruleset.catalog.wonders.values():
            for stages in wonder.sides.values():
                for stage in stages:
                    assert len(sentences_of(stage.effects, wonder.id)) >= len(stage.effects)


def test_a_kind_without_a_sentence_is_refused_when_registered():
    with pytest.raises(ValueError, match="no sentence"):
        EffectKind("bonus_coins", "in_play", {"amount": (int,)})
    assert all(kind.says is not None for kind in EFFECT_KINDS.values())


def test_an_effect_whose_kind_says_nothing_fails_at_load_time():
    silent = EffectKind("silent", "in_play", says=lambda params: ())
    with pytest.raises(UnknownEffect, match="says nothing"):
        sentences_of([Effect("silent", {}, silent)], "card 'x'")


def test_a_ruling_naming_an_unknown_id_fails_when_the_index_is_built(index, monkeypatch, languages):
    from scorer.engine.cards_at_hand import index as module

    wrong = Ruling("X1", Message("?"), ("no-such-card",))
    monkeypatch.setattr(module, "RULINGS", (*module.RULINGS, wrong))
    with pytest.raises(ValueError, match="no-such-card"):
        CardIndex(languages, index.entries)


def test_rulings_are_tied_to_cards_and_editions(index):
    ids = {ruling.id for ruling in index.rulings_of(index.get("first", "olympia"))}
    assert {"E2", "E8", "E17", "C11", "R17"} <= ids
    assert "C17" not in ids and "P1" not in ids  # second-edition rulings
    assert {"C17", "P1", "E17"} <= {r.id for r in index.rulings_of(index.get("second", "olympia"))}
    assert [r.id for r in index.rulings_of(index.get("first", "spies-guild"))] == ["E8", "C3"]
    assert index.rulings_of(index.get("first", "lumber-yard")) == ()
    assert len({ruling.id for ruling in index.rulings}) == len(index.rulings)


def test_sentences_use_the_words_of_the_score_explanations(index, languages):
    """The Workers Guild's sentence and its explanation share "brown card in the neighbouring
    cities" in every language."""
    parsed, _ = parse_game(game(player("Ada", "gizah", cards=["workers-guild"]),
                                player("Bo", "rhodes", cards=["lumber-yard"]),
                                player("Cy", "babylon", cards=["stone-pit"])))
    line = score_game(parsed).players[0].explanations["guilds"][0]
    sentence = index.get("first", "workers-guild").effects[0]
    for code, translator in languages.items():
        noun = Message("brown card").render(translator)
        place = Message("in the neighbouring cities").render(translator)
        assert f"{noun} {place}" in line.render(translator), code
        assert f"{noun} {place}" in sentence.render(translator), code


def test_production_says_whether_a_neighbour_may_buy_it(index):
    said = [s.render() for s in index.get("first", "tree-farm").effects]
    assert said == ["Produces 1 of wood / clay (the owner's choice, each turn).",
                    "A neighbour may buy it."]
    assert [s.render() for s in index.get("first", "forum").effects][-1] == \
        "Neighbours cannot buy it."


def test_a_wonder_has_both_sides_stage_by_stage(index):
    olympia = index.get("first", "olympia")
    assert [side.id for side in olympia.sides] == ["A", "B"]
    assert [stage.effects[0].render() for stage in olympia.sides[1].stages][2].startswith(
        "At the end of the game, copies one guild")
    roma = index.get("second", "roma")
    assert [side.id for side in roma.sides] == ["day", "night"]
    assert roma.sides[0].board[0].render() == "Recruits every later leader for free."


def test_leaders_and_cities_entries_say_what_they_need(index):
    assert index.get("first", "euclid").expansions == ("leaders",)
    assert index.get("first", "caligula").expansions == ("leaders", "cities")
    assert index.get("first", "semiramis").expansions == ("leaders", "cities")
    assert index.get("second", "semiramis") is None
    assert index.get("first", "guild-of-shadows").expansions == ("cities",)
    assert index.get("first", "maecenas").cost == {"coins": 1}
    assert index.get("first", "cleopatra").cost == {"coins": 4} or index.get(
        "first", "cleopatra").cost_is_age


def test_players_are_read_from_the_deck_marks(index):
    assert index.get("first", "lumber-yard").players == (3, 4, 5, 6, 7)
    assert index.get("first", "academy").players == (3, 4, 5, 6, 7)
    assert index.get("first", "spies-guild").players == (3, 4, 5, 6, 7)
    assert index.get("first", "guild-of-shadows").players == (3, 4, 5, 6, 7, 8)
    baths = index.get("first", "baths")  # marks 3+ and 7+
    assert min(mark for marks in baths.copies.values() for mark in marks) == 3
    assert baths.players == (3, 4, 5, 6, 7)
    assert index.get("second", "ludus").players == (5, 6, 7)


def names(entry, languages) -> dict[str, str]:
    return {code: entry.label.render(translator) for code, translator in languages.items()}


def test_each_name_in_each_language_is_found_first(index, languages):
    checked = 0
    for entry in index.entries:
        for code, name in names(entry, languages).items():
            first = index.search(name, Filters(edition=entry.edition), limit=1)
            assert first and first[0] is entry, (entry.key, code, name, first and first[0].key)
            assert index.search(name, limit=1)[0].id == entry.id, (entry.key, code, name)
            checked += 1
    assert checked == 3 * len(index.entries)


def test_case_and_diacritics_are_ignored(index):
    spies = index.get("first", "spies-guild")
    assert index.search("GILDIA SZPIEGOW", Filters(edition="first"), 1) == [spies]
    assert fold("Łaźnia Ĳzer Ønsker") == "laznia ijzer onsker"


def test_effect_words_find_cards(index):
    black = index.search("black", Filters(edition="first"))
    assert index.get("first", "guild-of-shadows") in black
    assert index.get("first", "olympia") in index.search("copies", limit=3)
    assert index.search("zzzzqqqq") == []


def test_a_typo_or_two_is_forgiven_in_a_long_word(index):
    assert index.search("Counterfiters", limit=1)[0].id == "counterfeiters-guild"
    assert index.search("Shipowenrs Gild", limit=1)[0].id == "shipowners-guild"
    assert index.search("Scriptorum", limit=1)[0].id == "scriptorium"


def test_filters_narrow_the_entries(index):
    red_two = index.search("", Filters(edition="first", colour="red", age=2))
    assert {e.id for e in red_two} == {"walls", "training-ground", "stables", "archery-range"}
    base = index.search("guild", Filters(edition="first", played=frozenset()))
    assert base and all(not e.expansions for e in base)
    assert all(e.expansion == "cities" for e in index.search("", Filters(expansion="cities")))


def typo(word: str, data) -> str:
    """One typing slip in ``word``: a letter changed, added, dropped, or two swapped."""
    position = data.draw(st.integers(0, len(word) - 1), label="position")
    kind = data.draw(st.sampled_from(["change", "add", "drop", "swap"]), label="kind")
    letter = data.draw(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), label="letter")
    if kind == "change":
        return word[:position] + letter + word[position + 1:]
    if kind == "add":
        return word[:position] + letter + word[position:]
    if kind == "drop":
        return word[:position] + word[position + 1:]
    position = min(position, len(word) - 2)
    return word[:position] + word[position + 1] + word[position] + word[position + 2:]


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_a_typo_in_a_long_word_finds_the_card_in_the_first_three(index, languages, data):
    entry = data.draw(st.sampled_from(index.entries), label="entry")
    code = data.draw(st.sampled_from(sorted(languages)), label="language")
    words = fold(entry.label.render(languages[code])).split()
    long_words = [number for number, word in enumerate(words) if len(word) >= 5]
    if not long_words:
        return
    number = data.draw(st.sampled_from(long_words), label="word")
    words[number] = typo(words[number], data)
    found = index.search(" ".join(words), Filters(edition=entry.edition), limit=3)
    assert entry in found, (entry.key, code, " ".join(words), [e.id for e in found])
