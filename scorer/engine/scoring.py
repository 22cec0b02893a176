"""Final scoring of a game: the rows of its ruleset's score pad, totals and winners.

Each row comes with an explanation a player can check against the table. Which row a card's
points go to is the ruleset's (``row_of_colour``: blue buildings civilian, yellow commercial,
purple guilds); wonder stages go to the wonder row. Effects counted at the end are scored by
their kind's function in the effect registry, never by card name.

Scoring runs for every form submit and every PDF, so it reads the per-card facts the catalog
worked out at load time (points, symbol, per-item effects, translatable names) instead of
interpreting effects again for every city.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from . import end_game
from .catalog import SCIENCE_SYMBOLS, WILD, Card, Stage, Wonder
from .city import City, Game
from .copies import GUILD, NO_COPIES, Choice, Plan, choose, plans
from .messages import (
    ENGLISH,
    N_,
    Message,
    Sum,
    Translator,
    nmessage,
)
from .science import (
    NO_EXTRA,
    NO_OPTIONS,
    ExtraSymbols,
    best_placement,
    best_with_options,
    combine_options,
    science_points,
)
from .science_lines import free_symbol_parts, science_sum_line, symbol_counts
from .sides import Side

#: compatibility for modules not yet reading the ruleset: the first edition's pad order
CATEGORIES = ("military", "coins", "wonder", "civilian", "science", "commercial", "guilds")

SIDE_OF = {"left": N_("left"), "right": N_("right")}

NOTHING = Message(N_("Nothing scores in this row: 0"))
NO_TOKENS = Message(N_("No conflict tokens: 0"))
NO_STAGE = Message(N_("No stage built: 0"))
NO_BLUE = Message(N_("No blue buildings: 0"))
NO_SCIENCE = Message(N_("No science symbols: 0"))
NO_GUILD_NEXT_DOOR = Message(N_("Olympia could copy a guild, but no neighbour has one: 0"))


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
    #: optional report fields an expansion adds (what it copied, swapped, ...)
    extra: dict = field(default_factory=dict)
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
        if self.extra:
            data.update(self.extra)
        return data


@dataclass(slots=True)
class GameScore:
    edition: str
    players: list[PlayerScore]
    winners: list[str] = field(default_factory=list)
    #: True when the winners were separated from others on equal points by their coins
    decided_by_coins: bool = False
    categories: tuple[str, ...] = CATEGORIES
    #: game-level report fields the expansions add (``teams``)
    extra: dict = field(default_factory=dict)
    #: the sides that win or lose together when an expansion plays in teams (:class:`Side`);
    #: empty when every player plays for themself
    sides: list[Side] = field(default_factory=list)

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        data = {
            "edition": self.edition,
            "categories": list(self.categories),
            "players": [player.as_dict(translator) for player in self.players],
            "winners": list(self.winners),
            "decided_by_coins": self.decided_by_coins,
        }
        if self.extra:
            data.update(self.extra)
        return data


def score_game(game: Game) -> GameScore:
    players = [score_city(game, index) for index in range(len(game.cities))]
    result = GameScore(game.edition, players, categories=game.ruleset.categories)
    rank_players(result)
    for expansion in game.ruleset.parts:
        expansion.score_game(game, result)
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
    """The city's pad with its end-game copies chosen together (:mod:`.copies`): the whole pad
    is filled once per combination of them and the highest total kept, so that what a copy is
    said to be worth is what the pad scores with it."""
    found = plans(game, index)
    if len(found) == 1:
        return score_plan(game, index, found[0])
    chosen = choose(found, [score_plan(game, index, plan).total for plan in found])
    return score_plan(game, index, chosen)


def score_plan(game: Game, index: int, plan: Plan = NO_COPIES) -> PlayerScore:
    """The city's pad with the copies of ``plan`` made (every other choice, such as where the
    free science symbols go, still made to score most)."""
    city = game.cities[index]
    ruleset = game.ruleset
    symbols = [0, 0, 0, 0]  # compass, gear, tablet, free (WILD)
    #: where each free science symbol comes from, as (card or stage, copied by Olympia)
    wild_sources: list[tuple[Card | Stage, bool]] = []
    vp_terms: dict[str, list] = {row: [] for row in ruleset.row_of_colour.values()}
    scored_at_end: list[Card] = []
    for card in city.cards:
        if card.vp:
            vp_terms[card.row].append((card.label, card.vp))
        symbol = card.symbol_index
        if symbol >= 0:
            symbols[symbol] += 1
            if symbol == WILD:
                wild_sources.append((card, False))
        if card.end_game:
            scored_at_end.append(card)
    for stage in city.wonder.sides[city.side][:city.stages_built]:
        if stage.symbol_index == WILD:
            symbols[WILD] += 1
            wild_sources.append((stage, False))

    categories = ruleset.categories
    scores = dict.fromkeys(categories, 0)
    explanations: dict[str, list[Message]] = {row: [] for row in categories}
    scores["military"], line = military(city, ruleset.token_values_in_order)
    explanations["military"].append(line)
    scores["coins"], line = treasury_line(city.coins, ruleset.coins_per_point)
    explanations["coins"].append(line)
    scores["wonder"], line = wonder_line(city.wonder, city.side, city.stages_built)
    explanations["wonder"].append(line)
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
    if "civilian" in explanations and not vp_terms.get("civilian"):
        explanations["civilian"].append(NO_BLUE)
    for card in scored_at_end:
        row = card.row
        for effect in card.end_game:
            points, line = effect.kind.score(game, index, card, effect)
            scores[row] += points
            explanations[row].append(line)

    player = PlayerScore(city.name, city.coins, city.free_city, scores, explanations,
                         {"compass": symbols[0], "gear": symbols[1], "tablet": symbols[2]}, [])
    counts = (symbols[0], symbols[1], symbols[2])
    options = science_options(game, index)
    guild = plan.get(GUILD)
    if guild is not None:
        copy_guild(game, index, player, guild, wild_sources)
    science_placed = False
    for expansion in ruleset.parts:
        # its rows, and what it changes in others (science placed with its own choices)
        science_placed |= expansion.score_city(game, index, player, counts, wild_sources,
                                               options, plan)
    if not science_placed:
        science, choices, option = best_with_options(counts, len(wild_sources), options)
        scores["science"] = science
        player.science_choices = list(choices)
        explanations["science"].append(science_line(counts, choices, tuple(wild_sources),
                                                    option))
        player.extra.update(option.report)
    for lines in explanations.values():
        if not lines:
            lines.append(NOTHING)
    player.total = sum(scores.values())
    return player


def science_options(game: Game, index: int) -> tuple[ExtraSymbols, ...]:
    """The extra-symbol alternatives the expansions played give the city, combined."""
    offered = [expansion.science_options(game, index) for expansion in game.ruleset.parts]
    return combine_options(offered) if any(offered) else NO_OPTIONS


def clear_memos() -> None:
    """Forget every memoised line (the benchmark uses it to time the cold path)."""
    for memo in (military_line, treasury_line, wonder_line, science_line, best_placement):
        memo.cache_clear()
    end_game.clear_memos()


def military(city: City, kinds: tuple[tuple[str, int], ...]) -> tuple[int, Message]:
    """Conflict points of a city's tokens: ``kinds`` are the ruleset's (id, value) in pad order."""
    tokens = city.tokens
    return military_line(tuple([(value, tokens.get(kind, 0)) for kind, value in kinds]))


# Lines that depend on a few small facts are worked out once per distinct fact and marked
# ``memo``, so they are also rendered once per language: a table has few distinct token
# hands, coin counts, wonder stages and per-item counts.

@lru_cache(maxsize=1024)
def military_line(held: tuple[tuple[int, int], ...]) -> tuple[int, Message]:
    """Conflict points of (token value, tokens held) in pad order."""
    values = tuple((None, value) for value, count in held for _ in range(count))
    if not values:
        return 0, NO_TOKENS
    total = sum(value for _, value in values)
    return total, Message(N_("Conflict tokens: %(sum)s"), {"sum": Sum(values, total)}, memo=True)


@lru_cache(maxsize=256)
def treasury_line(coins: int, per_point: int = 3) -> tuple[int, Message]:
    points = coins // per_point
    return points, nmessage("%(num)d coin ÷ %(per)d = %(points)d",
                            "%(num)d coins ÷ %(per)d = %(points)d",
                            coins, points=points, per=per_point, memo=True)


@lru_cache(maxsize=256)
def wonder_line(wonder: Wonder, side: str, built: int) -> tuple[int, Message]:
    """Points of the built stages, each named, those worth nothing too (they build something
    else: resources, coins, a free symbol): "stage 1: 3 + stage 2: 0 + stage 3: 7 = 10"."""
    if built == 0:
        return 0, NO_STAGE
    terms = tuple((stage.short_label, stage.vp) for stage in wonder.sides[side][:built])
    total = sum(points for _, points in terms)
    return total, nmessage("%(num)d stage built: %(sum)s", "%(num)d stages built: %(sum)s",
                           built, sum=Sum(terms, total), memo=True)


def copy_guild(game: Game, index: int, player: PlayerScore, choice: Choice,
               wild_sources: list[tuple[Card | Stage, bool]]) -> None:
    """Olympia B stage 3: the neighbour's guild of ``choice`` scored from the copier's seat,
    as if Olympia had built it: its printed points and its end-of-game effects in the guilds
    row (C11: the Counterfeiters Guild's 5), a copied Scientists Guild's free symbol for the
    science row. What it was worth is the plan's (:func:`.copies.choose`)."""
    made = choice.made
    if made is None:
        if not choice.offered:
            player.explanations["guilds"].append(NO_GUILD_NEXT_DOOR)
        return
    card = made.item
    guild_points, lines = card.vp, []
    if card.vp:
        lines.append(Message(N_("%(card)s: %(vp)d"), {"card": card.label, "vp": card.vp}))
    for effect in card.end_game:
        points, line = effect.kind.score(game, index, card, effect, True)
        guild_points += points
        lines.append(line)
    wild = card.symbol_index == WILD
    others = [Message(N_("%(card)s %(gain)d"), {"card": copy.item.label, "gain": worth})
              for copy, worth in choice.others]
    player.copied_guild, player.copied_from = card.id, made.owner
    player.scores["guilds"] += guild_points
    params = {"card": card.label, "name": made.owner,
              "side": Message(SIDE_OF[made.side]), "gain": choice.worth, "others": others}
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
                 wild_sources: tuple[tuple[Card | Stage, bool], ...],
                 extra: ExtraSymbols = NO_EXTRA) -> Message:
    """"3 tablets, 2 gears, 1 compass, free symbol as compass (...): 9 + 4 + 4 + 14 = 31";
    an expansion's extra symbols are named after the city's own."""
    placed = list(extra.on(counts))
    for symbol in choices:
        placed[SCIENCE_SYMBOLS.index(symbol)] += 1
    if not any(placed):
        return NO_SCIENCE
    parts = (symbol_counts(counts) + list(extra.parts)
             + free_symbol_parts(choices, wild_sources))
    return science_sum_line(tuple(parts), tuple(counts), tuple(placed), science_points(tuple(placed)))


