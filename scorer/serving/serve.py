"""Serve the app to the table: every phone on the local network opens it from a QR code.

``sh scripts/setup.sh run`` calls ``python -m scorer.serving.serve``. It serves with waitress, a
production WSGI server in pure Python: one process with a pool of threads, so it runs the same
on a host's Linux, macOS or Windows laptop (gunicorn needs ``fork``, hence no Windows) and
shares one SQLite file without several processes contending for it. Phones poll the live score
pad, so each request is short and a few threads serve a table of seven.

The address printed is the machine's own address on the local network (:mod:`scorer.serving.lan`),
so the phones can open it.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import TextIO

import segno

from . import background, heap
from .lan import is_loopback, public_url

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 5000
#: enough for seven phones polling the pad while others save, without queueing
THREADS = 8
def announce(host: str, port: int, out: TextIO) -> str:
    """Print the address the phones should open, with its QR code; returns the address."""
    url = public_url(host, port)
    out.write("\n7 Wonders scorer\n\n")
    if is_loopback(host):
        out.write(f"Open {url} on this machine only (HOST=0.0.0.0 lets the phones in).\n")
    else:
        out.write(f"Phones on this network: scan the code or open {url}\n\n")
        segno.make(url, error="m").terminal(out=out, compact=True, border=2)
        out.write(f"\nListening on {host}:{port}; press Ctrl+C to stop.\n")
    out.flush()
    return url


def settings(argv: list[str] | None = None, environ=os.environ) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m scorer.serving.serve",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--host", default=environ.get("HOST", DEFAULT_HOST),
                        help="address to listen on (env HOST, default 0.0.0.0: the local network)")
    parser.add_argument("--port", type=int, default=int(environ.get("PORT", DEFAULT_PORT)),
                        help="port (env PORT, default 5000)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> None:
    import waitress

    from .. import create_app

    options = settings(argv)
    # One handler for everything: waitress would add its own to the root logger (basicConfig)
    # beside the app's request log, printing every request twice.
    logging.basicConfig(format="%(asctime)s %(name)s %(message)s")
    for name in ("scorer.requests", "waitress"):
        logging.getLogger(name).setLevel(logging.INFO)
    app = create_app()
    background.start(app)  # retention's passes, when the host turned retention on
    app.config.setdefault("SERVER_THREADS", THREADS)  # held refusals (scorer/safety/limits.py)
    heap.settle()
    url = announce(options.host, options.port, out)
    # The invite page of a game opened on this machine (127.0.0.1) shows this address instead.
    app.config.setdefault("TABLE_URL", url)
    waitress.serve(app, host=options.host, port=options.port, threads=THREADS, ident="scorer",
                   clear_untrusted_proxy_headers=True)


if __name__ == "__main__":
    main()
