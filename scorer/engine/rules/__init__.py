"""Rulesets: one immutable object per (edition, expansions) that the whole app asks about rules.

An edition or an expansion is data here, never an ``if edition == ...`` elsewhere: this package
is the only place that names an edition or a side. Everything else receives a
:class:`~.ruleset.Ruleset` (a :class:`~scorer.engine.city.Game` carries its own as
``game.ruleset``) and reads it.

API
---
``get_ruleset(edition="first", expansions=())`` -> :class:`Ruleset`, loaded once per process
and cached; the same object for the same arguments (expansions in any order). Raises
``KeyError`` for an unknown edition or expansion (validation turns that into
``unsupported_edition`` / ``unsupported_expansion``).

``editions()`` -> the edition ids documents may name; ``expansions()`` -> the registered ones.

A Ruleset holds:

- ``edition``, ``label`` (translatable), ``expansions``;
- ``catalog``: cards (``catalog.cards``, ``catalog.card(id)`` with aliases such as
  ``loom-age2``, ``catalog.deck(age, players)``, ``catalog.guilds``) and wonders
  (``wonder.sides[side_id]`` -> its stages, ``wonder.resource`` which may be ``None``);
- ``rows`` (``Row(id, label)``) in the score pad's order and ``categories`` (their ids);
  ``row_of_colour``: which row a card's printed or end-game points go to;
- ``sides`` (``Side(id, label)``), ``side_ids``, ``side(id)``, ``side_messages``;
- ``min_players``, ``max_players``, ``free_city`` (whether the two-player variant exists);
- ``tokens`` (``TokenKind(id, value, limit)`` in pad order), ``token(id)``, ``token_values``,
  ``max_battles``;
- ``starting_coins``, ``coins_per_point``, ``guilds_extra`` (N + that many guilds), ``ages``;
- ``trade``: ``base_price``, ``discount_price``, ``sellable_colours`` (a neighbour may also
  buy the board resource; yellow cards and wonder stages never sell);
- ``player_fields`` / ``game_fields``: the document fields validation accepts.

Effects of cards and stages are interpreted through the registry in :mod:`.effects`
(``register_effect``, ``EffectKind``, ``FreeBuild``); an unknown effect word fails when the
catalog loads.

Expansions
----------
An expansion is a plug-in package ``scorer.engine.expansions.<id>`` (see that package):
``get_ruleset`` applies the played expansions' ``extend`` hooks in sorted order to the
edition's ruleset, keeps the expansion objects as ``ruleset.parts``, lets each ``finish`` the
result (what expansions change in each other when played together) and caches it.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .. import end_game  # noqa: F401  (registers the end-of-game effect kinds)
from ..catalog import Catalog, load_edition_catalog
from ..effects import EFFECT_KINDS, EffectKind, FreeBuild, UnknownEffect, register_effect
from ..expansions import field_owners, installed
from . import first, second
from .ruleset import EditionSpec, Row, Ruleset, Side, TokenKind, TradeRules, ruleset_from

__all__ = ["EFFECT_KINDS", "EditionSpec", "EffectKind", "FreeBuild", "Row", "Ruleset", "Side",
           "TokenKind", "TradeRules", "UnknownEffect", "editions", "expansions", "get_ruleset",
           "expansion_of_field", "expansion_with", "load_catalog", "register_effect"]

_EDITIONS: dict[str, EditionSpec] = {spec.id: spec for spec in (first.EDITION, second.EDITION)}
DEFAULT_EDITION = first.EDITION.id


def editions() -> tuple[str, ...]:
    """Edition ids a document may name (``"first"`` is the default of a document)."""
    return tuple(_EDITIONS)


def expansions() -> tuple[str, ...]:
    return tuple(installed())


def expansion_with(edition: str, kind: str, item_id: str) -> str | None:
    """The expansion whose ruleset of ``edition`` has this ``card`` or ``wonder``, if any: an id
    unknown to a game may be one of an expansion the game does not play."""
    for name in installed():
        catalog = get_ruleset(edition, (name,)).catalog
        if (catalog.card(item_id) if kind == "card" else catalog.wonders.get(item_id)):
            return name
    return None


def expansion_of_field(field: str) -> str | None:
    """The expansion a player field belongs to, if any."""
    return field_owners().get(field)


def get_ruleset(edition: str = DEFAULT_EDITION, expansions: Iterable[str] = ()) -> Ruleset:
    """The ruleset of an edition with some expansions; one cached object per combination."""
    if not expansions:
        return _ruleset(edition, ())
    return _ruleset(edition, tuple(sorted(set(expansions))))


def load_catalog(edition: str | None = None) -> Catalog:
    """The catalog of an edition's ruleset (``get_ruleset(edition).catalog``)."""
    return (get_ruleset() if edition is None else get_ruleset(edition)).catalog


@cache
def _ruleset(edition: str, played: tuple[str, ...]) -> Ruleset:
    if played:
        base = _ruleset(edition, ())
        parts = tuple(installed()[name] for name in played)
        for expansion in parts:
            base = expansion.extend(base)
        ruleset = base.extended(expansions=played, parts=parts)
        for expansion in parts:
            ruleset = expansion.finish(ruleset)
        return ruleset
    spec = _EDITIONS[edition]
    return ruleset_from(spec, load_edition_catalog(spec))
