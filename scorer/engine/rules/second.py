"""The second edition (Repos Production, 2020): Day and Night sides, its own score-pad order.

Declarative only, as ``edition-differences.md`` section 1 and the Dutch second-edition
rulebook (``../shared/rulebooks/002``) state it: 3 to 7 players and no Free City, the pad
ordered wonder, coins, military, civilian, commercial, science, guilds; tokens, coins and prices
as in the first edition. Cards and wonders are the data in ``scorer/engine/data/second/``.
"""

from __future__ import annotations

from dataclasses import replace

from ..messages import N_, P_, Message
from .first import EDITION as FIRST
from .first import rows
from .ruleset import Side, SideMessages

EDITION = replace(
    FIRST,
    id="second",
    label=Message(N_("Second edition (2020)")),
    data="second",
    rows=rows("wonder", "coins", "military", "civilian", "commercial", "science", "guilds"),
    sides=(Side("day", P_("side", "Day")),
           Side("night", P_("side", "Night"))),
    side_messages=SideMessages(
        not_text=N_("The side must be \"day\" or \"night\"."),
        unknown=N_("Unknown side '%(side)s': a wonder has side \"day\" or \"night\".")),
    free_city=False,
    player_fields=FIRST.player_fields - {"free_city"},
)
