"""Running the app: uvicorn on a socket bound here first, so port 0 (any free port) gives an address to
print, and a port in use fails before anything starts. Ctrl-C ends it quietly (uvicorn's own handler)."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable

import uvicorn


class AddressError(OSError):
    """The host or port cannot be listened on; the message says why."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        raise AddressError(f"cannot listen on {host} port {port}: {error.strerror or error}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def server(app: Callable) -> uvicorn.Server:
    """The uvicorn server of ``app``, quiet but for errors; run it with ``run(sockets=[bind(...)])``."""
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                            timeout_graceful_shutdown=2)
    return uvicorn.Server(config)
