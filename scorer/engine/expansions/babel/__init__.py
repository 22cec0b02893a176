"""Babel, scored from typed points until its tower tiles and great projects are data here:
each player types the points of the ``tower`` row (:mod:`scorer.engine.typed_rows`): the
great projects' rewards minus their penalties, with whatever the tower's tiles gave, -30 to 99.
"""

from __future__ import annotations

from ...messages import N_, Message
from ...typed_rows import TypedRow, TypedRows

EXPANSION = TypedRows("babel", (
    TypedRow("tower", Message(N_("Babel")), -30, 99),
))
