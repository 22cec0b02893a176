"""The words effects are told in, shared by the score explanations and the cards' sentences.

A card's page says what it does in sentences made from its effect data ("1 point per brown
card in the neighbouring cities."); the score pad explains the same effect with the same nouns
and phrases ("Workers Guild: 1 per brown card in the neighbouring cities × 3 = 3"). Both take
them from here, so a translation fixed once reads the same in both places.
"""

from __future__ import annotations

from collections.abc import Iterable

from .messages import N_, Message

#: what a per-item effect counts (an expansion names its own counts with
#: :func:`register_counted_noun`)
COUNTED_NOUNS = {
    "brown": N_("brown card"), "grey": N_("grey card"), "blue": N_("blue card"),
    "yellow": N_("yellow card"), "red": N_("red card"), "green": N_("green card"),
    "purple": N_("purple card"), "wonder_stage": N_("wonder stage"),
    "defeat_token": N_("defeat token"), "victory_token": N_("victory token"),
}
#: the cities a per-item effect looks at
WHOSE_PHRASES = {
    "self": N_("in own city"),
    "neighbours": N_("in the neighbouring cities"),
    "self+neighbours": N_("in own and neighbouring cities"),
}
#: the same msgids as the build checker's resource names
RESOURCE_NOUNS = {
    "wood": N_("wood"), "stone": N_("stone"), "clay": N_("clay"), "ore": N_("ore"),
    "glass": N_("glass"), "loom": N_("loom"), "papyrus": N_("papyrus"),
}
#: the same msgids as the science explanations' symbol names
SYMBOL_NOUNS = {"compass": N_("compass"), "gear": N_("gear"), "tablet": N_("tablet")}
#: the neighbours an effect trades with
NEIGHBOUR_PHRASES = {
    "left": N_("the left neighbour"), "right": N_("the right neighbour"),
    "both": N_("both neighbours"), "self": N_("own city"), "neighbours": N_("both neighbours"),
}
#: the goods of a trade discount
GOODS_NOUNS = {"raw": N_("raw materials"), "manufactured": N_("manufactured goods")}


def register_counted_noun(tally: str, noun: str) -> None:
    """Name a count an expansion adds to the cities' tallies (``N_`` text), for the lines."""
    COUNTED_NOUNS[tally] = noun


def words(table: dict[str, str], keys: Iterable[str]) -> tuple[Message, ...]:
    """The translatable words of some keys (rendered joined by commas)."""
    return tuple(Message(table[key]) for key in keys)


def word(table: dict[str, str], key: str) -> Message:
    return Message(table[key])


def resources(choice: Iterable[str]) -> Message:
    """"wood / clay": the resources of a choice, one of which is produced."""
    names = words(RESOURCE_NOUNS, choice)
    text = " / ".join([f"%(r{index})s" for index in range(len(names))])
    return Message(text, {f"r{index}": name for index, name in enumerate(names)})
