"""Prove the frozen app really works: build it, start it on Xvfb, play 1. e4 and see the engine answer.

    .venv/bin/python packaging/check_frozen.py            # reuse dist/chessgui if built
    .venv/bin/python packaging/check_frozen.py --rebuild  # build first (packaging/build.sh)

Two runs share one throwaway home folder: the first ("cold") starts with an empty
Numba cache, so the engine is compiled; the second ("warm") loads it from the cache.
Each run measures launch -> window mapped and launch -> board painted, clicks e2 then
e4 with xdotool, waits until a black move appears on the board (read back from
screenshots and checked for legality with python-chess), and quits with Ctrl+Q.
Screenshots land in build/check_frozen/ (``--shots``). ``--app .../venv/bin/chessgui``
checks a pip-installed app the same way. Exit status 0 only if every step worked.

Needs Xvfb, xdotool and ImageMagick's ``import``; the app itself is not imported,
only the board colours from ``chessgui.views.board.theme`` to find the board on screen.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TypeVar

import chess
import chess.engine
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "dist" / "chessgui" / "chessgui"
SHOTS = ROOT / "build" / "check_frozen"
TOOLS = ("Xvfb", "xdotool", "import")
T = TypeVar("T")


class CheckFailedError(RuntimeError):
    """A step of the check did not happen; the message says which and why."""


@dataclass(slots=True)
class RunReport:
    """What one launch of the frozen app measured."""

    label: str
    """"cold" (empty Numba cache) or "warm" (cache filled by the cold run)."""
    window_s: float | None = None
    """Launch until the main window is mapped (xdotool sees it)."""
    board_s: float | None = None
    """Launch until the board is painted (found in a screenshot)."""
    reply_s: float | None = None
    """Click on e4 until the engine's reply is on the board (includes compiling when cold)."""
    engine_move: str | None = None
    """The reply read back from the screen, in UCI."""
    exit_code: int | None = None
    """The app's exit status after Ctrl+Q."""
    numba_cache_files: int = 0
    """Compiled-code files (.nbc) in the user's Numba cache after the run: proof that caching works frozen."""
    screenshots: list[str] = field(default_factory=list)
    """Screenshots taken, in order."""
    problems: list[str] = field(default_factory=list)
    """Warnings and tracebacks the app wrote to stderr."""


@dataclass(slots=True)
class Report:
    """The whole check."""

    app: str
    """The executable that was checked."""
    build_s: float | None
    """Seconds the build took (None if an existing build was reused)."""
    size: str
    """``du -sh`` of the app folder."""
    size_bytes: int
    """Total size of the app folder."""
    runs: list[RunReport]
    """The cold run, then the warm one."""
    uci_engine_move: str | None = None
    """What the bundled ``chessgui-engine`` played from the start position over UCI (None if absent)."""


