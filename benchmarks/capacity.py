"""Benchmark: how many tables of seven phones one small host serves (issue 31).

A club's evening, simulated open-loop: every request is sent at its scheduled time whether or
not the earlier ones were answered, and its latency is counted from that time, so time spent
queueing (in the listen backlog, behind busy workers) counts as the phones would feel it.

The server is gunicorn with ``--workers`` workers (4) and the app's shipped settings (sync
workers before issue 31's flood work, gthread workers of ``THREADS`` threads after), on
SQLite (WAL, in a temporary instance folder) or on PostgreSQL (a throwaway cluster from Debian's
package with fsync on, ``tests/postgres.py``). Per-client rate limits are switched off for the
run (``SCORER_RATELIMIT_ENABLED=false``): the phones of a table share one address behind a
home router, and the limits would refuse the setup's creations; CSRF stays on, as for phones.

Set-up (not measured): a group of ``--group-games`` (300) complete seven-player games, made
through the API. Each rung of the ladder adds T tables, each a seven-player game in that group
(``--outside-group``: not in it) whose pad each of its 7 phones has opened (its session, its
first ETag), and runs ``--seconds`` seconds of:

- each of the 7 phones polls the live pad every ``--poll`` seconds (2; ``static/live.js`` asks
  every second) with ``If-None-Match`` holding the last ETag it got, as ``live.js`` does;
- each phone opens its own city page and saves its city (one more coin each time) 3 times,
  spread over the run: GET the city page, ``--think`` seconds later POST it (CSRF token and
  version from the page), then follow the redirect to the pad page as a browser does (a
  phone's next save waits for its previous one to end: a person does one at a time);
- one phone per table opens the pad page every 10 s and the group page every 30 s;
- one score sheet PDF per table between 80% and 90% of the run; a "busy" 503 is asked again
  after its ``Refresh`` seconds (at its URL, which keeps the place in the print queue), as the
  browser does, the latency counted from the first ask.

A request that has no answer ``--patience`` seconds (30) after its scheduled time is an error.
A rung passes when the tables' own requests (live pad, city page, save, pad page) keep p99
under 100 ms and nothing fails (every group page and sheet arrives). The ladder stops at the
first rung that fails (``--all-rungs`` runs every rung).

Printed per rung: per kind of request its count, p50, p99 and largest latency, and the server
CPU per request (each worker's CPU time across the request, ``capacity_gunicorn.py``); the
gunicorn processes' CPU read from ``/proc`` before and after (and PostgreSQL's), the load
generator's own CPU, how late it sent (its event loop's lag), the load average before and
after, and the whole machine's busy cores and the share of its cores' time the hypervisor gave
to other guests (``/proc/stat``, :mod:`host_cpu`; per slice of the run with ``--verbose``).
Measure another version with ``--ref`` (a git revision, exported with ``git archive``) or
``--app-dir``; the commit is printed.

    .venv/bin/python benchmarks/capacity.py                        # SQLite, 10 25 50 100 tables, 45 s
    .venv/bin/python benchmarks/capacity.py --databases sqlite postgresql --seconds 60 --ref main
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(1, str(ROOT))

import host_cpu  # noqa: E402
from capacity_server import Gunicorn, describe, exported, postmaster_pid, tree_cpu  # noqa: E402
from host_cpu import Sampler  # noqa: E402
from load_client import Answer, Client, Jar, form_fields, hidden_value, path_of  # noqa: E402

SEVEN = json.loads((HERE / "seven_players.json").read_text("utf-8"))
NAMES = ["Ada", "Bram", "Chloé", "Dirk", "Ewa", "Femke", "Gosia", "Hugo", "Iza", "Jan", "Kasia",
         "Lotte", "Marek", "Noor", "Ola", "Piet", "Róża", "Sem", "Tomek", "Ula"]
TABLE_KINDS = ("live", "city", "save", "pad")
KINDS = (*TABLE_KINDS, "group", "sheet")
EXPECTED = {"live": (200, 304), "city": (200,), "save": (302, 303), "pad": (200,), "group": (200,),
            "sheet": (200,)}
LIMIT_MS = 100.0
PAD_EVERY, GROUP_EVERY, SAVES = 10.0, 30.0, 3
ETAG = re.compile(rb'data-etag="([^"]*)"')


@dataclass
class Record:
    kind: str
    ms: float
    ok: bool
    status: int | str
    retries: int = 0
    detail: str = ""
    #: when it was scheduled, seconds from the rung's start
    at: float = 0.0


@dataclass
class Phone:
    game: str
    player: str
    coins: int
    jar: Jar = field(default_factory=Jar)
    etag: str | None = None
    form: list[tuple[str, str]] | None = None
    saves: int = 0
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)  # one save at a time, as a person

    @property
    def city(self) -> str:
        return f"/games/{self.game}/players/{self.player}"


class Run:
    """One rung: schedules every phone's requests and records what they got."""

    def __init__(self, client: Client, group: str, tables: list[list[Phone]], args, rng: random.Random):
        self.client, self.group, self.tables, self.args, self.rng = client, group, tables, args, rng
        self.records: list[Record] = []
        self.lag: list[float] = []
        self.loop = asyncio.get_running_loop()
        self.start = self.loop.time()
        self.polling = 0  # live polls under way
        self.polled: asyncio.Future | None = None  # set when the last of them has ended

    def record(self, kind: str, scheduled: float, answer: Answer | None, error: str | None = None,
               retries: int = 0) -> None:
        ms = (self.loop.time() - scheduled) * 1000
        status: int | str = answer.status if answer is not None else (error or "error")
        ok = answer is not None and answer.status in EXPECTED[kind]
        detail = "" if ok or answer is None else answer.body[:2000].decode(errors="replace")
        self.records.append(Record(kind, ms, ok, status, retries, detail, scheduled - self.start))

    async def ask(self, kind: str, scheduled: float, method: str, path: str, phone: Phone | None,
                  **options) -> Answer | None:
        """One request, recorded; None when it failed (no answer in time, a refused connection)."""
        now = self.loop.time()
        self.lag.append(max(0.0, now - scheduled))
        deadline = max(scheduled + self.args.patience, now + 0.1)
        try:
            answer = await self.client.request(method, path, jar=phone.jar if phone else None,
                                               deadline=deadline, **options)
        except TimeoutError:
            self.record(kind, scheduled, None, "timeout")
            return None
        except OSError as error:
            self.record(kind, scheduled, None, type(error).__name__)
            return None
        self.record(kind, scheduled, answer)
        return answer

    def poll(self, phone: Phone, at: float) -> None:
        """A live poll, as :meth:`ask` but started here and recorded from the client's
        callback, with no task: three requests in four are polls."""
        now = self.loop.time()
        self.lag.append(max(0.0, now - at))
        self.polling += 1

        def done(answer: Answer | None, error: BaseException | None) -> None:
            try:
                if answer is None:
                    self.record("live", at, None, "timeout" if isinstance(error, TimeoutError)
                                else type(error).__name__)
                else:
                    self.record("live", at, answer)
                    if answer.status == 200 and answer.header("ETag"):
                        phone.etag = answer.header("ETag")
            finally:  # (an error here is the loop's to report; the rung still ends)
                self.polling -= 1
                if not self.polling and self.polled is not None:
                    self.polled.set_result(None)

        self.client.start("GET", f"/games/{phone.game}/live", done, jar=phone.jar,
                          headers={"If-None-Match": phone.etag} if phone.etag else {},
                          deadline=max(at + self.args.patience, now + 0.1))

    async def save(self, phone: Phone, at: float) -> None:
        """One person's save: never while their previous one is still under way (then the
        latency counts from when that one ended)."""
        async with phone.busy:
            await self.save_city(phone, max(at, self.loop.time()))

    async def save_city(self, phone: Phone, at: float) -> None:
        page = await self.ask("city", at, "GET", phone.city, phone)
        if page is None or page.status != 200:
            return
        text = page.body.decode()
        if phone.form is None:
            phone.form = form_fields(text)
        await asyncio.sleep(self.args.think)
        phone.saves += 1
        fresh = {"csrf_token": hidden_value(text, "csrf_token"), "version": hidden_value(text, "version"),
                 "coins": str(phone.coins + phone.saves)}
        form = [(name, fresh.get(name, value) or value) for name, value in phone.form]
        form.append(("action", "pad"))
        sent = self.loop.time()
        answer = await self.ask("save", sent, "POST", phone.city, phone, form=form)
        if answer is None or answer.status not in (302, 303):
            return
        pad = await self.ask("pad", self.loop.time(), "GET", path_of(answer.header("Location")), phone)
        self.take_etag(phone, pad)

    def take_etag(self, phone: Phone, pad: Answer | None) -> None:
        if pad is not None and pad.status == 200:
            found = ETAG.search(pad.body)
            if found:
                phone.etag = found.group(1).decode()

    async def pad(self, phone: Phone, at: float) -> None:
        self.take_etag(phone, await self.ask("pad", at, "GET", f"/games/{phone.game}", phone))

    async def group_page(self, phone: Phone, at: float) -> None:
        await self.ask("group", at, "GET", f"/groups/{self.group}", phone)

    async def sheet(self, phone: Phone, at: float) -> None:
        """Asked again after a busy answer's Refresh, as the browser does; recorded once."""
        deadline, retries, path = at + self.args.patience, 0, f"/games/{phone.game}/sheet.pdf"
        while True:
            try:
                answer = await self.client.request(
                    "GET", path, jar=phone.jar, deadline=max(deadline, self.loop.time() + 0.1))
            except TimeoutError:
                self.record("sheet", at, None, "timeout", retries)
                return
            except OSError as error:
                self.record("sheet", at, None, type(error).__name__, retries)
                return
            seconds, _, then = (answer.header("Refresh") or "").partition(";")
            wait = float(seconds or answer.header("Retry-After") or 2)
            if answer.status != 503 or self.loop.time() + wait >= deadline:
                self.record("sheet", at, answer, retries=retries)
                return
            if then.strip().lower().startswith("url="):  # the place in the print queue kept
                path = then.strip()[4:]
            retries += 1
            await asyncio.sleep(min(wait, 10))

    def schedule(self) -> list[tuple[float, object, Phone]]:
        seconds, rng, events = self.args.seconds, self.rng, []
        for table in self.tables:
            for phone in table:
                start = rng.uniform(0, self.args.poll)
                events += [(t, self.poll, phone) for t in frange(start, seconds, self.args.poll)]
                events += [(seconds * (k + rng.uniform(0.05, 0.95)) / SAVES, self.save, phone)
                           for k in range(SAVES)]
            host = table[0]
            events += [(t, self.pad, host) for t in frange(rng.uniform(0, PAD_EVERY), seconds, PAD_EVERY)]
            events += [(t, self.group_page, host)
                       for t in frange(rng.uniform(0, GROUP_EVERY), seconds, GROUP_EVERY)]
            events.append((rng.uniform(0.8, 0.9) * seconds, self.sheet, host))
        events.sort(key=lambda event: event[0])
        return events

    async def run(self) -> None:
        """Each event started at its time by a callback of the loop's timers (one a moment at
        which something is due, not a sleep of a task per event), which starts what is due
        and sets itself for the next: a poll at once, the other actions as tasks."""
        events = self.schedule()
        start = self.start = self.loop.time() + 0.5
        tasks: list[asyncio.Task] = []
        all_started = self.loop.create_future()
        position = 0

        def due() -> None:
            nonlocal position
            now = self.loop.time()
            while position < len(events) and start + events[position][0] <= now:
                offset, action, phone = events[position]
                started = action(phone, start + offset)
                if started is not None:
                    tasks.append(self.loop.create_task(started))
                position += 1
            if position < len(events):
                self.loop.call_at(start + events[position][0], due)
            else:
                all_started.set_result(None)

        due()
        await all_started
        await asyncio.gather(*tasks)
        if self.polling:
            self.polled = self.loop.create_future()
            await self.polled


