"""Databases that misbehave, on 127.0.0.1 at a free port, for the health check's tests.

- ``silent_server``: accepts connections and never says a word (a hung server, a full pooler).
- ``stalling_postgres``: completes PostgreSQL's start-up as a real server would (no password,
  ``AuthenticationOk``, the parameters a client reads, ``ReadyForQuery``), then never answers a
  query: a database that stops answering on a connection that works.
- ``closed_port``: a port nobody listens on, so connecting is refused at once.
"""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

SSL_REQUEST = 80877103
GSSENC_REQUEST = 80877104


def _message(kind: bytes, body: bytes) -> bytes:
    return kind + struct.pack("!i", len(body) + 4) + body


def _parameter(name: str, value: str) -> bytes:
    return _message(b"S", name.encode() + b"\0" + value.encode() + b"\0")


READY = b"".join(
    [
        _message(b"R", struct.pack("!i", 0)),  # AuthenticationOk
        _parameter("server_version", "16.4"),
        _parameter("server_encoding", "UTF8"),
        _parameter("client_encoding", "UTF8"),
        _parameter("DateStyle", "ISO, MDY"),
        _parameter("integer_datetimes", "on"),
        _parameter("standard_conforming_strings", "on"),
        _parameter("TimeZone", "UTC"),
        _message(b"K", struct.pack("!ii", 4242, 4242)),  # BackendKeyData
        _message(b"Z", b"I"),  # ReadyForQuery, idle
    ]
)


def _read_exactly(conn: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise ConnectionError("the client went away")
        data += chunk
    return data


def _start_up_then_stall(conn: socket.socket) -> None:
    """Answer the start-up (refusing SSL and GSS encryption), then read and ignore everything."""
    while True:
        length = struct.unpack("!i", _read_exactly(conn, 4))[0]
        packet = _read_exactly(conn, length - 4)
        code = struct.unpack("!i", packet[:4])[0]
        if code in (SSL_REQUEST, GSSENC_REQUEST):
            conn.sendall(b"N")
            continue
        conn.sendall(READY)
        break
    while conn.recv(65536):
        pass  # the query arrives; no answer ever leaves


@contextmanager
def _server(handle: Callable[[socket.socket], None] | None) -> Iterator[int]:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    accepted: list[socket.socket] = []
    stopping = threading.Event()

    def serve() -> None:
        while not stopping.is_set():
            try:
                conn, _address = listener.accept()
            except OSError:
                return  # the listener was closed
            accepted.append(conn)
            if handle is not None:
                threading.Thread(target=_quietly, args=(handle, conn), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stopping.set()
        listener.close()
        for conn in accepted:
            conn.close()


def _quietly(handle: Callable[[socket.socket], None], conn: socket.socket) -> None:
    with suppress(OSError):  # closed at the end of the test, or by the client giving up
        handle(conn)


@contextmanager
def silent_server() -> Iterator[int]:
    """The port of a server that accepts connections and never sends a byte."""
    with _server(None) as port:
        yield port


@contextmanager
def stalling_postgres() -> Iterator[int]:
    """The port of a "PostgreSQL" that lets clients connect, then never answers a query."""
    with _server(_start_up_then_stall) as port:
        yield port


def closed_port() -> int:
    """A port on 127.0.0.1 that refuses connections (bound a moment ago, then freed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
