"""The Cities expansion (either edition), as a plug-in of the engine.

``EXPANSION`` is what the core finds by this package's name; its hooks hand each question to
the module that answers it (rulings ``../shared/reference/rulings-cities.md``, C1-C17):

- :mod:`.ruleset`: black cards, Petra and Byzantium, the first edition's Cities guilds, the
  ``cities`` row, ``debt`` and ``teams``, 8 players in the first edition, token limits;
  :mod:`.catalog` reads its data (``data/``, made by ``scripts/import_cities.py``) and
  :mod:`.effects` registers its effect kinds;
- the combination module of this package: with the other expansion of characters, the
  Cities characters become playable (C4);
- :mod:`.validation`: ``debt``, black cards per Age, Raider tokens, ``teams``;
- :mod:`.scoring`: debt in the treasury row, team totals and ranks; :mod:`.masks`: the
  masks' copied symbols, offered to the science search as alternatives;
- :mod:`.trade`: what the black cards change about paying for a build (C16).

A city holds its debt as ``city.parts["debt"]``; a game its teams as ``game.parts["teams"]``
(pairs of seats). The score report adds ``debt`` per player, ``science_masks`` when masks
copied, and ``teams`` for the game.
"""

from __future__ import annotations

from ...expansions import Expansion
from . import masks, trade, validation
from .leaders import JOINT_RULINGS, joined
from .ruleset import GAME_FIELDS, NAME, PLAYER_FIELDS, build, finish
from .rulings import RULINGS
from .scoring import TEAMS, apply_debt, team_results


class Cities(Expansion):
    id = NAME
    player_fields = PLAYER_FIELDS
    game_fields = GAME_FIELDS

    def extend(self, base):
        return build(base)

    def finish(self, ruleset):
        return joined(finish(ruleset))

    def new_table(self, ruleset):
        return validation.TableCities()

    def parse_player(self, ruleset, at, raw, problems, table):
        return validation.parse_player(ruleset, at, raw, problems, table)

    def check_table(self, ruleset, players, table, problems):
        # with another expansion at the table, its validation refines the token limits
        # (Raider cards included)
        validation.check_table(ruleset, players, table, problems,
                               tokens_checked_elsewhere=len(ruleset.parts) > 1)

    def parse_game(self, ruleset, document, table, problems):
        return validation.parse_game(ruleset, document, problems)

    def science_options(self, game, index):
        return masks.mask_options(game, index)

    def score_city(self, game, index, player, counts, wild_sources, options, copies):
        apply_debt(game.cities[index], player, game.ruleset.coins_per_point)
        return False

    def adjust_market(self, game, index, market):
        return trade.adjust_market(game, index, market)

    def adjust_cost(self, city, target, cost):
        return trade.adjust_cost(city, target, cost)

    def free_build_sources(self, city, card):
        return trade.free_build_sources(city, card)

    def build_notes(self, city, target, cost, market):
        return trade.build_notes(city, target, cost, market)

    def rulings(self):
        return RULINGS + JOINT_RULINGS

    def score_game(self, game, result):
        teams = team_results(game, result)
        if teams:
            result.extra[TEAMS] = teams


EXPANSION = Cities()
