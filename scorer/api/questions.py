"""The two questions the app answers, shared by the JSON API and the command line.

Each is a parse step (every problem at once) and an engine answer; the callers only differ
in how they read the document and show the result.
"""

from __future__ import annotations

from ..engine.messages import Translator
from ..engine.scoring import score_game
from ..engine.trade import answer, parse_trade_question
from ..engine.validation import Problem, parse_game

QUESTIONS = {
    "score": (parse_game, score_game),
    "trade": (parse_trade_question, answer),
}


def ask(question: str, document: object, translator: Translator) -> tuple[dict | None, list[Problem]]:
    """The report answering ``question`` about ``document``, or None and every problem found."""
    parse, respond = QUESTIONS[question]
    parsed, problems = parse(document)
    if problems:
        return None, problems
    return respond(parsed).as_dict(translator), []
