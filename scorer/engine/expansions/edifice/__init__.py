"""Edifice, scored from typed points until its projects are data here: each player types the
points of the ``projects`` row (:mod:`scorer.engine.typed_rows`): the rewards of the projects
they took part in, minus the penalties of those they did not, -30 to 99.
"""

from __future__ import annotations

from ...messages import N_, Message
from ...typed_rows import TypedRow, TypedRows

EXPANSION = TypedRows("edifice", (
    TypedRow("projects", Message(N_("Edifice projects")), -30, 99),
))
