"""What Leaders changes in an edition's ruleset (either edition).

What the expansion changes (``../shared/reference/leaders.md``, rulings items 7 to 21):

- a ``leaders`` row after ``guilds`` on the score pad;
- the leaders (``ruleset.data["leaders"]``) and the player fields ``leaders`` and ``buried``;
- Roma and Abu Simbel join the wonders, their sides named as the edition names them (in the
  first edition A is the day side and B the night side, rulings item 15);
- in the first edition the four Leaders guilds join the guilds (rulings item 16; the
  second-edition box has none);
- 6 starting coins;
- conflict-token limits loose enough for every count Nitocris and Tomyris make possible
  (rulings item 20); the validator refines them per city from the leaders at the table.
"""

from __future__ import annotations

from ...catalog import make_card, make_wonder
from ...messages import N_, Message
from ...rules.ruleset import Row, Ruleset, TokenKind
from .catalog import load_leaders
from .validation import LOOSE_BATTLES, LOOSE_LIMITS

NAME = "leaders"
#: the reference's sides (day, night) in the order an edition lists its own
SIDES = ("day", "night")
#: editions whose Leaders box has guilds
GUILDS = {"first"}
STARTING_COINS = 6
ROW = Row("leaders", Message(N_("Leaders")))
PLAYER_FIELDS = frozenset({"leaders", "buried"})


def _wonder(raw: dict, sides: dict[str, str]) -> dict:
    """Roma's or Abu Simbel's data with its sides named as the edition names them."""
    return {**raw, "sides": {sides[side]: stages for side, stages in raw["sides"].items()},
            "side_effects": {sides[side]: effects
                             for side, effects in raw.get("side_effects", {}).items()}}


def build(base: Ruleset) -> Ruleset:
    data = load_leaders()
    sides = dict(zip(SIDES, base.side_ids, strict=True))
    wonders = [make_wonder(_wonder(raw, sides)) for raw in data.wonders]
    guilds = ([make_card(raw, base.row_of_colour, base.trade.sellable_colours)
               for raw in data.guilds] if base.edition in GUILDS else [])
    tokens = tuple(TokenKind(kind.id, kind.value, max(kind.limit, LOOSE_LIMITS.get(kind.id, 0)))
                   for kind in base.tokens)
    return base.with_data(
        NAME, data,
        catalog=base.catalog.extended(cards=guilds, wonders=wonders),
        rows=(*base.rows, ROW),
        player_fields=base.player_fields | PLAYER_FIELDS,
        starting_coins=STARTING_COINS,
        tokens=tokens,
        max_battles=max(base.max_battles, LOOSE_BATTLES),
    )
