"""End-game copies chosen together: Olympia B's copied guild and the copies the expansions
give a city (a card of theirs copying something a neighbour holds), rulings 7, 17 and C10
and the spec's Olympia ruling.

Each copy changes what the others may choose (Olympia may copy a neighbour's guild that
itself copies something of Olympia's neighbours) and where the free science symbols score
most, so the choices are made together: :func:`plans` lists every combination of them (a
*plan*), the scorer fills the city's whole pad once per plan and keeps the plan with the
highest total (:func:`choose`). What a copy is worth, as the pad explains it, is the
difference between two of those totals (the best with that copy, the best without any), so
it is by construction what the pad then scores. A city makes a copy or two from two
neighbours: a handful of plans.

The core knows Olympia's copy (a built stage whose effect copies a guild, slot :data:`GUILD`);
an expansion offers its own copies through its ``copy_offers`` hook, under its id.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from .city import Game

#: the slot of Olympia B's copied guild in a plan (an expansion's copy is under its id)
GUILD = "guild"
SIDES = ("left", "right")


@dataclass(frozen=True, slots=True)
class Copy:
    """Something a city may copy: ``item`` (a guild card, an expansion's character) of the
    neighbour ``owner`` sitting on its ``side``."""

    item: Any
    side: str
    owner: str

    @property
    def key(self) -> tuple[str, str]:
        """The order ties are broken in: the left neighbour first, then by id."""
        return (self.side, self.item.id)


@dataclass(frozen=True, slots=True)
class Choice:
    """One copy of a city in a plan: ``made`` what is copied (None: nothing), ``offered``
    everything it could copy; once the plan is chosen, ``worth`` what ``made`` adds to the
    city's total and ``others`` every other offer with what it would add, best first."""

    made: Copy | None
    offered: tuple[Copy, ...]
    worth: int = 0
    others: tuple[tuple[Copy, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Plan:
    """One combination of a city's copies: (slot, choice) in the order they are valued."""

    choices: tuple[tuple[str, Choice], ...] = ()

    def get(self, slot: str) -> Choice | None:
        """The choice of ``slot`` (None: the city has no such copy)."""
        for name, choice in self.choices:
            if name == slot:
                return choice
        return None

    def made(self, slot: str) -> Copy | None:
        choice = self.get(slot)
        return choice.made if choice is not None else None

    @property
    def full(self) -> bool:
        """Whether every copy that has something to copy copies it."""
        return all(choice.made is not None or not choice.offered for _, choice in self.choices)

    @property
    def key(self) -> tuple:
        return tuple(choice.made.key for _, choice in self.choices if choice.made is not None)


#: the plan of a city that copies nothing
NO_COPIES = Plan()


def neighbours(game: Game, index: int):
    """(side, city) of the two neighbours, the left one first."""
    return (("left", game.left(index)), ("right", game.right(index)))


def guild_offers(game: Game, index: int) -> tuple[Copy, ...] | None:
    """The guilds a built stage lets the city copy (Olympia B stage 3): every guild of the
    two neighbours; None when no built stage copies one."""
    if not any(stage.copies_guild for stage in game.cities[index].built_stages):
        return None
    return tuple(Copy(card, side, city.name) for side, city in neighbours(game, index)
                 for card in city.cards if card.is_guild)


def plans(game: Game, index: int) -> tuple[Plan, ...]:
    """Every combination of the city's copies, each copy also left unmade (the baseline its
    worth is measured from)."""
    guilds = guild_offers(game, index)
    found = []
    for guild in (None,) if guilds is None else (None, *guilds):
        head = [] if guilds is None else [(GUILD, Choice(guild, guilds))]
        parts = []
        for expansion in game.ruleset.parts:
            offered = expansion.copy_offers(game, index, guild)
            if offered is not None:
                parts.append((expansion.id, tuple(offered)))
        for made in product(*((None, *offered) for _, offered in parts)):
            found.append(Plan(tuple(head + [(slot, Choice(copy, offered)) for (slot, offered),
                                            copy in zip(parts, made, strict=True)])))
    return tuple(found) if found else (NO_COPIES,)


def choose(found: tuple[Plan, ...], totals: list[int]) -> Plan:
    """The plan with the highest total among those that make every copy they can (ties: the
    left neighbour's copy first, then by id), with each choice's worth and its others'.

    The worth of copying ``c`` in a slot is the best total of the plans that copy ``c`` there
    (agreeing with the chosen plan on the slots valued before) minus the best of those that
    copy nothing there."""
    scored = list(zip(found, totals, strict=True))
    best, _ = min(((plan, total) for plan, total in scored if plan.full),
                  key=lambda entry: (-entry[1], entry[0].key))
    chosen = []
    for position, (slot, choice) in enumerate(best.choices):
        earlier = [name for name, _ in best.choices[:position]]
        agreeing = [(plan, total) for plan, total in scored
                    if all(plan.made(name) == best.made(name) for name in earlier)]

        def value(copy: Copy | None, slot=slot, agreeing=agreeing) -> int:
            return max(total for plan, total in agreeing if plan.made(slot) == copy)

        if choice.made is None:
            chosen.append((slot, choice))
            continue
        base = value(None)
        others = sorted(((copy, value(copy) - base) for copy in choice.offered
                         if copy != choice.made), key=lambda entry: (-entry[1], entry[0].key))
        chosen.append((slot, replace(choice, worth=value(choice.made) - base,
                                     others=tuple(others))))
    return Plan(tuple(chosen))
