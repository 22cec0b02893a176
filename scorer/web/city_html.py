"""The city page's seat (wonder, side) and counters (stages built, coins, conflict tokens),
written as HTML in Python.

They were six macro calls of ``macros.html`` and ``_picks.html`` on every city page and every
save refused: a Jinja macro call, a dozen ``{% set %}`` and escapes, the labels through
WTForms' slower ``html_params`` and their lazy texts translated again at each use. Here they
are the same text drawn from the same fields and translations: ``tests/web/test_city_html.py``
renders the page with the old template (kept under ``tests/web/reference_templates``) beside
today's, for both editions and the expansions, with refused values and messages, in every
language. The macros stay for the other pages and parts (an expansion's ``typed_number``); a
change to how one of them draws needs the same change here.

A piece without messages (every city page, most of a refused save's) is kept (:data:`_DRAWN`)
under everything it is drawn from: the form's class (one per ruleset, :func:`.forms.city_form`,
which fixes the fields' names, labels, attributes and, through :func:`.cities.new_form`, the
selects' choices), the request's language, and the field's value as it shows it. The same city
opened again (each phone opens its own several times an evening, its seat and most counters
unchanged between saves) draws them once.
"""

from __future__ import annotations

from flask_babel import get_locale
from jinja2.filters import do_int
from markupsafe import Markup, escape

from ..safety.kept import Kept
from .pad_html import _, ngettext

#: the battles' limit the conflict-token fields share (the script's sum group)
BATTLES = "battles"
#: pieces drawn without messages, by what they are drawn from (see the module's docstring)
_DRAWN: Kept[str] = Kept(4096)
#: the values a select's drawing may be kept for (its selected option compares them)
_PLAIN = (str, type(None))


def _kept(form_class: type | None, key: tuple, draw) -> str:
    """``draw()``, kept under ``key`` with the form's class and the request's language (drawn
    each time without a class)."""
    if form_class is None:
        return draw()
    return _DRAWN.get_or_make((form_class, str(get_locale()), *key), draw)


def errors(messages: list, id: str | None = None) -> str:
    """macros.html's ``errors``."""
    if not messages:
        return ""
    shown = f' id="{escape(id)}"' if id else ""
    return f'<ul class="errors"{shown}>{"".join(f"<li>{escape(m)}</li>" for m in messages)}</ul>'


def _messages(field, extra) -> list:
    return [*field.errors, *extra]


def label(field, text=None) -> str:
    """``{{ field.label }}``: WTForms' ``Label.__call__`` with no attributes of its own
    (``text``: the label's text, escaped, when the caller has it already)."""
    shown = text if text is not None else escape(field.label.text)
    return f'<label for="{escape(field.label.field_id)}">{shown}</label>'


def control(field, messages: list) -> str:
    """macros.html's ``control`` with no attributes given: the field, then its messages."""
    field_id = field.id
    drawn = (field(**{"aria-invalid": "true", "aria-describedby": f"{field_id}-errors"})
             if messages else field())
    return f"\n\n{drawn}{errors(messages, f'{field_id}-errors')}"


def seat_fix(form, fields: dict) -> Markup:
    """What city.html held about the seat: the wonder and side, folded away unless wrong."""
    wonder = [*form.wonder.errors, *fields["wonder"]]
    side = [*form.side.errors, *fields["side"]]
    shown = form.wonder.data, form.side.data
    if wonder or side or not all(type(value) in _PLAIN for value in shown):
        return Markup(_seat_fix(form, wonder, side))
    return Markup(_kept(type(form), ("seat", *((type(value), value) for value in shown)),
                        lambda: _seat_fix(form, wonder, side)))


def _seat_fix(form, wonder: list, side: list) -> str:
    # the words outside the f-string: Babel's extractor does not look inside one (Python 3.11)
    summary = _("Wrong wonder or side? Change it here")
    return (
        f'\n  <details class="seat-fix"{" open" if wonder or side else ""}>\n'
        f'    <summary>{summary}</summary>\n'
        f'    <div class="pair">\n'
        f'      <div class="field{" invalid" if wonder else ""}">\n'
        f'        {label(form.wonder)}{control(form.wonder, wonder)}\n      </div>\n'
        f'      <div class="field narrow{" invalid" if side else ""}">\n'
        f'        {label(form.side)}{control(form.side, side)}\n      </div>\n'
        f'    </div>\n  </details>')


def _current(field) -> str:
    """What a picked number's field holds, as its radios compare it."""
    held = field.raw_data[0] if field.raw_data else field.data
    return held if isinstance(held, str) else str(held)


def picks(field, top: int, extra=(), sum_group=None, sum_max=None, sum_why=None,
          form_class: type | None = None) -> str:
    """_picks.html's ``picks``: a radio per number from 0 to ``top`` (or to the number held);
    kept by ``form_class`` (the field's form's) when it has no messages."""
    messages = _messages(field, extra)
    if messages:
        return _picks(field, top, messages, sum_group, sum_max, sum_why)
    return _kept(form_class, ("picks", field.name, _current(field), top, sum_group, sum_max,
                              sum_why),
                 lambda: _picks(field, top, messages, sum_group, sum_max, sum_why))


