"""The leaders row: what each face-up leader scores, explained, and the Courtesans' copy.

Each scoring effect word has one function here (``SCORERS``) giving its points and a line a
player can check at the table ("Phryne: 4 blue cards, more than Ana (3) and Bo (2): 5").
Science leaders and Aristotle are resolved together with the city's free symbols by
:mod:`.science`, because their best choice depends on each other (rulings items 7 and 13).
Leaders whose effect the players already entered (coins, tokens, buildings) score nothing of
their own and say so (rulings item 9).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ...catalog import SCIENCE_SYMBOLS, Card, Effect, Stage
from ...city import City, Game
from ...copies import Choice
from ...messages import N_, Message, N_plural, Sum, nmessage
from ...science import NO_EXTRA, NO_OPTIONS, ExtraSymbols
from .cards import Leader, leaders_of
from .science import ScienceChoice, best_science

SIDE_WORDS = {"left": N_("left"), "right": N_("right")}
#: "4 blue cards" and "12 coins", per thing a "most" leader compares
HELD = {
    "brown": N_plural("%(num)d brown card", "%(num)d brown cards"),
    "grey": N_plural("%(num)d grey card", "%(num)d grey cards"),
    "blue": N_plural("%(num)d blue card", "%(num)d blue cards"),
    "yellow": N_plural("%(num)d yellow card", "%(num)d yellow cards"),
    "red": N_plural("%(num)d red card", "%(num)d red cards"),
    "green": N_plural("%(num)d green card", "%(num)d green cards"),
    "purple": N_plural("%(num)d purple card", "%(num)d purple cards"),
    "coins": N_plural("%(num)d coin", "%(num)d coins"),
}
COLOUR_NAMES = {
    "brown": N_("brown"), "grey": N_("grey"), "blue": N_("blue"), "yellow": N_("yellow"),
    "red": N_("red"), "green": N_("green"), "purple": N_("purple"),
}
SYMBOL_NOUNS = {"compass": N_("compass"), "gear": N_("gear"), "tablet": N_("tablet")}
#: the science lines naming one symbol are whole messages, one per symbol: a translation makes
#: "one" and "one more" agree with the symbol's gender (Polish: jeden cyrkiel, jedna tabliczka)
SYMBOL_GAINED = {
    "compass": N_("%(leader)s: one compass, scored in the science row"),
    "gear": N_("%(leader)s: one gear, scored in the science row"),
    "tablet": N_("%(leader)s: one tablet, scored in the science row"),
}
SYMBOL_COPIED = {
    "compass": N_("%(leader)s: one more compass, scored in the science row"),
    "gear": N_("%(leader)s: one more gear, scored in the science row"),
    "tablet": N_("%(leader)s: one more tablet, scored in the science row"),
}
SYMBOL_COPIED_PART = {
    "compass": N_("one more compass (%(leader)s)"),
    "gear": N_("one more gear (%(leader)s)"),
    "tablet": N_("one more tablet (%(leader)s)"),
}
VICTORY_VALUES = (("victory_5", 5), ("victory_3", 3), ("victory_1", 1))

NO_LEADER = Message(N_("No leader recruited: 0"))


@dataclass(frozen=True, slots=True)
class Buried:
    """A leader placed face down under Abu Simbel: no effect, twice its cost in the wonder row."""

    leader: Leader
    #: the Age it was recruited in; needed only for an "A" cost
    age: int | None = None

    @property
    def cost(self) -> int:
        return self.leader.cost_in(self.age) or 0

    @property
    def points(self) -> int:
        return 2 * self.cost

    def line(self) -> Message:
        return Message(N_("%(leader)s buried: 2 × %(cost)d = %(points)d"),
                       {"leader": self.leader.label, "cost": self.cost, "points": self.points})


#: ``score(game, index, owner, effect, copied) -> (points, explanation)``, the signature of
#: every end-game effect kind: ``owner`` the leader (or guild), ``copied`` True for the
#: Courtesans' copy
Scorer = Callable[..., tuple[int, Message]]


def _count(city: City, what: str) -> int:
    return city.coins if what == "coins" else city.count(what)


def per_coins(game: Game, index: int, leader: Leader | Card, effect: Effect,
              copied: bool = False) -> tuple[int, Message]:
    """Midas (and the Gamers Guild): 1 per full 3 coins, on top of the coins row."""
    coins, per = game.cities[index].coins, effect["coins"]
    points = coins // per * effect["vp"]
    return points, nmessage("%(leader)s: %(num)d coin ÷ %(per)d = %(points)d",
                            "%(leader)s: %(num)d coins ÷ %(per)d = %(points)d", coins,
                            leader=leader.label, per=per, points=points)


def per_set(game: Game, index: int, leader: Leader, effect: Effect,
            copied: bool = False) -> tuple[int, Message]:
    """Justinian, Plato: per complete set of one card of each listed colour."""
    colours = effect["colours"]
    sets = min(game.cities[index].count(colour) for colour in colours)
    points = sets * effect["vp"]
    return points, nmessage("%(leader)s: %(num)d set of %(colours)s × %(vp)d = %(points)d",
                            "%(leader)s: %(num)d sets of %(colours)s × %(vp)d = %(points)d",
                            sets, leader=leader.label,
                            colours=tuple(Message(COLOUR_NAMES[c]) for c in colours),
                            vp=effect["vp"], points=points)


def if_most(game: Game, index: int, leader: Leader, effect: Effect,
            copied: bool = False) -> tuple[int, Message]:
    """Strictly more than each neighbour (rulings item 10)."""
    what = effect["counts"]
    own = _count(game.cities[index], what)
    singular, plural = HELD[what]
    held = Message(singular, plural=plural, n=own)
    compared = [(city.name, _count(city, what)) for city in (game.left(index), game.right(index))]
    beaten = [entry for entry in compared if own > entry[1]]
    if len(beaten) == len(compared):
        (left, left_count), (right, right_count) = compared
        points = effect["vp"]
        return points, Message(
            N_("%(leader)s: %(held)s, more than %(left)s (%(left_count)d) and %(right)s "
               "(%(right_count)d): %(points)d"),
            {"leader": leader.label, "held": held, "left": left, "left_count": left_count,
             "right": right, "right_count": right_count, "points": points})
    others = tuple(Message(N_("%(name)s (%(count)d)"), {"name": name, "count": count})
                   for name, count in compared if own <= count)
    return 0, Message(N_("%(leader)s: %(held)s, not more than %(others)s: 0"),
                      {"leader": leader.label, "held": held, "others": others})


def if_no_defeat(game: Game, index: int, leader: Leader, effect: Effect,
                 copied: bool = False) -> tuple[int, Message]:
    defeats = game.cities[index].defeats
    if not defeats:
        points = effect["vp"]
        return points, Message(N_("%(leader)s: no defeat token: %(points)d"),
                               {"leader": leader.label, "points": points})
    return 0, nmessage("%(leader)s: %(num)d defeat token: 0", "%(leader)s: %(num)d defeat tokens: 0",
                       defeats, leader=leader.label)


def if_only_leader(game: Game, index: int, leader: Leader, effect: Effect,
                   copied: bool = False) -> tuple[int, Message]:
    """Agrippina: the only face-up leader; copied, only when the copier has none of its own."""
    own = len(leaders_of(game.cities[index]))
    others = own if copied else own - 1
    if not others:
        points = effect["vp"]
        return points, Message(N_("%(leader)s: no other leader recruited: %(points)d"),
                               {"leader": leader.label, "points": points})
    return 0, nmessage("%(leader)s: %(num)d other leader recruited: 0",
                       "%(leader)s: %(num)d other leaders recruited: 0", others, leader=leader.label)


def token_pairs(game: Game, index: int, leader: Leader, effect: Effect,
                copied: bool = False) -> tuple[int, Message]:
    """Gorgo: per value, one token's value per pair of tokens of that value (rulings item 11)."""
    tokens = game.cities[index].tokens
    terms = tuple((None, value) for kind, value in VICTORY_VALUES
                  for _ in range(tokens.get(kind, 0) // 2))
    if not terms:
        return 0, Message(N_("%(leader)s: no pair of equal victory tokens: 0"),
                          {"leader": leader.label})
    points = sum(value for _, value in terms)
    return points, Message(N_("%(leader)s: pairs of equal victory tokens: %(sum)s"),
                           {"leader": leader.label, "sum": Sum(terms, points)})


#: the score functions of the expansion's end-game kinds (registered by :mod:`.effects`)
SCORERS: dict[str, Scorer] = {
    "vp_per_coins": per_coins, "vp_per_set": per_set, "vp_if_most": if_most,
    "vp_if_no_defeat": if_no_defeat, "vp_if_only_leader": if_only_leader,
    "vp_per_victory_token_pair": token_pairs,
}


@dataclass(slots=True)
class LeaderScore:
    """The leaders row of one city and the science resolved with its leaders."""

    points: int
    lines: list[Message]
    science: ScienceChoice
    #: the science leaders' symbols added to the city's own, per symbol
    symbols: tuple[int, int, int]
    #: the leaders whose choices were resolved: Enheduanna's and Aganice's, in order
    copy_sources: tuple[Leader, ...] = ()
    swap_sources: tuple[Leader, ...] = ()
    copied: Leader | None = None
    copied_from: str | None = None
    copy_lines: list[Message] = field(default_factory=list)
    #: the other expansions' extra symbols chosen with the leaders' (in ``science.final``)
    extra: ExtraSymbols = NO_EXTRA

    @property
    def total(self) -> int:
        """What the leaders row and the science row then score together (Aristotle's points
        are the leaders row's: ``science.total`` counts them too, for choosing)."""
        return self.points + self.science.science


def evaluate(game: Game, index: int, leaders: Sequence[Leader], counts: tuple[int, int, int],
             wilds: int, copied: Leader | None = None,
             options: tuple[ExtraSymbols, ...] = NO_OPTIONS) -> LeaderScore:
    """Score ``leaders`` (face-up, and ``copied`` among them when the Courtesans copy one)
    for the city at seat ``index``, with its science symbols ``counts`` and ``wilds``, and
    the best of the other expansions' extra-symbol ``options`` (ties: the first)."""
    symbols = list(counts)
    copies: list[Leader] = []
    swaps: list[Leader] = []
    set_bonus = 0
    aristotles: list[tuple[Leader, int]] = []
    for leader in leaders:
        if leader.symbol_index >= 0:
            symbols[leader.symbol_index] += 1
        for effect in leader.effects:
            kind = effect.type
            if kind == "science_copy_most":
                copies.extend([leader] * effect["count"])
            elif kind == "science_swap":
                swaps.extend([leader] * effect["count"])
            elif kind == "vp_per_science_set":
                set_bonus += effect["vp"]
                aristotles.append((leader, effect["vp"]))
    placed = (symbols[0], symbols[1], symbols[2])
    choice, extra = None, NO_EXTRA
    for option in options:
        tried = best_science(option.on(placed), wilds, len(copies), len(swaps), set_bonus)
        if choice is None or tried.total > choice.total:
            choice, extra = tried, option
    points, lines = 0, []
    copy_index = swap_index = 0
    for leader in leaders:
        scored = False
        for effect in leader.effects:
            role = effect.kind.role
            if role == "points":
                points += effect["amount"]
                lines.append(Message(N_("%(leader)s: %(vp)d"),
                                     {"leader": leader.label, "vp": effect["amount"]}))
            elif role == "end_game":
                gained, line = effect.kind.score(game, index, leader, effect, leader is copied)
                points += gained
                lines.append(line)
            elif role == "science":
                lines.append(Message(SYMBOL_GAINED[effect["symbol"]], {"leader": leader.label}))
            elif effect.type == "vp_per_science_set":
                gained = choice.sets * effect["vp"]
                points += gained
                lines.append(nmessage(
                    "%(leader)s: %(num)d science set × %(vp)d = %(points)d",
                    "%(leader)s: %(num)d science sets × %(vp)d = %(points)d",
                    choice.sets, leader=leader.label, vp=effect["vp"], points=gained))
            elif effect.type == "science_copy_most":
                lines.append(copy_line(leader, choice.copies[copy_index]))
                copy_index += 1
            elif effect.type == "science_swap":
                lines.append(swap_line(leader, choice.swaps[swap_index]))
                swap_index += 1
            else:
                continue
            scored = True
        if not scored:
            lines.append(Message(N_("%(leader)s: no points of its own (its effect is in the "
                                    "coins, tokens and buildings entered): 0"),
                                 {"leader": leader.label}))
    added = (placed[0] - counts[0], placed[1] - counts[1], placed[2] - counts[2])
    return LeaderScore(points, lines, choice, added, tuple(copies), tuple(swaps), extra=extra)


def copy_line(leader: Leader, symbol: str | None) -> Message:
    if symbol is None:
        return Message(N_("%(leader)s: no science symbol to copy"), {"leader": leader.label})
    return Message(SYMBOL_COPIED[symbol], {"leader": leader.label})


def swap_line(leader: Leader, swapped: tuple[str, str] | None) -> Message:
    if swapped is None:
        return Message(N_("%(leader)s: no symbol changed (no change would score more)"),
                       {"leader": leader.label})
    return Message(N_("%(leader)s: a %(source)s turned into a %(target)s, scored in the science "
                      "row"), {"leader": leader.label, "source": Message(SYMBOL_NOUNS[swapped[0]]),
                               "target": Message(SYMBOL_NOUNS[swapped[1]])})


@lru_cache(maxsize=1024)
def copies_leader(item: Card | Stage) -> bool:
    """Whether the card (a Courtesans Guild) copies a neighbour's leader."""
    return any(effect.kind.role == "copy_leader" for effect in item.effects)


def score_leaders(game: Game, index: int, counts: tuple[int, int, int], wilds: int,
                  courtesans: Card | None = None, choice: Choice | None = None,
                  options: tuple[ExtraSymbols, ...] = NO_OPTIONS) -> LeaderScore:
    """The leaders row and science of one city; ``courtesans`` is the guild (built or copied
    by Olympia) that lets it copy a neighbour's face-up leader, ``choice`` the copy of the
    plan being scored with what it and the others are worth (:mod:`scorer.engine.copies`)."""
    own = tuple(leaders_of(game.cities[index]))
    made = choice.made if choice is not None else None
    if courtesans is None or made is None:
        result = evaluate(game, index, own, counts, wilds, options=options)
        if not own:
            result.lines.append(NO_LEADER)
        if courtesans is not None and not (choice is not None and choice.offered):
            result.copy_lines.append(Message(
                N_("%(card)s: no neighbour has a face-up leader to copy: 0"),
                {"card": courtesans.label}))
        return result
    leader = made.item
    outcome = evaluate(game, index, (*own, leader), counts, wilds, leader, options)
    others = tuple(Message(N_("%(leader)s %(gain)d"), {"leader": copy.item.label, "gain": worth})
                   for copy, worth in choice.others)
    params = {"card": courtesans.label, "leader": leader.label, "name": made.owner,
              "side": Message(SIDE_WORDS[made.side]), "gain": choice.worth, "others": others}
    if others:
        reason = Message(N_("%(card)s copies %(leader)s from %(name)s (%(side)s), worth "
                            "%(gain)d (other choices: %(others)s)"), params)
    else:
        reason = Message(N_("%(card)s copies %(leader)s from %(name)s (%(side)s), worth %(gain)d"),
                         params)
    outcome.lines.insert(len(own), reason)
    outcome.copied, outcome.copied_from = leader, made.owner
    outcome.copy_lines.append(Message(
        N_("%(card)s: copies %(leader)s, scored in the leaders row: 0"),
        {"card": courtesans.label, "leader": leader.label}))
    return outcome


def science_parts(result: LeaderScore) -> list[Message]:
    """What the leaders add to the science line: copied and changed symbols, by whom."""
    parts = []
    for leader, symbol in zip(result.copy_sources, result.science.copies, strict=True):
        if symbol is not None:
            parts.append(Message(SYMBOL_COPIED_PART[symbol], {"leader": leader.label}))
    for leader, swapped in zip(result.swap_sources, result.science.swaps, strict=True):
        if swapped is not None:
            parts.append(Message(N_("a %(source)s turned into a %(target)s (%(leader)s)"),
                                 {"source": Message(SYMBOL_NOUNS[swapped[0]]),
                                  "target": Message(SYMBOL_NOUNS[swapped[1]]),
                                  "leader": leader.label}))
    return parts


__all__ = ["SCIENCE_SYMBOLS", "Buried", "LeaderScore", "copies_leader", "evaluate",
           "score_leaders", "science_parts"]
