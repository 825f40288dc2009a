"""One window per autosave folder: a second start hands its request to the window already open.

The autosave keeps one unfinished game. Two windows on the same folder would both offer it back
and then save over each other, so the older one's last save (at its close) would silently undo
the moves played in the newer one. So the first start takes a lock file in the autosave folder
(``QLockFile``: a lock left by a process that no longer runs is taken over) and listens on a
local socket; a later start finds the lock taken, sends its request (the file or FEN it was
given, if any) to that socket and ends, and the first window comes to the front and opens it.

Only values cross between the processes: one JSON object of strings, one line each way.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

LOCK_NAME = "instance.lock"
ANSWER_TIMEOUT_MS = 3000
"""How long a second start waits for the first window to take its request; a window that does
not answer in that time is busy or hung, and the user is told so."""
ACCEPTED = b"ok\n"


@dataclass(frozen=True, slots=True)
class OpenRequest:
    """What a second start asks the window already open to do."""

    file: str | None = None
    """A PGN or FEN file to open (an absolute path), or None."""
    fen: str | None = None
    """A position to start from, or None."""

    def to_line(self) -> bytes:
        return json.dumps({"file": self.file, "fen": self.fen}).encode("utf-8") + b"\n"

    @classmethod
    def from_line(cls, line: bytes) -> OpenRequest:
        """The request in ``line``; anything unreadable is an empty request (just come to the front)."""
        try:
            data = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        file, fen = data.get("file"), data.get("fen")
        return cls(file if isinstance(file, str) else None, fen if isinstance(fen, str) else None)


def server_name(folder: Path) -> str:
    """The local socket's name for ``folder``: one per autosave folder (and so per user)."""
    digest = hashlib.sha256(str(folder.resolve()).encode("utf-8")).hexdigest()[:16]
    return f"chessgui-{digest}"


class InstanceGuard(QObject):
    """Holds the lock of an autosave folder and takes the requests of later starts.

    Signals:
        open_requested(OpenRequest): a later start asked this window to come to the front (and
            open a file or position, if the request names one).
    """

    open_requested = Signal(object)

    def __init__(self, lock: QLockFile | None, server: QLocalServer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lock = lock
        self._server = server
        self._sockets: list[QLocalSocket] = []
        server.setParent(self)
        server.newConnection.connect(self.on_new_connection)

    @classmethod
    def claim(cls, folder: Path, parent: QObject | None = None) -> InstanceGuard | None:
        """The guard of ``folder`` if no other running program holds it, else None.

        A folder where no lock can be made at all (not writable) guards nothing but does not stop
        the start: the autosave then reports its own trouble in words."""
        lock = QLockFile(str(folder / LOCK_NAME))
        lock.setStaleLockTime(0)  # stale only when its process is gone, however old
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return cls(None, QLocalServer(), parent)
        if not lock.tryLock(0):
            if lock.error() == QLockFile.LockError.LockFailedError:
                return None
            return cls(None, QLocalServer(), parent)
        name = server_name(folder)
        # We hold the lock, so a socket file of that name is a dead window's leftover.
        QLocalServer.removeServer(name)
        server = QLocalServer()
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        server.listen(name)  # if this fails, later starts are told the window does not answer
        return cls(lock, server, parent)

    def is_locked(self) -> bool:
        """Whether this program holds the folder's lock (False where none could be made)."""
        return self._lock is not None

    def release(self) -> None:
        """Stop listening and give up the lock (the window has closed)."""
        self._server.close()
        if self._lock is not None:
            self._lock.unlock()

    def on_new_connection(self) -> None:
        """A later start connected: its request is read as its line arrives."""
        while (socket := self._server.nextPendingConnection()) is not None:
            # The server owns the socket (it is the socket's parent) and deletes it with itself.
            self._sockets.append(socket)
            socket.readyRead.connect(self.on_ready_read)

    def on_ready_read(self) -> None:
        """Answer every socket whose request line is complete, then say what it asked."""
        for socket in list(self._sockets):
            if not socket.canReadLine():
                continue
            self._sockets.remove(socket)
            request = OpenRequest.from_line(bytes(socket.readLine().data()))
            socket.write(QByteArray(ACCEPTED))
            socket.flush()
            socket.disconnectFromServer()
            self.open_requested.emit(request)


def hand_over(folder: Path, request: OpenRequest, timeout_ms: int = ANSWER_TIMEOUT_MS) -> bool:
    """Send ``request`` to the window holding ``folder``; True once that window has taken it.

    Blocks for at most about ``timeout_ms`` (a second start has no window or event loop yet)."""
    socket = QLocalSocket()
    socket.connectToServer(server_name(folder))
    if not socket.waitForConnected(timeout_ms):
        return False
    socket.write(QByteArray(request.to_line()))
    if not socket.waitForBytesWritten(timeout_ms):
        return False
    while not socket.canReadLine():
        if not socket.waitForReadyRead(timeout_ms):
            return False
    answer = bytes(socket.readLine().data())
    socket.disconnectFromServer()
    return answer == ACCEPTED
