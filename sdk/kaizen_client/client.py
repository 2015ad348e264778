"""KaizenClient: typed event helpers, a background batcher, retries that never duplicate."""

from __future__ import annotations

import atexit
import collections
import hashlib
import json
import logging
import os
import queue
import random
import sqlite3
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from contextlib import contextmanager, suppress
from datetime import datetime, timezone

import httpx

log = logging.getLogger("kaizen_client")
RETRY_STATUSES = {429, 500, 502, 503, 504}


class KaizenError(Exception):
    """A request Kaizen refused (4xx other than 429) or that kept failing after the retries."""

    def __init__(self, message: str, status: int | None = None, body: object = None):
        super().__init__(message)
        self.status, self.body = status, body


class _NoTurn(KaizenError):
    """close() could not wait any longer for the batch in flight."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


def _drop_none(body: dict) -> dict:
    return {k: v for k, v in body.items() if v is not None}


class KaizenClient:
    """Send telemetry to Kaizen and read directives.

    Events go into a bounded queue; a background thread sends them in batches when
    `batch_size` are waiting or `flush_interval` seconds have passed, and on `close()` / exit.
    When the queue is full new events are dropped (counted in `dropped`) rather than blocking
    the agent. Invalid events are logged at WARNING with the server's field errors, counted and
    kept in `rejected` (and passed to `on_rejected`).

    With `spool` (a file path), every event is written to an on-disk SQLite spool by a
    background thread within milliseconds (never on the caller's thread or event loop) and only
    removed once Kaizen answered for it: an outage or a restart loses nothing, and the spool is
    drained in order (the client ids make resending safe). Without one, what `close()` could not
    deliver is kept in a file named after the server and token (`rescue`, in the temporary
    directory by default) and sent by the next client started with them. `close()` never raises
    for network trouble and returns within its timeout, even against a server that accepts
    connections and never answers: it sends what it can in that time and keeps the rest.

    `directives()` never raises for a network failure: within `directives_timeout` seconds it
    returns the last directives it saw (kept in the spool file across restarts) or the caller's
    default, and logs why.
    """

    def __init__(  # noqa: PLR0913  (the public API mirrors the event's fields)
        self,
        url: str,
        token: str,
        *,
        batch_size: int = 100,
        flush_interval: float = 2.0,
        max_queue: int = 10_000,
        timeout: float = 10.0,
        max_retries: int = 5,
        backoff: float = 0.5,
        transport: httpx.BaseTransport | None = None,
        on_rejected: Callable[[dict, dict], None] | None = None,
        spool: str | None = None,
        rescue: str | None = None,
        directives_timeout: float = 3.0,
    ):
        if not 1 <= batch_size <= 1000:
            raise ValueError("batch_size must be 1..1000 (the server's batch limit)")
        self.batch_size, self.flush_interval = batch_size, flush_interval
        self.max_retries, self.backoff = max_retries, backoff
        self.on_rejected = on_rejected
        self.rejected: list[tuple[dict, dict]] = []
        self.dropped = 0
        self.drop_reasons: list[str] = []
        self.sent = 0
        self._inflight: list[dict] = []  # the batch the sender thread is sending now
        self._http = httpx.Client(
            base_url=url.rstrip("/"),
            timeout=timeout,
            transport=transport,
            headers={"Authorization": f"Bearer {token}", "User-Agent": "kaizen-client/0.1"},
        )
        self.directives_timeout = directives_timeout
        self._last_directives: dict | None = None
        self._session_class: type[Session] = Session
        self._queue: queue.Queue[dict] = queue.Queue(maxsize=max_queue)
        self._spool = Spool(spool) if spool else None
        self._rescue = None if spool else (rescue or _rescue_path(url, token))
        self._lock = threading.Lock()  # one batch in flight at a time
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._threads = [threading.Thread(target=self._run, name="kaizen-batcher", daemon=True)]
        if self._spool is not None:
            self._incoming: collections.deque[dict] = collections.deque()
            self._arrived = threading.Event()
            self._persisting = threading.Lock()
            self._threads.append(threading.Thread(target=self._write_spool, name="kaizen-spool", daemon=True))
        else:
            self._take_rescued()
        for thread in self._threads:
            thread.start()
        atexit.register(self.close)

    # --- typed helpers ------------------------------------------------------------------
    def tool_invocation(  # noqa: PLR0913  (the public API mirrors the event's fields)
        self,
        session_id: str,
        tool: str,
        *,
        outcome: str,
        duration_ms: int,
        args: dict | None = None,
        failure_mode: str | None = None,
        error: str | None = None,
        user_id: str | None = None,
        parent_session_id: str | None = None,
        **extra,
    ) -> str:
        return self.emit(
            "tool_invocation",
            {
                "session_id": session_id,
                "tool": tool,
                "outcome": outcome,
                "duration_ms": duration_ms,
                "args": args,
                "failure_mode": failure_mode,
                "error": error,
                "user_id": user_id,
                "parent_session_id": parent_session_id,
            },
            **extra,
        )

    def skill_outcome(  # noqa: PLR0913  (the public API mirrors the event's fields)
        self,
        skill: str,
        *,
        success: bool,
        duration_ms: int,
        cost_usd: float | None = None,
        input_tokens: int | None = None,
        output_tokens: int | None = None,
        confidence: float | None = None,
        confidence_explanation: str | None = None,
        correlation_id: str | None = None,
        error_count: int | None = None,
        retry_count: int | None = None,
        patterns: list[str] | None = None,
        failure_reason: str | None = None,
        goal: str | None = None,
        autonomous: bool | None = None,
        model: str | None = None,
        session_id: str | None = None,
        user_id: str | None = None,
        parent_session_id: str | None = None,
        **extra,
    ) -> str:
        return self.emit(
            "skill_outcome",
            {
                "skill": skill,
                "success": success,
                "duration_ms": duration_ms,
                "cost_usd": cost_usd,
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
                "confidence": confidence,
                "confidence_explanation": confidence_explanation,
                "correlation_id": correlation_id,
                "error_count": error_count,
                "retry_count": retry_count,
                "patterns": patterns,
                "failure_reason": failure_reason,
                "goal": goal,
                "autonomous": autonomous,
                "model": model,
                "session_id": session_id,
                "user_id": user_id,
                "parent_session_id": parent_session_id,
            },
            **extra,
        )

    def observation(
        self,
        text: str,
        *,
        session_id: str | None = None,
        sentiment: str | None = None,
        category: str | None = None,
        user_id: str | None = None,
        parent_session_id: str | None = None,
        **extra,
    ) -> str:
        return self.emit(
            "observation",
            {
                "text": text,
                "session_id": session_id,
                "sentiment": sentiment,
                "category": category,
                "user_id": user_id,
                "parent_session_id": parent_session_id,
            },
            **extra,
        )

    def correction(
        self,
        user_message: str,
        *,
        previous_agent_response: str | None = None,
        previous_tool_call: dict | None = None,
        user_tool_call: dict | None = None,
        session_id: str | None = None,
        user_id: str | None = None,
        parent_session_id: str | None = None,
        **extra,
    ) -> str:
        return self.emit(
            "correction",
            {
                "user_message": user_message,
                "previous_agent_response": previous_agent_response,
                "previous_tool_call": previous_tool_call,
                "user_tool_call": user_tool_call,
                "session_id": session_id,
                "user_id": user_id,
                "parent_session_id": parent_session_id,
            },
            **extra,
        )

    def decision(
        self,
        subject: str,
        *,
        verdict: str,
        reason: str | None = None,
        session_id: str | None = None,
        parent_session_id: str | None = None,
        **extra,
    ) -> str:
        return self.emit(
            "decision",
            {
                "subject": subject,
                "verdict": verdict,
                "reason": reason,
                "session_id": session_id,
                "parent_session_id": parent_session_id,
            },
            **extra,
        )

    def session_end(
        self,
        session_id: str,
        *,
        reflection: dict | None = None,
        parent_session_id: str | None = None,
        **extra,
    ) -> str:
        return self.emit(
            "session_end",
            {"session_id": session_id, "reflection": reflection, "parent_session_id": parent_session_id},
            **extra,
        )

    def wake_run(self, *, status: str, duration_ms: int, user_rating: float | None = None, **extra) -> str:
        return self.emit(
            "wake_run", {"status": status, "duration_ms": duration_ms, "user_rating": user_rating}, **extra
        )

    def hitl_escalation(self, target: str, *, reason: str, skill: str | None = None, **extra) -> str:
        return self.emit("hitl_escalation", {"target": target, "reason": reason, "skill": skill}, **extra)

    def emit(
        self, event_type: str, body: dict, *, timestamp: str | None = None, id: str | None = None
    ) -> str:
        """Queue one event; returns its client id (the key that makes retries safe)."""
        event = {
            "id": id or uuid.uuid4().hex,
            "type": event_type,
            "timestamp": timestamp or _now(),
            "body": _drop_none(body),
        }
        if self._spool is not None:  # the spool thread writes it: no disk I/O here
            self._incoming.append(event)
            self._arrived.set()
            return event["id"]
        try:
            self._queue.put_nowait(event)
        except queue.Full:
            self.dropped += 1
            log.warning("kaizen queue full: dropped a %s event", event_type)
            return event["id"]
        if self._queue.qsize() >= self.batch_size:
            self._wake.set()
        return event["id"]

    # --- sessions and directives ----------------------------------------------------------
    @contextmanager
    def session(self, session_id: str | None = None):
        """A working session: helpers fill the session id (`s.directives()` reads the directives
        for it); `session_end` is sent on exit."""
        s = self._session_class(self, session_id or uuid.uuid4().hex)
        try:
            yield s
        except BaseException:
            s.failures.append("the session raised an exception")
            raise
        finally:
            self.session_end(s.session_id, reflection=s.reflection())

    def directives(self, default: dict | None = None, session_id: str | None = None) -> dict | None:
        """The current directives of this agent's template, with `prompt_block` ready to use.

        Pass the `session_id` of the session about to start (or read through `Session.directives`):
        during a canary Kaizen then assigns that session, not the whole agent, to an arm, and
        counts its events there, which compares the versions fairly with fewer agents.

        Kaizen unreachable, slow (`directives_timeout`) or failing (429/5xx): the last directives
        this client (or its spool) saw, else `default`; logged at WARNING. A refusal (a bad token,
        an agent without a template) raises KaizenError: that is for its developer to fix."""
        path = "/api/v1/agents/me/directives"
        params = {"session_id": session_id} if session_id is not None else None
        try:
            response = self._http.get(path, params=params, timeout=self.directives_timeout)
        except httpx.TransportError as exc:
            why = f"{type(exc).__name__}: {exc}"
        else:
            if response.status_code < 400:
                self._last_directives = response.json()
                if self._spool is not None:
                    self._spool.remember("directives", response.text)
                return self._last_directives
            if response.status_code not in RETRY_STATUSES:
                raise KaizenError(
                    f"Kaizen refused GET {path}: {response.status_code}: {response.text[:300]}",
                    response.status_code,
                    _body(response),
                )
            why = f"{response.status_code}: {response.text[:120]}"
        last = self._last_directives
        if last is None and self._spool is not None:
            kept = self._spool.recall("directives")
            last = json.loads(kept) if kept else None
        log.warning(
            "kaizen directives unavailable (%s); using %s",
            why,
            "the last ones seen" if last is not None else "the caller's default",
        )
        return last if last is not None else default

    # --- sending ----------------------------------------------------------------------------
    def flush(self) -> None:
        """Send everything queued now (blocks until done; raises KaizenError if Kaizen is down)."""
        if self._spool is not None:
            self._persist()
        while True:
            if self._spool is not None:
                with self._turn():
                    batch = self._spool.oldest(self.batch_size)
                    if not batch:
                        return
                    self._send_spooled(batch)
                continue
            batch = self._take(self.batch_size)
            if not batch:
                return
            self._send(batch)

    @property
    def pending(self) -> int:
        """Events not yet answered by Kaizen (in the spool or the queue)."""
        if self._spool is not None:
            return self._spool.count() + len(self._incoming)
        return self._queue.qsize()

    def close(self, timeout: float = 30.0) -> dict:
        """Send what is left within `timeout` seconds, and return by then; never raises for
        network trouble. A request under way when the time is up is not waited for.

        Returns {"sent", "rejected", "pending", "dropped"}; pending events are kept on disk for
        the next client (in the spool, or without one in the `rescue` file) and said so at
        WARNING."""
        if self._stop.is_set():
            return self._summary()
        deadline = time.monotonic() + timeout
        self._deadline = deadline  # every request and wait from now on ends by then
        self._stop.set()
        self._wake.set()
        if self._spool is not None:
            self._arrived.set()
        for thread in self._threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
        why = ""
        try:
            self.flush()  # one attempt per batch (the stop is set), each within the deadline
        except KaizenError as exc:
            why = str(exc)
        finally:
            if self._spool is None:
                for event in list(self._inflight):  # a batch still being tried by the sender
                    try:
                        self._queue.put_nowait(event)
                    except queue.Full:
                        self.dropped += 1
            self._left = self.pending
            self._http.close()
            if self._spool is not None:
                self._spool.close()
            elif self._left:
                self._keep_rescued()
            if self._left:
                where = self._spool.path if self._spool is not None else self._rescue
                log.warning(
                    "kaizen close: %d event(s) not delivered, kept in %s for the next client%s",
                    self._left,
                    where,
                    f": {why}" if why else "",
                )
        return self._summary()

    def _summary(self) -> dict:
        left = getattr(self, "_left", None)
        return {
            "sent": self.sent,
            "rejected": len(self.rejected),
            "pending": self.pending if left is None else left,
            "dropped": self.dropped,
            "dropped_why": list(self.drop_reasons),
        }

    def __enter__(self) -> KaizenClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _take(self, n: int) -> list[dict]:
        batch = []
        while len(batch) < n:
            try:
                batch.append(self._queue.get_nowait())
            except queue.Empty:
                break
        return batch

    def _write_spool(self) -> None:
        while not self._stop.is_set():
            self._arrived.wait()
            self._arrived.clear()
            self._persist()
        self._persist()

    def _persist(self) -> None:
        """Move what `emit` handed over into the spool, in one transaction."""
        with self._persisting:  # one mover at a time keeps the spool in emit order
            events = []
            while self._incoming:
                events.append(self._incoming.popleft())
            if not events:
                return
            try:
                waiting = self._spool.add_many(events)
            except sqlite3.Error:
                self._incoming.extendleft(reversed(events))  # kept, in order, for the next try
                raise
            if waiting >= self.batch_size:
                self._wake.set()

    def _take_rescued(self) -> None:
        """Queue what an earlier client with this server and token could not deliver; the rescue
        file is removed once emptied (this client's close keeps there what it cannot deliver)."""
        if not os.path.exists(self._rescue):
            return
        rescued = Spool(self._rescue)
        try:
            for _, event in rescued.oldest(self._queue.maxsize):
                self._queue.put_nowait(event)
            rescued.clear()
        finally:
            rescued.close()
        for path in (self._rescue, f"{self._rescue}-wal", f"{self._rescue}-shm"):
            with suppress(FileNotFoundError):
                os.remove(path)
        log.info(
            "kaizen: %s event(s) an earlier client could not deliver are queued again", self._queue.qsize()
        )

    def _keep_rescued(self) -> None:
        rescued = Spool(self._rescue)
        try:
            rescued.add_many(self._take(self._queue.qsize()))
        finally:
            rescued.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.flush_interval)
            self._wake.clear()
            try:
                self.flush()
            except KaizenError as exc:  # the events were kept for the next try, or dropped and said so
                if self.pending:
                    log.warning("kaizen: %d event(s) wait to be sent: %s", self.pending, exc)
            except Exception as exc:  # noqa: BLE001 - the batcher must survive; events were re-queued
                log.warning("kaizen batch failed (%s: %s); its events wait", type(exc).__name__, exc)

    def _time_left(self) -> float | None:
        """Seconds left before close() must return (None: not closing)."""
        deadline = getattr(self, "_deadline", None)
        return None if deadline is None else deadline - time.monotonic()

    @contextmanager
    def _turn(self):
        """The one batch in flight: waited for, while closing only until the close's deadline
        (the sender's request under way against a hung server is not waited for)."""
        left = self._time_left()
        if not self._lock.acquire(timeout=-1 if left is None else max(0.0, left)):
            raise _NoTurn("the batch being sent did not finish within close()'s timeout")
        try:
            yield
        finally:
            self._lock.release()

    def _requeue(self, batch: list[dict]) -> None:
        for event in batch:  # kept for the next flush (or the rescue file); ids make resending safe
            try:
                self._queue.put_nowait(event)
            except queue.Full:
                self.dropped += 1

    def _send(self, batch: list[dict]) -> None:
        try:
            with self._turn():
                self._inflight = batch
                try:
                    response = self._request("POST", "/api/v1/ingest", json={"batch": batch})
                except KaizenError as exc:
                    if exc.status is None or exc.status in RETRY_STATUSES:
                        self._requeue(batch)
                    else:  # refused for good (a revoked token, say): said, counted, not kept
                        self.dropped += len(batch)
                        self.drop_reasons.append(f"{len(batch)} event(s): {exc}")
                        log.warning("kaizen dropped %d event(s): %s", len(batch), exc)
                    raise
                finally:
                    self._inflight = []
                self._answered(batch, response.json()["results"])
        except _NoTurn:
            self._requeue(batch)
            raise

    def _send_spooled(self, batch: list[tuple[int, dict]]) -> None:
        """Send the oldest spooled events; they leave the spool only once Kaizen answered."""
        events = [event for _, event in batch]
        response = self._request("POST", "/api/v1/ingest", json={"batch": events})
        self._answered(events, response.json()["results"])
        self._spool.remove([seq for seq, _ in batch])

    def _answered(self, batch: list[dict], results: list[dict]) -> None:
        for result in results:
            if result["status"] == 400:
                event = batch[result["index"]]
                errors = result.get("errors", {})
                self.rejected.append((event, errors))
                log.warning("kaizen rejected a %s event (%s): %s", event["type"], event["id"], errors)
                if self.on_rejected:
                    self.on_rejected(event, errors)
            else:
                self.sent += 1

    def _request(self, method: str, path: str, **kwargs) -> httpx.Response:
        """The request, retried up to `max_retries` times with backoff; once close() began, one
        attempt at most, given no longer than the time close() has left."""
        last, status, attempts = "", None, 0
        while True:
            left = self._time_left()
            if left is not None and left <= 0:
                last = last or "close()'s timeout was reached before it could be sent"
                break
            if left is not None:  # closing: no request may outlive close()'s timeout
                kwargs["timeout"] = min(left, self._http.timeout.read or left)
            attempts += 1
            try:
                response = self._http.request(method, path, **kwargs)
            except httpx.TransportError as exc:
                last, status = f"{type(exc).__name__}: {exc}", None
            else:
                if response.status_code < 400:
                    return response
                status = response.status_code
                last = f"{status}: {response.text[:300]}"
                if status not in RETRY_STATUSES:
                    raise KaizenError(f"Kaizen refused {method} {path}: {last}", status, _body(response))
            if attempts > self.max_retries or self._stop.is_set():
                break  # out of retries, or closing: close() keeps what is left
            delay = self.backoff * 2 ** (attempts - 1) * (0.5 + random.random())
            if status == 429 and response.headers.get("Retry-After", "").isdigit():
                delay = float(response.headers["Retry-After"])
            if self._stop.wait(min(delay, 30.0)):
                break
        raise KaizenError(
            f"{method} {path} failed after {attempts} attempt(s): {last}",
            status if last and last[:3].isdigit() else None,
        )


class Spool:
    """Events waiting for Kaizen, in a SQLite file: written before `emit` returns, removed once
    answered, read back oldest first (also by the next process that opens the same file)."""

    def __init__(self, path: str):
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS spool "
            "(seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT UNIQUE, event TEXT)"
        )
        self._db.execute("CREATE TABLE IF NOT EXISTS kept (key TEXT PRIMARY KEY, value TEXT)")
        self._mutex = threading.Lock()
        self._count = self._db.execute("SELECT COUNT(*) FROM spool").fetchone()[0]  # once; then kept
        self.closed = False

    def add_many(self, events: list[dict]) -> int:
        """Write `events` in one transaction; returns how many wait in the spool."""
        rows = [(event["id"], json.dumps(event)) for event in events]
        with self._mutex:
            before = self._db.total_changes
            with self._db:
                self._db.execute("BEGIN")
                self._db.executemany("INSERT OR IGNORE INTO spool (id, event) VALUES (?, ?)", rows)
            self._count += self._db.total_changes - before
            return self._count

    def remember(self, key: str, value: str) -> None:
        with self._mutex:
            self._db.execute("INSERT OR REPLACE INTO kept (key, value) VALUES (?, ?)", (key, value))

    def recall(self, key: str) -> str | None:
        with self._mutex:
            row = self._db.execute("SELECT value FROM kept WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def oldest(self, n: int) -> list[tuple[int, dict]]:
        with self._mutex:
            rows = self._db.execute("SELECT seq, event FROM spool ORDER BY seq LIMIT ?", (n,)).fetchall()
        return [(seq, json.loads(text)) for seq, text in rows]

    def remove(self, seqs: list[int]) -> None:
        with self._mutex:
            before = self._db.total_changes
            self._db.executemany("DELETE FROM spool WHERE seq = ?", [(seq,) for seq in seqs])
            self._count -= self._db.total_changes - before

    def clear(self) -> None:
        with self._mutex:
            self._db.execute("DELETE FROM spool")
            self._count = 0

    def count(self) -> int:
        return self._count

    def close(self) -> None:
        with self._mutex:
            self._db.close()
            self.closed = True


def _rescue_path(url: str, token: str) -> str:
    key = hashlib.sha256(f"{url.rstrip('/')} {token}".encode()).hexdigest()[:16]
    return os.path.join(tempfile.gettempdir(), f"kaizen-client-{key}.sqlite3")


def _body(response: httpx.Response):
    try:
        return response.json()
    except ValueError:
        return response.text


class Session:
    """Event helpers bound to one session id, plus the loop-3 reflection sent at the end."""

    def __init__(self, client: KaizenClient, session_id: str):
        self.client, self.session_id = client, session_id
        self.successes: list[str] = []
        self.failures: list[str] = []
        self.proposals: list[dict] = []

    def tool_invocation(self, tool: str, **kwargs) -> str:
        return self.client.tool_invocation(self.session_id, tool, **kwargs)

    def observation(self, text: str, **kwargs) -> str:
        return self.client.observation(text, session_id=self.session_id, **kwargs)

    def correction(self, user_message: str, **kwargs) -> str:
        return self.client.correction(user_message, session_id=self.session_id, **kwargs)

    def skill_outcome(self, skill: str, **kwargs) -> str:
        return self.client.skill_outcome(skill, session_id=self.session_id, **kwargs)

    def decision(self, subject: str, **kwargs) -> str:
        return self.client.decision(subject, session_id=self.session_id, **kwargs)

    def directives(self, default: dict | None = None) -> dict | None:
        """`KaizenClient.directives` for this session: during a canary the session is assigned to
        an arm on its own. Never raises for a network failure (the last directives seen, else
        `default`)."""
        return self.client.directives(default, session_id=self.session_id)

    def propose(self, text: str, evidence: list[str]) -> None:
        """A reflection proposal; without evidence the server drops it."""
        self.proposals.append({"text": text, "evidence": evidence})

    def reflection(self) -> dict:
        return {"successes": self.successes, "failures": self.failures, "proposals": self.proposals}


class AsyncSession(Session):
    """A session of `AsyncKaizenClient`: the same helpers (they queue, never block), and
    `await s.directives()` reads the session's directives in a thread."""

    async def directives(self, default: dict | None = None) -> dict | None:
        import asyncio

        return await asyncio.to_thread(self.client.directives, default, self.session_id)


class _SessionScope:
    """A session's context manager, for `with` and `async with` alike."""

    def __init__(self, scope):
        self._scope = scope

    def __enter__(self):
        return self._scope.__enter__()

    def __exit__(self, *exc):
        return self._scope.__exit__(*exc)

    async def __aenter__(self):
        return self._scope.__enter__()

    async def __aexit__(self, *exc):
        return self._scope.__exit__(*exc)


class AsyncKaizenClient:
    """The same client for asyncio agents: `emit` and the typed helpers never block (they queue or
    spool); flushing, reading directives and closing run the blocking work in a thread. Its
    `session()` yields sessions whose `directives()` is awaited."""

    def __init__(self, url: str, token: str, **options):
        self._client = KaizenClient(url, token, **options)
        self._client._session_class = AsyncSession

    def __getattr__(self, name: str):
        # emit, tool_invocation, skill_outcome, … queue without I/O (or write the spool): safe in a loop
        return getattr(self._client, name)

    def session(self, session_id: str | None = None) -> _SessionScope:
        """As `KaizenClient.session`, entered with `async with` (or a plain `with`): entering and
        leaving only queue, so neither blocks the loop."""
        return _SessionScope(self._client.session(session_id))

    async def flush(self) -> None:
        import asyncio

        await asyncio.to_thread(self._client.flush)

    async def directives(self, default: dict | None = None, session_id: str | None = None) -> dict | None:
        """As `KaizenClient.directives`: never raises for a network failure; `default` otherwise."""
        import asyncio

        return await asyncio.to_thread(self._client.directives, default, session_id)

    async def aclose(self, timeout: float = 30.0) -> dict:
        import asyncio

        return await asyncio.to_thread(self._client.close, timeout)

    async def __aenter__(self) -> AsyncKaizenClient:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.aclose()
