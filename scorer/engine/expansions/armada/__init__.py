"""Armada (either edition), scored from typed points until its ships, naval tokens and islands
are data here: each player types the points of two rows (:mod:`scorer.engine.typed_rows`).

- ``naval``: the naval conflicts (the naval victory tokens minus the naval defeat tokens),
  -30 to 99;
- ``islands``: the islands explored, 0 to 99.

The 2021 score pad of ``rulebooks/003`` has an "Armada" row after the Cities row; the app
puts these two rows there, after every computed row.
"""

from __future__ import annotations

from ...messages import N_, Message
from ...typed_rows import TypedRow, TypedRows

EXPANSION = TypedRows("armada", (
    TypedRow("naval", Message(N_("Naval conflicts")), -30, 99),
    TypedRow("islands", Message(N_("Islands")), 0, 99),
))
