"""The wings of ``scorer/`` keep their order: a wing imports only wings below it.

The order is written once, here (docs/architecture.md draws it): a change that needs a higher
wing to react to a lower one's change goes through an event (``scorer/storage/events.py``), not
an import upwards. ``../shared/tools/layout-check --wings`` measures the same from outside; this
test keeps it so in CI. The import scripts in ``scripts/`` share one helper module and form no
circle either.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorer"

#: bottom first; a wing may import its own modules and any wing listed before it
WINGS = ("engine", "safety", "i18n", "catalog_names", "documents", "storage", "serving", "games",
         "groups", "web", "pdf", "api")
#: the application factory (``scorer/__init__.py``) knows every wing; only the server's entry
#: point, which starts it, may import it
FACTORY_USERS = {"scorer.serving.serve"}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path, name: str) -> set[str]:
    """Every module ``path`` imports (module level and inside functions), absolute."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from .. import storage`` imports a module, ``from ..x import f`` a name of one:
            # the wing walk below takes the module the name is in
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def wing_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "scorer":
        return None
    return parts[1] if len(parts) > 1 else ""


def wing_imports() -> list[tuple[str, str, str]]:
    """(importing module, its wing, imported wing) for every import between two wings."""
    known = {module_name(p, ROOT) for p in PACKAGE.rglob("*.py")}
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path, ROOT)
        own = wing_of(name)
        for target in imported_modules(path, name):
            if target not in known:  # a name imported from a module: the module
                target = target.rsplit(".", 1)[0]
                if target not in known:
                    continue
            other = wing_of(target)
            if other is not None and other != own:
                found.append((name, own, other))
    return found


def test_every_module_belongs_to_a_named_wing():
    wings = {wing_of(module_name(p, ROOT)) for p in PACKAGE.rglob("*.py")} - {""}
    assert wings <= set(WINGS), f"name the new wing's place in WINGS: {wings - set(WINGS)}"


def test_no_wing_imports_a_higher_one():
    rank = {wing: at for at, wing in enumerate(WINGS)}
    upwards = [f"{module} ({wing}) imports {other}" for module, wing, other in wing_imports()
               if other == "" and module not in FACTORY_USERS
               or other != "" and wing != "" and rank[other] > rank[wing]]
    assert upwards == []


def test_the_import_scripts_form_no_circle():
    scripts = {p.stem: p for p in (ROOT / "scripts").glob("*.py")}
    graph = {stem: {target.split(".")[0] for target in imported_modules(path, stem)} & set(scripts)
             for stem, path in scripts.items()}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(step == goal or (step not in seen and reaches(step, goal, seen | {step}))
                   for step in graph[start])

    assert [stem for stem in graph if reaches(stem, stem, {stem})] == []


def test_the_checker_finds_an_upward_import(tmp_path):
    """The walk above sees relative imports inside functions (as ``init_app`` writes them)."""
    module = tmp_path / "scorer" / "storage" / "example.py"
    module.parent.mkdir(parents=True)
    module.write_text("def f():\n    from ..web import pad_rows\n", encoding="utf-8")
    assert "scorer.web.pad_rows" in imported_modules(module, "scorer.storage.example")
