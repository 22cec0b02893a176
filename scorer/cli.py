"""Command-line entry points: ``flask --app scorer score FILE`` and friends."""

from __future__ import annotations

import json
import sys

import click
from flask import Flask

from .engine.messages import ENGLISH, N_, Message
from .engine.scoring import score_game
from .engine.trade import answer, parse_trade_question
from .engine.validation import Problem, parse_game

EXIT_INVALID = 2


def read_document(source) -> tuple[object, list[Problem]]:
    try:
        return json.load(source), []
    except (ValueError, RecursionError):
        return None, [Problem("", "invalid_json", Message(N_("The file is not valid JSON.")))]


def emit(data: dict) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def fail(problems: list[Problem], translator=ENGLISH) -> None:
    emit({"errors": [problem.as_dict(translator) for problem in problems]})
    sys.exit(EXIT_INVALID)


@click.command("score")
@click.argument("source", type=click.File("r", encoding="utf-8"))
def score_command(source) -> None:
    """Score the game in SOURCE (a JSON file, or - for standard input)."""
    document, problems = read_document(source)
    if not problems:
        game, problems = parse_game(document)
    if problems:
        fail(problems)
    emit(score_game(game).as_dict())


@click.command("trade")
@click.argument("source", type=click.File("r", encoding="utf-8"))
def trade_command(source) -> None:
    """Answer the trade question in SOURCE: can the player build it, and how to pay."""
    document, problems = read_document(source)
    if not problems:
        question, problems = parse_trade_question(document)
    if problems:
        fail(problems)
    emit(answer(question).as_dict())


def init_app(app: Flask) -> None:
    app.cli.add_command(score_command)
    app.cli.add_command(trade_command)
