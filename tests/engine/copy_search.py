"""An exhaustive search over a city's end-game copy choices, to check the scorer's against.

It tries every combination of Olympia B's copied guild (none, or any guild of a neighbour)
and the Courtesans Guild's copied leader (none, or any face-up leader of a neighbour; the
Courtesans Guild is the city's own or the guild Olympia copies), and for each one every
science choice: free symbols, Enheduanna, Aganice, Aristotle and the masks (rulings 7, 13,
17, C10, C11). It reads the rules from the catalog's words, not from the scorer's choices:

- a copied guild scores every point it gives as if built: its printed points plus each of
  its end-of-game effects from the copier's seat (``copied``), a free symbol if it has one;
- a copied leader scores its own points, its end-of-game effects from the copier's seat and
  its science symbol or choice, as if recruited;
- rows no copy can change (military, treasury, wonder, civilian, commercial, the Cities row)
  are taken from the scorer's report.

The total of a combination is therefore what the pad should show for it; the best one is
the city's highest total.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from scorer.engine.catalog import SCIENCE_SYMBOLS
from tests.leaders.test_leaders_science import exhaustive

#: rows a copy may change
COPIED_ROWS = ("guilds", "science", "leaders")
GREEN = "green"


@dataclass(frozen=True)
class Combination:
    """One choice of every copy: the copied guild and leader (ids, None: nothing) and where
    they come from (the neighbour's name)."""

    guild: str | None
    guild_from: str | None
    leader: str | None
    leader_from: str | None
    total: int


def _leaders(city) -> tuple:
    return tuple(city.parts.get("leaders", ()))


def _copies_leader(item) -> bool:
    return any(effect.type == "copy_leader" for effect in item.effects)


def _symbols(items) -> tuple[list[int], int]:
    """Science symbols (compass, gear, tablet) and free symbols of cards, stages, leaders."""
    counts, wilds = [0, 0, 0], 0
    for item in items:
        for effect in item.effects:
            if effect.type != "science":
                continue
            if effect["symbol"] == "any":
                wilds += 1
            else:
                counts[SCIENCE_SYMBOLS.index(effect["symbol"])] += 1
    return counts, wilds


def _green_symbols(city) -> list[int]:
    found = []
    for card in city.cards:
        if card.colour != GREEN:
            continue
        for effect in card.effects:
            if effect.type == "science" and effect["symbol"] in SCIENCE_SYMBOLS:
                found.append(SCIENCE_SYMBOLS.index(effect["symbol"]))
    return found


def _guild_points(game, index, card, copied: bool) -> int:
    points = sum(effect["amount"] for effect in card.effects if effect.type == "vp")
    for effect in card.effects:
        if effect.kind.role == "end_game":
            points += effect.kind.score(game, index, card, effect, copied)[0]
    return points


def _science(counts, wilds, copies, swaps, bonus, masks, greens) -> int:
    """The best science row plus Aristotle's points over every science choice."""
    used = min(masks, len(greens))
    best = -1
    for chosen in set(permutations(greens, used)) or {()}:
        state = list(counts)
        for symbol in chosen:
            state[symbol] += 1
        best = max(best, exhaustive(tuple(state), wilds, copies, swaps, bonus))
    return best


def _leader_points(game, index, leaders, copied) -> tuple[int, list[int], int, int, int]:
    """Non-science points of the leaders, their symbols, and their science choices."""
    points, symbols, copies, swaps, bonus = 0, [0, 0, 0], 0, 0, 0
    for leader in leaders:
        for effect in leader.effects:
            kind = effect.type
            if kind == "vp":
                points += effect["amount"]
            elif effect.kind.role == "end_game":
                points += effect.kind.score(game, index, leader, effect, leader is copied)[0]
            elif kind == "science":
                symbols[SCIENCE_SYMBOLS.index(effect["symbol"])] += 1
            elif kind == "science_copy_most":
                copies += effect["count"]
            elif kind == "science_swap":
                swaps += effect["count"]
            elif kind == "vp_per_science_set":
                bonus += effect["vp"]
    return points, symbols, copies, swaps, bonus


def combinations(game, index: int, rows: dict[str, int]) -> list[Combination]:
    """Every combination of the city's copy choices with its total (``rows``: the scorer's
    rows of the city, of which only those no copy changes are read)."""
    city = game.cities[index]
    fixed = sum(points for row, points in rows.items() if row not in COPIED_ROWS)
    own_guilds = sum(_guild_points(game, index, card, False) for card in city.cards
                     if card.is_guild)
    sides = (game.left(index), game.right(index))
    copies_guild = any(effect.type == "copy_guild" for stage in city.built_stages
                       for effect in stage.effects)
    guilds = [(None, None)]
    if copies_guild:
        guilds += [(card, neighbour.name) for neighbour in sides for card in neighbour.cards
                   if card.is_guild]
    masks = sum(1 for card in city.cards for effect in card.effects
                if effect.type == "copy_neighbour_science")
    greens = [symbol for neighbour in sides for symbol in _green_symbols(neighbour)]
    own_leaders = _leaders(city)
    found = []
    for guild, guild_from in guilds:
        counts, wilds = _symbols((*city.cards, *city.built_stages,
                                  *([guild] if guild is not None else [])))
        courtesans = any(_copies_leader(card) for card in city.cards) or (
            guild is not None and _copies_leader(guild))
        leaders = [(None, None)]
        if courtesans:
            leaders += [(leader, neighbour.name) for neighbour in sides
                        for leader in _leaders(neighbour)]
        copied_points = _guild_points(game, index, guild, True) if guild is not None else 0
        for leader, leader_from in leaders:
            held = (*own_leaders, leader) if leader is not None else own_leaders
            points, symbols, copies, swaps, bonus = _leader_points(game, index, held, leader)
            state = [a + b for a, b in zip(counts, symbols, strict=True)]
            science = _science(state, wilds, copies, swaps, bonus, masks, greens)
            total = fixed + own_guilds + copied_points + points + science
            found.append(Combination(guild.id if guild else None, guild_from,
                                     leader.id if leader else None, leader_from, total))
    return found


def best(found: list[Combination]) -> int:
    return max(combination.total for combination in found)


def worth_of_guild(found: list[Combination], guild: str) -> int:
    """What copying ``guild`` adds to the best total without any guild copied."""
    return (max(c.total for c in found if c.guild == guild)
            - max(c.total for c in found if c.guild is None))


def worth_of_leader(found: list[Combination], guild: str | None, leader: str) -> int:
    """What copying ``leader`` adds, with the guild copy ``guild`` made."""
    return (max(c.total for c in found if c.guild == guild and c.leader == leader)
            - max(c.total for c in found if c.guild == guild and c.leader is None))