def frange(start: float, stop: float, step: float):
    while start < stop:
        yield start
        start += step


def varied_game(number: int) -> dict:
    """The sample game with seven of :data:`NAMES`, so the group's statistics have players."""
    document = copy.deepcopy(SEVEN)
    for seat, player in enumerate(document["players"]):
        player["name"] = NAMES[(number * 3 + seat) % len(NAMES)]
    return document


async def create_games(client: Client, path: str, count: int, first: int) -> list[dict]:
    """``count`` games posted to ``path`` (the group's or the games' endpoint), 4 at a time."""
    gate = asyncio.Semaphore(4)

    async def one(number: int) -> dict:
        async with gate:
            answer = await client.request("POST", path, json=varied_game(number))
        if answer.status != 201:
            raise RuntimeError(f"creating a game answered {answer.status}: {answer.body[:300]!r}")
        return answer.json()

    return await asyncio.gather(*(one(first + n) for n in range(count)))


async def delete_games(client: Client, games: list[dict]) -> None:
    gate = asyncio.Semaphore(4)

    async def one(made: dict) -> None:
        async with gate:
            await client.request("DELETE", f"/api/v1/games/{made['id']}",
                                 headers={"X-Owner-Token": made["owner_token"]})

    await asyncio.gather(*(one(made) for made in games))


