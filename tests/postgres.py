"""A throwaway PostgreSQL cluster from Debian's ``postgresql`` package, for tests and benchmarks.

initdb refuses to run as root (and CI runs as root), so the cluster then belongs to the
``postgres`` user the package creates. It listens only on a Unix socket inside its own
temporary directory (no port to collide with), trusts local connections, and trades
durability for speed (``fsync=off``): it is deleted when the tests end.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from contextlib import contextmanager
from urllib.parse import quote

USER = "scorer"
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


def binaries() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    if not found:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql "
                           "(sh scripts/setup.sh test does it), or deselect with -m 'not postgresql'")
    return os.path.dirname(found[0])


class Cluster:
    def __init__(self, durable: bool = False) -> None:
        self.durable = durable  # fsync on, as a real server (benchmarks)
        self.bin = binaries()
        self.dir = tempfile.mkdtemp(prefix="scorer-pg-")
        self.data = os.path.join(self.dir, "data")
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            account = pwd.getpwnam("postgres")
            os.chown(self.dir, account.pw_uid, account.pw_gid)

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_postgres else []
        subprocess.run([*prefix, *command], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=120)

    def start(self) -> Cluster:
        self._run(f"{self.bin}/initdb", "-D", self.data, "-A", "trust", "-U", USER, "-E", "UTF8",
                  "--locale=C.UTF-8", "--no-sync")
        self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"),
                  "-o", f"-k {self.dir} -c listen_addresses='' -c max_connections=200"
                  + ("" if self.durable else f" {FAST}"),
                  "-w", "start")
        return self

    def stop(self) -> None:
        try:
            self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, schema: str | None = None) -> str:
        url = f"postgresql://{USER}@/postgres?host={quote(self.dir)}"
        if schema:
            url += "&options=" + quote(f"-csearch_path={schema}")
        return url

    def execute(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(host=self.dir, user=USER, dbname="postgres", autocommit=True) as conn:
            conn.execute(sql)

    @contextmanager
    def fresh_schema(self):
        """The URL of an empty schema of its own (much faster than a new database: 0.5 s)."""
        schema = "t_" + uuid.uuid4().hex[:16]
        self.execute(f"CREATE SCHEMA {schema}")
        try:
            yield self.url(schema)
        finally:
            self.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def running_cluster(durable: bool = False):
    cluster = Cluster(durable)
    try:
        yield cluster.start()
    finally:
        cluster.stop()
