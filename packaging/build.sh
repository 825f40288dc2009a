#!/usr/bin/env bash
# Build the one-folder desktop app into dist/chessgui (dist/Chess.app on macOS).
#   packaging/build.sh            install PyInstaller into .venv if needed, then build
#   PYTHON=/path/to/python ...    use another interpreter/venv (must have the app installed)
# The build is CPU-heavy; it runs under `nice` so a shared machine stays usable.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${VENV:-.venv}
PY=${PYTHON:-$VENV/bin/python}
if [ ! -x "$PY" ]; then
    python3 -m venv "$VENV"
    PY=$VENV/bin/python
fi
if ! "$PY" -c "import PyInstaller, chessgui" >/dev/null 2>&1; then
    "$PY" -m pip install --quiet -e '.[package]'
fi

start=$(date +%s)
nice -n 10 "$PY" -m PyInstaller --noconfirm --log-level WARN \
    --distpath dist --workpath build/pyinstaller packaging/chessgui.spec
elapsed=$(( $(date +%s) - start ))

if [ "$(uname)" = Darwin ]; then app=dist/Chess.app; else app=dist/chessgui; fi
echo "built $app in ${elapsed}s, $(du -sh "$app" | cut -f1)"
echo "$elapsed" > build/pyinstaller/build-seconds