async def open_pads(client: Client, phones: list[Phone]) -> None:
    """Before the run, each phone opens its game's link (the pad), as after scanning the invite:
    its session (with its CSRF token) and the pad's ETag for its first live poll."""
    gate = asyncio.Semaphore(4)

    async def one(phone: Phone) -> None:
        async with gate:
            answer = await client.request("GET", f"/games/{phone.game}", jar=phone.jar)
        found = ETAG.search(answer.body) if answer.status == 200 else None
        if not found:
            raise RuntimeError(f"the pad answered {answer.status} without data-etag")
        phone.etag = found.group(1).decode()

    await asyncio.gather(*(one(phone) for phone in phones))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


@dataclass
class Rung:
    tables: int
    records: list[Record]
    kinds: dict[str, list[float]]
    server_cpu: float
    db_cpu: float | None
    client_cpu: float
    lag: list[float]
    load: tuple[float, float]
    elapsed: float
    seconds: float
    #: the machine's CPU along the run, and the loop's time of the run's start
    host: Sampler | None = None
    origin: float = 0.0

    def of(self, kind: str) -> list[Record]:
        return [r for r in self.records if r.kind == kind]

    def failures(self) -> list[str]:
        reasons = []
        for kind in KINDS:
            records = self.of(kind)
            bad = [r for r in records if not r.ok]
            if bad:
                statuses = sorted({str(r.status) for r in bad})
                reasons.append(f"{kind}: {len(bad)} of {len(records)} failed ({', '.join(statuses)})")
            if kind in TABLE_KINDS and records:
                p99 = percentile([r.ms for r in records], 0.99)
                if p99 >= LIMIT_MS:
                    reasons.append(f"{kind}: p99 {p99:.0f} ms")
        return reasons

    def report(self, verbose: bool = False, out=sys.stdout) -> None:
        verdict = "PASS" if not self.failures() else "FAIL: " + "; ".join(self.failures())
        print(f"\n{self.tables} tables ({self.tables * 7} phones), {self.seconds:.0f} s scheduled, "
              f"done in {self.elapsed:.0f} s: {verdict}", file=out)
        print(f"  {'kind':<6} {'count':>6} {'errors':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
              f"{'CPU ms/req':>10} {'CPU share':>9}", file=out)
        total_cpu = sum(v[1] for k, v in self.kinds.items() if k in KINDS) or float("nan")
        for kind in KINDS:
            records = self.of(kind)
            times = [r.ms for r in records if r.ok]
            count, cpu, _wall = self.kinds.get(kind, [0, 0.0, 0.0])
            note = ""
            if kind == "live":
                note = f"  ({sum(r.status == 304 for r in records)} answered 304)"
            if kind == "sheet":
                note = f"  ({sum(r.retries for r in records)} busy answers asked again)"
            print(f"  {kind:<6} {len(records):>6} {len(records) - len(times):>6} "
                  f"{percentile(times, .5):>8.1f} {percentile(times, .99):>8.1f} "
                  f"{max(times, default=float('nan')):>8.1f} "
                  f"{(cpu / count * 1000) if count else float('nan'):>10.1f} "
                  f"{cpu / total_cpu:>9.0%}{note}", file=out)
        collections = [(generation, *self.kinds[f"gc{generation}"][:2]) for generation in range(3)
                       if self.kinds.get(f"gc{generation}", [0])[0]]
        if collections:
            print("  garbage collections (every thread of the worker waits): " + ", ".join(
                f"generation {generation} {count:.0f} x {spent / count * 1000:.1f} ms"
                for generation, count, spent in collections), file=out)
        requests = len(self.records)
        minutes = self.tables * self.seconds / 60
        print(f"  server (gunicorn, /proc): {self.server_cpu:.1f} CPU-s = "
              f"{self.server_cpu / self.elapsed:.2f} cores over the run, "
              f"{self.server_cpu / requests * 1000:.1f} ms a request, "
              f"{self.server_cpu / minutes:.2f} CPU-s per table-minute", file=out)
        if self.db_cpu is not None:
            print(f"  PostgreSQL (/proc): {self.db_cpu:.1f} CPU-s, "
                  f"{self.db_cpu / requests * 1000:.1f} ms a request", file=out)
        print(f"  load generator: {self.client_cpu:.1f} CPU-s "
              f"({self.client_cpu / self.elapsed:.0%} of a core, "
              f"{self.client_cpu / requests * 1000:.2f} ms a request); sent late by p50 "
              f"{percentile(self.lag, .5) * 1000:.1f} ms, p99 {percentile(self.lag, .99) * 1000:.1f} ms",
              file=out)
        print(f"  load average (1 min): {self.load[0]:.2f} before, {self.load[1]:.2f} after "
              f"({os.cpu_count()} cores)", file=out)
        whole = self.host and self.host.share(self.origin, self.origin + self.elapsed)
        if whole:
            print(f"  machine (/proc/stat, everything on it): {whole.busy_cores:.2f} of "
                  f"{os.cpu_count()} cores busy over the run; stolen by the hypervisor "
                  f"{whole.steal:.1%} of the cores' time", file=out)
        if verbose:
            self.timeline(out)
            for record in {r.status: r for r in self.records if not r.ok and r.detail}.values():
                text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", record.detail))
                print(f"  a {record.kind} answered {record.status}: {text[:400]}", file=out)


    def timeline(self, out, slices: int = 9) -> None:
        """The tables' own requests per slice of the run (by their scheduled time), with the
        sheets asked in it and the machine's busy cores and stolen share: whether the misses
        come with the sheets, with a machine that gave less, or all along."""
        width = self.seconds / slices
        print("  timeline (tables' own requests by scheduled time; machine's cores busy, "
              "stolen):", file=out)
        for number in range(slices):
            low, high = number * width, (number + 1) * width
            inside = [r for r in self.records if low <= r.at < high]
            times = [r.ms for r in inside if r.kind in TABLE_KINDS]
            sheets = sum(r.kind == "sheet" for r in inside)
            host = self.host and self.host.share(self.origin + low, self.origin + high)
            print(f"    {low:5.1f}-{high:5.1f} s: {len(times):>6} requests, p50 "
                  f"{percentile(times, .5):7.1f} ms, p99 {percentile(times, .99):7.1f} ms, "
                  f"over 100 ms {sum(t >= LIMIT_MS for t in times):>5}"
                  + (f"; {host.busy_cores:.2f} busy, {host.steal:.0%} stolen" if host else "")
                  + (f"; {sheets} sheets asked" if sheets else ""), file=out)


