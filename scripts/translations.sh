#!/bin/sh
# Extract every message and merge it into the Dutch and Polish catalogs, in a form that merges
# well in git: sorted, no source locations, one line per string, no creation date in the header.
#   sh scripts/translations.sh          extract + update + compile
set -eu
cd "$(dirname "$0")/.."
bin=.venv/bin
$bin/pybabel extract -F babel.cfg --no-location --sort-output --no-wrap \
  -o translations/messages.pot . >/dev/null 2>&1
$bin/pybabel update -i translations/messages.pot -d translations --no-fuzzy-matching \
  --ignore-obsolete --no-wrap >/dev/null 2>&1
for po in translations/messages.pot translations/*/LC_MESSAGES/messages.po; do
  sed -i '/^"POT-Creation-Date: /d' "$po"
done
$bin/pybabel compile -d translations >/dev/null 2>&1
