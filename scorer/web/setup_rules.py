"""Changing the rules (edition, expansions) of a saved game from its set-up page.

The rule: a change keeps every seat (name, id, city) and drops nothing. A wonder, side or Free
City the new rules lack stays in the form, marked, with a message beside it, until the host
chooses again: it is never replaced behind their back. The change is saved only if the whole
game, every city entered so far included, validates under the new rules; otherwise the page
comes back naming each city that does not fit and why, and nothing is saved.
"""

from __future__ import annotations

import re

from flask_babel import gettext as _
from wtforms.fields.choices import SelectChoice

from ..engine.rules import DEFAULT_EDITION, Ruleset
from ..engine.validation import Problem, parse_game
from ..games import service as games_service
from ..i18n import translator
from .editions import chosen_ruleset, document_ruleset, ruleset_title
from .labels import card_label, side_label, wonder_label
from .problems import ErrorMap

#: a problem inside a player's city (not their seat): ``players[2].cards[0]``
CITY_PATH = re.compile(r"players\[(\d+)\][.\[](?!(?:name|wonder|side|free_city)\b)")


def posted_rules(form, saved, posted) -> Ruleset:
    """The ruleset a posted set-up is for: the one chosen on the page. A set-up page from before
    the rules could change there sends no edition: the saved game's rules then (a new game
    without an edition is of the default edition, as a document without one is)."""
    if saved is not None and "edition" not in posted:
        ruleset = document_ruleset(saved.document)
        form.edition.data, form.expansions.data = ruleset.edition, list(ruleset.expansions)
        return ruleset
    if not form.edition.data:
        form.edition.data = DEFAULT_EDITION
    return chosen_ruleset(form.edition.data, form.expansions.data)


def changes_rules(saved, ruleset: Ruleset) -> bool:
    return saved is not None and games_service.rules_change(
        saved.document, ruleset.edition, ruleset.expansions)


def keep_misfits(form, ruleset: Ruleset, saved) -> None:
    """Offer each seat's wonder and side the ruleset lacks as a marked choice, so the form shows
    what the game has (not "Deal at random") and a save refuses it until the host chooses."""
    before = document_ruleset(saved.document)
    rules = ruleset_title(ruleset)
    for entry in form.seats:
        wonder, side = entry.form.wonder.data or "", entry.form.side.data or ""
        if wonder and wonder not in ruleset.catalog.wonders:
            known = before.catalog.wonders.get(wonder)
            label = wonder_label(known) if known else wonder
            entry.form.wonder.choices = [*entry.form.wonder.choices, SelectChoice(
                wonder, _("%(choice)s (not in %(rules)s)", choice=label, rules=rules))]
        if side and not ruleset.side(side):
            entry.form.side.choices = [*entry.form.side.choices, SelectChoice(
                side, _("%(choice)s (not in %(rules)s)", choice=side_label(before, side),
                        rules=rules))]


def misfits(seats: list[dict], ruleset: Ruleset, saved) -> ErrorMap:
    """Beside each seat, what the new rules lack (its wonder, side, the Free City), and each
    city that would not fit them: shown as soon as the edition or an expansion is switched."""
    errors = ErrorMap()
    before = document_ruleset(saved.document)
    rules = ruleset_title(ruleset)
    sides = ", ".join(side_label(ruleset, side) for side in ruleset.side_ids)
    for index, seat in enumerate(seats):
        wonder, side = seat.get("wonder") or "", seat.get("side") or ""
        if wonder and wonder not in ruleset.catalog.wonders:
            known = before.catalog.wonders.get(wonder)
            errors.add(f"players[{index}].wonder", _(
                "%(wonder)s is not a wonder of %(rules)s: choose another one.",
                wonder=wonder_label(known) if known else wonder, rules=rules))
        if side and not ruleset.side(side):
            errors.add(f"players[{index}].side", _(
                "Side %(side)s is not a side of %(rules)s: choose %(sides)s or Random.",
                side=side_label(before, side), rules=rules, sides=sides))
        if seat.get("free_city") and not ruleset.free_city:
            errors.add(f"players[{index}]", _(
                "%(rules)s has no two-player variant with the Free City: choose the number "
                "of players again.", rules=rules))
    document = games_service.with_rules(
        {**saved.document, "players": games_service.build_players(saved.document["players"], seats)},
        ruleset.edition, ruleset.expansions)
    _game, problems = parse_game(document)
    cities = [problem for problem in problems if CITY_PATH.match(problem.path)]
    add_cities(errors, cities, document, ruleset, before)
    return errors


def add_cities(errors: ErrorMap, problems: list[Problem], document: dict, ruleset: Ruleset,
               before: Ruleset) -> None:
    """Each city problem beside its seat, naming the player and the rules it does not fit."""
    active = translator()
    rules = ruleset_title(ruleset)
    for problem in problems:
        index = int(CITY_PATH.match(problem.path).group(1))
        errors.add(f"players[{index}]", _(
            "The city of %(player)s does not fit %(rules)s: %(problem)s",
            player=document["players"][index].get("name", ""), rules=rules,
            problem=problem_text(problem, before, rules) or problem.message.render(active)))


def problem_text(problem: Problem, before: Ruleset, rules: str) -> str | None:
    """A building the new rules lack, by its name in the page's language rather than the
    validator's id (``Unknown card 'strategists-guild'.``, written for programs)."""
    card_id = (problem.message.params or {}).get("card") if problem.code == "unknown_card" else None
    card = before.catalog.card(card_id) if isinstance(card_id, str) else None
    if card is None:
        return None
    return _("%(card)s is not a building of %(rules)s.", card=card_label(card), rules=rules)


def refused(problems: list[Problem], document: dict, ruleset: Ruleset, saved) -> ErrorMap:
    """The problems of a refused save; when it changed the rules, each city that does not fit
    them is named, and the page says the rules were not changed."""
    if not changes_rules(saved, ruleset):
        return ErrorMap(problems)
    cities = [problem for problem in problems if CITY_PATH.match(problem.path)]
    errors = ErrorMap([problem for problem in problems if problem not in cities])
    if cities:
        errors.add("rules", _(
            "The edition and expansions change only if every city entered so far fits them. "
            "Change those cities first, or keep %(rules)s.",
            rules=ruleset_title(document_ruleset(saved.document))))
    add_cities(errors, cities, document, ruleset, document_ruleset(saved.document))
    return errors
