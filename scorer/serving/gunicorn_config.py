"""gunicorn settings for a hosted instance (a club's server, several servers behind a proxy):

    gunicorn -c python:scorer.serving.gunicorn_config 'scorer:create_app()'

Workers from the core count (gunicorn's rule of thumb, 2 x cores + 1: requests wait on the
database and on WeasyPrint, so a core keeps two busy). ``WEB_CONCURRENCY`` overrides the count,
``PORT`` the port (8000), ``BIND`` the whole address. The app writes its own request log, so
gunicorn's access log stays off; its error log goes to standard error.
"""

import multiprocessing
import os

bind = os.environ.get("BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1))
timeout = 60  # a 7-page score sheet renders in about 1.3 s; a stuck worker is recycled
graceful_timeout = 20
errorlog = "-"
# Trust X-Forwarded-* from the reverse proxy on this machine only; the app's PROXY_FIX
# setting (SCORER_PROXY_FIX) is what makes Flask use them.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
