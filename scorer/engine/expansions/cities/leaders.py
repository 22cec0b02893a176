"""Cities played with Leaders (C4): the Cities leaders become playable.

The six ``cities`` leaders of the Leaders box (``leaders.csv``) are refused unless Cities is
played too; with the first edition the Cities box's own leaders (``data/leaders-first.json``)
join them: Semiramis is in no Leaders box. The one module that knows both expansions, so
neither package names the other.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from types import MappingProxyType

from ...catalog import read_data
from ...rules.ruleset import Ruleset
from ..leaders.catalog import leader_catalog, make_leader
from ..leaders.ruleset import NAME as LEADERS
from .catalog import PACKAGE
from .ruleset import NAME

#: the Cities box's own leaders, per edition (the second edition's are in the Leaders box)
BOX_LEADERS = {"first": "leaders-first.json"}


@cache
def box_leaders(edition: str) -> tuple[dict, ...]:
    name = BOX_LEADERS.get(edition)
    return tuple(read_data("", name, PACKAGE)) if name else ()


def joined(ruleset: Ruleset) -> Ruleset:
    """The ruleset whose leader catalog accepts the Cities leaders (unchanged without
    Leaders)."""
    catalog = leader_catalog(ruleset)
    if catalog is None:
        return ruleset
    added = {raw["id"]: make_leader(raw) for raw in box_leaders(ruleset.edition)
             if raw["id"] not in catalog.leaders}
    together = replace(catalog, leaders=MappingProxyType({**catalog.leaders, **added}),
                       sets=catalog.sets | {NAME})
    return ruleset.with_data(LEADERS, together)
