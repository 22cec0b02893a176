"""Where the phones at the table reach this machine.

The server listens on every interface, but a URL for a phone needs the address other devices on
the local network see: it is found without sending anything (connecting a UDP socket only picks
the route), falling back to the host name's address.
"""

from __future__ import annotations

import ipaddress
import socket

#: an address that is never contacted: connecting a UDP socket sends nothing
ROUTE_PROBE = ("10.255.255.255", 1)


def lan_address() -> str:
    """This machine's address as the other devices on the local network see it."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(ROUTE_PROBE)
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if address and not ipaddress.ip_address(address).is_unspecified:
        return address
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, without port) only reaches this machine."""
    host = host.strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def public_url(host: str, port: int) -> str:
    """The address to open on the phones for a server bound to ``host``."""
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}/" if port == 80 else f"http://{host}:{port}/"


