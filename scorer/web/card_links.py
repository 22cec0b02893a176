"""Links from what the pages say to the rules at hand: every card, wonder and expansion card an
explanation names opens its page.

An explanation is an engine :class:`~scorer.engine.messages.Message` whose parameters hold the
names it mentions as messages of their own (a name is a message with a context, ``card``,
``wonder`` or an expansion's, and no parameters). :func:`linked` renders a message as
:class:`~markupsafe.Markup` the way :meth:`Message.render` renders text, every piece escaped,
with each such name a link to its page when the game's edition has it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache

from flask import current_app, request, url_for
from markupsafe import Markup, escape

from ..engine.messages import Message, Sum, Translator, minus
from .card_index import card_index

#: the app's extension keeping :func:`card_url`'s answers (a few hundred at most: the
#: editions' wonders and cards, per site address)
PAGES = "scorer.card_pages"
#: (name context, English name) -> the page's address
Links = Mapping[tuple[str, str], str]


@lru_cache(maxsize=64)
def _named(index, edition: str) -> dict[tuple[str, str], tuple[str, str]]:
    """(name context, English name) -> (edition, id) of the entries of ``index`` in
    ``edition`` (the last entry of a name wins)."""
    return {(entry.label.context, entry.label.text): (entry.edition, entry.id)
            for entry in index.entries if entry.edition == edition}


class NameLinks(Mapping):
    """:data:`Links` of an edition whose addresses are built as they are asked for: a pad's
    explanations name a few dozen of the edition's hundreds of cards and wonders, and building
    every address was a sixth of drawing a pad."""

    def __init__(self, named: dict[tuple[str, str], tuple[str, str]]):
        self._named = named
        self._urls: dict[tuple[str, str], str] = {}

    def __getitem__(self, name: tuple[str, str]) -> str:
        url = self._urls.get(name)
        if url is None:
            edition, card_id = self._named[name]
            url = self._urls[name] = url_for("cards.page", edition=edition, card_id=card_id)
        return url

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._named)

    def __len__(self) -> int:
        return len(self._named)


def name_links(edition: str) -> Links:
    """The card, wonder and expansion card names of an edition, with their pages."""
    return NameLinks(_named(card_index(), edition))


def card_url(edition: str, card_id: str) -> str | None:
    """The page of a card or wonder id of an edition (None when the rules at hand have none),
    kept per app and site address: every pad drawn asks for each of its wonders' pages."""
    pages = current_app.extensions.setdefault(PAGES, {})
    key = (request.script_root, edition, card_id)
    if key not in pages:
        entry = card_index().get(edition, card_id)
        pages[key] = url_for("cards.page", edition=edition, card_id=card_id) if entry else None
    return pages[key]


def link(text: str, url: str) -> Markup:
    # what Markup(...).format(url, text) gives, without its formatter (a pad has dozens)
    return Markup(f'<a class="card-link" href="{escape(url)}">{escape(text)}</a>')


def linked(value: object, translator: Translator, links: Links) -> object:
    """``value`` rendered as HTML: a message with its names linked, a sum, a list; anything
    else as it is (Markup's ``%`` escapes it where it is put)."""
    if isinstance(value, Message):
        return _message(value, translator, links)
    if isinstance(value, Sum):
        return _sum(value, translator, links)
    if isinstance(value, (list, tuple)):
        return Markup(", ").join(str(item) if isinstance(item, (int, float)) else
                                 linked(item, translator, links) for item in value)
    return value


def _message(message: Message, translator: Translator, links: Links) -> Markup:
    params = message.params
    if not params and message.plural is None:
        text = escape(message.render(translator))
        url = links.get((message.context, message.text)) if message.context else None
        return link(text, url) if url else text
    template, values = message.filled(
        translator, lambda value, active: linked(value, active, links))
    return Markup(escape(template)) % values


def _sum(total: Sum, translator: Translator, links: Links) -> Markup:
    """:meth:`Sum.render` with its labels linked."""
    terms = total.terms
    if not terms:
        return Markup(escape(str(total.total)))
    text = Markup("")
    for index, (label, value) in enumerate(terms):
        shown = Markup(escape(minus(abs(value)) if index else minus(value)))
        if label is not None:  # Markup("{} {}").format(...) without its formatter
            shown = Markup(f"{escape(linked(label, translator, links))} {shown}")
        text += shown if not index else Markup(" − " if value < 0 else " + ") + shown
    if (len(terms) == 1 and terms[0][0] is None) or not total.with_total:
        return text
    return text + Markup(" = ") + escape(minus(total.total))
