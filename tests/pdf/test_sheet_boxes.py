"""A sheet's CPU is WeasyPrint's work per box (issue 31): the details of each player are
paragraphs of plain text, not tables nor bold runs, the score table's tint lies on its rows
and its icons are its label cells' backgrounds, so a seven-player sheet stays under a budget
of boxes (1 206 before: 248 table cells, 64 inline blocks, 8 images; 586 after)."""

from __future__ import annotations

from collections import Counter

from weasyprint.formatting_structure import boxes

from scorer.pdf.render import renderer
from tests.pdf import look


def box_counts(app, name: str) -> Counter:
    document = renderer(app.static_folder).document(look.case_html(app, name))
    counts = Counter()

    def visit(box) -> None:
        counts[type(box)] += 1
        for child in getattr(box, "children", None) or ():
            visit(child)

    for page in document.pages:
        visit(page._page_box)
    return counts


def test_a_seven_player_sheet_lays_out_few_boxes(app):
    counts = box_counts(app, "sheet-seven-en-a4")
    assert sum(counts.values()) < 650, counts
    # the score table is the sheet's only table: its cells, nothing of the details
    assert counts[boxes.TableBox] == 1
    assert counts[boxes.TableCellBox] == 8 * 10  # names, 7 rows, total, rank; 8 columns
    assert not counts[boxes.InlineBlockBox] and not counts[boxes.InlineReplacedBox]
    assert counts[boxes.InlineBox] <= 3  # the result's line, the page numbers


def test_the_tint_lies_on_the_score_rows_not_on_each_cell(app):
    html = look.case_html(app, "sheet-seven-en-a4")
    assert 'class="tint"' not in html and html.count('class="category tinted') == 7
