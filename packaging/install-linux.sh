#!/usr/bin/env bash
# Put chessgui in the desktop's application menu and make it open .pgn and .fen files.
#
#   packaging/install-linux.sh               install for the current user (~/.local/share)
#   packaging/install-linux.sh --uninstall   remove everything this script installed
#
# What it runs, in order of preference:
#   1. the frozen app from dist/chessgui (built by `make package`), copied to
#      ~/.local/share/chessgui/app so a later rebuild or a deleted checkout cannot break it;
#   2. the `chessgui` script of this checkout's .venv (`make run` creates it);
#   3. a `chessgui` on PATH (e.g. `pip install --user .`).
# Options:
#   --exec PATH       launch this program instead (absolute path)
#   --in-place        use dist/chessgui where it is instead of copying it
#   --no-default      register the file types but do not make chessgui their default app
# Honours XDG_DATA_HOME. Needs no root; the update-* / xdg-mime tools are used when present.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
app_id=chessgui
mime_types=(application/vnd.chess-pgn application/x-chess-pgn application/x-fen)
sizes=(16 32 48 64 128 256)

exec_path=""
in_place=0
make_default=1
uninstall=0
while [ $# -gt 0 ]; do
    case "$1" in
        --exec) exec_path=${2:?--exec needs a path}; shift ;;
        --in-place) in_place=1 ;;
        --no-default) make_default=0 ;;
        --uninstall) uninstall=1 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "install-linux.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

have() { command -v "$1" >/dev/null 2>&1; }

refresh_caches() {
    if have update-desktop-database; then update-desktop-database -q "$data/applications" || true; fi
    if have update-mime-database; then update-mime-database "$data/mime" >/dev/null || true; fi
    if have gtk-update-icon-cache && [ -f "$data/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$data/icons/hicolor" || true
    fi
}

if [ "$uninstall" = 1 ]; then
    rm -f "$data/applications/$app_id.desktop" "$data/mime/packages/$app_id.xml" \
          "$data/icons/hicolor/scalable/apps/$app_id.svg"
    for size in "${sizes[@]}"; do rm -f "$data/icons/hicolor/${size}x${size}/apps/$app_id.png"; done
    rm -rf "$data/$app_id/app"
    rmdir "$data/$app_id" 2>/dev/null || true
    # Forget the "open with chessgui" defaults xdg-mime recorded (other apps' lines stay).
    mimeapps=${XDG_CONFIG_HOME:-$HOME/.config}/mimeapps.list
    if [ -f "$mimeapps" ]; then sed -i "/=$app_id\.desktop;\?\$/d" "$mimeapps"; fi
    mkdir -p "$data/applications" "$data/mime/packages"
    refresh_caches
    echo "chessgui removed from the menu (your games and settings are kept)."
    exit 0
fi

# Step 1. Decide what the launcher runs.
if [ -z "$exec_path" ]; then
    if [ -x "$here/dist/chessgui/chessgui" ]; then
        if [ "$in_place" = 1 ]; then
            exec_path="$here/dist/chessgui/chessgui"
        else
            rm -rf "$data/$app_id/app.new"
            mkdir -p "$data/$app_id"
            cp -a "$here/dist/chessgui" "$data/$app_id/app.new"
            rm -rf "$data/$app_id/app"
            mv "$data/$app_id/app.new" "$data/$app_id/app"
            exec_path="$data/$app_id/app/chessgui"
        fi
    elif [ -x "$here/.venv/bin/chessgui" ]; then
        exec_path="$here/.venv/bin/chessgui"
    elif have chessgui; then
        exec_path=$(command -v chessgui)
    else
        echo "install-linux.sh: nothing to launch yet: run 'make package' (frozen app) or 'make run' first." >&2
        exit 1
    fi
fi
case "$exec_path" in
    /*) ;;
    *) echo "install-linux.sh: --exec needs an absolute path, not '$exec_path'" >&2; exit 2 ;;
esac
case "$exec_path" in
    *[\"\`\$\\]*) echo "install-linux.sh: cannot put a path containing \" \` \$ or \\ in a launcher: $exec_path" >&2; exit 2 ;;
esac

# Step 2. Icons (PNG for every size menus use, SVG for everything else).
for size in "${sizes[@]}"; do
    install -D -m 644 "$here/resources/icons/chessgui-$size.png" "$data/icons/hicolor/${size}x${size}/apps/$app_id.png"
done
install -D -m 644 "$here/resources/icons/chessgui.svg" "$data/icons/hicolor/scalable/apps/$app_id.svg"

# Step 3. The launcher, with Exec pointing at the program chosen above. Quoted only when the
# path needs it: xdg-open's fallback (no desktop environment) cannot read a quoted Exec.
case "$exec_path" in
    *[!A-Za-z0-9/._+-]*) exec_field="\"$exec_path\"" ;;
    *) exec_field=$exec_path ;;
esac
mkdir -p "$data/applications"
sed -e "s|^Exec=.*|Exec=$exec_field %f|" -e "/^Exec=/a TryExec=$exec_path" \
    "$here/resources/chessgui.desktop" > "$data/applications/$app_id.desktop.tmp"
mv "$data/applications/$app_id.desktop.tmp" "$data/applications/$app_id.desktop"
if have desktop-file-validate; then desktop-file-validate "$data/applications/$app_id.desktop" || true; fi

# Step 4. File types: *.fen is unknown to shared-mime-info; *.pgn is known on current systems.
install -D -m 644 "$here/resources/chessgui-mime.xml" "$data/mime/packages/$app_id.xml"
refresh_caches
if [ "$make_default" = 1 ] && have xdg-mime; then
    xdg-mime default "$app_id.desktop" "${mime_types[@]}" || true
fi

echo "chessgui is in the menu (Games): $data/applications/$app_id.desktop"
echo "  runs: $exec_path"
if ! have xdg-mime && [ "$make_default" = 1 ]; then
    echo "  note: xdg-mime (xdg-utils) is not installed, so PGN/FEN files were registered but chessgui"
    echo "        was not made their default; choose it once with 'Open with' in your file manager."
fi