def _picks(field, top: int, messages: list, sum_group, sum_max, sum_why) -> str:
    current = _current(field)
    shown = max(top, do_int(current, 0))
    field_id = escape(field.id)
    name = escape(field.name)
    summed = (f' data-sum="{escape(sum_group)}" data-sum-max="{escape(sum_max)}" '
              f'data-sum-why="{escape(sum_why)}"' if sum_group else "")
    invalid = f' aria-invalid="true" aria-describedby="{field_id}-errors"' if messages else ""
    rows = []
    for number in range(shown + 1):
        checked = " checked" if current == str(number) else ""
        rows.append(f'\n    <label class="pick"><input type="radio" name="{name}" '
                    f'id="{field_id if number == 0 else f"{field_id}-{number}"}" value="{number}"'
                    f'{checked}{invalid}><span>{number}</span></label>\n  ')
    limit = '<small class="limit" role="status" data-limit></small>' if sum_group else ""
    return (f'\n\n\n<fieldset class="field picks{" invalid" if messages else ""}"{summed}>\n'
            f'  <legend>{escape(field.label.text)}</legend>\n  <div class="pick-row">\n  '
            f'{"".join(rows)}\n  </div>\n  {limit}\n'
            f'  {errors(messages, f"{field.id}-errors")}\n</fieldset>')


def stepper(field, extra=(), form_class: type | None = None) -> str:
    """macros.html's ``stepper`` with no maximum, sum group or reason of its own (the coins);
    kept as :func:`picks` is."""
    messages = _messages(field, extra)
    if messages:
        return _stepper(field, messages)
    return _kept(form_class, ("stepper", field.name, field._value()),
                 lambda: _stepper(field, messages))


def _stepper(field, messages: list) -> str:
    text = escape(field.label.text)  # translated once (a lazy text is translated each time)
    attributes = {"role": "spinbutton", "data-min": 0, "data-max": 999,
                  "aria-valuemin": 0, "aria-valuemax": 999}
    if messages:
        attributes.update({"aria-invalid": "true", "aria-describedby": f"{field.id}-errors"})
    attributes["data-why"] = _("At most %(num)d.", num=999)
    less, more = _("%(field)s: one less", field=text), _("%(field)s: one more", field=text)
    field_id = escape(field.id)
    return (f'\n<div class="field stepper-field{" invalid" if messages else ""}">\n'
            f'  {label(field, text)}\n  <div class="stepper">\n'
            f'    <button type="button" class="step" data-step="-1" hidden aria-label="'
            f'{less}">\u2212</button>\n    \n    \n    \n    \n'
            f'    {field(**attributes)}\n'
            f'    <button type="button" class="step" data-step="1" hidden aria-label="'
            f'{more}">+</button>\n  </div>\n'
            f'  <small class="limit" role="status" data-limit></small>\n'
            f'  <output class="visually-hidden" for="{field_id}" data-announce></output>\n'
            f'  {errors(messages, f"{field.id}-errors")}\n</div>')


def token_values(field, extra=(), sum_group=None, form_class: type | None = None) -> str:
    """macros.html's ``token_values``: the victory tokens typed as their values; kept as
    :func:`picks` is."""
    messages = _messages(field, extra)
    if messages:
        return _token_values(field, messages, sum_group)
    return _kept(form_class, ("tokens", field.name, field._value(), sum_group),
                 lambda: _token_values(field, messages, sum_group))


def _token_values(field, messages: list, sum_group) -> str:
    attributes = {"aria-describedby": f"{field.id}-hint" + (f" {field.id}-errors" if messages
                                                            else "")}
    if messages:
        attributes["aria-invalid"] = "true"
    if sum_group:
        attributes["data-sum"] = sum_group
    field_id = escape(field.id)
    example = (field.render_kw or {}).get("placeholder", "")
    hint = _("Each token’s value, e.g. %(example)s", example=example)
    return (f'\n<div class="field token-values{" invalid" if messages else ""}">\n'
            f'  {label(field)}\n  \n  \n  \n  {field(**attributes)}\n'
            f'  <small class="hint" id="{field_id}-hint">{hint}'
            f'<output for="{field_id}" data-token-total></output></small>\n'
            f'  {errors(messages, f"{field.id}-errors")}\n</div>')


def counters(form, fields: dict, stage_count: int, token_fields, typed_tokens: str,
             token_max: dict, max_battles: int) -> Markup:
    """What city.html's counters section holds: the stages built, the coins, then each
    conflict-token field (the victory tokens typed, every other kind picked, all sharing the
    battles' limit)."""
    kept = type(form)
    tokens = []
    for name in token_fields:
        if name == typed_tokens:
            tokens.append(token_values(form[name], fields[name], BATTLES, form_class=kept))
        else:
            tokens.append(picks(form[name], token_max[name], fields[name], BATTLES, max_battles,
                                sum_why=ngettext(
                                    "At most %(num)d conflict token in all: one per battle.",
                                    "At most %(num)d conflict tokens in all: one per battle.",
                                    max_battles), form_class=kept))
    return Markup(f'{picks(form.stages, stage_count, fields["stages"], form_class=kept)}\n    '
                  f'{stepper(form.coins, fields["coins"], form_class=kept)}\n    {"".join(tokens)}')
