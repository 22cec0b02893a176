"""The garbage collector rests while WeasyPrint renders (issue 31: its full passes through a
process's long-lived objects cost a sheet 80-100 ms) and is on again afterwards, even when the
render fails; and the trimmed user-agent stylesheet is the one the documents get."""

from __future__ import annotations

import gc

import pytest
import weasyprint.document
from weasyprint.urls import FatalURLFetchingError

from scorer.pdf import render
from scorer.pdf.render import Renderer

HTML = "<!doctype html><html lang=en><head><title>t</title></head><body><p>7 Wonders</p></body></html>"


def test_no_collection_during_a_render_and_the_collector_on_after(app, monkeypatch):
    seen = []
    layout = weasyprint.document.layout_document

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        yield from layout(*args, **kwargs)

    monkeypatch.setattr(weasyprint.document, "layout_document", watched)
    renderer = Renderer(app.static_folder)
    assert renderer.pdf(HTML).startswith(b"%PDF-")
    assert seen == [False]
    assert gc.isenabled()
    with pytest.raises(FatalURLFetchingError):
        renderer.pdf(HTML.replace("<p>", '<p><img src="file:///etc/hostname" alt="">'))
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_host_stays_off(app):
    gc.disable()
    try:
        Renderer(app.static_folder).pdf(HTML)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_documents_get_the_trimmed_user_agent_stylesheet(app):
    """No rule for notes' pseudo-elements, markers only on list items (what cost the cascade
    a style for six pseudo-elements of every element)."""
    source = render._Html(string=HTML)
    sheets = source._ua_stylesheets()
    assert sheets == [render.user_agent_stylesheet()]
    pseudo = {pseudo for sheet in sheets for _test, _specificity, _order, pseudo, _payload
              in sheet.matcher.other_selectors}
    assert pseudo == {None}
