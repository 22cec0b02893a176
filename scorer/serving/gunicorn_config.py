"""gunicorn settings for a hosted instance (a club's server, several servers behind a proxy):

    gunicorn -c python:scorer.serving.gunicorn_config 'scorer:create_app()'

Workers from the core count (gunicorn's rule of thumb, 2 x cores + 1: requests wait on the
database and on WeasyPrint, so a core keeps two busy). ``WEB_CONCURRENCY`` overrides the count.
Each worker is a gthread worker answering ``THREADS`` requests at once (16 by default): a sync
worker is taken whole by one client, so 16 clients asking without pause kept 4 sync workers busy
and every other table's live pad queued behind them; with threads, a client over its limit is
held (:mod:`scorer.safety.limits`) on a thread while the others keep answering; a held thread
only sleeps, so threads are many: 4 workers hold 56 refusals (16 - 2 each), and a flood of more
clients than that from one place gets the rest at once (measured: 32 clients on 4 x 8 threads
moved the pad 5.1x, on 4 x 16 threads 0.9x). A worker takes a connection only when it has a
thread free (``worker_connections`` = ``THREADS``), so a
request waits in the kernel's queue for whichever worker frees first, not in one busy worker's.
The address is ``127.0.0.1:8000``: the reverse proxy on this machine reaches it and nobody else
does, which matters because ``SCORER_PROXY_FIX`` makes the app believe the ``X-Forwarded-*``
headers of whoever connects. ``PORT`` changes the port, ``BIND`` the whole address (a proxy on
another machine: ``BIND=10.0.0.5:8000``, with a firewall letting only the proxy in); the
server warns at start when it listens beyond this machine with ``SCORER_PROXY_FIX`` on. The app
writes its own request log, so gunicorn's access log stays off; its error log goes to standard
error. Each worker starts what the app runs beside its requests (:mod:`scorer.serving.background`:
retention's background pass, when retention is on; the child that draws its PDFs).
"""

import ipaddress
import multiprocessing
import os

from scorer.safety.switches import switched_on

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1))
worker_class = "gthread"
threads = int(os.environ.get("THREADS", 16))
worker_connections = threads
keepalive = 0  # the reverse proxy keeps the phones' connections; one request per connection here
# a worker whose main loop stays silent this long is recycled; with threads that loop keeps
# running while a request is stuck, so a stuck request only costs its thread
timeout = 60
graceful_timeout = 20
errorlog = "-"
# Trust X-Forwarded-* from the reverse proxy on this machine only; the app's PROXY_FIX
# setting (SCORER_PROXY_FIX) is what makes Flask use them.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")


def local_only(address: str) -> bool:
    """Whether a gunicorn bind address (``host:port``, ``[v6]:port``, ``unix:path``) can only
    be reached from this machine."""
    if address.startswith(("unix:", "fd://")):
        return True
    host = address.rsplit(":", 1)[0] if address.count(":") == 1 or address.startswith("[") else address
    host = host.strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: whatever it resolves to


def exposure_warning(addresses, proxy_fix: str | None) -> str | None:
    """The start-up warning for trusting forwarded headers on an address others can reach."""
    if not switched_on(proxy_fix, False):
        return None
    exposed = [address for address in addresses if not local_only(address)]
    if not exposed:
        return None
    return (f"SCORER_PROXY_FIX trusts the X-Forwarded-* headers of every client that connects, and "
            f"this server listens on {', '.join(exposed)}: anyone who reaches it directly chooses "
            f"their own address (rate limits) and host. Bind to 127.0.0.1 (the default) or let a "
            f"firewall admit only the proxy.")


def when_ready(server):
    warning = exposure_warning(server.cfg.bind, os.environ.get("SCORER_PROXY_FIX"))
    if warning:
        server.log.warning(warning)


#: how long a thread may keep the interpreter while another waits (Python's default: 5 ms). A
#: worker's threads share one interpreter lock, so a cheap poll behind a sheet being drawn in
#: the same worker waits slices of this length; 1 ms keeps such a wait short
switch_interval = float(os.environ.get("SWITCH_INTERVAL", "0.001"))


def post_worker_init(worker):
    import sys

    from scorer.serving import background, heap

    sys.setswitchinterval(switch_interval)

    # the limits hold refusals on all but two of the worker's threads (scorer/safety/limits.py)
    config = getattr(worker.wsgi, "config", None)
    if config is not None:
        config.setdefault("SERVER_THREADS", getattr(getattr(worker, "cfg", None), "threads", threads))
    background.start(worker.wsgi)
    heap.settle()
