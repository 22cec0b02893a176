"""What Cities changes about paying for a build (ruling C16), through the core's generic hooks.

The black cards that change trading add to the turn's :class:`~scorer.engine.trade_market.Market`
(:func:`adjust_market`), so the core planner prices every way to pay with them, and another
expansion's discounts, bank buys and rebates, planned on that market, compose with them:

- Clandestine Dock / Wharf West (East), ``trade_discount_once``: once per turn the first
  resource bought from the left (right) costs 1 coin less, after trading posts and Marketplace;
  the buyer orders the purchases, so that side's bill is 1 lower whenever it is not 0.
- Smuggler's Cache, ``trade_discount_board_resource``: each unit of the resource printed on a
  neighbour's board costs 1 coin less from that neighbour (it may become free).
- Secret Warehouse, ``produce_owned``: once per turn one unit, for the owner alone, of a type the
  city makes with its brown and grey cards or its board (a choice card counts for each type).
- Black Market, ``produce_missing``: once per turn one unit, for the owner alone, of a type the
  city does not make so.
- Architect Cabinet / Firm, ``free_wonder_stages`` (:func:`adjust_cost`): the next stages cost
  no resources; a coin cost is still paid (to the bank).
- Caligula, ``free_colour_once_per_age`` (:func:`free_build_sources`): a black card may be his
  free build of the Age, reported as ``"free_build": true`` as Olympia A's is, and named.

What the city makes "with its brown and grey cards or its board" is exactly what a neighbour
may buy from it (:func:`~scorer.engine.trade_market.for_sale`): yellow cards, wonder stages and
black cards never sell. Coin costs (black cards, Petra's stages) go to the bank as every coin
cost does.

:func:`build_notes` says, under the report's ``"cities"`` key, which black card changed the
build and how (``{"card": id, "message": ...}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...catalog import RESOURCES, Card
from ...city import City, Game
from ...messages import N_, Message, N_plural, card_name, nmessage
from ...trade import ReportNotes, resource_name
from ...trade_market import BIT, SIDES, Market, for_sale, mask_of

#: every resource, as a mask
EVERY_RESOURCE = mask_of(RESOURCES)
#: the stage a build-checker target names
WONDER_STAGE = "wonder_stage"


def _sides(direction: str) -> tuple[str, ...]:
    return SIDES if direction == "both" else (direction,)


def made_for_sale(city: City) -> int:
    """The resource types the city makes with its brown and grey cards or its board."""
    mask = 0
    for source, units in for_sale(city).items():
        if units:
            mask |= source
    return mask


def adjust_market(game: Game, index: int, market: Market) -> Market:
    """The builder's market with its black cards' trading effects added."""
    builder = game.cities[index]
    coin_off: set[str] = set()
    cuts: list[tuple[str, str, int]] = []
    extra: list[int] = []
    for _item, effect in builder.effects():
        kind = effect.type
        if kind == "trade_discount_once":
            if effect["amount"] != 1:
                raise ValueError("the planner lowers a side's bill once per turn by 1 coin")
            coin_off.update(_sides(effect["direction"]))
        elif kind == "trade_discount_board_resource":
            for side in _sides(effect["direction"]):
                neighbour = game.left(index) if side == "left" else game.right(index)
                if neighbour.wonder.resource:
                    cuts.append((side, neighbour.wonder.resource, effect["amount"]))
        elif kind == "produce_owned":
            extra.append(made_for_sale(builder))
        elif kind == "produce_missing":
            extra.append(EVERY_RESOURCE & ~made_for_sale(builder))
    extra = [mask for mask in extra if mask]
    if not (coin_off or cuts or extra):
        return market
    return replace(market, first_coin_off=market.first_coin_off | coin_off,
                   price_cuts=(*market.price_cuts, *cuts), extra_own=(*market.extra_own, *extra))


def frees_stages(city: City) -> bool:
    return any(effect.type == "free_wonder_stages" for _item, effect in city.effects())


def adjust_cost(city: City, target: str, cost: Mapping[str, int]) -> Mapping[str, int]:
    """A later wonder stage's cost without its resources when the city has an Architect
    Cabinet / Firm; its coins are still paid."""
    if target != WONDER_STAGE or not frees_stages(city):
        return cost
    return {"coins": cost["coins"]} if cost.get("coins") else {}


#: the city's part whose cards may carry a once-per-Age free build of a colour (Caligula)
RECRUITED = "leaders"


def free_build_sources(city: City, card: Card) -> tuple[Message, ...]:
    """The recruited cards that build a card of this colour for free once per Age (Caligula,
    black cards), by name."""
    return tuple(recruit.label for recruit in city.parts.get(RECRUITED, ())
                 if any(effect.type == "free_colour_once_per_age"
                        and effect["colour"] == card.colour for effect in recruit.effects))


FIRST_OFF = {
    "left": N_("%(card)s: the first resource bought from the left neighbour costs 1 coin less"),
    "right": N_("%(card)s: the first resource bought from the right neighbour costs 1 coin "
                "less"),
}
CHEAPER = {
    "left": N_plural("%(card)s: %(resource)s from the left neighbour costs %(num)d coin less",
                     "%(card)s: %(resource)s from the left neighbour costs %(num)d coins less"),
    "right": N_plural("%(card)s: %(resource)s from the right neighbour costs %(num)d coin less",
                      "%(card)s: %(resource)s from the right neighbour costs %(num)d coins "
                      "less"),
}
OWN_UNIT = N_("%(card)s: one more resource this turn, any of %(resources)s, for this city "
              "alone")
FREE_STAGES = N_("%(card)s: wonder stages cost no resources, only their coins")


#: the effect kinds a note speaks of
NOTED = frozenset({"free_wonder_stages", "trade_discount_once", "trade_discount_board_resource",
                   "produce_owned", "produce_missing"})


def _names(mask: int) -> tuple[Message, ...]:
    return tuple(resource_name(r) for r in RESOURCES if mask & BIT[r])


def build_notes(city: City, target: str, cost: Mapping[str, int],
                market: Market) -> ReportNotes | None:
    """Which of the builder's black cards change paying ``cost`` for ``target``, and how."""
    buys = any(count for resource, count in cost.items() if resource != "coins")
    notes: list[tuple[str, Message]] = []
    for item, effect in city.effects():
        kind = effect.type
        if kind not in NOTED:
            continue
        name = card_name(item.name)
        if kind == "free_wonder_stages" and target == WONDER_STAGE:
            notes.append((item.id, Message(FREE_STAGES, {"card": name})))
        if not buys:
            continue
        if kind == "trade_discount_once":
            notes += [(item.id, Message(FIRST_OFF[side], {"card": name}))
                      for side in _sides(effect["direction"])]
        elif kind == "trade_discount_board_resource":
            notes += [(item.id, nmessage(*CHEAPER[side], effect["amount"], card=name,
                                         resource=resource_name(resource)))
                      for side, resource, _ in market.price_cuts
                      if side in _sides(effect["direction"])]
        elif kind in ("produce_owned", "produce_missing"):
            mask = made_for_sale(city)
            mask = mask if kind == "produce_owned" else EVERY_RESOURCE & ~mask
            if mask:
                notes.append((item.id, Message(OWN_UNIT, {"card": name,
                                                          "resources": _names(mask)})))
    return ReportNotes("cities", "card", tuple(notes)) if notes else None
