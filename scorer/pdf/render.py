"""HTML to PDF with WeasyPrint, with the costly parts prepared once per process.

Parsing the stylesheet loads the shipped fonts into a font configuration; doing that for every
request would double the render time, so the stylesheet, its fonts and the decoded icons are
kept. WeasyPrint's font configuration is not safe to share between threads, hence the lock.
Only files from the static folder (and ``data:`` URLs, which hold what they show) may be
fetched: the pages hold user-typed names, and a renderer that follows arbitrary URLs would be
a way into the server.

What a sheet's CPU went to (issue 31, 7 players, 3 pages, about 550 ms on the loaded test
machine) and what is done about it here:

* the garbage collector: a render makes some 50 000 objects in reference cycles, and the
  collector's full passes through the process's 120 000 long-lived ones came to 80-100 ms a
  sheet. The collector rests during a render (:func:`_collector_resting`) and its young
  generation is collected once after it (25 ms, the render's cycles);
* the style cascade: WeasyPrint's user-agent stylesheet gives every element of the document
  a style for six pseudo-elements (notes, footnotes, list markers) whether or not it has any
  (3 000 styles for 500 elements: 100 ms of a sheet's 140 ms of cascade). The documents use no
  notes, and only list items have markers: :func:`user_agent_stylesheet` leaves those rules
  out (and the few that try every element for links, form fields, ``dir`` and ``hidden``,
  which no template writes), and :class:`_Html` gives WeasyPrint that stylesheet instead;
* the boxes themselves: WeasyPrint spends about as much on a table cell, an inline block or a
  background as on a line of text. The sheet's details are a paragraph a row (the row's colour
  a bar on its left, ``p.row-<key>`` here), not a table of three cells with an inline block;
  the facts above them one paragraph, not inline terms and definitions; the score table's
  tint lies on its rows (``tr.tinted``), not on each cell: 1 290 boxes became 790 (7 players);
  then 586, its explanations and facts in plain text (no bold runs: each cost as much as a
  line), its icons the label cells' backgrounds, no grey rule under each row (a border of two
  colours is drawn a side at a time);
* the SVG icons, which WeasyPrint draws again at each use: drawn once and copied
  (:mod:`.recorded_images`);
* the parsing: tinyhtml5 reads the HTML character by character (10 ms of a sheet); the
  standard library's parser builds the same tree for our templates (:mod:`.html_tree`).
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import cssselect2
from weasyprint import CSS, HTML
from weasyprint.css.counters import CounterStyle
from weasyprint.document import Document
from weasyprint.html import UA
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from ..web.pad_rows import PLAIN, TOTAL_LOOK, every_look
from .html_tree import html_tree
from .recorded_images import ImageCache

STYLESHEET = "pdf/print.css"

_lock = threading.Lock()


class StaticOnlyFetcher(URLFetcher):
    """Fetch ``file:`` URLs inside one folder and ``data:`` URLs (which carry their content:
    a report's charts) and nothing else, failing loudly otherwise."""

    def __init__(self, root: Path):
        super().__init__(allowed_protocols=("file", "data"), fail_on_errors=True)
        self.root = root.resolve()

    def fetch(self, url, headers=None):
        response = super().fetch(url, headers)
        if url.startswith("data:"):
            return response
        path = response.path
        if path is None or not Path(path).resolve().is_relative_to(self.root):
            response.close()
            raise ValueError(f"outside the static folder: {url}")
        return response


class Renderer:
    """Everything one static folder's PDFs share: fonts, stylesheet, fetched images."""

    def __init__(self, static_folder: str):
        root = Path(static_folder)
        self.base_url = root.resolve().as_uri() + "/"
        self.fetcher = StaticOnlyFetcher(root)
        self.font_config = FontConfiguration()
        self.stylesheets = [
            CSS(filename=str(root / STYLESHEET), font_config=self.font_config,
                url_fetcher=self.fetcher),
            CSS(string=row_colours(), font_config=self.font_config),
        ]
        self.images: dict = ImageCache()

    def pdf(self, html: str) -> bytes:
        options = variant_of(html)
        with _lock, _collector_resting():
            return self._document(html, options).write_pdf(cache=self.images, **options)

    def document(self, html: str) -> Document:
        """The laid-out pages of ``html``: what the tests measure the boxes of."""
        with _lock, _collector_resting():
            return self._document(html, variant_of(html))

    def _document(self, html: str, options: dict) -> Document:
        source = _Html(string=html, base_url=self.base_url, url_fetcher=self.fetcher)
        return source.render(stylesheets=self.stylesheets, font_config=self.font_config,
                             cache=self.images, **options)


@contextmanager
def _collector_resting() -> Iterator[None]:
    """No garbage collection inside (unless it was off already), then one of the youngest
    generation, which holds the render's cycles: the collector's full passes would otherwise
    walk every long-lived object of the process a few times a sheet. A render holds the lock,
    so in a web process (the tests', the command line's) other threads go without collection
    for as long; the served sheets are drawn in a child of their own (:mod:`.render_process`)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect(0)


#: rules of WeasyPrint's user-agent stylesheet that no template here can use but that the
#: cascade tries on every element: the pseudo-elements of notes and footnotes (a style for each
#: of five pseudo-elements of every element), list markers anywhere but on list items, links,
#: form fields' values and the ``hidden`` and ``dir`` attributes
_UNUSED_UA = (
    (r"\[hidden\], area,", "area,"),
    (r"^:link \{ color: blue \}$", ""),
    (r"^:link, :visited, ins, u \{", "ins, u {"),
    (r"^::marker \{", "li::marker {"),
    (r"^\[dir=(ltr|rtl) i\] \{ direction: (ltr|rtl) \}$", ""),
    (r"^::(footnote|note)-(call|marker|callback) \{.*\}$", ""),
)


@cache
def user_agent_stylesheet() -> CSS:
    """WeasyPrint's user-agent stylesheet without :data:`_UNUSED_UA` (each rule must be found:
    a WeasyPrint that words its stylesheet otherwise fails here, not silently)."""
    text = UA
    for rule, kept in _UNUSED_UA:
        text, found = re.subn(rule, kept, text, flags=re.MULTILINE)
        if not found:
            raise LookupError(f"WeasyPrint's user-agent stylesheet has no {rule!r}")
    # its @counter-style rules go to a registry of their own: the documents count with
    # WeasyPrint's (HTML._ua_counter_style), which holds the same
    return CSS(string=text, counter_style=CounterStyle())


class _Html(HTML):
    """An HTML document styled by :func:`user_agent_stylesheet` (forms are never drawn),
    its tree built by :func:`.html_tree.html_tree` (tinyhtml5's if that gives none)."""

    def __init__(self, string: str, base_url: str | None = None,
                 url_fetcher: URLFetcher | None = None):
        root = html_tree(string)
        if root is None or any(True for _ in root.iter("base")):
            super().__init__(string=string, base_url=base_url, url_fetcher=url_fetcher)
            return
        # what HTML.__init__ keeps of a parsed document
        self.base_url = base_url
        self.url_fetcher = url_fetcher or URLFetcher()
        self.media_type = "print"
        self.wrapper_element = cssselect2.ElementWrapper.from_html_root(
            root, content_language=None)
        self.etree_element = self.wrapper_element.etree_element

    def _ua_stylesheets(self, forms=False):
        return [user_agent_stylesheet()]


#: a template asks for a PDF variant in its head: ``<meta name="pdf-variant" content="pdf/ua-1">``
VARIANT = re.compile(r'<meta name="pdf-variant" content="([^"]+)">')
#: the variants a template may ask for; PDF/UA-1 is tagged (headings, tables, lists, figures
#: with their alternative text) for screen readers, with the document's title and language
VARIANTS = frozenset({"pdf/ua-1"})


def variant_of(html: str) -> dict:
    """WeasyPrint's options for the variant the document's head asks for (none: a plain PDF).
    The tags are asked for too: WeasyPrint's variant fills in only options left unset, and
    ``pdf_tags`` is set (off) by default."""
    head = html[:html.find("</head>")]
    found = VARIANT.search(head)
    if found is None or found[1] not in VARIANTS:
        return {}
    return {"pdf_variant": found[1], "pdf_tags": True}


def row_colours() -> str:
    """Classes for each row's colour and tint: one rule each instead of a style per cell.

    Every row any ruleset may print (and the total) gets its rule, so one stylesheet serves
    every edition and expansion; a row without looks of its own gets the plain ones (first,
    so that the rules naming a row win).
    """
    plain = (f".label.coloured {{ background: {PLAIN.colour}; }}\n"
             f"td.tint, tr.tinted {{ background: {PLAIN.tint}; }}\n"
             f".explained p {{ border-left-color: {PLAIN.colour}; }}")
    return "\n".join([plain, *(
        f".row-{key} .label.coloured, .label.row-{key} {{ background: {look.colour}; }}\n"
        f".row-{key} td.tint, tr.tinted.row-{key} {{ background: {look.tint}; }}\n"
        f"p.row-{key} {{ border-left-color: {look.colour}; }}"
        for key, look in (*every_look().items(), ("total", TOTAL_LOOK)))])


@cache
def renderer(static_folder: str) -> Renderer:
    return Renderer(static_folder)
