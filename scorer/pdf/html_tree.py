"""The element tree of the HTML our templates write, built by the standard library's parser.

WeasyPrint parses HTML with tinyhtml5, a pure-Python implementation of the HTML5 parsing
algorithm that reads character by character: about 10 ms of a score sheet's 250 and 40 000 of
its Python calls (issue 31). The templates write well-formed HTML (every element closed, void
elements never, no stray text), for which :class:`html.parser.HTMLParser` (regular
expressions over the text) builds the same tree; tinyhtml5's one addition, the ``tbody`` of a
table whose rows stand in it directly, is made here too. A document that is not so formed
(an end tag that closes another element, a self-closed element, text outside the root, no
``head`` or ``body``) gives None, and WeasyPrint parses it as before.
"""

from __future__ import annotations

from html.parser import HTMLParser
from xml.etree import ElementTree

#: elements that have no end tag (the HTML standard's void elements)
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
#: the table parts a row may stand in
ROW_GROUPS = frozenset({"thead", "tbody", "tfoot"})


class _Malformed(Exception):
    """The document is not one this builder reads as tinyhtml5 would."""


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tree = ElementTree.TreeBuilder()
        self.open: list[str] = []  # the open elements' tags; "" for an implied tbody
        self.root: ElementTree.Element | None = None
        self.body: ElementTree.Element | None = None

    def handle_starttag(self, tag, attrs):
        if self.root is not None and not self.open:
            raise _Malformed("a second root")
        if tag == "tr" and self.open and self.open[-1] == "table":
            self.tree.start("tbody", {})
            self.open.append("")
        elif tag in ROW_GROUPS and self.open and self.open[-1] == "":
            self._end("tbody")
        element = self.tree.start(tag, {name: value or "" for name, value in attrs})
        if self.root is None:
            self.root = element
        elif tag == "body" and len(self.open) == 1:
            self.body = element
        if tag in VOID:
            self.tree.end(tag)
        else:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        if tag not in VOID:
            raise _Malformed(f"<{tag}/>")
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if tag == "table" and self.open and self.open[-1] == "":
            self._end("tbody")
        if not self.open or self.open[-1] != tag:
            raise _Malformed(f"</{tag}>")
        self._end(tag)

    def _end(self, tag: str) -> None:
        self.open.pop()
        self.tree.end(tag)

    def handle_data(self, data):
        if len(self.open) > 1 or (self.open and self.root is not None and len(self.root) == 1):
            self.tree.data(data)  # inside head or body, or between them
        elif data.strip():
            raise _Malformed("text outside head and body")
        elif self.body is not None:
            # white space after the body goes to its end, as in tinyhtml5 (before the head: dropped)
            if len(self.body):
                self.body[-1].tail = (self.body[-1].tail or "") + data
            else:
                self.body.text = (self.body.text or "") + data


def html_tree(html: str) -> ElementTree.Element | None:
    """The tree of ``html`` as tinyhtml5 builds it, or None (see the module's docstring)."""
    builder = _Builder()
    try:
        builder.feed(html)
        builder.close()
    except _Malformed:
        return None
    root = builder.root
    if builder.open or root is None or root.tag != "html" or [
            child.tag for child in root] != ["head", "body"]:
        return None
    builder.tree.close()
    return root
