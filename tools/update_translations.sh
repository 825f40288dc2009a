#!/usr/bin/env bash
# Re-extract the UI texts into resources/i18n/chessgui_<lang>.ts (pyside6-lupdate keeps existing
# translations and marks new texts "unfinished") and compile every .ts into the .qm the app loads.
# Usage: tools/update_translations.sh   (VENV=.venv by default; `make translations` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${VENV:-.venv}"
LUPDATE="$VENV/bin/pyside6-lupdate"
LRELEASE="$VENV/bin/pyside6-lrelease"
mapfile -t SOURCES < <(find chessgui -name '*.py' | sort)
for ts in resources/i18n/chessgui_*.ts; do
    "$LUPDATE" -no-obsolete -locations relative "${SOURCES[@]}" -ts "$ts"
    "$LRELEASE" "$ts" -qm "${ts%.ts}.qm"
done
