"""Final scoring of a first-edition game: the seven rows of the score pad, totals and winners.

Each row comes with an explanation a player can check against the table. Which row a card's
points go to follows the score pad: blue buildings are civilian, yellow commercial, purple
guilds, wonder stages the wonder row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .catalog import SCIENCE_SYMBOLS, Card, Effect, Stage
from .city import TOKEN_VALUES, City, Game
from .messages import (
    ENGLISH,
    N_,
    Message,
    N_plural,
    Sum,
    Translator,
    card_name,
    nmessage,
    wonder_name,
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
        data = {
            "name": self.name,
            "scores": dict(self.scores),
            "total": self.total,
            "rank": self.rank,
            "coins": self.coins,
            "explanations": {row: "; ".join(m.render(translator) for m in lines)
                             for row, lines in self.explanations.items()},
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
    """Most points wins, ties broken by coins; still tied, the victory is shared."""
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
    scores = dict.fromkeys(CATEGORIES, 0)
    explanations: dict[str, list[Message]] = {row: [] for row in CATEGORIES}
    symbols = [0, 0, 0]
    wild_sources: list[Message] = []
    terms: dict[str, list] = {"wonder": [], "civilian": []}
    copies_guild = False
    for source, effect in city.effects():
        kind = effect.type
        if kind == "vp":
            if isinstance(source, Stage):
                terms["wonder"].append((Message(N_("stage %(number)d"), {"number": source.number}),
                                        effect["amount"]))
            else:
                terms[ROW_OF_COLOUR[source.colour]].append((card_name(source.name), effect["amount"]))
        elif kind == "science":
            if effect["symbol"] == "any":
                wild_sources.append(source_name(city, source))
            else:
                symbols[SCIENCE_SYMBOLS.index(effect["symbol"])] += 1
        elif kind in ("vp_per", "coins_vp_per"):
            row = ROW_OF_COLOUR[source.colour]
            points, line = counted_points(game, index, source, effect)
            scores[row] += points
            explanations[row].append(line)
        elif kind == "copy_guild":
            copies_guild = True

    scores["military"], explanations["military"] = military(city)
    coins_points = city.coins // COINS_PER_POINT
    scores["coins"] = coins_points
    explanations["coins"] = [nmessage("%(num)d coin ÷ 3 = %(points)d",
                                      "%(num)d coins ÷ 3 = %(points)d", city.coins,
                                      points=coins_points)]
    for row in ("wonder", "civilian"):
        scores[row] = sum(points for _, points in terms[row])
    explanations["wonder"] = [wonder_line(city, terms["wonder"], scores["wonder"])]
    explanations["civilian"] = [
        Message(N_("Blue buildings: %(sum)s"), {"sum": Sum(tuple(terms["civilian"]), scores["civilian"])})
        if terms["civilian"] else Message(N_("No blue buildings: 0"))]

    player = PlayerScore(city.name, city.coins, city.free_city, scores, explanations,
                         dict(zip(SCIENCE_SYMBOLS, symbols, strict=True)), [])
    counts = (symbols[0], symbols[1], symbols[2])
    if copies_guild:
        copy_guild(game, index, player, counts, wild_sources)
    science, choices = best_placement(counts, len(wild_sources))
    scores["science"] = science
    player.science_choices = list(choices)
    explanations["science"] = [science_line(counts, choices, wild_sources, science)]
    for row in ("commercial", "guilds"):
        if not explanations[row]:
            explanations[row].append(Message(N_("Nothing scores in this row: 0")))
    player.total = sum(scores.values())
    return player


def source_name(city: City, source: Card | Stage) -> Message:
    if isinstance(source, Stage):
        return Message(N_("%(wonder)s stage %(number)d"),
                       {"wonder": wonder_name(city.wonder.name), "number": source.number})
    return card_name(source.name)


def military(city: City) -> tuple[int, list[Message]]:
    values = [(None, TOKEN_VALUES[kind]) for kind in TOKEN_VALUES for _ in range(city.tokens.get(kind, 0))]
    total = sum(value for _, value in values)
    if not values:
        return 0, [Message(N_("No conflict tokens: 0"))]
    return total, [Message(N_("Conflict tokens: %(sum)s"), {"sum": Sum(tuple(values), total)})]


def wonder_line(city: City, terms: list, total: int) -> Message:
    if city.stages_built == 0:
        return Message(N_("No stage built: 0"))
    return nmessage("%(num)d stage built: %(sum)s", "%(num)d stages built: %(sum)s",
                    city.stages_built, sum=Sum(tuple(terms), total))


def counted(game: Game, index: int, effect: Effect) -> int:
    return sum(other.count(what) for other in game.cities_for(index, effect["whose"])
               for what in effect["counts"])


def counted_points(game: Game, index: int, card: Card, effect: Effect,
                   copied: bool = False) -> tuple[int, Message]:
    """Points of a per-item card (guild or commercial) from the seat ``index``.

    A copied guild is not in the copier's city, yet counts itself when built (Shipowners),
    so the copy adds the one card it would be.
    """
    count = counted(game, index, effect)
    if copied and effect["whose"] != "neighbours" and card.colour in effect["counts"]:
        count += 1
    points = count * effect["vp"]
    line = Message(N_("%(card)s: %(vp)d per %(what)s %(whose)s × %(count)d = %(points)d"), {
        "card": card_name(card.name), "vp": effect["vp"],
        "what": [Message(COUNTED_NOUNS[what]) for what in effect["counts"]],
        "whose": Message(WHOSE_PHRASES[effect["whose"]]), "count": count, "points": points})
    return points, line


def copy_guild(game: Game, index: int, player: PlayerScore, counts: tuple[int, int, int],
               wild_sources: list[Message]) -> None:
    """Olympia B stage 3: score the neighbour's guild that adds most to the copier's total."""
    base_science, _ = best_placement(counts, len(wild_sources))
    candidates = []
    for side, neighbour in (("left", game.left(index)), ("right", game.right(index))):
        for card in neighbour.cards:
            if not card.is_guild:
                continue
            guild_points, lines, wild = 0, [], False
            for effect in card.effects:
                if effect.type == "vp_per":
                    points, line = counted_points(game, index, card, effect, copied=True)
                    guild_points += points
                    lines.append(line)
                elif effect.type == "science" and effect["symbol"] == "any":
                    wild = True
            gain = guild_points
            if wild:
                gain += best_placement(counts, len(wild_sources) + 1)[0] - base_science
            candidates.append((gain, side, neighbour, card, guild_points, lines, wild))
    if not candidates:
        player.explanations["guilds"].append(
            Message(N_("Olympia could copy a guild, but no neighbour has one: 0")))
        return
    candidates.sort(key=lambda c: (-c[0], c[1], c[3].id))
    gain, side, neighbour, card, guild_points, lines, wild = candidates[0]
    others = [Message(N_("%(card)s %(gain)d"), {"card": card_name(c[3].name), "gain": c[0]})
              for c in candidates[1:]]
    player.copied_guild, player.copied_from = card.id, neighbour.name
    player.scores["guilds"] += guild_points
    params = {"card": card_name(card.name), "name": neighbour.name,
              "side": Message(SIDE_OF[side]), "gain": gain, "others": others}
    if others:
        reason = Message(N_("Olympia copies %(card)s from %(name)s (%(side)s), worth %(gain)d "
                            "(other choices: %(others)s)"), params)
    else:
        reason = Message(N_("Olympia copies %(card)s from %(name)s (%(side)s), worth %(gain)d"),
                         params)
    player.explanations["guilds"].extend([reason, *lines])
    if wild:
        wild_sources.append(Message(N_("%(card)s copied by Olympia"), {"card": card_name(card.name)}))


def science_line(counts: tuple[int, int, int], choices: tuple[str, ...],
                 wild_sources: list[Message], points: int) -> Message:
    placed = list(counts)
    for symbol in choices:
        placed[SCIENCE_SYMBOLS.index(symbol)] += 1
    if not any(placed):
        return Message(N_("No science symbols: 0"))
    parts: list[Message] = []
    for symbol, count in zip(SCIENCE_SYMBOLS, counts, strict=True):
        if count:
            singular, plural = SYMBOL_NAMES[symbol]
            parts.append(Message(singular, plural=plural, n=count))
    for symbol, source in zip(choices, wild_sources, strict=True):
        parts.append(Message(N_("free symbol as %(symbol)s (%(source)s)"),
                             {"symbol": Message(SYMBOL_NOUNS[symbol]), "source": source}))
    sets = min(placed)
    terms = [(None, n * n) for n in placed if n]
    if sets:
        terms.append((None, SET_BONUS * sets))
    assert science_points(tuple(placed)) == points
    return Message(N_("%(symbols)s: %(sum)s"),
                   {"symbols": parts, "sum": Sum(tuple(terms), points)})
