"""The rules at hand's index, built once for the module's tests with the app's three catalogs."""

from __future__ import annotations

import pytest

from scorer.engine.cards_at_hand.index import CardIndex
from scorer.engine.messages import ENGLISH
from scorer.i18n import translator_for

LANGUAGES = ("en", "nl", "pl")


def translators() -> dict:
    from scorer import resource_root

    directory = str(resource_root() / "translations")
    return {"en": ENGLISH, **{code: translator_for(code, directory) for code in ("nl", "pl")}}


@pytest.fixture(scope="session")
def languages() -> dict:
    return translators()


@pytest.fixture(scope="session")
def index(languages) -> CardIndex:
    return CardIndex(languages)
