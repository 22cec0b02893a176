"""The base of the pages' Flask-WTF forms: WTForms' messages from a catalog read once per
language (:mod:`.form_messages`), fields drawn with a cheaper ``html_params``
(:mod:`.form_html`), the CSRF token signed only when the form is drawn; what they send, check
and draw is Flask-WTF's as before."""

from __future__ import annotations

from flask import current_app
from flask_wtf import FlaskForm
from flask_wtf.csrf import _FlaskFormCSRF, generate_csrf
from wtforms.widgets.core import clean_key

from .form_html import render
from .form_messages import MESSAGES


class _Token:
    """A form's CSRF token, signed when first shown (``str``): Flask-WTF signs one for every
    form it builds, and a save that is answered with a redirect never shows its form."""

    __slots__ = ("_meta", "_token")

    def __init__(self, meta):
        self._meta = meta
        self._token: str | None = None

    def __str__(self) -> str:
        if self._token is None:
            self._token = generate_csrf(secret_key=self._meta.csrf_secret,
                                        token_key=self._meta.csrf_field_name)
        return self._token


class _LazyCSRF(_FlaskFormCSRF):
    """Flask-WTF's CSRF, its token (:class:`_Token`) signed only if the form is drawn."""

    def generate_csrf_token(self, csrf_token_field):
        return _Token(self.meta)


class PageForm(FlaskForm):
    class Meta:
        csrf_class = _LazyCSRF

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
