"""What an expansion adds to the pages: its name, form fields, set-up and city-page sections,
build-checker question, report notes, building colours, score-pad row looks and lines.

The engine's expansions (:mod:`scorer.engine.expansions`) are found by module name; an
expansion that shows something of its own on the pages has a module of the same name here
whose ``PART`` is a :class:`PagePart`, and the views loop over the parts of a game's ruleset
(:func:`parts_of`) without naming any. An expansion with no such module gets the do-nothing
part, so the core pages still work with it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from wtforms.fields.choices import SelectChoice

from ...engine.expansions import installed
from ...engine.rules import Ruleset


class PagePart:
    """The hooks of an expansion's page part; the defaults add nothing."""

    id: str = ""
    #: the expansion's name on the pages (a lazy translation); None: its id
    label = None
    #: the template of its section of the city page (given ``form`` and ``section``)
    city_template: str | None = None
    #: whether that section is a long list of chips: it then comes after the link that skips
    #: to the save buttons, with the buildings (a section of counters comes before it)
    city_chips: bool = False
    #: the template of its fields of the build checker's form (given ``form``, ``fields``)
    build_template: str | None = None
    #: the report key of its own build-checker question's answer, and the template showing
    #: that answer (given ``report``, ``form``, ``item_names``)
    answer_key: str | None = None
    answer_template: str | None = None
    #: looks of the score-pad rows it adds (:class:`scorer.web.pad_rows.RowLook`), by row id, and
    #: the shape marks of its tones
    row_looks: Mapping[str, object] = MappingProxyType({})
    marks: Mapping[str, str] = MappingProxyType({})
    #: colours of buildings it adds, with their names (lazy translations), listed after the
    #: base game's on the city page (the chips' tone and mark are ``c-<colour>``, ``marks``)
    colour_labels: Mapping[str, object] = MappingProxyType({})
    #: what the rules at hand call the kinds of cards its engine's ``at_hand`` hook gives (a
    #: lazy translation each), by kind
    kind_labels: Mapping[str, object] = MappingProxyType({})
    #: the template of its section of the set-up page (given ``form`` and ``section``)
    setup_template: str | None = None
    #: fields of the game document its set-up section writes (removed when not played)
    setup_keys: frozenset[str] = frozenset()
    #: lines a blank pad prints when asked: query parameter -> the lines' label
    blank_lines: Mapping[str, object] = MappingProxyType({})
    #: what New game says beside the expansion's switch (a lazy translation; None: nothing)
    choice_note = None

    # -- the set-up page -------------------------------------------------------------------

    def setup_fields(self) -> dict:
        """Form fields it adds to the set-up form (every installed part's are on the form;
        only a played one shows and reads them)."""
        return {}

    def setup_data(self, document: dict) -> dict:
        """Its set-up fields of a saved game, as the form's data."""
        return {}

    def prepare_setup(self, form, ruleset: Ruleset, seats: list[dict]) -> None:
        """Set the choices of its set-up fields for these seats."""

    def setup_section(self, form, ruleset: Ruleset, errors, count: int) -> dict | None:
        """What its set-up section shows for a table of ``count`` players, taking its problems
        from ``errors``."""
        return None

    def setup_summary(self, form, section: dict) -> list[tuple]:
        """(field id, label, problems) of its set-up fields, for the summary."""
        return []

    def setup_conflict_rows(self, form, stored: dict) -> list[dict]:
        """Its set-up fields as typed beside the set-up saved elsewhere (out-of-date page)."""
        return []

    def seat_groups(self, form, ruleset: Ruleset, count: int) -> list[list[int]] | None:
        """Seats the set-up page shows side by side (a team's), by index; None: one a line."""
        return None

    def setup_values(self, form, seats: list[dict]) -> dict:
        """Its game-document fields (``setup_keys``) for these seats; a key left out or None
        is removed from the game."""
        return {}

    # -- the score pad ---------------------------------------------------------------------

    def pad_lines(self, score) -> list[dict]:
        """Lines it adds under the pad's total (a team's total), each ``{"key", "label",
        "cells"}`` with a cell per player, from the engine's score (``score.extra``); a line
        with ``"rank": True`` is a ranking, shown only once every city is entered."""
        return []

    def result_sentence(self, score) -> str | None:
        """What the pads and the sheet say of a complete game's result in place of the players'
        winners line ("Ada + Bo win with 89 points."), from the engine's score; None: the
        players' line stays. The players' own ranks stay on the pad either way."""
        return None

    def sheet_facts(self, player: dict) -> list[tuple[str, str]]:
        """(label, text) lines the printed sheet lists of a player, from the player's score
        report, in the sheet's language."""
        return []

    # -- the city page ---------------------------------------------------------------------

    def city_fields(self, ruleset: Ruleset) -> dict:
        """Form fields it adds to the city form, by document field."""
        return {}

    def player_data(self, player: dict) -> dict:
        """Its fields of a saved player, as the city form's data."""
        return {}

    def prepare_city(self, form, ruleset: Ruleset, player: dict) -> None:
        """Set the choices of its fields (and rows) for this player."""

    def city_section(self, form, ruleset: Ruleset, errors, at: str, saved_document: dict,
                     document: dict, index: int) -> dict | None:
        """What its section of the city page shows, taking its problems from ``errors``."""
        return None

    def summary_entries(self, form, section: dict) -> list[tuple]:
        """(field id, label, problems) of its fields, for the summary at the page's top."""
        return []

    def typed_city(self, form, city: dict) -> None:
        """Write its fields as typed into the game document's ``city``."""

    def conflict_rows(self, form, stored: dict, ruleset: Ruleset) -> list[dict]:
        """Its fields as typed beside those saved elsewhere (the out-of-date city page)."""
        return []

    # -- the build checker -----------------------------------------------------------------

    def build_fields(self, ruleset: Ruleset) -> dict:
        """Form fields it adds to the build checker's form."""
        return {}

    def build_choices(self, form, ruleset: Ruleset) -> list[SelectChoice]:
        """Set the choices of its build fields; return the questions it adds to "What"."""
        return []

    def build_question(self, form) -> dict | None:
        """The trade question's fields when "What" is one of its questions."""
        return None

    def build_field_ids(self, form) -> dict[str, str]:
        """Its build fields by name -> the element id the summary links to."""
        return {}

    def item_names(self, ruleset: Ruleset) -> dict[str, str]:
        """Names, in the page's language, of the things its reports name by id."""
        return {}

    def annotate_report(self, report: dict, names: Mapping[str, str]) -> None:
        """Add to a build report's options (``lines``) and entries (``notes``) the texts its
        parts of the report say."""


