"""New public ids of games and groups: random, so no link can be guessed from another one.

``secrets.token_urlsafe`` may begin an id with ``-``, which a command line reads as an option
(``flask report -Xy3...``): new ids are drawn again until they do not. Ids made before this
still begin with ``-`` now and then and stay valid (:data:`scorer.storage.PUBLIC_ID`).
"""

from __future__ import annotations

import secrets

#: random bytes in an id (22 characters of URL-safe text)
ID_BYTES = 16


def new_public_id() -> str:
    while True:
        drawn = secrets.token_urlsafe(ID_BYTES)
        if not drawn.startswith("-"):
            return drawn
