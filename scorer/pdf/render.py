"""HTML to PDF with WeasyPrint, with the costly parts prepared once per process.

Parsing the stylesheet loads the shipped fonts into a font configuration; doing that for every
request would double the render time, so the stylesheet, its fonts and the decoded icons are
kept. WeasyPrint's font configuration is not safe to share between threads, hence the lock.
Only files from the static folder (and ``data:`` URLs, which hold what they show) may be
fetched: the pages hold user-typed names, and a renderer that follows arbitrary URLs would be
a way into the server.
"""

from __future__ import annotations

import re
import threading
from functools import cache
from pathlib import Path

from weasyprint import CSS, HTML
from weasyprint.document import Document
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from ..web.pad_rows import PLAIN, TOTAL_LOOK, every_look

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
        self.images: dict = {}

    def pdf(self, html: str) -> bytes:
        options = variant_of(html)
        with _lock:
            return self._document(html, options).write_pdf(cache=self.images, **options)

    def document(self, html: str) -> Document:
        """The laid-out pages of ``html``: what the tests measure the boxes of."""
        with _lock:
            return self._document(html, variant_of(html))

    def _document(self, html: str, options: dict) -> Document:
        source = HTML(string=html, base_url=self.base_url, url_fetcher=self.fetcher)
        return source.render(stylesheets=self.stylesheets, font_config=self.font_config,
                             cache=self.images, **options)


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
    plain = f".label.coloured {{ background: {PLAIN.colour}; }}\ntd.tint {{ background: {PLAIN.tint}; }}"
    return "\n".join([plain, *(
        f".row-{key} .label.coloured, .label.row-{key} {{ background: {look.colour}; }}\n"
        f".row-{key} td.tint {{ background: {look.tint}; }}"
        for key, look in (*every_look().items(), ("total", TOTAL_LOOK)))])


@cache
def renderer(static_folder: str) -> Renderer:
    return Renderer(static_folder)
