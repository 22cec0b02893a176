"""The speed-ups of the PDFs (issue 31) print the same pages: every text, image, background and
border of varied sheets, blank pads and a group's report lands where the code before them laid
it out, within a fraction of a point (:mod:`tests.pdf.look`)."""

from __future__ import annotations

import gzip
import json

import pytest

from tests.pdf import look


@pytest.fixture(scope="module")
def expected() -> dict:
    return json.loads(gzip.decompress(look.EXPECTED.read_bytes()))


@pytest.mark.parametrize("name", look.CASES)
def test_the_printed_look_is_unchanged(app, expected, name):
    found = look.case_signature(app, name)
    assert not look.differences(expected[name], found), "\n".join(
        look.differences(expected[name], found))


def test_the_comparison_sees_a_moved_box_and_changed_text():
    """The check itself: a tenth of a point passes, a point or another word fails."""
    line = "2 T 43.46 689.31 40.99 15.08 12.00 700 normal 1.000,1.000,1.000,1.000 'Military'"
    assert not look.differences([line], [line.replace("689.31", "689.38")])
    assert look.differences([line], [line.replace("689.31", "690.64")])
    assert look.differences([line], [line.replace("Military", "Militari")])
    assert look.differences([line], [])
