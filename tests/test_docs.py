"""The README and docs/ stay true: the front page stays short, and nothing they name is gone.

Docs rot quietly when code moves (a module renamed, a command dropped, a test folder split), and
a reader who copies a command that no longer works stops trusting the rest. These tests read the
Markdown and check what can be checked mechanically: the README's size, every relative link and
anchor, every ``flask --app scorer`` command and its options, every ``scorer`` module or dotted
path and every repository path written in code.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import tomllib
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]
README_LIMIT = 16_000

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"(?ms)^```[^\n]*\n(.*?)^```")
INLINE = re.compile(r"`([^`\n]+)`")
FLASK = re.compile(r"\bflask (?:--app scorer )?([a-z][\w-]*)((?: [a-z][\w-]*)?)((?:[^`\n]*))")
MODULE = re.compile(r"\bpython3? -m (scorer(?:\.\w+)*)")
DOTTED = re.compile(r"(?<![\w/.:-])(scorer(?:\.[A-Za-z_]\w*)+)(?![\w/-])|\bpython:(scorer(?:\.\w+)+)")
FACTORY = re.compile(r"(?<![\w/])scorer:(\w+)")
REPO_PATH = re.compile(r"(?<![\w./-])((?:scorer|tests|scripts|benchmarks|static|templates|translations|docs)"
                       r"/[^\s`'\"),;]*)")
SCRIPT_RUN = re.compile(r"\b(?:sh |\.venv/bin/python |python3? )"
                        r"((?:scripts|benchmarks)/[\w/]+\.(?:sh|py))((?: [^`\n]*)?)")


def name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def code_of(text: str) -> str:
    """Everything a reader would copy: fenced blocks, indented blocks and inline code."""
    parts = FENCE.findall(text)
    text = FENCE.sub("", text)
    parts += [line for line in text.splitlines() if line.startswith("    ")]
    parts += INLINE.findall(text)
    return "\n".join(parts)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    heading = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return heading.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"(?m)^#{1,6} (.+?)\s*$", text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def test_the_readme_is_a_front_page():
    size = README.stat().st_size
    assert size < README_LIMIT, f"README.md is {size} bytes; move sections into docs/"


def test_every_doc_is_linked_from_the_readme():
    linked = {(README.parent / target.split("#")[0]).resolve()
              for target in LINK.findall(README.read_text(encoding="utf-8"))}
    assert [name(doc) for doc in DOCS if doc.resolve() not in linked] == []


@pytest.mark.parametrize("doc", PAGES, ids=name)
def test_relative_links_lead_somewhere(doc):
    broken = []
    for target in LINK.findall(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading with that anchor")
    assert broken == []


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    from scorer import create_app

    folder = tmp_path_factory.mktemp("docs")
    app = create_app({"TESTING": True, "SECRET_KEY": "docs", "DATABASE": str(folder / "docs.sqlite")})
    return app.cli, click.Context(app.cli, info_name="flask")


def command_named(cli, words: list[str]):
    group, context = cli
    command = group
    for word in words:
        if not isinstance(command, click.Group):
            return None
        command = command.get_command(context, word)
        if command is None:
            return None
    return command


@pytest.mark.parametrize("doc", PAGES, ids=name)
def test_flask_commands_exist_with_their_options(doc, cli):
    wrong = []
    for command_name, sub, rest in FLASK.findall(code_of(doc.read_text(encoding="utf-8"))):
        words = [command_name]
        command = command_named(cli, words)
        if isinstance(command, click.Group) and sub.strip():
            words.append(sub.strip())
            command = command_named(cli, words)
        if command is None:
            wrong.append(f"flask {' '.join(words)}: no such command")
            continue
        known = {opt for param in command.params for opt in param.opts} | {"--help"}
        for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", sub + rest):
            if option not in known:
                wrong.append(f"flask {' '.join(words)} {option}: no such option")
    assert wrong == []


@pytest.mark.parametrize("doc", PAGES, ids=name)
def test_named_modules_and_objects_import(doc):
    code = code_of(doc.read_text(encoding="utf-8"))
    missing = [f"python -m {module}" for module in MODULE.findall(code)
               if importlib.util.find_spec(module) is None]
    for dotted in {a or b for a, b in DOTTED.findall(code)}:
        if not resolves(dotted) and not names_a_logger(dotted):
            missing.append(dotted)
    scorer = importlib.import_module("scorer")
    missing += [f"scorer:{attr}" for attr in FACTORY.findall(code) if not hasattr(scorer, attr)]
    assert missing == []


def resolves(dotted: str) -> bool:
    """A module, or an attribute of the longest importable module in the path."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(target, attr):
                return False
            target = getattr(target, attr)
        return True
    return False


def names_a_logger(dotted: str) -> bool:
    needle = f'getLogger("{dotted}")'
    return any(needle in path.read_text(encoding="utf-8") for path in (ROOT / "scorer").rglob("*.py"))


@pytest.mark.parametrize("doc", PAGES, ids=name)
def test_named_repository_paths_exist(doc):
    missing = []
    for path in REPO_PATH.findall(code_of(doc.read_text(encoding="utf-8"))):
        pattern = re.sub(r"<[^>]*>", "*", path.rstrip("."))
        if not any(ROOT.glob(pattern)) and not (ROOT / pattern).exists():
            missing.append(path)
    assert missing == []


@pytest.mark.parametrize("doc", PAGES, ids=name)
def test_scripts_take_the_arguments_shown(doc):
    """``sh scripts/setup.sh run``, ``benchmarks/leaders.py --cold``: each mode or option is the script's."""
    wrong = []
    for script, arguments in SCRIPT_RUN.findall(code_of(doc.read_text(encoding="utf-8"))):
        source = (ROOT / script).read_text(encoding="utf-8")
        for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", arguments):
            if option not in source:
                wrong.append(f"{script} {option}")
        if script == "scripts/setup.sh":
            modes = re.findall(r"(?m)^\s+(\w+)\) ", source)
            mode = arguments.split()[0] if arguments.split() else "run"
            if mode not in modes:
                wrong.append(f"{script} {mode}")
    assert wrong == []


def test_the_wheel_named_for_installing_is_this_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wheel = f"{project['name'].replace('-', '_')}-{project['version']}-py3-none-any.whl"
    hosting = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    assert wheel in hosting
