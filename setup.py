"""The build step that makes the wheel a complete app (the metadata is in pyproject.toml).

The design card keeps ``templates/``, ``static/`` (with the PDF fonts and icons) and
``translations/`` at the top of the repository. A wheel can only carry files inside its
packages, so building copies the first two into ``scorer/`` and compiles the ``.po`` catalogs
into ``scorer/translations/<lang>/LC_MESSAGES/messages.mo`` (the ``.mo`` files are not in git).
``scorer.resource_root()`` looks there first, then in the checkout. An editable install needs
none of it: it runs from the checkout.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
COPIED = ("templates", "static")


def compile_catalogs(source: Path, target: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po_path in sorted(source.glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=po_path.parts[-3])
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        with mo_path.open("wb") as handle:
            write_mo(handle, catalog)


class BuildWithResources(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        package = Path(self.build_lib) / "scorer"
        for name in COPIED:
            shutil.copytree(ROOT / name, package / name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        compile_catalogs(ROOT / "translations", package / "translations")


setup(cmdclass={"build_py": BuildWithResources})