def diff(after: dict, before: dict) -> dict:
    return {kind: [a - b for a, b in zip(values, before.get(kind, [0, 0.0, 0.0]), strict=True)]
            for kind, values in after.items()}


async def rung(client: Client, server: Gunicorn, group: str, tables: int, args, rng, db_pid: int | None,
               quiet: bool = False) -> Rung:
    path = f"/api/v1/groups/{group}/games" if not args.outside_group else "/api/v1/games"
    made = await create_games(client, path, tables, rng.randrange(1000))
    phones = [[Phone(m["id"], player["id"], SEVEN["players"][seat]["coins"])
               for seat, player in enumerate(m["players"])] for m in made]
    await open_pads(client, [phone for table in phones for phone in table])
    await asyncio.sleep(1)
    kinds, server_cpu, db_cpu = server.kinds(), server.cpu(), tree_cpu(db_pid) if db_pid else None
    load, client_cpu, started = os.getloadavg()[0], time.process_time(), time.monotonic()
    run = Run(client, group, phones, args, rng)
    host = Sampler()
    host.start()
    await run.run()
    ended = time.monotonic()
    await host.stop()
    await asyncio.sleep(0.5)  # the workers' last totals written (capacity_gunicorn.FLUSH_EVERY)
    result = Rung(tables, run.records, diff(server.kinds(), kinds), server.cpu() - server_cpu,
                  tree_cpu(db_pid) - db_cpu if db_pid else None, time.process_time() - client_cpu,
                  run.lag, (load, os.getloadavg()[0]), ended - started, args.seconds, host,
                  run.start)
    await delete_games(client, made)
    if not quiet:
        result.report(args.verbose)
        sys.stdout.flush()
    return result


