"""Final scoring of a first-edition game: the seven rows of the score pad, totals and winners.

Each row comes with an explanation a player can check against the table. Which row a card's
points go to follows the score pad: blue buildings are civilian, yellow commercial, purple
guilds, wonder stages the wonder row.

Scoring runs for every form submit and every PDF, so it reads the per-card facts the catalog
worked out at load time (points, symbol, per-item effects, translatable names) instead of
interpreting effects again for every city.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .catalog import SCIENCE_SYMBOLS, WILD, Card, Effect, Stage, Wonder
from .city import City, Game
from .messages import (
    ENGLISH,
    N_,
    Message,
    N_plural,
    Sum,
    Translator,
    nmessage,
)
from .science import SET_BONUS, best_placement, science_points

CATEGORIES = ("military", "coins", "wonder", "civilian", "science", "commercial", "guilds")
ROW_OF_COLOUR = {"blue": "civilian", "yellow": "commercial", "purple": "guilds"}
COINS_PER_POINT = 3

SYMBOL_NAMES = {
    "compass": N_plural("%(num)d compass", "%(num)d compasses"),
    "gear": N_plural("%(num)d gear", "%(num)d gears"),
    "tablet": N_plural("%(num)d tablet", "%(num)d tablets"),
}
SYMBOL_NOUNS = {"compass": N_("compass"), "gear": N_("gear"), "tablet": N_("tablet")}
COUNTED_NOUNS = {
    "brown": N_("brown card"), "grey": N_("grey card"), "blue": N_("blue card"),
    "yellow": N_("yellow card"), "red": N_("red card"), "green": N_("green card"),
    "purple": N_("purple card"), "wonder_stage": N_("wonder stage"),
    "defeat_token": N_("defeat token"),
}
WHOSE_PHRASES = {
    "self": N_("in own city"),
    "neighbours": N_("in the neighbouring cities"),
    "self+neighbours": N_("in own and neighbouring cities"),
}
SIDE_OF = {"left": N_("left"), "right": N_("right")}
TOKEN_ORDER = (("victory_1", 1), ("victory_3", 3), ("victory_5", 5), ("defeat", -1))

NOTHING = Message(N_("Nothing scores in this row: 0"))
NO_TOKENS = Message(N_("No conflict tokens: 0"))
NO_STAGE = Message(N_("No stage built: 0"))
NO_BLUE = Message(N_("No blue buildings: 0"))
NO_SCIENCE = Message(N_("No science symbols: 0"))
NO_GUILD_NEXT_DOOR = Message(N_("Olympia could copy a guild, but no neighbour has one: 0"))
PER_ITEM_LINE = N_("%(card)s: %(vp)d per %(what)s %(whose)s × %(count)d = %(points)d")


@dataclass(slots=True)
class PlayerScore:
    name: str
    coins: int
    free_city: bool
    scores: dict[str, int]
    explanations: dict[str, list[Message]]
    science_symbols: dict[str, int]
    science_choices: list[str]
    copied_guild: str | None = None
    copied_from: str | None = None
    total: int = 0
    rank: int | None = None

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        explanations = {}
        for row, lines in self.explanations.items():
            if len(lines) == 1:
                explanations[row] = lines[0].render(translator)
            else:
                explanations[row] = "; ".join([line.render(translator) for line in lines])
        data = {
            "name": self.name,
            "scores": dict(self.scores),
            "total": self.total,
            "rank": self.rank,
            "coins": self.coins,
            "explanations": explanations,
            "science_symbols": dict(self.science_symbols),
            "science_choices": list(self.science_choices),
            "copied_guild": self.copied_guild,
        }
        if self.copied_from is not None:
            data["copied_from"] = self.copied_from
        if self.free_city:
            data["free_city"] = True
        return data


@dataclass(slots=True)
class GameScore:
    edition: str
    players: list[PlayerScore]
    winners: list[str] = field(default_factory=list)
    #: True when the winners were separated from others on equal points by their coins
    decided_by_coins: bool = False
    categories: tuple[str, ...] = CATEGORIES

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        return {
            "edition": self.edition,
            "categories": list(self.categories),
            "players": [player.as_dict(translator) for player in self.players],
            "winners": list(self.winners),
            "decided_by_coins": self.decided_by_coins,
        }


def score_game(game: Game) -> GameScore:
    players = [score_city(game, index) for index in range(len(game.cities))]
    result = GameScore(game.edition, players)
    rank_players(result)
    return result


def rank_players(result: GameScore) -> None:
    """Most points wins, ties broken by coins; still tied, the victory is shared.

    The Free City of the two-player variant is scored but never ranked and never wins.
    """
    contenders = [p for p in result.players if not p.free_city]
    ordered = sorted(contenders, key=lambda p: (p.total, p.coins), reverse=True)
    for position, player in enumerate(ordered):
        previous = ordered[position - 1] if position else None
        if previous is not None and (previous.total, previous.coins) == (player.total, player.coins):
            player.rank = previous.rank
        else:
            player.rank = position + 1
    result.winners = [p.name for p in ordered if p.rank == 1]
    best = ordered[0].total if ordered else 0
    result.decided_by_coins = any(p.total == best and p.rank != 1 for p in ordered)


def score_city(game: Game, index: int) -> PlayerScore:
    city = game.cities[index]
    symbols = [0, 0, 0, 0]  # compass, gear, tablet, free (WILD)
    #: where each free science symbol comes from, as (card or stage, copied by Olympia)
    wild_sources: list[tuple[Card | Stage, bool]] = []
    vp_terms: dict[str, list] = {"civilian": [], "commercial": [], "guilds": []}
    per_item: list[Card] = []
    for card in city.cards:
        if card.vp:
            vp_terms[ROW_OF_COLOUR[card.colour]].append((card.label, card.vp))
        symbol = card.symbol_index
        if symbol >= 0:
            symbols[symbol] += 1
            if symbol == WILD:
                wild_sources.append((card, False))
        if card.per_item:
            per_item.append(card)
    copies_guild = False
    for stage in city.wonder.sides[city.side][:city.stages_built]:
        if stage.symbol_index == WILD:
            symbols[WILD] += 1
            wild_sources.append((stage, False))
        copies_guild = copies_guild or stage.copies_guild

    military_points, military_text = military(city)
    coins_points, coins_text = treasury_line(city.coins)
    wonder, wonder_text = wonder_line(city.wonder, city.side, city.stages_built)
    scores = {"military": military_points, "coins": coins_points, "wonder": wonder,
              "civilian": 0, "science": 0, "commercial": 0, "guilds": 0}
    explanations: dict[str, list[Message]] = {
        "military": [military_text], "coins": [coins_text], "wonder": [wonder_text],
        "civilian": [], "science": [], "commercial": [], "guilds": [],
    }
    for row, terms in vp_terms.items():
        if terms:
            points = sum(value for _, value in terms)
            scores[row] += points
            if row == "civilian":
                explanations[row].append(Message(N_("Blue buildings: %(sum)s"),
                                                 {"sum": Sum(tuple(terms), points)}))
            else:
                explanations[row].extend(Message(N_("%(card)s: %(vp)d"), {"card": label, "vp": vp})
                                         for label, vp in terms)
    if not vp_terms["civilian"]:
        explanations["civilian"].append(NO_BLUE)
    for card in per_item:
        row = ROW_OF_COLOUR[card.colour]
        for effect in card.per_item:
            points, line = counted_points(game, index, card, effect)
            scores[row] += points
            explanations[row].append(line)

    player = PlayerScore(city.name, city.coins, city.free_city, scores, explanations,
                         {"compass": symbols[0], "gear": symbols[1], "tablet": symbols[2]}, [])
    counts = (symbols[0], symbols[1], symbols[2])
    if copies_guild:
        copy_guild(game, index, player, counts, wild_sources)
    science, choices = best_placement(counts, len(wild_sources))
    scores["science"] = science
    player.science_choices = list(choices)
    explanations["science"].append(science_line(counts, choices, tuple(wild_sources)))
    if not explanations["commercial"]:
        explanations["commercial"].append(NOTHING)
    if not explanations["guilds"]:
        explanations["guilds"].append(NOTHING)
    player.total = (military_points + coins_points + wonder + scores["civilian"] + science
                    + scores["commercial"] + scores["guilds"])
    return player


def clear_memos() -> None:
    """Forget every memoised line (the benchmark uses it to time the cold path)."""
    for memo in (military_line, treasury_line, wonder_line, per_item_line, counted_words,
                 science_line, best_placement):
        memo.cache_clear()


def military(city: City) -> tuple[int, Message]:
    tokens = city.tokens
    return military_line(tuple(tokens.get(kind, 0) for kind, _ in TOKEN_ORDER))


# Lines that depend on a few small facts are worked out once per distinct fact and marked
# ``memo``, so they are also rendered once per language: a table has few distinct token
# hands, coin counts, wonder stages and per-item counts.

@lru_cache(maxsize=1024)
def military_line(held: tuple[int, ...]) -> tuple[int, Message]:
    """Conflict points of a city's tokens."""
    values = tuple((None, value) for (_, value), count in zip(TOKEN_ORDER, held, strict=True)
                   for _ in range(count))
    if not values:
        return 0, NO_TOKENS
    total = sum(value for _, value in values)
    return total, Message(N_("Conflict tokens: %(sum)s"), {"sum": Sum(values, total)}, memo=True)


