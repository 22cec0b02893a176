"""The quick pad: the paper score pad on a phone, with the sums and the science done for you.

Points are typed row by row; the science helper turns symbol counts and free symbols into the
science row. Totals and winners come from the engine's ranking, so the coin tie-break is the
same as on the full score pad. Nothing is stored: it is a calculator for a paper game.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_babel import gettext as _

from ..engine.quickpad import QuickEntry, quick_score, science_helper
from ..engine.scoring import CATEGORIES
from ..engine.validation import MAX_PLAYERS, MIN_PLAYERS
from .forms import PLAYER_COUNTS, QuickPadForm, labelled, posted_rows
from .problems import ErrorMap
from .setup import DEFAULT_COUNT

bp = Blueprint("quick", __name__)

HELPER_FIELDS = ("compass", "gear", "tablet", "free_symbols")


def blank_column(number: int, free_city: bool = False) -> dict:
    name = _("Free City") if free_city else _("Player %(number)d", number=number)
    return {"name": name, "free_city": "1" if free_city else ""}


def columns_for(count: str, columns: list[dict] | None = None) -> list[dict]:
    columns = [c for c in (columns or []) if not c.get("free_city")]
    wanted = 2 if count == "2" else int(count)
    columns = columns[:wanted] + [blank_column(n + 1) for n in range(len(columns), wanted)]
    if count == "2":
        columns.append(blank_column(3, free_city=True))
    return columns


def form_with(columns: list[dict]) -> QuickPadForm:
    count = "2" if any(c.get("free_city") for c in columns) else str(len(columns))
    return QuickPadForm(formdata=None, data={"count": count, "columns": columns})


def apply_science_helper(column, errors: ErrorMap, index: int) -> None:
    """Fill the science row from the helper's symbols; refuse a typed row that disagrees."""
    counts = [column[field].data for field in HELPER_FIELDS]
    if all(value is None for value in counts):
        return
    points, choices = science_helper(*(value or 0 for value in counts))
    typed = column["science"].data
    if typed is None or request.form.get("action") == f"science-{index}":
        column["science"].data = points
        column["science"].raw_data = [str(points)]
    elif typed != points:
        errors.add(f"columns[{index}].science",
                   _("The symbols give %(points)d science points, not %(typed)d: correct the "
                     "row or the symbols.", points=points, typed=typed))


def compute(form: QuickPadForm):
    errors = ErrorMap()
    names = set()
    for index, entry in enumerate(form.columns):
        column = entry.form
        apply_science_helper(column, errors, index)
        name = column["name"].data or ""
        if not name:
            errors.add(f"columns[{index}].name", _("Every player needs a name."))
        elif name in names:
            errors.add(f"columns[{index}].name",
                       _("Two players are called '%(name)s'; names must differ.", name=name))
        names.add(name)
    if errors:
        return None, errors
    entries = [QuickEntry(name=entry.form["name"].data,
                          points={row: entry.form[row].data or 0 for row in CATEGORIES},
                          coins=entry.form["coins_held"].data or 0,
                          free_city=bool(entry.form["free_city"].data))
               for entry in form.columns]
    return quick_score(entries), errors


def show(form: QuickPadForm, score=None, errors: ErrorMap | None = None, status: int = 200):
    errors = errors or ErrorMap()
    column_errors = [{field: errors.take(f"columns[{index}].{field}")
                      for field in ("name", "science")} for index in range(len(form.columns))]
    return render_template("quick.html", form=form, score=score, column_errors=column_errors,
                           general=errors.rest() + labelled(form.count), categories=CATEGORIES,
                           helper_fields=HELPER_FIELDS), status


@bp.route("/quick", methods=["GET", "POST"])
def pad():
    if request.method == "GET":
        count = request.args.get("count", DEFAULT_COUNT)
        return show(form_with(columns_for(count if count in PLAYER_COUNTS else DEFAULT_COUNT)))
    form = QuickPadForm()
    if request.form.get("action") == "count":
        count = form.count.data if form.count.data in PLAYER_COUNTS else DEFAULT_COUNT
        return show(form_with(columns_for(count, [dict(entry.data) for entry in form.columns])))
    if not form.validate():
        return show(form, status=422)
    columns = len(form.columns.entries)
    free = sum(1 for entry in form.columns if entry.form["free_city"].data)
    too_many = posted_rows(request.form, "columns") > MAX_PLAYERS
    if too_many or not MIN_PLAYERS <= columns <= MAX_PLAYERS or (free and (columns, free) != (3, 1)):
        return show(form, errors=_count_error(), status=422)
    score, errors = compute(form)
    if score is None:
        return show(form, errors=errors, status=422)
    return show(form, score)


def _count_error() -> ErrorMap:
    errors = ErrorMap()
    errors.add("columns", _("A game has 3 to 7 players (or 2 and the Free City)."))
    return errors
