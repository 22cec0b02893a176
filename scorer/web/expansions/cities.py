"""The Cities part of the pages: team play on the set-up page (partners chosen from the two
ways a table of 4, 6 or 8 splits into neighbours, each team's seats side by side), the debt
stepper on the city page, black buildings as a colour of their own among the chips, the
team totals under the score pad and the winning team named above it (the players keep their
own ranks, C15).

Team play is offered only at the table sizes the ruleset's data allows (C14: 4, 6 or 8 in the
first edition, 4 or 6 in the second); elsewhere the page says which sizes do. A choice made
before the player count changed is dropped when the form is shown again, and said so. The
engine stays the judge (``rulings-cities.md`` C5, C14): a save with teams at another size (a
page from before) is refused with that same clear message beside the choice.
"""

from __future__ import annotations

from types import MappingProxyType

from babel.lists import format_list
from flask_babel import get_locale, lazy_pgettext, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import SelectField
from wtforms.fields.choices import SelectChoice

from ...engine.messages import minus
from ..forms import number_field
from ..pad_rows import RowLook
from . import PagePart

DEBT, TEAMS, COLOUR = "debt", "teams", "black"
#: the most debt a city holds (spec: 0 to 99)
MAX_DEBT = 99
#: the two ways to seat partners side by side: from the first seat (1+2, 3+4, ...) or from
#: the second (2+3, ..., the last with the first)
PAIRINGS = ("1", "2")


def pairs(pairing: str, count: int) -> list[list[int]]:
    """The seats of each team, by index, for a pairing of ``count`` seats (the last seat of an
    odd table stays alone: validation says team play needs an even table)."""
    start = PAIRINGS.index(pairing)
    seats = [(start + offset) % count for offset in range(count)]
    return [seats[at:at + 2] for at in range(0, count, 2)]


def team_tables(ruleset) -> tuple[int, ...]:
    """The numbers of players that may play in teams under ``ruleset`` (its Cities data)."""
    return ruleset.data[CitiesPages.id].team_tables


def sizes_text(tables: tuple[int, ...]) -> str:
    """"4, 6 or 8", as the page's language joins a choice."""
    return format_list([str(size) for size in tables], style="or", locale=get_locale())


def seat_name(seats: list[dict], index: int) -> str:
    return seats[index].get("name") or _("Seat %(number)d", number=index + 1)


def pairing_label(pairing: str, seats: list[dict]) -> str:
    """"Ada + Bo · Cy + Di": the teams of a pairing, by the names typed so far."""
    return " · ".join(" + ".join(seat_name(seats, index) for index in team)
                      for team in pairs(pairing, len(seats)))


def pairing_of(document: dict) -> str:
    """Which pairing a saved game's teams are ("" without teams)."""
    teams = document.get(TEAMS)
    names = [player.get("name") for player in document.get("players", [])]
    if not teams or not names:
        return ""
    chosen = sorted(sorted(team) for team in teams if isinstance(team, list))
    for pairing in PAIRINGS:
        made = sorted(sorted(names[index] for index in team) for team in pairs(pairing, len(names)))
        if made == chosen:
            return pairing
    return PAIRINGS[0]


def team_lines(score) -> list[dict]:
    """Under the pad: each player's team total and team rank (the same for both partners)."""
    teams = score.extra.get(TEAMS) if getattr(score, "extra", None) else None
    if not teams:
        return []
    of_player = {name: team for team in teams for name in team["players"]}
    players = [player.name for player in score.players]
    return [
        {"key": "team-total", "label": _("Team total"),
         "cells": [of_player[name]["total"] if name in of_player else "–" for name in players]},
        {"key": "team-rank", "label": _("Team rank"), "rank": True,
         "cells": [of_player[name]["rank"] if name in of_player else "–" for name in players]},
    ]


def team_name(team: dict) -> str:
    """"Ada + Bo": a team by its players' names, in seat order."""
    return " + ".join(team["players"])


def team_result(score) -> str | None:
    """The winning team(s) and their total (C14: the team of rank 1 wins, ties on points broken
    by the teams' coins), with what the coins decided; None outside team play."""
    teams = score.extra.get(TEAMS) if getattr(score, "extra", None) else None
    if not teams:
        return None
    winners = [team for team in teams if team["rank"] == 1]
    if len(winners) == 1:
        sentence = ngettext("%(team)s win with %(num)d point.", "%(team)s win with %(num)d points.",
                            winners[0]["total"], team=team_name(winners[0]))
    else:
        sentence = _("Shared victory: %(names)s.",
                     names=format_list([team_name(team) for team in winners], locale=get_locale()))
    tied = sorted((team for team in teams if team["total"] == winners[0]["total"]),
                  key=lambda team: -team["coins"])
    if len(tied) > len(winners):  # the coins decided between teams on the same points
        coins = ", ".join(ngettext("%(name)s %(num)d coin", "%(name)s %(num)d coins", team["coins"],
                                   name=team_name(team)) for team in tied)
        sentence += " " + _("Tie on %(points)s points, broken by coins:",
                            points=minus(winners[0]["total"])) + " " + coins + "."
    return sentence