@lru_cache(maxsize=256)
def treasury_line(coins: int) -> tuple[int, Message]:
    points = coins // COINS_PER_POINT
    return points, nmessage("%(num)d coin ÷ 3 = %(points)d", "%(num)d coins ÷ 3 = %(points)d",
                            coins, points=points, memo=True)


@lru_cache(maxsize=256)
def wonder_line(wonder: Wonder, side: str, built: int) -> tuple[int, Message]:
    """Points of the built stages, each named: "stage 1: 3 + stage 3: 7 = 10"."""
    if built == 0:
        return 0, NO_STAGE
    terms = tuple((stage.short_label, stage.vp) for stage in wonder.sides[side][:built]
                  if stage.vp)
    total = sum(points for _, points in terms)
    return total, nmessage("%(num)d stage built: %(sum)s", "%(num)d stages built: %(sum)s",
                           built, sum=Sum(terms, total), memo=True)


@lru_cache(maxsize=64)
def counted_words(counts: tuple[str, ...], whose: str) -> tuple[tuple[Message, ...], Message]:
    """The translatable "brown card, grey card" and "in own city" of a per-item effect."""
    return tuple(Message(COUNTED_NOUNS[what]) for what in counts), Message(WHOSE_PHRASES[whose])


def counted(game: Game, index: int, counts: tuple[str, ...], whose: str) -> int:
    """How many of ``counts`` the cities an effect looks at hold, seen from seat ``index``."""
    cities = game.cities
    seats = len(cities)
    if whose == "self":
        looked = (cities[index],)
    elif whose == "neighbours":
        looked = (cities[(index + 1) % seats], cities[index - 1])
    else:
        looked = (cities[index], cities[(index + 1) % seats], cities[index - 1])
    total = 0
    for city in looked:
        tallies = city.tallies
        for what in counts:
            total += tallies.get(what, 0)
    return total