async def ladder(server: Gunicorn, args, db_pid: int | None) -> list[Rung]:
    client = Client(server.port)
    try:
        answer = await client.request("POST", "/api/v1/groups", json={"name": "Friday club"})
        group = answer.json()["id"]
        started = time.monotonic()
        await create_games(client, f"/api/v1/groups/{group}/games", args.group_games, 0)
        print(f"  a group of {args.group_games} games made in {time.monotonic() - started:.0f} s", flush=True)
        rng = random.Random(args.seed)
        warm = argparse.Namespace(**{**vars(args), "seconds": 10.0})
        await rung(client, server, group, 2, warm, rng, db_pid, quiet=True)  # every worker's first requests
        results = []
        for tables in args.tables:
            result = await rung(client, server, group, tables, args, rng, db_pid)
            results.append(result)
            if result.failures() and not args.all_rungs:
                break
            await asyncio.sleep(3)
        return results
    finally:
        client.close()


def measure(name: str, app_dir: Path, args, stack: ExitStack, folder: str) -> list[Rung]:
    instance = os.path.join(folder, name)
    os.makedirs(instance)
    environment = {"SCORER_SECRET_KEY": "capacity", "SCORER_INSTANCE_PATH": instance,
                   "SCORER_RATELIMIT_ENABLED": "false", "SCORER_DATABASE_AUTO_MIGRATE": "true"}
    db_pid = None
    if name == "sqlite":
        environment["SCORER_DATABASE"] = os.path.join(instance, "scorer.sqlite")
    else:
        from tests.postgres import running_cluster

        cluster = stack.enter_context(running_cluster(durable=True))
        environment["SCORER_DATABASE_URL"] = cluster.url()
        db_pid = postmaster_pid(cluster.data)
    server = Gunicorn(app_dir, environment, args.workers, folder)
    try:
        server.wait_ready()
        print(f"\n== {name}: gunicorn {server.workers_said()} on 127.0.0.1:{server.port}", flush=True)
        return asyncio.run(ladder(server, args, db_pid))
    except Exception:
        print(server.tail(), file=sys.stderr)
        raise
    finally:
        server.stop()


