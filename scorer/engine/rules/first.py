"""The first edition (Repos Production, 2010): sides A and B, the Free City, its score pad.

Declarative only: the facts the rulebooks (``../shared/rulebooks/000``, ``001``) fix for the
whole game. Cards and wonders are the generated data in ``scorer/engine/data/first/``.
"""

from __future__ import annotations

from ..catalog import COLOURS
from ..messages import N_, P_, Message
from .ruleset import EditionSpec, Row, Side, SideMessages, TokenKind, TradeRules

ROW_LABELS = {
    "military": Message(N_("Military")), "coins": Message(N_("Treasury")),
    "wonder": Message(N_("Wonder")), "civilian": Message(N_("Civilian")),
    "science": Message(N_("Science")), "commercial": Message(N_("Commercial")),
    "guilds": Message(N_("Guilds")),
}
#: a card's points go to the row of its colour (other colours carry no printed points)
ROW_OF_COLOUR = {"blue": "civilian", "yellow": "commercial", "purple": "guilds"}
#: victories of Age I, II and III, then defeats; two battles per age, one token each
TOKENS = (TokenKind("victory_1", 1, 2), TokenKind("victory_3", 3, 2),
          TokenKind("victory_5", 5, 2), TokenKind("defeat", -1, 6))
TRADE = TradeRules(base_price=2, discount_price=1, sellable_colours=frozenset({"brown", "grey"}))
PLAYER_FIELDS = frozenset({"id", "name", "wonder", "side", "stages", "cards", "coins", "tokens"})
GAME_FIELDS = frozenset({"edition", "expansions", "players"})


def rows(*ids: str) -> tuple[Row, ...]:
    return tuple(Row(row, ROW_LABELS[row]) for row in ids)


EDITION = EditionSpec(
    id="first",
    label=Message(N_("First edition (2010)")),
    data="first",
    rows=rows("military", "coins", "wonder", "civilian", "science", "commercial", "guilds"),
    row_of_colour=ROW_OF_COLOUR,
    sides=(Side("A", P_("side", "A")), Side("B", P_("side", "B"))),
    side_messages=SideMessages(
        not_text=N_("The side must be \"A\" or \"B\"."),
        unknown=N_("Unknown side '%(side)s': a wonder has side \"A\" or \"B\".")),
    min_players=3,
    max_players=7,
    free_city=True,
    largest_deck=7,
    colours=COLOURS,
    tokens=TOKENS,
    max_battles=6,
    starting_coins=3,
    coins_per_point=3,
    guilds_extra=2,
    ages=(1, 2, 3),
    trade=TRADE,
    player_fields=PLAYER_FIELDS | {"free_city"},
    game_fields=GAME_FIELDS,
    no_free_city=N_("This edition has no two-player variant with the Free City: a game has "
                    "%(low)d to %(high)d players."),
)