def counted_points(game: Game, index: int, card: Card, effect: Effect,
                   copied: bool = False) -> tuple[int, Message]:
    """Points of a per-item card (guild or commercial) from the seat ``index``.

    A copied guild is not in the copier's city, yet counts itself when built (Shipowners),
    so the copy adds the one card it would be.
    """
    params = effect.params
    counts, whose = params["counts"], params["whose"]
    count = counted(game, index, counts, whose)
    if copied and whose != "neighbours" and card.colour in counts:
        count += 1
    return per_item_line(card, effect, count)


@lru_cache(maxsize=2048)
def per_item_line(card: Card, effect: Effect, count: int) -> tuple[int, Message]:
    """"Haven: 1 per brown card in own city × 3 = 3"."""
    params = effect.params
    counts, whose, vp = params["counts"], params["whose"], params["vp"]
    points = count * vp
    what, where = counted_words(counts, whose)
    line = Message(PER_ITEM_LINE, {"card": card.label, "vp": vp, "what": what, "whose": where,
                                   "count": count, "points": points}, memo=True)
    return points, line


def copy_guild(game: Game, index: int, player: PlayerScore, counts: tuple[int, int, int],
               wild_sources: list[tuple[Card | Stage, bool]]) -> None:
    """Olympia B stage 3: score the neighbour's guild that adds most to the copier's total.

    The copy is scored from Olympia's seat, as if Olympia had built it; a copied Scientists
    Guild is one more free symbol for the science row.
    """
    base_science, _ = best_placement(counts, len(wild_sources))
    candidates = []
    for side, neighbour in (("left", game.left(index)), ("right", game.right(index))):
        for card in neighbour.cards:
            if not card.is_guild:
                continue
            guild_points, lines = 0, []
            for effect in card.per_item:
                points, line = counted_points(game, index, card, effect, copied=True)
                guild_points += points
                lines.append(line)
            wild = card.symbol_index == WILD
            gain = guild_points
            if wild:
                gain += best_placement(counts, len(wild_sources) + 1)[0] - base_science
            candidates.append((gain, side, neighbour, card, guild_points, lines, wild))
    if not candidates:
        player.explanations["guilds"].append(NO_GUILD_NEXT_DOOR)
        return
    candidates.sort(key=lambda c: (-c[0], c[1], c[3].id))
    gain, side, neighbour, card, guild_points, lines, wild = candidates[0]
    others = [Message(N_("%(card)s %(gain)d"), {"card": c[3].label, "gain": c[0]})
              for c in candidates[1:]]
    player.copied_guild, player.copied_from = card.id, neighbour.name
    player.scores["guilds"] += guild_points
    params = {"card": card.label, "name": neighbour.name,
              "side": Message(SIDE_OF[side]), "gain": gain, "others": others}
    if wild and others:
        reason = Message(N_("Olympia copies %(card)s from %(name)s (%(side)s): a free science "
                            "symbol worth %(gain)d (other choices: %(others)s)"), params)
    elif wild:
        reason = Message(N_("Olympia copies %(card)s from %(name)s (%(side)s): a free science "
                            "symbol worth %(gain)d"), params)
    elif others:
        reason = Message(N_("Olympia copies %(card)s from %(name)s (%(side)s), worth %(gain)d "
                            "(other choices: %(others)s)"), params)
    else:
        reason = Message(N_("Olympia copies %(card)s from %(name)s (%(side)s), worth %(gain)d"),
                         params)
    player.explanations["guilds"].extend([reason, *lines])
    if wild:
        wild_sources.append((card, True))


