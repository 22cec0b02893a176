"""Another commit of this repository beside the working tree, for a benchmark's ``--before``.

Each is a ``git worktree`` in a temporary folder with its catalogs compiled (they are not in
git), removed afterwards, so a benchmark measures both versions in one run on one machine.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def worktree(commit: str) -> Iterator[Path]:
    """``commit`` checked out in a temporary folder; yields the folder."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(tree), commit], cwd=ROOT,
                       check=True)
        try:
            subprocess.run([str(Path(sys.executable).parent / "pybabel"), "compile", "-d",
                            str(tree / "translations")], check=False, capture_output=True)
            yield tree
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                           check=False)
