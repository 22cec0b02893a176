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
``register_expansion(name, build)`` with ``build(base: Ruleset) -> Ruleset``: the expansion
registers its effect kinds, then returns ``base.extended(...)`` with its additions (more rows,
fields, cards and wonders through ``base.catalog.extended(cards, wonders)``). ``get_ruleset``
applies the expansions in sorted order to the edition's ruleset and caches the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from . import first, second
from .effects import EFFECT_KINDS, EffectKind, FreeBuild, UnknownEffect, register_effect
from .ruleset import EditionSpec, Row, Ruleset, Side, TokenKind, TradeRules, ruleset_from

__all__ = ["EFFECT_KINDS", "EditionSpec", "EffectKind", "FreeBuild", "Row", "Ruleset", "Side",
           "TokenKind", "TradeRules", "UnknownEffect", "editions", "expansions", "get_ruleset",
           "expansion_of_field", "expansion_with", "register_effect", "register_expansion"]

_EDITIONS: dict[str, EditionSpec] = {spec.id: spec for spec in (first.EDITION, second.EDITION)}
_EXPANSIONS: dict[str, Callable[[Ruleset], Ruleset]] = {}
_EXPANSION_FIELDS: dict[str, str] = {}
DEFAULT_EDITION = first.EDITION.id


def editions() -> tuple[str, ...]:
    """Edition ids a document may name (``"first"`` is the default of a document)."""
    return tuple(_EDITIONS)


def expansions() -> tuple[str, ...]:
    return tuple(sorted(_EXPANSIONS))


def register_expansion(name: str, build: Callable[[Ruleset], Ruleset],
                       player_fields: Iterable[str] = ()) -> None:
    """Make an expansion playable: ``build`` turns a base ruleset into the expanded one.

    ``player_fields``: the fields it adds to a player, so that a document using them without
    the expansion is told which expansion they need."""
    _EXPANSIONS[name] = build
    _EXPANSION_FIELDS.update(dict.fromkeys(player_fields, name))
    _ruleset.cache_clear()


def expansion_with(edition: str, kind: str, item_id: str) -> str | None:
    """The expansion whose ruleset of ``edition`` has this ``card`` or ``wonder``, if any: an id
    unknown to a game may be one of an expansion the game does not play."""
    for name in sorted(_EXPANSIONS):
        catalog = get_ruleset(edition, (name,)).catalog
        if (catalog.card(item_id) if kind == "card" else catalog.wonders.get(item_id)):
            return name
    return None


def expansion_of_field(field: str) -> str | None:
    """The expansion a player field belongs to (``"leaders"`` for ``buried``), if any."""
    return _EXPANSION_FIELDS.get(field)


def get_ruleset(edition: str = DEFAULT_EDITION, expansions: Iterable[str] = ()) -> Ruleset:
    """The ruleset of an edition with some expansions; one cached object per combination."""
    if not expansions:
        return _ruleset(edition, ())
    return _ruleset(edition, tuple(sorted(set(expansions))))


@cache
def _ruleset(edition: str, played: tuple[str, ...]) -> Ruleset:
    if played:
        base = _ruleset(edition, ())
        for name in played:
            base = _EXPANSIONS[name](base)
        return base.extended(expansions=played)
    spec = _EDITIONS[edition]
    from ..catalog import load_edition_catalog

    return ruleset_from(spec, load_edition_catalog(spec))


def _leaders(base: Ruleset) -> Ruleset:
    from .leaders import build  # loaded on first use: it reads the catalog's modules

    return build(base)


register_expansion("leaders", _leaders, player_fields=("leaders", "buried"))