#: the part of an expansion that has no page module
NO_PART = PagePart()


@cache
def part_of(expansion: str) -> PagePart:
    """The page part of an installed expansion, found by module name."""
    try:
        module = importlib.import_module(f"{__name__}.{expansion}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{expansion}":
            raise
        return NO_PART
    return module.PART


def parts_of(ruleset: Ruleset) -> tuple[PagePart, ...]:
    """The page parts of the expansions a ruleset plays, in its order."""
    return tuple(part_of(expansion.id) for expansion in ruleset.parts)


def pad_lines(ruleset: Ruleset, score) -> list[dict]:
    """The lines the expansions played add under a score pad's total."""
    return [line for part in parts_of(ruleset) for line in part.pad_lines(score)]


def result_sentence(score) -> str | None:
    """The sentence an expansion says of a game's result instead of the players' winners line
    (the first part that has one), or None. Each part reads only its own fields of the score,
    so every installed part is asked (a template has the score, not always the ruleset)."""
    for part in every_part():
        sentence = part.result_sentence(score)
        if sentence:
            return sentence
    return None


def every_part() -> tuple[PagePart, ...]:
    return tuple(part_of(name) for name in installed())


def expansion_label(name: str) -> str:
    """An expansion's name on the pages (its id when it has none)."""
    label = part_of(name).label if name in installed() else None
    return str(label) if label is not None else name


def expansion_note(name: str) -> str:
    """What New game says of an expansion beside its switch ("" when nothing)."""
    note = part_of(name).choice_note if name in installed() else None
    return str(note) if note is not None else ""
