"""The PDFs' HTML is parsed by the standard library's parser into the tree tinyhtml5 builds
(issue 31: tinyhtml5 took 10 ms of a sheet), and anything else is left to tinyhtml5."""

from __future__ import annotations

import pytest
import tinyhtml5

from scorer.pdf import render
from scorer.pdf.html_tree import html_tree
from tests.pdf import look


def shape(element, depth=0) -> list:
    found = [(depth, element.tag, sorted(element.attrib.items()), element.text,
              element.tail if depth else None)]
    for child in element:
        found += shape(child, depth + 1)
    return found


@pytest.mark.parametrize("name", look.CASES)
def test_the_documents_trees_are_tinyhtml5s(app, name):
    html = look.case_html(app, name)
    built = html_tree(html)
    assert built is not None
    assert shape(built) == shape(tinyhtml5.parse(html, namespace_html_elements=False))


@pytest.mark.parametrize("html", [
    "<html><head></head><body><p>one<p>two</body></html>",  # a paragraph left open
    "<html><head></head><body><b><i>x</b></i></body></html>",  # crossed
    "<html><head></head><body><div/>x</body></html>",  # a self-closed element
    "<html><head></head><body></body></html>stray",  # text after the document
    "<p>no html, head or body</p>",
])
def test_other_html_is_left_to_tinyhtml5(html):
    assert html_tree(html) is None


def test_a_table_s_rows_stand_in_a_tbody_as_tinyhtml5_puts_them():
    html = ("<html><head></head><body><table><tr><td>1</td></tr><thead><tr><th>h</th></tr>"
            "</thead><tr><td>2</td></tr></table></body></html>")
    assert shape(html_tree(html)) == shape(tinyhtml5.parse(html, namespace_html_elements=False))


def test_a_document_the_builder_refuses_is_drawn_all_the_same(app):
    pdf = render.Renderer(app.static_folder).pdf(
        "<html><head></head><body><p>one<p>two</body></html>")
    assert pdf.startswith(b"%PDF")
