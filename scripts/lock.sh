#!/bin/sh
# Refresh constraints.txt, the versions `sh scripts/setup.sh` installs: the newest versions that
# pyproject.toml allows, installed into a throwaway virtual environment and frozen. Then run
# `sh scripts/setup.sh test` and commit constraints.txt when everything passes.
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check --upgrade pip
"$work/venv/bin/pip" install -q --disable-pip-version-check ".[test]"
{
  echo "# The tested versions of every Python package the app and its tests use (pip constraints)."
  echo "# scripts/setup.sh installs with them; refresh with: sh scripts/lock.sh (docs/development.md: Pinned installs)."
  "$work/venv/bin/pip" freeze --all --exclude-editable --disable-pip-version-check \
    | grep -v -i -E '^(pip|seven-wonders-scorer)( |==)'
} > constraints.txt
echo "constraints.txt refreshed; now run: sh scripts/setup.sh test"