@lru_cache(maxsize=1024)
def science_line(counts: tuple[int, int, int], choices: tuple[str, ...],
                 wild_sources: tuple[tuple[Card | Stage, bool], ...]) -> Message:
    """"3 tablets, 2 gears, 1 compass, free symbol as compass (...): 9 + 4 + 4 + 14 = 31"."""
    placed = list(counts)
    for symbol in choices:
        placed[SCIENCE_SYMBOLS.index(symbol)] += 1
    if not any(placed):
        return NO_SCIENCE
    parts: list[Message] = []
    for symbol, count in zip(SCIENCE_SYMBOLS, counts, strict=True):
        if count:
            singular, plural = SYMBOL_NAMES[symbol]
            parts.append(Message(singular, plural=plural, n=count))
    for symbol, (source, copied) in zip(choices, wild_sources, strict=True):
        where = (Message(N_("%(card)s copied by Olympia"), {"card": source.label}) if copied
                 else source.label)
        parts.append(Message(N_("free symbol as %(symbol)s (%(source)s)"),
                             {"symbol": Message(SYMBOL_NOUNS[symbol]), "source": where}))
    sets = min(placed)
    terms = [(None, n * n) for n in placed if n]
    if sets:
        terms.append((None, SET_BONUS * sets))
    return Message(N_("%(symbols)s: %(sum)s"),
                   {"symbols": tuple(parts), "sum": Sum(tuple(terms), science_points(tuple(placed)))},
                   memo=True)
