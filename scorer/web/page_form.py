"""The base of the pages' Flask-WTF forms: WTForms' messages from a catalog read once per
language (:mod:`.form_messages`), fields drawn with a cheaper ``html_params``
(:mod:`.form_html`), the CSRF token signed only when the form is drawn, and (for the forms
that ask, :class:`ClonedFields`) fields copied from one WTForms built instead of built again;
what they send, check and draw is Flask-WTF's as before."""

from __future__ import annotations

from flask import current_app, g, session
from flask_wtf import FlaskForm
from flask_wtf.csrf import _FlaskFormCSRF, generate_csrf
from itsdangerous import URLSafeTimedSerializer
from itsdangerous.encoding import want_bytes
from wtforms.fields.core import Flags, Label
from wtforms.meta import DefaultMeta
from wtforms.widgets.core import clean_key

from ..safety.kept import Kept
from .form_html import render
from .form_messages import MESSAGES

#: (unbound field, name, prefix, translations) -> the field WTForms built from them first,
#: bound to no form that is still in use (see :class:`ClonedFields`)
_BUILT: Kept = Kept(1024)


def _copied(field, form):
    """A field as ``field`` was just after it was built, bound to ``form``: its own copies of
    what a request may change (flags, label, attributes, choices), its form and meta."""
    state = field.__dict__.copy()
    for key, value in state.items():
        if type(value) in (list, dict):
            state[key] = type(value)(value)
    flags = Flags()
    flags.__dict__.update(field.flags.__dict__)
    state.update(flags=flags, label=Label(field.label.field_id, field.label.text),
                 _form=form, meta=form.meta)
    copy = object.__new__(type(field))
    copy.__dict__ = state
    return copy


def _built(meta, form, unbound_field, options):
    """A field as WTForms builds it, kept without the form it was built for."""
    field = DefaultMeta.bind_field(meta, form, unbound_field, options)
    field._form = field.meta = None
    return field


class ClonedFields:
    """A form Meta that binds each field of a class in ``cloned`` by copying the one WTForms
    built for the same unbound field, name, prefix and translations (:data:`_BUILT`).

    WTForms builds every field of a form again for each request (``Field.__init__``: its label,
    flags from every validator, the subclass's own set-up): most of a city form's cost, on
    every city page and save, for fields that come out the same each time. A field's state
    after it is built holds nothing of the request (its data comes later, from ``process``), so
    a copy of the first one built is the same field. Only the classes listed, whose built
    state is what their arguments give (no choices made by a callable, which reads the form;
    no sub-forms or entries), are copied; any other is built by WTForms.
    """

    #: the field classes copied (exact classes, not their subclasses)
    cloned: frozenset[type] = frozenset()

    def bind_field(self, form, unbound_field, options):
        if unbound_field.field_class not in self.cloned:
            return DefaultMeta.bind_field(self, form, unbound_field, options)
        key = (unbound_field, options.get("name"), options.get("prefix"),
               options.get("translations"))
        built = _BUILT.get_or_make(key, lambda: _built(self, form, unbound_field, options))
        if getattr(built, "_choices_callable", None) is not None:
            return DefaultMeta.bind_field(self, form, unbound_field, options)
        return _copied(built, form)


#: the salt Flask-WTF signs its CSRF tokens with (``flask_wtf.csrf.generate_csrf``)
CSRF_SALT = "wtf-csrf-token"
#: secret key -> Flask-WTF's serializer of CSRF tokens and its signer
_SIGNERS: Kept = Kept(16)
#: (secret key, the session's raw token) -> the token's payload as that serializer writes it
_PAYLOADS: Kept[bytes] = Kept(4096)


def _signing(secret_key):
    serializer = URLSafeTimedSerializer(secret_key, salt=CSRF_SALT)
    return serializer, serializer.make_signer()


def signed_csrf(secret_key, field_name) -> str:
    """``flask_wtf.csrf.generate_csrf(secret_key, field_name)``: the session's raw token signed
    with the time (``URLSafeTimedSerializer(secret_key, salt=CSRF_SALT).dumps(raw)``), kept on
    ``g`` for the request. What ``dumps`` does, done with one serializer and signer per key and
    the raw token's payload written once per session, not again for every page: a city page's
    CSRF token was a fifth of drawing city.html. Anything but a session holding a token of
    text already (a new session, no key) is Flask-WTF's own."""
    if not secret_key or not field_name or field_name in g:
        return generate_csrf(secret_key=secret_key, token_key=field_name)
    raw = session.get(field_name)
    if type(raw) is not str:
        return generate_csrf(secret_key=secret_key, token_key=field_name)
    serializer, signer = _SIGNERS.get_or_make(secret_key, lambda: _signing(secret_key))
    payload = _PAYLOADS.get_or_make((secret_key, raw),
                                    lambda: want_bytes(serializer.dump_payload(raw)))
    token = signer.sign(payload).decode("utf-8")
    setattr(g, field_name, token)
    return token


class _Token:
    """A form's CSRF token, signed when first shown (``str``): Flask-WTF signs one for every
    form it builds, and a save that is answered with a redirect never shows its form."""

    __slots__ = ("_meta", "_token")

    def __init__(self, meta):
        self._meta = meta
        self._token: str | None = None

    def __str__(self) -> str:
        if self._token is None:
            self._token = signed_csrf(self._meta.csrf_secret, self._meta.csrf_field_name)
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
