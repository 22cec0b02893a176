"""Command-line entry points: ``flask --app scorer score FILE`` and friends."""

from __future__ import annotations

import json
import sys

import click
from flask import Flask

from ..engine.messages import ENGLISH, N_, Message
from ..engine.validation import Problem
from .questions import ask

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


def answer_file(question: str, source) -> None:
    document, problems = read_document(source)
    report = None
    if not problems:
        report, problems = ask(question, document, ENGLISH)
    if problems:
        fail(problems)
    emit(report)


@click.command("score")
@click.argument("source", type=click.File("r", encoding="utf-8"))
def score_command(source) -> None:
    """Score the game in SOURCE (a JSON file, or - for standard input)."""
    answer_file("score", source)


@click.command("trade")
@click.argument("source", type=click.File("r", encoding="utf-8"))
def trade_command(source) -> None:
    """Answer the trade question in SOURCE: can the player build it, and how to pay."""
    answer_file("trade", source)


def init_app(app: Flask) -> None:
    app.cli.add_command(score_command)
    app.cli.add_command(trade_command)
