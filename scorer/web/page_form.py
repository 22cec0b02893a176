"""The base of the pages' Flask-WTF forms: WTForms' messages from a catalog read once per
language (:mod:`.form_messages`), fields drawn with a cheaper ``html_params``
(:mod:`.form_html`); what they send, check and draw is Flask-WTF's as before."""

from __future__ import annotations

from flask import current_app
from flask_wtf import FlaskForm
from wtforms.widgets.core import clean_key

from .form_html import render
from .form_messages import MESSAGES


class PageForm(FlaskForm):
    class Meta:
        def get_translations(self, form):
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return MESSAGES

        def render_field(self, field, render_kw):
            """``DefaultMeta.render_field`` (WTForms 3.3), drawn by :func:`.form_html.render`."""
            render_kw = {clean_key(k): v for k, v in render_kw.items()}
            other_kw = getattr(field, "render_kw", None)
            if other_kw is not None:
                other_kw = {clean_key(k): v for k, v in other_kw.items()}
                render_kw = dict(other_kw, **render_kw)
            return render(field.widget, field, render_kw)