def wait_for(predicate: Callable[[], T | None], timeout: float, interval: float = 0.1) -> T | None:
    """Poll ``predicate`` until it returns something other than None.

    The app is another process, so there is no signal to wait on.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value is not None:
            return value
        if time.monotonic() >= deadline:
            return None
        time.sleep(interval)


@contextmanager
def xvfb(display: str | None) -> Iterator[str]:
    """A private X server; picks a free display number unless one is given (e.g. ``:96``)."""
    # -displayfd: Xvfb writes the display number once it accepts connections, or closes the
    # pipe without a word when it cannot start (e.g. the display is taken).
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        [
            "Xvfb",
            *([display] if display else []),
            "-displayfd",
            str(write_fd),
            "-screen",
            "0",
            "1280x900x24",
            "-nolisten",
            "tcp",
        ],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        server.wait(timeout=10)
        raise CheckFailedError(f"Xvfb did not start{' on ' + display if display else ''} (is the display taken?)")
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


class Screen:
    """Screenshots and mouse/keyboard on one X display."""

    def __init__(self, display: str, shots: Path) -> None:
        self.env = {**os.environ, "DISPLAY": display}
        self.shots = shots

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30, check=False)
        return done.stdout.strip()

    def find_window(self) -> str | None:
        ids = self.xdotool("search", "--onlyvisible", "--name", "^Chess").split()
        return ids[0] if ids else None

    def grab(self, keep_as: str | None = None) -> np.ndarray:
        """The screen as an (height, width, 3) uint8 array; also saved as PNG under ``keep_as``."""
        # Raw PPM on stdout: no PNG encoding and decoding while polling (keeps timings tight).
        ppm = subprocess.run(
            ["import", "-window", "root", "-depth", "8", "ppm:-"],
            env=self.env,
            capture_output=True,
            check=True,
            timeout=30,
        ).stdout
        if keep_as:
            subprocess.run(["convert", "ppm:-", str(self.shots / keep_as)], input=ppm, check=True, timeout=30)
        return _decode_ppm(ppm)

    def click(self, x: float, y: float) -> None:
        self.xdotool("mousemove", str(round(x)), str(round(y)), "click", "1")

    def park_mouse(self) -> None:
        # Hover effects on a square would look like a move.
        self.xdotool("mousemove", "1275", "895")


def _decode_ppm(data: bytes) -> np.ndarray:
    # P6 header: magic, width, height, maxval, separated by whitespace, then raw RGB.
    fields: list[bytes] = []
    position = 0
    while len(fields) < 4:
        while data[position : position + 1].isspace():
            position += 1
        start = position
        while not data[position : position + 1].isspace():
            position += 1
        fields.append(data[start:position])
    width, height, maxval = int(fields[1]), int(fields[2]), int(fields[3])
    if maxval > 255:  # a 16-bit ImageMagick build that ignored -depth 8
        wide = np.frombuffer(data, dtype=">u2", count=width * height * 3, offset=position + 1)
        return (wide >> 8).astype(np.uint8).reshape(height, width, 3)
    pixels = np.frombuffer(data, dtype=np.uint8, count=width * height * 3, offset=position + 1)
    return pixels.reshape(height, width, 3)


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """Where the board sits on screen (White at the bottom)."""

    left: int
    """Screen x of the a-file's left edge."""
    top: int
    """Screen y of the 8th rank's top edge."""
    square: float
    """Side of one square in pixels."""

    def center(self, square: chess.Square) -> tuple[float, float]:
        file, rank = chess.square_file(square), chess.square_rank(square)
        return self.left + (file + 0.5) * self.square, self.top + (7 - rank + 0.5) * self.square

    def inner(self, image: np.ndarray, square: chess.Square) -> np.ndarray:
        """The middle of a square (away from the coordinate letters in its corners)."""
        x, y = self.center(square)
        half = self.square * 0.3
        return image[round(y - half) : round(y + half), round(x - half) : round(x + half)].astype(np.int16)


def _board_colours() -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    from chessgui.views.board.theme import DEFAULT_THEME

    light, dark = DEFAULT_THEME.light_square, DEFAULT_THEME.dark_square
    return (light.red(), light.green(), light.blue()), (dark.red(), dark.green(), dark.blue())