class CitiesPages(PagePart):
    id = "cities"
    #: the box's name, as printed on the Dutch and Polish boxes ("Cities" / "Miasta"), kept apart
    #: from the score-pad row's word
    label = lazy_pgettext("expansion", "Cities")
    city_template = "cities/city.html"
    setup_template = "cities/setup.html"
    setup_keys = frozenset({TEAMS})
    row_looks = MappingProxyType({"cities": RowLook(COLOUR, "#1f1f1f", "#e2e2e2", "cities")})
    marks = MappingProxyType({COLOUR: "♠"})
    colour_labels = MappingProxyType({COLOUR: _l("Black: cities")})
    blank_lines = MappingProxyType({TEAMS: _l("Team total")})

    # -- set-up: team play ------------------------------------------------------------------

    def setup_fields(self):
        return {TEAMS: SelectField(_l("Team play"), choices=[], default="",
                                   validate_choice=False)}

    def setup_data(self, document):
        return {TEAMS: pairing_of(document)}

    def prepare_setup(self, form, ruleset, seats):
        form[TEAMS].choices = [SelectChoice("", _("No teams")), *(
            SelectChoice(pairing, pairing_label(pairing, seats)) for pairing in PAIRINGS)]
        if form[TEAMS].data not in ("", *PAIRINGS):
            form[TEAMS].data = ""

    def setup_section(self, form, ruleset, errors, count):
        """The team-play choice where the table's size allows it; elsewhere which sizes do
        (and that a choice made before the count changed is dropped). A save refused for its
        teams at another size shows the choice with that message beside it."""
        tables = team_tables(ruleset)
        problems = errors.take_under(TEAMS)
        if problems and count not in tables:  # the engine's several problems, said once
            problems = [_("Team play is for %(sizes)s players, not %(count)d: choose No teams, "
                          "or another number of players.", sizes=sizes_text(tables), count=count)]
        offered = count in tables or bool(problems)
        note = ""
        if not offered and form[TEAMS].data in PAIRINGS:
            note = _("Team play is for %(sizes)s players, not %(count)d: this game is set up "
                     "without teams.", sizes=sizes_text(tables), count=count)
        elif not offered:
            note = _("Team play is for %(sizes)s players.", sizes=sizes_text(tables))
        return {TEAMS: problems, "offered": offered, "note": note}

    def setup_summary(self, form, section):
        return [(form[TEAMS].id if section["offered"] else None, form[TEAMS].label.text,
                 section[TEAMS])]

    def setup_conflict_rows(self, form, stored):
        def shown(teams) -> str:
            return " · ".join(" + ".join(team) for team in teams or []) or _("No teams")

        seats = [{"name": entry.form.name.data} for entry in form.seats]
        mine = shown(self.setup_values(form, seats)[TEAMS])
        theirs = shown(stored.get(TEAMS))
        return [{"label": form[TEAMS].label.text, "mine": mine, "theirs": theirs,
                 "differs": mine != theirs}]

    def seat_groups(self, form, ruleset, count):
        pairing = form[TEAMS].data
        return (pairs(pairing, count) if pairing in PAIRINGS and count in team_tables(ruleset)
                else None)

    def setup_values(self, form, seats):
        pairing = form[TEAMS].data
        if pairing not in PAIRINGS or not seats:
            return {TEAMS: None}
        return {TEAMS: [[seats[index]["name"] for index in team]
                        for team in pairs(pairing, len(seats))]}

    # -- the score pad ----------------------------------------------------------------------

    def pad_lines(self, score):
        return team_lines(score)

    def result_sentence(self, score):
        return team_result(score)

    def sheet_facts(self, player):
        debt = player.get(DEBT, 0)
        return [(_("Debt:"), str(debt))] if debt else []

    # -- the build checker ------------------------------------------------------------------

    def annotate_report(self, report, names):
        """The engine's notes on what the builder's black cards change about paying (under
        the report's ``cities`` key), beside the build's other notes, marked as black cards."""
        for entry in (report, *report.get("hand", ()), report.get("wonder_stage") or {}):
            entry.setdefault("notes", []).extend(
                (COLOUR, note["message"]) for note in entry.get(self.id, ()))

    # -- the city page: debt ----------------------------------------------------------------

    def city_fields(self, ruleset):
        return {DEBT: number_field(_l("Debt (the debt tokens' total)"), 0, MAX_DEBT)}

    def player_data(self, player):
        return {DEBT: player.get(DEBT, 0)}

    def city_section(self, form, ruleset, errors, at, saved_document, document, index):
        return {DEBT: errors.take(f"{at}.{DEBT}"), "maximum": MAX_DEBT}

    def summary_entries(self, form, section):
        return [(form[DEBT].id, form[DEBT].label.text, [*form[DEBT].errors, *section[DEBT]])]

    def typed_city(self, form, city):
        if form[DEBT].errors:
            return  # the saved value stays; the page shows the problem
        city.pop(DEBT, None)
        if form[DEBT].data:
            city[DEBT] = form[DEBT].data

    def conflict_rows(self, form, stored, ruleset):
        mine, theirs = form[DEBT].data, stored.get(DEBT, 0)
        return [{"label": form[DEBT].label.text, "mine": mine, "theirs": theirs,
                 "differs": mine != theirs}]


PART = CitiesPages()
