"""The Leaders expansion (either edition), as a plug-in of the engine.

``EXPANSION`` is what the core finds by this package's name; its hooks hand each question to
the module that answers it:

- :mod:`.ruleset`: the ruleset it extends (the leaders row, Roma and Abu Simbel, the
  first edition's Leaders guilds, 6 starting coins, looser token limits);
- :mod:`.cards` and :mod:`.catalog`: the leaders (``ruleset.data["leaders"]``, a
  :class:`~.catalog.LeaderCatalog`: ``playable`` the 49 a city may recruit, ``leaders`` also
  the 6 Cities leaders, refused by validation) and :mod:`.effects`, their effect kinds;
- :mod:`.validation`: a player's ``leaders`` and ``buried``, and the table-wide checks;
- :mod:`.pad` with :mod:`.scoring` and :mod:`.science`: the leaders row, science with the
  leaders' choices, buried leaders in the wonder row, the Courtesans' copy;
- :mod:`.trade` and :mod:`.recruit`: what leaders change about paying for a build, and the
  ``recruit`` question of the build checker.

A city holds its leaders as ``city.parts["leaders"]`` (face up) and ``city.parts["buried"]``
(:class:`~.scoring.Buried`); :func:`.cards.leaders_of` and :func:`.cards.buried_of` read them.
The score report adds per player ``science_copy``, ``science_swap``, ``copied_leader`` and
``copied_leader_from`` when they apply.
"""

from __future__ import annotations

from types import MappingProxyType

from ...expansions import Expansion
from ...messages import N_, Message
from .cards import PLAYABLE_SETS, buried_of, leaders_of
from .catalog import leader_catalog
from .pad import apply_leaders, leader_offers
from .recruit import parse_recruit, recruit_report
from .ruleset import NAME, build
from .rulings import RULINGS
from .trade import leader_cost_report, perks_for
from .validation import TableLeaders, check_table, parse_player, victory_card_ages

RECRUIT = "recruit"
#: what a leader is among the rules at hand (the context its name is translated with)
KIND = "leader"
#: ``ruleset.data`` key of the buildings that give a victory token (whichever expansion
#: brings them), by id
VICTORY_CARDS = "leaders.victory_cards"


class Leaders(Expansion):
    id = NAME
    player_fields = frozenset({"leaders", "buried"})
    question_fields = frozenset({RECRUIT})
    list_bounds = MappingProxyType({"leaders": 20, "buried": 20})

    def extend(self, base):
        return build(base)

    def finish(self, ruleset):
        return ruleset.with_data(VICTORY_CARDS, victory_card_ages(ruleset.catalog.by_id))

    def new_table(self, ruleset):
        return TableLeaders()

    def parse_player(self, ruleset, at, raw, problems, table):
        return parse_player(leader_catalog(ruleset), ruleset.catalog.wonders, at, raw,
                            problems, table, ruleset.data[VICTORY_CARDS])

    def check_table(self, ruleset, players, table, problems):
        check_table(players, table, problems,
                    {kind.id: kind.limit for kind in ruleset.tokens}, ruleset.max_battles)

    def tallies(self, parts):
        return {"leader": len(parts.get("leaders", ()))}

    def effects_in_play(self, city):
        # face up only: a buried leader has no effect (rulings item 14)
        return tuple((leader, effect) for leader in leaders_of(city) for effect in leader.effects)

    def score_city(self, game, index, player, counts, wild_sources, options, copies):
        apply_leaders(game, index, player, counts, wild_sources, options, copies)
        return True

    def copy_offers(self, game, index, guild):
        return leader_offers(game, index, guild)

    def cost_report(self, city, target, cost, market):
        perks = perks_for(city, target)
        return leader_cost_report(cost, market, perks) if perks else None

    def rebate(self, city, target):
        return 0 if perks_for(city, target).rebate is not None else None

    def parse_question(self, ruleset, document, age, problems):
        if "build" in document or "hand" in document:
            problems.add(RECRUIT, "invalid",
                         N_("Ask about \"recruit\", \"build\" or \"hand\": one of them."))
            return None
        catalog = leader_catalog(ruleset) if ruleset is not None else None
        return parse_recruit(catalog, document[RECRUIT], age, problems)

    def answer_question(self, game, index, question, age):
        return recruit_report(game, index, question, age)

    def at_hand(self, ruleset):
        """Every leader of the ruleset's catalog; one of another box's set needs that
        expansion too (the set is named by its id)."""
        return tuple((KIND, leader, (NAME,) if leader.set in PLAYABLE_SETS else (NAME, leader.set))
                     for leader in leader_catalog(ruleset).leaders.values())

    def rulings(self):
        return RULINGS

    def city_facts(self, city):
        facts = []
        if leaders_of(city):
            facts.append((Message(N_("Leaders:")), tuple(leader.label for leader in leaders_of(city))))
        if buried_of(city):
            facts.append((Message(N_("Buried leaders:")),
                          tuple(under.leader.label for under in buried_of(city))))
        return tuple(facts)


EXPANSION = Leaders()