def find_board(image: np.ndarray) -> BoardGeometry | None:
    """The 8x8 board: the big block of light/dark square colour in the screenshot."""
    # Every second pixel is plenty to find a board hundreds of pixels wide, at twice the speed.
    step = 2
    sample = image[::step, ::step].astype(np.int16)
    mask = np.zeros(sample.shape[:2], dtype=bool)
    for colour in _board_colours():
        mask |= np.all(np.abs(sample - colour) <= 3, axis=2)
    columns = np.flatnonzero(mask.mean(axis=0) > 0.2) * step
    rows = np.flatnonzero(mask.mean(axis=1) > 0.2) * step
    if columns.size == 0 or rows.size == 0:
        return None
    width, height = columns[-1] - columns[0] + step, rows[-1] - rows[0] + step
    if width < 160 or abs(width - height) > max(4, width // 50):
        return None
    return BoardGeometry(left=int(columns[0]), top=int(rows[0]), square=(width + height) / 16)


def changed_squares(before: np.ndarray, after: np.ndarray, board: BoardGeometry) -> set[chess.Square]:
    """Squares whose middle looks different (a piece arrived or left, or a highlight changed)."""
    return {
        square
        for square in chess.SQUARES
        if np.abs(board.inner(before, square) - board.inner(after, square)).mean() > 6
    }


def _is_empty(image: np.ndarray, board: BoardGeometry, square: chess.Square) -> bool:
    # An empty square is one flat colour (possibly a highlight); a piece has outlines.
    return float(board.inner(image, square).std(axis=(0, 1)).max()) < 4


def read_reply(before: np.ndarray, after: np.ndarray, board: BoardGeometry, position: chess.Board) -> chess.Move | None:
    """Black's first move, read from which squares of ranks 5-8 changed, if it is legal in ``position``.

    Only Black's half is compared: White's last-move highlight on e2/e4 goes away at the same time.
    """
    changed = {s for s in changed_squares(before, after, board) if chess.square_rank(s) >= 4}
    if len(changed) != 2:
        return None
    first, second = sorted(changed)
    for origin, target in ((first, second), (second, first)):
        move = chess.Move(origin, target)
        if _is_empty(after, board, origin) and not _is_empty(after, board, target) and move in position.legal_moves:
            return move
    return None


def _app_env(display: str, home: Path, label: str) -> dict[str, str]:
    # Runs share only the cache folder (Numba's compiled engine); settings and the
    # autosaved game are fresh each time, so the warm run is not asked to resume a game.
    env = {key: value for key, value in os.environ.items() if not key.startswith(("QT_", "NUMBA_", "CHESSGUI_"))}
    env.update(
        DISPLAY=display,
        HOME=str(home / label),
        XDG_CONFIG_HOME=str(home / label / "config"),
        XDG_DATA_HOME=str(home / label / "data"),
        XDG_CACHE_HOME=str(home / "cache"),
        XDG_RUNTIME_DIR=str(home / label / "runtime"),
    )
    (home / label / "runtime").mkdir(mode=0o700, parents=True, exist_ok=True)
    return env


def play_one_move(app: Path, screen: Screen, home: Path, label: str, reply_timeout: float) -> RunReport:
    """Launch, wait for the board, play e2-e4, wait for Black's answer, quit."""
    report = RunReport(label)
    log_path = screen.shots / f"{label}-stderr.log"
    with open(log_path, "w") as log:
        started = time.monotonic()
        process = subprocess.Popen(
            [str(app), "--white", "human", "--black", "computer"],
            env=_app_env(screen.env["DISPLAY"], home, label),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            _drive(process, screen, report, started, label, reply_timeout)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)
                report.problems.append("had to be killed")
    report.numba_cache_files = sum(1 for _ in (home / "cache").rglob("*.nbc"))
    text = log_path.read_text(errors="replace")
    report.problems += [
        line
        for line in text.splitlines()
        if "Traceback" in line or "Error" in line or "QThread" in line or "Fatal" in line
    ]
    return report


def _drive(
    process: subprocess.Popen[bytes],
    screen: Screen,
    report: RunReport,
    started: float,
    label: str,
    reply_timeout: float,
) -> None:
    def running_or_fail() -> None:
        if process.poll() is not None:
            raise CheckFailedError(
                f"{label}: the app exited with status {process.returncode} "
                f"(see {screen.shots / (label + '-stderr.log')})"
            )

    def window_or_exit() -> str | None:
        running_or_fail()
        return screen.find_window()

    window = wait_for(window_or_exit, timeout=120)
    if window is None:
        raise CheckFailedError(f"{label}: no window titled 'Chess' within 120 s")
    report.window_s = round(time.monotonic() - started, 2)

    def board_on_screen() -> tuple[np.ndarray, BoardGeometry] | None:
        running_or_fail()
        image = screen.grab()
        board = find_board(image)
        return (image, board) if board else None

    found = wait_for(board_on_screen, timeout=60, interval=0.05)
    if found is None:
        raise CheckFailedError(f"{label}: the window never showed a board (see {screen.shots})")
    report.board_s = round(time.monotonic() - started, 2)
    screen.park_mouse()
    start_image = screen.grab(keep_as=f"{label}-1-started.png")
    board = find_board(start_image) or found[1]
    report.screenshots.append(str(screen.shots / f"{label}-1-started.png"))

    position = chess.Board()
    screen.click(*board.center(chess.E2))
    screen.click(*board.center(chess.E4))
    clicked = time.monotonic()
    screen.park_mouse()

    def our_move_shown() -> np.ndarray | None:
        running_or_fail()
        image = screen.grab()
        changed = changed_squares(start_image, image, board)
        return image if {chess.E2, chess.E4} <= changed and not _is_empty(image, board, chess.E4) else None

    after_ours = wait_for(our_move_shown, timeout=15)
    if after_ours is None:
        screen.grab(keep_as=f"{label}-2-no-move.png")
        raise CheckFailedError(f"{label}: clicking e2 then e4 did not move the pawn")
    position.push(chess.Move.from_uci("e2e4"))

    def reply_shown() -> chess.Move | None:
        running_or_fail()
        # Against the start image, not the one after our move: a book reply can be on screen in the
        # same frame as 1. e4 (Black's half of the board is untouched by e4 either way).
        return read_reply(start_image, screen.grab(), board, position)

    reply = wait_for(reply_shown, timeout=reply_timeout, interval=0.2)
    if reply is None:
        screen.grab(keep_as=f"{label}-2-no-reply.png")
        raise CheckFailedError(f"{label}: the engine did not answer 1. e4 within {reply_timeout:.0f} s")
    report.reply_s = round(time.monotonic() - clicked, 2)
    report.engine_move = reply.uci()
    screen.grab(keep_as=f"{label}-2-answered.png")
    report.screenshots.append(str(screen.shots / f"{label}-2-answered.png"))

    screen.xdotool("windowfocus", "--sync", window)
    screen.xdotool("key", "ctrl+q")
    try:
        report.exit_code = process.wait(timeout=20)
    except subprocess.TimeoutExpired as error:
        screen.grab(keep_as=f"{label}-3-did-not-quit.png")
        raise CheckFailedError(f"{label}: Ctrl+Q did not close the app within 20 s") from error
    if report.exit_code != 0:
        raise CheckFailedError(f"{label}: the app exited with status {report.exit_code} after Ctrl+Q")


def check_uci_engine(app: Path, home: Path) -> str | None:
    """Play one move with the bundled UCI engine through python-chess; None if there is none."""
    program = app.parent / "chessgui-engine"
    if not program.exists():
        return None
    env = _app_env(":0", home, "uci")  # shares the cold run's Numba cache
    try:
        with chess.engine.SimpleEngine.popen_uci([str(program)], env=env, timeout=120) as engine:
            return engine.play(chess.Board(), chess.engine.Limit(time=0.5)).move.uci()
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as error:
        raise CheckFailedError(f"chessgui-engine did not play over UCI: {error}") from error


def build() -> float:
    """Run packaging/build.sh; returns the seconds it took."""
    started = time.monotonic()
    subprocess.run(["bash", str(ROOT / "packaging" / "build.sh")], check=True, cwd=ROOT)
    return round(time.monotonic() - started, 1)


def folder_size(folder: Path) -> tuple[str, int]:
    """``du -sh``-style text and the byte count of ``folder``."""
    total = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())
    human = subprocess.run(["du", "-sh", str(folder)], capture_output=True, text=True, check=True).stdout.split()[0]
    return human, total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="build even if dist/chessgui exists")
    parser.add_argument(
        "--app",
        type=Path,
        default=APP,
        help="the frozen executable, or a venv's bin/chessgui to check a pip install (default: %(default)s)",
    )
    parser.add_argument("--display", help="X display for Xvfb, e.g. :96 (default: a free one)")
    parser.add_argument("--reply-timeout", type=float, default=300, help="seconds to wait for the engine")
    parser.add_argument("--json", type=Path, help="also write the report as JSON here")
    parser.add_argument(
        "--shots", type=Path, default=SHOTS, help="folder for screenshots and logs (default: %(default)s)"
    )
    options = parser.parse_args(argv)

    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        print(f"check_frozen: needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)", file=sys.stderr)
        return 2
    build_s = build() if options.rebuild or not options.app.exists() else None
    if not options.app.exists():
        print(f"check_frozen: no frozen app at {options.app}", file=sys.stderr)
        return 1
    # A frozen app is its folder; a pip-installed `chessgui` script is its whole virtualenv.
    install_root = options.app.parent.parent if options.app.parent.name == "bin" else options.app.parent
    size, size_bytes = folder_size(install_root)
    options.shots.mkdir(parents=True, exist_ok=True)
    report = Report(str(options.app), build_s, size, size_bytes, [])
    failure: CheckFailedError | None = None
    try:
        with tempfile.TemporaryDirectory(prefix="chessgui-frozen-home-") as home_dir, xvfb(options.display) as display:
            screen = Screen(display, options.shots)
            for label in ("cold", "warm"):
                report.runs.append(play_one_move(options.app, screen, Path(home_dir), label, options.reply_timeout))
            report.uci_engine_move = check_uci_engine(options.app, Path(home_dir))
    except CheckFailedError as error:
        failure = error
    print(_describe(report))
    if options.json:
        options.json.write_text(json.dumps(asdict(report), indent=2))
    if failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


def _describe(report: Report) -> str:
    lines = [
        f"app: {report.app}",
        f"build: {report.build_s} s" if report.build_s is not None else "build: none (checked the existing app)",
        f"size: {report.size} ({report.size_bytes / 2**20:.0f} MiB)",
    ]
    for run in report.runs:
        lines.append(
            f"{run.label}: window {run.window_s} s, board painted {run.board_s} s, "
            f"engine answered 1. e4 with {run.engine_move} after {run.reply_s} s, exit {run.exit_code}, "
            f"{run.numba_cache_files} files in the Numba cache"
        )
        lines += [f"  {run.label} stderr: {problem}" for problem in run.problems]
    if report.uci_engine_move:
        lines.append(f"chessgui-engine (UCI): played {report.uci_engine_move} from the start position")
    shots = [shot for run in report.runs for shot in run.screenshots]
    lines.append("screenshots: " + ", ".join(shots))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
