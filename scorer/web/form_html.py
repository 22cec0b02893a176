"""Form fields drawn as WTForms 3.3 draws them, with a cheaper ``html_params``.

WTForms makes each attribute of a tag a Markup of its own through ``str.format``
(``wtforms.widgets.core.html_params``): the city page's nineteen tags (its selects' options,
its number fields with a dozen attributes each) took a tenth of drawing it. :func:`html_params`
gives the same text without the formatter, and :func:`render` draws the inputs and selects of
the pages' forms with it: WTForms' own ``Input.__call__`` with it, and ``Select``'s drawing
repeated here. Any other widget, or one whose class changes how it draws, is WTForms' own.
tests/web/test_form_html.py compares both for every field of the pages' forms.
"""

from __future__ import annotations

from markupsafe import Markup, escape
from wtforms.widgets import Input, Select
from wtforms.widgets import core as widgets

from ..safety.kept import Kept

_STOCK_PARAMS = widgets.html_params
_STOCK_OPTION = Select.render_option.__func__


def html_params(**kwargs) -> Markup:
    """``wtforms.widgets.html_params``: the attributes sorted by name, ``True`` as the bare
    name, ``False`` left out, every value escaped and its quotes written ``&quot;``."""
    params = []
    for key, value in sorted(kwargs.items()):
        key = escape(widgets.clean_key(key))
        if value is True:
            params.append(key)
        elif value is not False:
            params.append(f'{key}="{str.replace(escape(value), chr(34), "&quot;")}"')
    return Markup(" ".join(params))


class _Input:
    """What ``Input.__call__`` reads of its widget, with :func:`html_params`."""

    __slots__ = ("input_type", "validation_attrs")
    html_params = staticmethod(html_params)

    def __init__(self, widget: Input):
        self.input_type = widget.input_type
        self.validation_attrs = widget.validation_attrs


def _select(widget: Select, field, **kwargs) -> Markup:
    """``Select.__call__`` (WTForms 3.3) with :func:`html_params`."""
    kwargs.setdefault("id", field.id)
    if widget.multiple:
        kwargs["multiple"] = True
    flags = getattr(field, "flags", {})
    for k in dir(flags):
        if k in widget.validation_attrs and k not in kwargs:
            kwargs[k] = getattr(flags, k)
    html = [f"<select {html_params(name=field.name, **kwargs)}>"]
    if field.has_groups():
        for optgroup, choices in field._iter_groups_normalized():
            if optgroup is not None:
                html.append(f"<optgroup {html_params(label=optgroup)}>")
            html.extend(_option(choice) for choice in choices)
            if optgroup is not None:
                html.append("</optgroup>")
    else:
        html.extend(_option(choice) for choice in field._iter_choices_normalized())
    html.append("</select>")
    return Markup("".join(html))


#: (value, label, selected) -> an option as :func:`_option` draws it, for plain text values and
#: labels without attributes of their own (the city page's wonders and sides, every page and
#: save: the same few dozen options drawn again each time)
_OPTIONS: Kept[str] = Kept(4096)


def _option(choice) -> str:
    """``Select.render_option`` (WTForms 3.3) with :func:`html_params`; an option of plain
    text drawn once (:data:`_OPTIONS`)."""
    value, label = choice.value, choice.label
    if type(value) is str and type(label) is str and not choice.render_kw:
        return _OPTIONS.get_or_make((value, label, bool(choice.selected)),
                                    lambda: _drawn_option(choice))
    return _drawn_option(choice)


def _drawn_option(choice) -> str:
    value = choice.value
    if isinstance(value, bool):
        value = str(value)
    options = {"value": value, **(choice.render_kw or {})}
    if choice.selected:
        options["selected"] = True
    return f"<option {html_params(**options)}>{escape(choice.label or choice.value)}</option>"


def render(widget, field, render_kw: dict) -> Markup:
    """``widget(field, **render_kw)``, drawn here when WTForms' own drawing of it is known."""
    kind = type(widget)
    if (isinstance(widget, Input) and kind.__call__ is Input.__call__
            and kind.html_params is _STOCK_PARAMS):
        return Input.__call__(_Input(widget), field, **render_kw)
    if (kind.__call__ is Select.__call__ and kind.render_option.__func__ is _STOCK_OPTION
            and widgets.html_params is _STOCK_PARAMS):
        return _select(widget, field, **render_kw)
    return widget(field, **render_kw)
