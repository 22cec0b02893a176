"""What Cities changes in an edition's ruleset (either edition), ``rulings-cities.md`` C1-C17.

- a ``cities`` row after ``guilds``, and after every other expansion's row (C8: the 2021
  pad puts the other expansion before Cities), placed by :func:`finish` once every
  expansion extended;
- black cards (a new colour, C17) whose points go to the ``cities`` row, Petra and Byzantium
  (sides as the edition names them), the first edition's Cities guilds (C1);
- player field ``debt`` (C5), game field ``teams`` (C14), at the table sizes of the data's
  ``team_tables``;
- 3 to 8 players in the first edition (the 7-player decks and guilds), 3 to 7 in the second,
  and no two-player Free City (C2);
- token limits loose enough for the Raider cards' extra victory tokens (C12), refined per
  city by validation.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...catalog import Card, make_card, make_wonder
from ...messages import N_, Message
from ...rules.ruleset import Row, Ruleset, TokenKind
from ...typed_rows import typed_last
from .catalog import load_cities

NAME = "cities"
ROW = Row("cities", Message(N_("Cities")))
COLOUR = "black"
PLAYER_FIELDS = frozenset({"debt"})
GAME_FIELDS = frozenset({"teams"})
#: the most players per edition (C2): the first edition's box plays 8 with the 7-player decks
MAX_PLAYERS = {"first": 8, "second": 7}
#: conflict tokens per Age from conflicts (C12) and battles in a game
VICTORIES_PER_AGE = 2
BATTLES = 6
#: Raider cards give one more victory token of their Age: one Raider card per Age at most
RAIDERS_PER_AGE = 1
#: the effect of a card that gives its owner a victory token of its Age (the Raider cards)
RAIDER = "victory_token_now"
NO_FREE_CITY = N_("The two-player variant with the Free City is not played with Cities: a "
                  "game has %(low)d to %(high)d players.")


def build(base: Ruleset) -> Ruleset:
    data = load_cities(base.edition)
    row_of_colour = {**base.row_of_colour, COLOUR: ROW.id}
    cards = [make_card(raw, row_of_colour, base.trade.sellable_colours)
             for raw in (*data.cards, *data.guilds)]
    wonders = [make_wonder(raw) for raw in data.wonders]
    extra = raider_tokens(cards)
    tokens = tuple(TokenKind(kind.id, kind.value,
                             kind.limit if kind.value < 0 else max(kind.limit,
                                                                   VICTORIES_PER_AGE + extra))
                   for kind in base.tokens)
    return base.with_data(
        NAME, data,
        catalog=base.catalog.extended(cards=cards, wonders=wonders),
        rows=(*base.rows, ROW),
        row_of_colour=row_of_colour,
        colours=(*base.colours, COLOUR),
        player_fields=(base.player_fields - {"free_city"}) | PLAYER_FIELDS,
        game_fields=base.game_fields | GAME_FIELDS,
        max_players=MAX_PLAYERS.get(base.edition, base.max_players),
        free_city=False,
        no_free_city=NO_FREE_CITY,
        tokens=tokens,
        max_battles=max(base.max_battles, BATTLES + 3 * extra),
    )


def raider_tokens(cards: Iterable[Card]) -> int:
    """The victory tokens of one Age the Raider cards among ``cards`` add to a city's
    conflicts' (C12): one, as an Age deals at most one Raider card; none in an edition
    without them."""
    raiders = any(effect.type == RAIDER for card in cards for effect in card.effects)
    return RAIDERS_PER_AGE if raiders else 0


def finish(ruleset: Ruleset) -> Ruleset:
    """The ``cities`` row after the rows other expansions added after ours (C8), the last of
    the computed rows: rows of typed points stay after it, as on the 2021 pad."""
    rows = tuple(row for row in ruleset.rows if row.id != ROW.id)
    return ruleset.extended(rows=typed_last((*rows, ROW)))
