#!/bin/sh
# Refetch the default opening book shipped in resources/book/ (nothing is downloaded at run time).
#
# The book is Debian's gnuchess-book package: GNU Chess's polyglot book, public domain
# (see resources/book/LICENSE.md). It comes through apt, the only network this needs:
#
#     sudo apt-get install gnuchess-book && packaging/make_book.sh
#
# The file is copied unchanged and its SHA-256 recorded, so a rebuild can be checked.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SOURCE=${1:-/usr/share/games/gnuchess/book.bin}
TARGET="$ROOT/resources/book/gnuchess-book.bin"
if [ ! -f "$SOURCE" ]; then
    echo "No $SOURCE: install Debian's gnuchess-book package first (apt-get install gnuchess-book)." >&2
    exit 1
fi
mkdir -p "$(dirname "$TARGET")"
cp "$SOURCE" "$TARGET"
( cd "$(dirname "$TARGET")" && sha256sum "$(basename "$TARGET")" > gnuchess-book.bin.sha256 )
echo "Wrote $TARGET ($(wc -c < "$TARGET") bytes)"
