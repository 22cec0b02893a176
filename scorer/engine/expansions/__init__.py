"""Expansions as plug-ins: what an expansion adds to the engine, and how the core finds it.

An expansion lives in its own package, ``scorer.engine.expansions.<id>``, whose ``EXPANSION``
is an instance of a subclass of :class:`Expansion`. The core never names one: the ruleset
registry finds the packages by module name (as Django finds an app's modules) and builds each
played expansion into the game's ruleset; scoring, validation, the build checker and the city
model then call the hooks of the expansions the ruleset plays (``ruleset.parts``), in order, as
pytest calls its plugins' hooks. Every hook has a do-nothing default, so an expansion writes
only what it changes.

The pages, the PDFs and the API add their own parts the same way (``scorer.web.expansions``);
``docs/architecture.md`` walks through an expansion file by file.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

# The hooks' arguments are the engine's own objects (Ruleset, Game, City, Card, PlayerScore,
# Problems); they are named in the docstrings rather than imported, so that this registry sits
# below every module that calls it.


class Expansion:
    """The hooks an expansion may implement; the defaults change nothing."""

    #: the id documents name in ``"expansions"``
    id: str = ""
    #: player fields it adds to a game document: a document using one without the expansion is
    #: told which expansion it needs
    player_fields: frozenset[str] = frozenset()
    #: fields of a trade question it answers (a question using one is its to parse and answer)
    question_fields: frozenset[str] = frozenset()
    #: fields it adds to the game document itself (``teams``): without the expansion a
    #: document using one is told which expansion it needs
    game_fields: frozenset[str] = frozenset()
    #: the longest list each of its list fields may hold, checked before anything else
    list_bounds: Mapping[str, int] = MappingProxyType({})

    # -- rules ------------------------------------------------------------------------------

    def extend(self, base) -> Any:
        """The ruleset with this expansion: rows, fields, cards, wonders, limits, its data
        (``base.extended(...)``, ``base.with_data(self.id, ...)``)."""
        return base

    def finish(self, ruleset) -> Any:
        """The ruleset once every played expansion extended it (in sorted order): what this
        one changes in the others' facts when played together (a row's place after another
        expansion's row, another expansion's cards it makes playable)."""
        return ruleset

    # -- validation -------------------------------------------------------------------------

    def new_table(self, ruleset) -> Any:
        """What the per-player checks learn for the table-wide ones (None: nothing)."""
        return None

    def parse_player(self, ruleset, at: str, raw: dict, problems,
                     table: Any) -> Mapping[str, Any]:
        """Check this expansion's fields of one player (problems named by path); return what
        the city holds of them (``City.parts``)."""
        return {}

    def check_table(self, ruleset, players: list, table: Any, problems) -> None:
        """Checks across the table once every player was read."""

    def parse_game(self, ruleset, document: dict, table: Any, problems) -> Mapping[str, Any]:
        """Check this expansion's game fields (``game_fields``) once the players were read;
        return what the game holds of them (``Game.parts``)."""
        return {}

    # -- the city model ---------------------------------------------------------------------

    def tallies(self, parts: Mapping[str, Any]) -> Mapping[str, int]:
        """Counts this expansion adds to what end-of-game effects count."""
        return {}

    def effects_in_play(self, city) -> tuple:
        """(holder, effect) of the effects in play that the city holds of this expansion
        beside its buildings and wonder (face-up characters): what the checks reading every
        effect in play (the pad's token check) also read."""
        return ()

    # -- scoring ----------------------------------------------------------------------------

    def science_options(self, game, index: int) -> tuple:
        """The alternatives of extra science symbols this expansion lets the city choose at the
        end of the game (:class:`~scorer.engine.science.ExtraSymbols`, each one way to
        choose; empty: none). Whoever places the science choices tries every combination of
        the expansions' alternatives together with the free symbols and its own choices, so
        that all of them are made jointly to score most."""
        return ()

    def score_city(self, game, index: int, player, counts: tuple[int, int, int],
                   wild_sources: list, options: tuple, copies) -> bool:
        """Fill this expansion's rows (and what it changes in others) on ``player``, a
        :class:`~scorer.engine.scoring.PlayerScore`: ``counts`` are the city's compasses, gears
        and tablets, ``wild_sources`` its free symbols as (card or stage, copied), ``options``
        the expansions' extra-symbol alternatives (:meth:`science_options`, combined),
        ``copies`` the :class:`~scorer.engine.copies.Plan` of the city's end-game copies being
        scored (this expansion's own under its id, :meth:`copy_offers`). Return True when this
        expansion placed the science choices itself (its own choices join the free symbols'
        and the options); the core places them otherwise."""
        return False

    def copy_offers(self, game, index: int, guild) -> tuple | None:
        """What an end-game copy this expansion gives the city may copy, as
        :class:`~scorer.engine.copies.Copy` offers (empty: nothing to copy), when Olympia's
        copy is ``guild`` (a Copy, or None); None when the city has no such copy. The core
        scores the city's pad once per combination of every copy's offers (and none) and keeps
        the highest total, so a copy's worth is what the pad then scores."""
        return None

    def score_game(self, game, result) -> None:
        """Once every city is scored and ranked: game-level report fields this expansion adds
        (``result.extra``, a :class:`~scorer.engine.scoring.GameScore`'s), such as team
        totals and team ranks."""

    # -- the build checker -----------------------------------------------------------------

    def cost_report(self, city, target: str, cost: Mapping[str, int], market):
        """A build's payment report when this expansion changes how ``city`` pays for
        ``target`` (a colour or ``wonder_stage``); None when it changes nothing."""
        return None

    def adjust_market(self, game, index: int, market):
        """The turn's :class:`~scorer.engine.trade_market.Market` for the builder at ``index``
        with what this expansion's buildings change about trading (per-resource price cuts, a
        coin off a side's bill once per turn, units for the owner alone); the market itself
        when it changes nothing. Every later hook (and every expansion's planning) sees it."""
        return market

    def adjust_cost(self, city, target: str, cost: Mapping[str, int]) -> Mapping[str, int]:
        """The cost ``city`` pays for ``target`` (a colour or ``wonder_stage``) when this
        expansion waives part of the printed one (as resources no longer paid)."""
        return cost

    def free_build_sources(self, city, card) -> tuple:
        """What of this expansion gives ``city`` a once-per-Age free build that could build
        ``card``, as the names (messages) the build checker says (the report's
        ``"free_build": true`` and ``"free_build_from"``; whether it is unused this Age is for
        the table to know); none by default."""
        return ()

    def build_notes(self, city, target: str, cost: Mapping[str, int], market):
        """What this expansion's buildings change about paying ``cost`` for ``target``, as
        :class:`~scorer.engine.trade.ReportNotes` under its own key (None: nothing to say)."""
        return None

    def rebate(self, city, target: str) -> int | None:
        """Coins back on a free build (chain or certain free build), when the expansion pays
        some; None when it has no say."""
        return None

    def parse_question(self, ruleset, document: dict, age: int | None,
                       problems) -> Any:
        """The question its ``question_fields`` ask (``ruleset`` None when the game does not
        play this expansion: say what is missing)."""
        return None

    def answer_question(self, game, index: int, question: Any, age: int | None):
        """The report answering :meth:`parse_question`'s question (it has ``as_dict``)."""
        raise NotImplementedError(self.id)

    # -- what pages and sheets show of a city ----------------------------------------------

    def city_facts(self, city) -> tuple:
        """(label, items) of what the city holds of this expansion, for the printed sheet."""
        return ()

    # -- the rules at hand (every card's page, the search) -----------------------------------

    def at_hand(self, ruleset) -> tuple:
        """What a player may look up of this expansion beside its buildings and wonders (which
        the catalog holds), as ``(kind, item, expansions)``: ``kind`` a word such as the one its
        names are translated with, ``item`` with ``id``, ``name``, ``label``, ``effects``,
        ``reference_names`` and ``cost`` (coins; None when they depend on the Age), and the
        expansions a game must play for it (:mod:`scorer.engine.cards_at_hand`)."""
        return ()

    def rulings(self) -> tuple:
        """The project's rulings about this expansion's cards, each a
        :class:`~scorer.engine.cards_at_hand.ruling.Ruling` naming the card ids it concerns."""
        return ()

    def __repr__(self) -> str:
        return f"<Expansion {self.id}>"


@cache
def installed() -> Mapping[str, Expansion]:
    """Every expansion package under this one, by id, found by module name."""
    found = {}
    for module in pkgutil.iter_modules(__path__):
        expansion = importlib.import_module(f"{__name__}.{module.name}").EXPANSION
        if not isinstance(expansion, Expansion) or expansion.id != module.name:
            raise TypeError(f"{__name__}.{module.name}.EXPANSION must be an Expansion whose "
                            f"id is {module.name!r}")
        found[expansion.id] = expansion
    return MappingProxyType(dict(sorted(found.items())))


@cache
def field_owners() -> Mapping[str, str]:
    """Player or game field -> the expansion that adds it (worked out once, from
    :func:`installed`)."""
    return MappingProxyType({field: expansion.id for expansion in installed().values()
                             for field in expansion.player_fields | expansion.game_fields})


@cache
def question_owners() -> Mapping[str, Expansion]:
    """Trade-question field -> the expansion that answers it (worked out once)."""
    return MappingProxyType({field: expansion for expansion in installed().values()
                             for field in expansion.question_fields})



