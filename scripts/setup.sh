#!/bin/sh
# Set up this project on a fresh Debian 12 machine with Python 3.11, then run it.
#   sh scripts/setup.sh run    install what the app needs and serve it to the local network on port 5000
#                              (HOST and PORT change that; the address and its QR code are printed)
#   sh scripts/setup.sh test   install what the tests need too, then run every test
# System packages are installed with apt-get only where they are missing (sudo when not root).
set -eu
mode=${1:-run}
cd "$(dirname "$0")/.."

app_packages="python3-venv libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig"
test_packages="chromium libatomic1 poppler-utils postgresql redis-server"
packages=$app_packages
[ "$mode" = test ] && packages="$packages $test_packages"

missing=""
for package in $packages; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
    || missing="$missing $package"
done
if [ -n "$missing" ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
extra=""; [ "$mode" = test ] && extra="[test]"
# The tested versions (constraints.txt; sh scripts/lock.sh refreshes it).
.venv/bin/pip install -q --disable-pip-version-check -c constraints.txt -e ".$extra"
.venv/bin/pybabel -q compile -d translations

case "$mode" in
  run) exec .venv/bin/python -m scorer.serving.serve ;;
  test) .venv/bin/ruff check . && exec .venv/bin/python -m pytest -q ;;
  *) echo "usage: sh scripts/setup.sh run|test" >&2; exit 64 ;;
esac
