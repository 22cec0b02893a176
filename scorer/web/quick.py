"""The quick pad: the paper score pad on a phone, with the sums and the science done for you.

Points are typed row by row in a grid like the paper pad's; the science helper turns symbol
counts and free symbols into the science row (in the page's script as they are typed, by a
button without it), and the coins held, typed apart for the tie-break, give the treasury row
when it is left empty and are checked against it when both are typed. Totals and winners come
from the engine's ranking, so the coin tie-break is the same as on the full score pad. Nothing
is stored: it is a calculator for a paper game.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import gettext as _

from ..engine.quickpad import QuickEntry, quick_game_fields, quick_score, science_helper
from ..engine.rules import DEFAULT_EDITION, Ruleset
from ..i18n import translator
from ..safety.numbers import parse_int
from .editions import (
    FREE_CITY_COUNT,
    chosen_ruleset,
    edition_choices,
    expansion_choices,
    player_counts,
    ruleset_for_count,
)
from .expansions import pad_lines, parts_of
from .expired_forms import shows_expired_forms
from .forms import QuickColumnForm, QuickPadForm, count_choices, posted_rows, quick_pad_form
from .pad_rows import pad_rows
from .problems import ErrorMap, summary
from .setup import DEFAULT_COUNT

bp = Blueprint("quick", __name__)

HELPER_FIELDS = ("compass", "gear", "tablet", "free_symbols")


def blank_column(number: int, free_city: bool = False) -> dict:
    """An empty column: names are typed by the players, never prefilled (the Free City's aside)."""
    return {"name": _("Free City") if free_city else "", "free_city": "1" if free_city else ""}


def columns_for(count: str, columns: list[dict] | None = None) -> list[dict]:
    columns = [c for c in (columns or []) if not c.get("free_city")]
    wanted = 2 if count == FREE_CITY_COUNT else parse_int(count)
    columns = columns[:wanted] + [blank_column(n + 1) for n in range(len(columns), wanted)]
    if count == FREE_CITY_COUNT:
        columns.append(blank_column(3, free_city=True))
    return columns


def prepare(form: QuickPadForm, ruleset: Ruleset) -> QuickPadForm:
    form.count.choices = count_choices(ruleset)
    form.edition.choices = edition_choices()
    form.expansions.choices = expansion_choices()
    for part in parts_of(ruleset):
        part.prepare_setup(form, ruleset, column_seats(form))
    return form


def column_seats(form: QuickPadForm) -> list[dict]:
    """The columns as the set-up's seats (in seating order), for the expansions' choices."""
    return [{"name": entry.form["name"].data or ""} for entry in form.columns]


def typed_extra(form: QuickPadForm, ruleset: Ruleset) -> dict:
    return {name: form[name].data for part in parts_of(ruleset) for name in part.setup_fields()}


def form_with(columns: list[dict], ruleset: Ruleset, extra: dict | None = None) -> QuickPadForm:
    count = FREE_CITY_COUNT if any(c.get("free_city") for c in columns) else str(len(columns))
    return prepare(quick_pad_form(ruleset)(formdata=None, data={
        **(extra or {}), "count": count, "columns": columns, "edition": ruleset.edition,
        "expansions": list(ruleset.expansions)}), ruleset)


def posted_form() -> tuple[QuickPadForm, Ruleset]:
    """The posted grid in the form of its ruleset (a post without an edition is the default
    edition's, as a game document without one is)."""
    edition = request.form.get("edition") or DEFAULT_EDITION
    ruleset = chosen_ruleset(edition, request.form.getlist("expansions"))
    form = prepare(quick_pad_form(ruleset)(), ruleset)
    if not request.form.get("edition"):
        form.edition.data = edition
    return form, ruleset


def apply_science_helper(column, errors: ErrorMap, index: int) -> None:
    """Fill the science row from the helper's symbols; refuse a typed row that disagrees."""
    counts = [column[field].data for field in HELPER_FIELDS]
    if all(value is None for value in counts) or any(column[field].errors for field in HELPER_FIELDS):
        return
    points, choices = science_helper(*(value or 0 for value in counts))
    typed = column["science"].data
    if typed is None or request.form.get("action") in ("science", f"science-{index}"):
        column["science"].data = points
        column["science"].raw_data = [str(points)]
    elif typed != points:
        errors.add(f"columns[{index}].science",
                   _("The symbols give %(points)d science points, not %(typed)d: correct the "
                     "row or the symbols.", points=points, typed=typed))


def apply_treasury(column, errors: ErrorMap, index: int, per_point: int) -> None:
    """The treasury row is the coins held ÷ 3: filled from them when empty, checked when typed,
    so coins typed into the treasury row (or points into the coins) never pass unnoticed."""
    held, typed = column["coins_held"].data, column["coins"].data
    if held is None or column["coins_held"].errors or column["coins"].errors:
        return
    if typed is None:
        column["coins"].data = held // per_point
        column["coins"].raw_data = [str(held // per_point)]
    elif typed != held // per_point:
        errors.add(f"columns[{index}].coins",
                   _("%(held)d coins held give %(points)d treasury points (1 per 3 coins), not "
                     "%(typed)d: correct the treasury row or the coins held.",
                     held=held, points=held // per_point, typed=typed))


def compute(form: QuickPadForm, ruleset: Ruleset, form_ok: bool = True):
    errors = ErrorMap()
    names = set()
    for index, entry in enumerate(form.columns):
        column = entry.form
        apply_science_helper(column, errors, index)
        apply_treasury(column, errors, index, ruleset.coins_per_point)
        name = column["name"].data or ""
        if column["name"].errors:
            pass
        elif not name:
            errors.add(f"columns[{index}].name", _("Every player needs a name."))
        elif name in names:
            errors.add(f"columns[{index}].name",
                       _("Two players are called '%(name)s'; names must differ.", name=name))
        names.add(name)
    seats = column_seats(form)
    fields = {key: value for part in parts_of(ruleset)
              for key, value in part.setup_values(form, seats).items() if value is not None}
    parts, problems = quick_game_fields([seat["name"] for seat in seats], fields,
                                        ruleset.edition, ruleset.expansions)
    for problem in problems:
        errors.add(problem.path, problem.message.render(translator()))
    if errors or not form_ok:
        return None, errors
    entries = [QuickEntry(name=entry.form["name"].data,
                          points={row: entry.form[row].data or 0 for row in ruleset.categories},
                          coins=entry.form["coins_held"].data or 0,
                          free_city=bool(entry.form["free_city"].data))
               for entry in form.columns]
    return quick_score(entries, ruleset.edition, ruleset.expansions, parts), errors


def show(form: QuickPadForm, ruleset: Ruleset, score=None, errors: ErrorMap | None = None,
         status: int = 200):
    errors = errors or ErrorMap()
    column_errors = [{field: errors.take(f"columns[{index}].{field}")
                      for field in ("name", "science", "coins")} for index in range(len(form.columns))]
    sections = [(part, part.setup_section(form, ruleset, errors, len(form.columns)))
                for part in parts_of(ruleset)]
    general = errors.rest()
    blank = QuickColumnForm()
    helper_open = any(entry.form[name].data is not None or entry.form[name].errors
                      for entry in form.columns for name in HELPER_FIELDS)
    return render_template("quick.html", form=form, score=score, column_errors=column_errors,
                           summary=quick_summary(form, ruleset, column_errors, general, sections),
                           sections=[{"template": part.setup_template, "section": section}
                                     for part, section in sections if part.setup_template],
                           rows=pad_rows(ruleset), helper_fields=HELPER_FIELDS,
                           lines=pad_lines(ruleset, score) if score is not None else [],
                           # from a blank column: a post may come with no column at all
                           helper_labels={name: blank[name].label.text for name in HELPER_FIELDS},
                           helper_open=helper_open), status


def quick_summary(form: QuickPadForm, ruleset: Ruleset, column_errors: list[dict],
                  general: list[str], sections: list = ()) -> list[dict]:
    """Every problem of the grid, player by player, each linking to its cell."""
    entries = [(None, None, general), (form.count.id, form.count.label.text, form.count.errors),
               (form.edition.id, form.edition.label.text, form.edition.errors),
               (f"{form.expansions.id}-0", form.expansions.label.text, form.expansions.errors)]
    for part, section in sections:
        if section is not None:
            entries.extend(part.setup_summary(form, section))
    for index, (entry, found) in enumerate(zip(form.columns, column_errors, strict=True), start=1):
        column = entry.form
        who = column.name.data or (_("Free City") if column.free_city.data
                                   else _("Player %(number)d", number=index))
        for name in ("name", *ruleset.categories, "coins_held", *HELPER_FIELDS):
            field = column[name]
            entries.append((field.id, f"{who}, {field.label.text}", [*field.errors, *found.get(name, [])]))
    return summary(entries)


@bp.route("/quick", methods=["GET", "POST"])
@shows_expired_forms
def pad():
    if request.method == "GET":
        count = request.args.get("count", DEFAULT_COUNT)
        ruleset, fits = ruleset_for_count(request.args.get("edition"), count)
        if not fits:
            count = DEFAULT_COUNT
        return show(form_with(columns_for(count), ruleset), ruleset)
    form, ruleset = posted_form()
    if request.form.get("action") == "count":
        count = form.count.data if form.count.data in player_counts(ruleset) else DEFAULT_COUNT
        columns = [dict(entry.data) for entry in form.columns]
        if not ruleset.free_city:
            columns = [column for column in columns if not column.get("free_city")]
        return show(form_with(columns_for(count, columns), ruleset, typed_extra(form, ruleset)),
                    ruleset)
    form_ok = form.validate()
    columns = len(form.columns.entries)
    free = sum(1 for entry in form.columns if entry.form["free_city"].data)
    low, high = ruleset.min_players, ruleset.max_players
    too_many = posted_rows(request.form, "columns") > high
    free_city_ok = ruleset.free_city and (columns, free) == (low, 1)
    if too_many or not low <= columns <= high or (free and not free_city_ok):
        return show(form, ruleset, errors=_count_error(ruleset), status=422)
    score, errors = compute(form, ruleset, form_ok)
    if score is None:
        return show(form, ruleset, errors=errors, status=422)
    return show(form, ruleset, score)


def _count_error(ruleset: Ruleset) -> ErrorMap:
    errors = ErrorMap()
    if ruleset.free_city:
        errors.add("columns", _("A game has 3 to 7 players (or 2 and the Free City)."))
    else:
        errors.add("columns", _("A game of this edition has %(low)d to %(high)d players.",
                                low=ruleset.min_players, high=ruleset.max_players))
    return errors