def write_records(path: Path, database: str, results: list[Rung]) -> None:
    with path.open("a", encoding="utf-8") as out:
        for result in results:
            for record in result.records:
                out.write(json.dumps({"database": database, "tables": result.tables,
                                      "kind": record.kind, "at": round(record.at, 3),
                                      "ms": round(record.ms, 1), "status": record.status}) + "\n")
            readings = result.host.readings if result.host else []
            for (first_at, first), (last_at, last) in zip(readings, readings[1:], strict=False):
                if last_at > first_at:
                    share = host_cpu.between(first, last, last_at - first_at)
                    out.write(json.dumps({"database": database, "tables": result.tables,
                                          "kind": "machine", "at": round(first_at - result.origin, 3),
                                          "busy_cores": round(share.busy_cores, 2),
                                          "steal": round(share.steal, 3)}) + "\n")


def capacity(results: list[Rung]) -> str:
    passed = [r.tables for r in results if not r.failures()]
    failed = [r.tables for r in results if r.failures()]
    if not passed:
        return f"none of the rungs passed (lowest tried: {min(failed)} tables)"
    answer = f"{max(passed)} tables ({max(passed) * 7} phones)"
    above = [t for t in failed if t > max(passed)]
    return answer + (f"; {min(above)} failed" if above else "; no larger rung tried")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 25, 50, 100], help="the ladder of T")
    parser.add_argument("--seconds", type=float, default=45, help="scheduled length of each rung")
    parser.add_argument("--databases", nargs="+", default=["sqlite"], choices=("sqlite", "postgresql"))
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--group-games", type=int, default=300)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between a phone's live polls")
    parser.add_argument("--think", type=float, default=2.0, help="seconds between a city page and its save")
    parser.add_argument("--patience", type=float, default=30.0, help="seconds before a request is an error")
    parser.add_argument("--outside-group", action="store_true", help="the tables' games are in no group")
    parser.add_argument("--all-rungs", action="store_true", help="go on after a failing rung")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--verbose", action="store_true",
                        help="show what the failed requests got, and the latencies along the run")
    parser.add_argument("--records", type=Path,
                        help="write every request of every rung to this file, a JSON line each "
                             "(database, tables, kind, scheduled second, ms, status), to look "
                             "closer at a slice of the run")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--ref", help="measure this git revision (exported with git archive)")
    where.add_argument("--app-dir", type=Path, default=ROOT, help="measure this checkout (default: this one)")
    args = parser.parse_args()
    # killed (kill, a timeout), leave as on Ctrl+C: the ExitStack then stops the gunicorn server
    # and the PostgreSQL cluster, which otherwise run on and load the next measurement
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    summary = []
    with ExitStack() as stack:
        if args.ref:
            app_dir, commit = stack.enter_context(exported(args.ref))
            version = f"{commit} ({args.ref})"
        else:
            app_dir = args.app_dir.resolve()
            version = f"{describe(app_dir)} ({app_dir})"
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="capacity-"))
        print(f"app: {version}\nmachine: {os.cpu_count()} cores, load average "
              f"{' '.join(f'{v:.2f}' for v in os.getloadavg())}; rate limits off "
              f"(SCORER_RATELIMIT_ENABLED=false); live polls every {args.poll:g} s; "
              f"{args.seconds:g} s a rung; tables' games {'outside' if args.outside_group else 'in'} "
              f"the group", flush=True)
        for name in args.databases:
            results = measure(name, app_dir, args, stack, folder)
            summary.append((name, capacity(results)))
            if args.records:
                write_records(args.records, name, results)
    print("\ncapacity (tables' own requests p99 < 100 ms, every group page and sheet arrives):")
    for name, answer in summary:
        print(f"  {name:<10} {answer}")
    print(f"load average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
