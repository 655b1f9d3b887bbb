#!/usr/bin/env python3
"""A bank on loopback for the Wiring project's bank client (DESIGN.md section 4).

It speaks the bank's HTTP interface over HTTP/1.1 (keep-alive, Content-Length on every reply):

    POST /v1/accounts/{account}/deposits   {"amount_cents": 4500, "currency": "USD"}
         201 first credit, 200 replay of the same Idempotency-Key and body, 409 same key with a
         different body, 400 malformed request
    GET  /v1/accounts/{account}            {"account": "...", "balance_cents": 14500}

It keeps its ledger in a JSON file (written atomically after every credit, loaded at start) so
tests can check that no deposit was lost or counted twice, and it can inject faults into deposit
requests (delays, 5xx replies, dropped connections, garbage, truncated and oversized bodies),
from the command line (`--fault`) or at run time through `/_control/faults`.

See Scripts/README-bank-simulator.md for the command line, the control endpoint and the ledger
format. Python 3.9+ standard library only.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import email.utils
import hmac
import http.client
import io
import ipaddress
import json
import math
import os
import queue
import random
import re
import signal
import socket
import socketserver
import ssl
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone
from json.encoder import encode_basestring_ascii as encode_json_string
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Mapping, Optional, Set, Tuple, Union
from urllib.parse import urlsplit

# ---------------------------------------------------------------------------------------------
# Constants

PROGRAM = "bank-simulator"
LOOPBACK_HOSTS: Mapping[str, Tuple[socket.AddressFamily, str]] = {
    "127.0.0.1": (socket.AF_INET, "127.0.0.1"),
    "localhost": (socket.AF_INET, "127.0.0.1"),
    "::1": (socket.AF_INET6, "::1"),
}
ACCOUNT_PATTERN = re.compile(r"[A-Za-z0-9._-]{1,64}")
DEPOSITS_PATH = re.compile(r"/v1/accounts/([^/]+)/deposits")
ACCOUNT_PATH = re.compile(r"/v1/accounts/([^/]+)")
MAX_IDEMPOTENCY_KEY_LENGTH = 255
MAX_BODY_BYTES = 64 * 1024
MAX_BALANCE_CENTS = 2**53 - 1  # the largest integer every JSON parser reads exactly
CURRENCY = "USD"
REPLY_BUFFER_BYTES = 64 * 1024
IDLE_TIMEOUT_SECONDS = 30.0  # an idle keep-alive connection (or a stalled upload) is closed
TLS_HANDSHAKE_TIMEOUT_SECONDS = 10.0
SHUTDOWN_GRACE_SECONDS = 2.0
IDLE_WORKER_SECONDS = 60.0  # how long a connection thread waits for another connection before it ends
LINGER_SECONDS = 1.0  # how long to drain a refused request body before closing
LINGER_MAX_BYTES = 1024 * 1024
DEFAULT_OVERSIZE_BYTES = 1024 * 1024
MAX_FAULT_SECONDS = 3600.0
MAX_OVERSIZE_BYTES = 256 * 1024 * 1024
INJECTED_STATUS_CODES = (500, 502, 503, 504)
GARBAGE_BODY = b"<html>oops</html>"
JSON_CONTENT_TYPE = "application/json"

EXIT_OK = 0
EXIT_RUNTIME_ERROR = 1
EXIT_USAGE = 2


# ---------------------------------------------------------------------------------------------
# Small helpers


# One encoder and one decoder for every request: `json.dumps` and `json.loads` given options
# build a new one (and its C scanner) on every call. Both are stateless between calls.
_COMPACT_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True)


def json_bytes(value: Any) -> bytes:
    """Serialises `value` as compact JSON; the same value always gives the same bytes."""
    return _COMPACT_JSON.encode(value).encode("ascii")


class _PerSecond:
    """Remembers the text made for the last whole second, so it is made once per second."""

    def __init__(self, make: Callable[[int], str]) -> None:
        self._make = make
        self._last: Tuple[int, str] = (-1, "")  # replaced whole, so threads never see half of it

    def text(self, second: int) -> str:
        last = self._last
        if last[0] != second:
            last = (second, self._make(second))
            self._last = last
        return last[1]


_UTC_TIMESTAMPS = _PerSecond(lambda second: datetime.fromtimestamp(second, timezone.utc)
                             .strftime("%Y-%m-%dT%H:%M:%SZ"))
_HTTP_DATES = _PerSecond(lambda second: email.utils.formatdate(second, usegmt=True))


def utc_timestamp() -> str:
    """Returns the current UTC time as `2026-11-22T21:00:00Z`.

    The same text as `datetime.now(timezone.utc).strftime(...)`, which also rounds the clock
    down to the second, made once per second.
    """
    return _UTC_TIMESTAMPS.text(time.time_ns() // 1_000_000_000)


def http_date(timestamp: float) -> str:
    """`email.utils.formatdate(timestamp, usegmt=True)`, the `Date` header, made once per second.

    `formatdate` goes through `datetime.fromtimestamp`, which rounds to the microsecond (half
    to even) before it drops the fraction, so a time 0.5 µs or less before a second is written
    as that second; so it is here.
    """
    fraction, whole = math.modf(timestamp)
    second = int(whole) + (1 if round(fraction * 1e6) >= 1_000_000 else 0)
    return _HTTP_DATES.text(second)


def is_strict_int(value: Any) -> bool:
    """True for a JSON integer: `int` but not `bool` (which Python treats as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Log:
    """Writes one line per event on stderr, from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def line(self, message: str) -> None:
        """Writes `message` on stderr, prefixed with the program's name and the time."""
        with self._lock:
            try:
                sys.stderr.write(f"{PROGRAM}: {utc_timestamp()} {message}\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass  # stderr closed: logging must never break a request


class ApiError(Exception):
    """A request that gets a JSON error reply `{"error": message}` with `status`."""

    def __init__(self, status: int, message: str, headers: Optional[Dict[str, str]] = None,
                 close: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}
        self.close = close


# ---------------------------------------------------------------------------------------------
# Faults


class FaultSpecError(ValueError):
    """A `--fault` spec (or a control request's fault) that cannot be parsed."""


def _parse_seconds(key: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise FaultSpecError(f"{key} must be a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or value < 0 or value > MAX_FAULT_SECONDS:
        raise FaultSpecError(f"{key} must be between 0 and {MAX_FAULT_SECONDS:g} seconds, got {text!r}")
    return value


def _parse_int(key: str, text: str, minimum: int, maximum: int) -> int:
    if not re.fullmatch(r"[0-9]+", text):
        raise FaultSpecError(f"{key} must be a whole number, got {text!r}")
    value = int(text)
    if value < minimum or value > maximum:
        raise FaultSpecError(f"{key} must be between {minimum} and {maximum}, got {text!r}")
    return value


def _parse_status_code(key: str, text: str) -> int:
    value = _parse_int(key, text, 100, 599)
    if value not in INJECTED_STATUS_CODES:
        allowed = "|".join(str(code) for code in INJECTED_STATUS_CODES)
        raise FaultSpecError(f"{key} must be one of {allowed}, got {text!r}")
    return value


def _parse_rate(key: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise FaultSpecError(f"{key} must be a probability between 0 and 1, got {text!r}") from None
    if not math.isfinite(value) or value < 0 or value > 1:
        raise FaultSpecError(f"{key} must be a probability between 0 and 1, got {text!r}")
    return value


@dataclasses.dataclass(frozen=True)
class ParamRule:
    """How one fault parameter is parsed, and its default when it is optional."""

    parse: Callable[[str, str], Any]
    required: bool = False
    default: Any = None


_SECONDS = ParamRule(_parse_seconds, required=True)

FAULT_KINDS: Mapping[str, Mapping[str, ParamRule]] = {
    "delay": {"seconds": _SECONDS},
    "stall-body": {"seconds": _SECONDS},
    "status": {
        "code": ParamRule(_parse_status_code, required=True),
        "retry_after": ParamRule(lambda k, v: _parse_int(k, v, 0, 86400)),
    },
    "drop-before": {},
    "drop-after": {},
    "garbage": {},
    "truncate": {},
    "oversize": {
        "bytes": ParamRule(lambda k, v: _parse_int(k, v, 1, MAX_OVERSIZE_BYTES),
                           default=DEFAULT_OVERSIZE_BYTES),
    },
}
COMMON_FAULT_PARAMS: Mapping[str, ParamRule] = {
    "times": ParamRule(lambda k, v: _parse_int(k, v, 1, 10**9)),
    "rate": ParamRule(_parse_rate, default=1.0),
}
# Kinds that answer without touching the ledger; every other kind credits normally first.
FAULTS_BEFORE_PROCESSING = frozenset({"status", "drop-before"})


@dataclasses.dataclass
class Fault:
    """One active fault: its kind, parameters, and how many more times it may apply."""

    spec: str
    kind: str
    params: Dict[str, Any]
    times: Optional[int]  # None: no limit
    rate: float
    remaining: Optional[int]
    applied: int = 0

    def describe(self) -> Dict[str, Any]:
        """The fault as `GET /_control/faults` lists it."""
        return {"spec": self.spec, "kind": self.kind, "params": dict(self.params),
                "times": self.times, "rate": self.rate, "remaining": self.remaining,
                "applied": self.applied}


def _split_fault_params(spec: str, text: str) -> Dict[str, str]:
    """Splits `key=value,key=value` into a dict, rejecting empty and repeated keys."""
    pairs: Dict[str, str] = {}
    for item in text.split(","):
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not key or not value:
            raise FaultSpecError(f"fault {spec!r}: expected key=value, got {item.strip()!r}")
        if key in pairs:
            raise FaultSpecError(f"fault {spec!r}: {key} is given twice")
        pairs[key] = value
    return pairs


def parse_fault(spec: str) -> Fault:
    """Parses `KIND` or `KIND:key=value,...` into a `Fault`; raises `FaultSpecError`."""
    if not isinstance(spec, str) or not spec.strip():
        raise FaultSpecError("a fault spec must be a non-empty string like 'drop-after:times=1'")
    text = spec.strip()
    kind, colon, rest = (part.strip() for part in text.partition(":"))
    if kind not in FAULT_KINDS:
        known = ", ".join(FAULT_KINDS)
        raise FaultSpecError(f"fault {text!r}: unknown kind {kind!r} (known kinds: {known})")
    if colon and not rest:
        raise FaultSpecError(f"fault {text!r}: expected key=value after ':'")
    raw = _split_fault_params(text, rest) if rest else {}
    rules = {**FAULT_KINDS[kind], **COMMON_FAULT_PARAMS}
    values: Dict[str, Any] = {}
    for key, value in raw.items():
        rule = rules.get(key)
        if rule is None:
            allowed = ", ".join(rules)
            raise FaultSpecError(f"fault {text!r}: unknown key {key!r} for {kind} (allowed: {allowed})")
        try:
            values[key] = rule.parse(key, value)
        except FaultSpecError as error:
            raise FaultSpecError(f"fault {text!r}: {error}") from None
    for key, rule in rules.items():
        if key not in values:
            if rule.required:
                raise FaultSpecError(f"fault {text!r}: {kind} needs {key}=...")
            values[key] = rule.default
    times = values.pop("times")
    rate = values.pop("rate")
    params = {key: value for key, value in values.items() if value is not None}
    return Fault(spec=text, kind=kind, params=params, times=times, rate=rate, remaining=times)


class FaultPlan:
    """The active faults, in order, shared by every request thread."""

    def __init__(self, faults: List[Fault], seed: Optional[int]) -> None:
        self._lock = threading.Lock()
        self._faults = list(faults)
        self._random = random.Random(seed)

    def choose(self) -> Optional[Fault]:
        """Picks the fault for the next deposit request and spends one of its budget.

        The first fault, in order, that has budget left and wins its `rate` draw applies.
        """
        with self._lock:
            for fault in self._faults:
                if fault.remaining == 0:
                    continue
                if fault.rate < 1.0 and self._random.random() >= fault.rate:
                    continue
                if fault.remaining is not None:
                    fault.remaining -= 1
                fault.applied += 1
                return dataclasses.replace(fault)
            return None

    def replace(self, faults: List[Fault]) -> None:
        """Makes `faults` the active faults, in that order."""
        with self._lock:
            self._faults = list(faults)

    def describe(self) -> List[Dict[str, Any]]:
        """The active faults with their remaining budgets."""
        with self._lock:
            return [fault.describe() for fault in self._faults]


# ---------------------------------------------------------------------------------------------
# Ledger


class LedgerError(Exception):
    """The ledger file cannot be read, or does not hold a valid ledger."""


class Conflict(Exception):
    """An idempotency key reused with a different request body."""


@dataclasses.dataclass(frozen=True)
class DepositResult:
    """What a deposit request gets: 201 for a new credit, 200 for a replay."""

    status: int
    body: bytes


def deposit_reply(deposit: Mapping[str, Any]) -> bytes:
    """The reply body of a deposit; a replay gets the very same bytes."""
    return json_bytes({"deposit_id": deposit["deposit_id"], "account": deposit["account"],
                       "amount_cents": deposit["amount_cents"],
                       "balance_cents": deposit["balance_cents"]})


def _check_ledger_deposit(index: int, deposit: Any, accounts: Mapping[str, int]) -> None:
    """Raises `LedgerError` unless `deposit` is a well-formed ledger deposit."""
    where = f"deposits[{index}]"
    if not isinstance(deposit, dict):
        raise LedgerError(f"{where} must be an object")
    for field in ("deposit_id", "account", "currency", "idempotency_key", "created_at"):
        if not isinstance(deposit.get(field), str) or not deposit[field]:
            raise LedgerError(f"{where}.{field} must be a non-empty string")
    for field in ("amount_cents", "balance_cents"):
        if not is_strict_int(deposit.get(field)) or deposit[field] < 0:
            raise LedgerError(f"{where}.{field} must be a non-negative integer")
    if deposit["amount_cents"] == 0:
        raise LedgerError(f"{where}.amount_cents must be positive")
    if deposit["account"] not in accounts:
        raise LedgerError(f"{where}.account {deposit['account']!r} is not in accounts")


def parse_ledger(document: Any) -> Tuple[Dict[str, int], List[Dict[str, Any]]]:
    """Checks a ledger document; returns the balances and the deposits, or raises `LedgerError`."""
    if not isinstance(document, dict):
        raise LedgerError("the top level must be an object")
    raw_accounts = document.get("accounts")
    if not isinstance(raw_accounts, dict):
        raise LedgerError("'accounts' must be an object")
    accounts: Dict[str, int] = {}
    for name, entry in raw_accounts.items():
        if not ACCOUNT_PATTERN.fullmatch(name):
            raise LedgerError(f"account name {name!r} does not match {ACCOUNT_PATTERN.pattern}")
        balance = entry.get("balance_cents") if isinstance(entry, dict) else None
        if not is_strict_int(balance) or not 0 <= balance <= MAX_BALANCE_CENTS:
            raise LedgerError(f"accounts.{name}.balance_cents must be an integer from 0 to {MAX_BALANCE_CENTS}")
        accounts[name] = balance
    deposits = document.get("deposits", [])
    if not isinstance(deposits, list):
        raise LedgerError("'deposits' must be a list")
    seen_ids, seen_keys = set(), set()
    for index, deposit in enumerate(deposits):
        _check_ledger_deposit(index, deposit, accounts)
        scoped_key = (deposit["account"], deposit["idempotency_key"])
        if deposit["deposit_id"] in seen_ids:
            raise LedgerError(f"deposits[{index}].deposit_id {deposit['deposit_id']!r} appears twice")
        if scoped_key in seen_keys:
            raise LedgerError(f"deposits[{index}]: idempotency key used twice for {deposit['account']!r}")
        seen_ids.add(deposit["deposit_id"])
        seen_keys.add(scoped_key)
    return accounts, [dict(deposit) for deposit in deposits]


def write_file_atomically(path: str, chunks: List[Union[bytes, bytearray]]) -> None:
    """Writes `chunks`, one after the other, to `path` through a synced temporary file in the
    same directory."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=directory)
    try:
        try:  # straight to the descriptor: a file object's buffer would only copy the data again
            for chunk in chunks:
                # No memoryview: a bytearray cannot grow while one is alive, and one kept by an
                # exception's traceback would stop the ledger from undoing a failed write.
                while chunk:
                    chunk = chunk[os.write(fd, chunk):]  # a copy only after a short write
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable
        directory_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(directory_fd)
        finally:
            os.close(directory_fd)


def indented_json(value: Any, level: int) -> str:
    """`value` as `json.dumps(value, indent=2)` writes it `level` levels deep in a document.

    The same text, made faster: `json.dumps` encodes in Python, not C, when it indents, so here
    only the scalars go through it (in C) and the objects and lists are laid out by hand. Object
    keys must be strings, as they are in every document parsed from JSON.
    """
    # Strings and integers as json.dumps writes them, without its set-up for each value.
    if isinstance(value, str):
        return encode_json_string(value)
    if is_strict_int(value):
        return int.__repr__(value)
    inner = "  " * (level + 1)
    if isinstance(value, dict) and value:
        members = []
        for key, item in value.items():  # plain strings and integers (a deposit's fields) inline
            kind = type(item)
            text = (encode_json_string(item) if kind is str else int.__repr__(item) if kind is int
                    else indented_json(item, level + 1))
            members.append(f"{inner}{encode_json_string(key)}: {text}")
        return "{\n" + ",\n".join(members) + "\n" + "  " * level + "}"
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(inner + indented_json(item, level + 1) for item in value) + "\n" + "  " * level + "]"
    return json.dumps(value)


@dataclasses.dataclass
class PendingDeposit:
    """A deposit request waiting for the ledger, and what it came to once the ledger took it."""

    account: str
    key: str
    amount_cents: int
    currency: str
    outcome: Optional[DepositResult] = None
    error: Optional[Exception] = None


class Ledger:
    """Balances, deposits and idempotency keys, kept in a JSON file.

    One lock covers check, credit and persist, so concurrent requests can neither credit the
    same key twice nor lose a deposit, and nothing is answered or seen before it is written.

    Deposits that arrive while the lock is held are committed as a group: each request queues
    its deposit and waits for the lock; whoever gets it applies every queued deposit in order and
    writes the file once for all of them. Should that write fail, the group is undone and its
    deposits are applied again one at a time, each written on its own, as without grouping.

    The file is rewritten after every credit. Deposits never change once recorded, so each one
    is encoded once, when it is recorded or loaded, and appended to the bytes of the file's
    `deposits` list kept in memory: a rewrite encodes only the balances and writes those bytes
    as they are, and costs the kernel's copy of the file, not an encoding or a join of every
    deposit in it (the file is byte for byte what `json.dumps(document, indent=2)` writes).
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._accounts: Dict[str, int] = {}
        self._deposits: List[Dict[str, Any]] = []
        self._by_key: Dict[Tuple[str, str], Dict[str, Any]] = {}
        self._deposit_ids: Set[str] = set()
        # The items of the file's `deposits` list as the file holds them, joined by ",\n"; and
        # its length before each deposit was added, to take the last one back.
        self._deposits_json = bytearray()
        self._deposits_json_sizes: List[int] = []
        self._queue: List[PendingDeposit] = []
        self._queue_lock = threading.Lock()

    def load(self) -> None:
        """Loads the ledger file if it exists; raises `LedgerError` if it is unreadable or corrupt."""
        try:
            with open(self.path, "rb") as handle:
                raw = handle.read()
        except FileNotFoundError:
            return
        except OSError as error:
            raise LedgerError(f"cannot read the ledger {self.path}: {error.strerror}") from None
        try:
            document = json.loads(raw.decode("utf-8"))
            self._accounts, self._deposits = parse_ledger(document)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise LedgerError(f"the ledger {self.path} is not valid JSON: {error}") from None
        except LedgerError as error:
            raise LedgerError(f"the ledger {self.path} is corrupt: {error}") from None
        self._by_key = {(d["account"], d["idempotency_key"]): d for d in self._deposits}
        self._deposit_ids = {d["deposit_id"] for d in self._deposits}
        for deposit in self._deposits:
            self._add_deposit_json(deposit)

    def save(self) -> None:
        """Writes the ledger file now (used at start and at shutdown)."""
        with self._lock:
            self._persist()

    def save_and_freeze(self) -> None:
        """Writes the ledger and keeps the lock, so no request can change it before exit."""
        self._lock.acquire()
        self._persist()

    def summary(self) -> str:
        """A one-line description for the start-up log."""
        with self._lock:
            return f"{len(self._accounts)} accounts, {len(self._deposits)} deposits"

    def document(self) -> Dict[str, Any]:
        """The ledger in its file format."""
        with self._lock:
            return self._document()

    def balance(self, account: str) -> Optional[int]:
        """The account's balance, or None when the bank has never heard of it."""
        with self._lock:
            return self._accounts.get(account)

    def deposit(self, account: str, key: str, amount_cents: int, currency: str) -> DepositResult:
        """Credits a deposit once per (account, key); replays get the original reply.

        Raises `Conflict` when the key was used with a different body, `ApiError` when the
        balance would overflow or the ledger cannot be written (the credit is then undone).
        """
        pending = PendingDeposit(account, key, amount_cents, currency)
        with self._queue_lock:
            self._queue.append(pending)
        with self._lock:
            if pending.outcome is None and pending.error is None:
                self._commit_queued()
        if pending.error is not None:
            raise pending.error
        assert pending.outcome is not None
        return pending.outcome

    def _commit_queued(self) -> None:
        """Applies every queued deposit and writes them all at once (under the lock)."""
        with self._queue_lock:
            group, self._queue = self._queue, []
        credits = [credit for credit in map(self._apply, group) if credit is not None]
        if not credits:
            return
        try:
            self._persist()
        except OSError:
            for record, previous_balance in reversed(credits):
                self._undo(record, previous_balance)
            for pending in group:
                self._commit_alone(pending)

    def _commit_alone(self, pending: PendingDeposit) -> None:
        """Applies one deposit and writes it; undoes it if the file cannot be written."""
        credit = self._apply(pending)
        if credit is None:
            return
        try:
            self._persist()
        except OSError as error:
            self._undo(*credit)
            pending.outcome = None
            pending.error = ApiError(500, f"the bank could not record the deposit: {error.strerror}")

    def _apply(self, pending: PendingDeposit) -> Optional[Tuple[Dict[str, Any], Optional[int]]]:
        """Decides `pending` against the ledger in memory, crediting it if it is new.

        Returns the new record and the account's balance before it (None for a new account),
        or None when nothing was credited (a replay or a refusal).
        """
        pending.outcome, pending.error = None, None
        account, key = pending.account, pending.key
        previous = self._by_key.get((account, key))
        if previous is not None:
            if previous["amount_cents"] != pending.amount_cents or previous["currency"] != pending.currency:
                pending.error = Conflict()
            else:
                pending.outcome = DepositResult(200, deposit_reply(previous))
            return None
        previous_balance = self._accounts.get(account)
        balance = (previous_balance or 0) + pending.amount_cents
        if balance > MAX_BALANCE_CENTS:
            pending.error = ApiError(400, f"the deposit would take the balance above {MAX_BALANCE_CENTS} cents")
            return None
        record = {"deposit_id": self._next_deposit_id(), "account": account,
                  "amount_cents": pending.amount_cents, "currency": pending.currency, "balance_cents": balance,
                  "idempotency_key": key, "created_at": utc_timestamp()}
        self._accounts[account] = balance
        self._deposits.append(record)
        self._by_key[(account, key)] = record
        self._deposit_ids.add(record["deposit_id"])
        self._add_deposit_json(record)
        pending.outcome = DepositResult(201, deposit_reply(record))
        return record, previous_balance

    def _undo(self, record: Dict[str, Any], previous_balance: Optional[int]) -> None:
        """Takes back the last credit, `record`, and restores its account's balance."""
        account = record["account"]
        self._deposits.pop()
        del self._by_key[(account, record["idempotency_key"])]
        self._deposit_ids.remove(record["deposit_id"])
        del self._deposits_json[self._deposits_json_sizes.pop():]
        if previous_balance is None:
            del self._accounts[account]
        else:
            self._accounts[account] = previous_balance

    def _next_deposit_id(self) -> str:
        number = len(self._deposits) + 1
        while f"dep-{number:06d}" in self._deposit_ids:
            number += 1
        return f"dep-{number:06d}"

    def _document(self) -> Dict[str, Any]:
        return {"accounts": {name: {"balance_cents": balance} for name, balance in self._accounts.items()},
                "deposits": [dict(deposit) for deposit in self._deposits]}

    def _add_deposit_json(self, deposit: Mapping[str, Any]) -> None:
        """Appends `deposit`, as the file holds it (an item of the top-level `deposits` list)."""
        self._deposits_json_sizes.append(len(self._deposits_json))
        if self._deposits_json:
            self._deposits_json += b",\n"
        self._deposits_json += ("    " + indented_json(deposit, 2)).encode("utf-8")

    def _file_chunks(self) -> List[Union[bytes, bytearray]]:
        """The file, `json.dumps(self._document(), indent=2)`, in pieces: the balances, then
        the stored `deposits` list."""
        accounts = {name: {"balance_cents": balance} for name, balance in self._accounts.items()}
        head = ('{\n  "accounts": ' + indented_json(accounts, 1) + ',\n  "deposits": ').encode("utf-8")
        if not self._deposits_json:
            return [head + b"[]\n}\n"]
        return [head + b"[\n", self._deposits_json, b"\n  ]\n}\n"]

    def _persist(self) -> None:
        write_file_atomically(self.path, self._file_chunks())


# ---------------------------------------------------------------------------------------------
# Request validation


def validate_account(segment: str) -> str:
    """Returns the account named by a path segment, or raises a 400."""
    if not ACCOUNT_PATTERN.fullmatch(segment):
        raise ApiError(400, "account must be 1 to 64 characters from A-Z a-z 0-9 . _ -")
    return segment


def validate_idempotency_key(value: Optional[str]) -> str:
    """Returns the Idempotency-Key header's value, or raises a 400."""
    if value is None or not value.strip():
        raise ApiError(400, "the Idempotency-Key header is required")
    if len(value) > MAX_IDEMPOTENCY_KEY_LENGTH:
        raise ApiError(400, f"the Idempotency-Key header must be at most {MAX_IDEMPOTENCY_KEY_LENGTH} characters")
    return value


def validate_json_content_type(value: Optional[str]) -> None:
    """Raises a 415 unless the Content-Type is application/json (parameters allowed)."""
    media_type = (value or "").split(";", 1)[0].strip().lower()
    if media_type != JSON_CONTENT_TYPE:
        raise ApiError(415, "Content-Type must be application/json")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


# `json.loads(text, parse_constant=...)` without a new decoder per call. (A leading byte order
# mark, which `json.loads` refuses with its own message, is refused here as a bad first value:
# either way it is the same 400.)
_STRICT_JSON = json.JSONDecoder(parse_constant=_reject_constant)


def parse_json_object(body: bytes) -> Dict[str, Any]:
    """Parses a request body that must be a JSON object, or raises a 400."""
    try:
        value = _STRICT_JSON.decode(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ApiError(400, "the request body is not valid JSON") from None
    if not isinstance(value, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return value


def parse_deposit_body(body: bytes) -> Tuple[int, str]:
    """Returns (amount_cents, currency) from a deposit request body, or raises a 400."""
    fields = parse_json_object(body)
    if "amount_cents" not in fields:
        raise ApiError(400, "amount_cents is required")
    amount = fields["amount_cents"]
    if not is_strict_int(amount):
        raise ApiError(400, "amount_cents must be an integer number of cents")
    if amount <= 0:
        raise ApiError(400, "amount_cents must be positive")
    if amount > MAX_BALANCE_CENTS:
        raise ApiError(400, f"amount_cents must be at most {MAX_BALANCE_CENTS}")
    if "currency" not in fields:
        raise ApiError(400, "currency is required")
    if fields["currency"] != CURRENCY:
        raise ApiError(400, f"currency must be {CURRENCY}")
    return amount, CURRENCY


def parse_control_faults(body: bytes) -> List[Fault]:
    """Parses `{"faults": ["KIND:key=value", ...]}`, or raises a 400."""
    fields = parse_json_object(body)
    specs = fields.get("faults")
    if not isinstance(specs, list) or not all(isinstance(spec, str) for spec in specs):
        raise ApiError(400, 'the body must be {"faults": ["KIND:key=value,...", ...]}')
    try:
        return [parse_fault(spec) for spec in specs]
    except FaultSpecError as error:
        raise ApiError(400, str(error)) from None


def pad_json_object(body: bytes, size: int) -> bytes:
    """Pads a compact JSON object to exactly `size` bytes with a `padding` field, when it fits."""
    filler = size - len(body) - len(b',"padding":""')
    if filler < 0 or not body.endswith(b"}"):
        return body
    return body[:-1] + b',"padding":"' + b"x" * filler + b'"}'


# ---------------------------------------------------------------------------------------------
# HTTP

# The usual request line: `METHOD /path HTTP/1.1` (or 1.0), printable ASCII, single spaces. A
# path starting with `//` is left to http.server, which rewrites it.
SIMPLE_REQUEST_LINE = re.compile(rb"([!-~]+) ((?!//)[!-~]+) HTTP/1\.([01])\r?\n")
# Header lines of the usual form: `Name: value`, in printable ASCII (and tabs), then the blank
# line. The name's characters are those the `email` package accepts in a header name: printable
# ASCII except the colon.
SIMPLE_HEADER_BLOCK = re.compile(r"(?:[!-9;-~]+:[\t -~]*\r?\n)*(?:\r?\n)?")
SIMPLE_HEADER_LINE = re.compile(r"([!-9;-~]+):[ \t]*([\t -~]*)\r?\n")
MAX_HEADER_LINE_BYTES = 65536  # http.client's limits on request headers
MAX_HEADER_LINES = 100
END_OF_HEADERS = (b"\r\n", b"\n", b"")


class RequestHeaders:
    """Request headers read by `BankRequestHandler`'s fast path.

    It answers the lookups the handler makes as `http.client.HTTPMessage` answers them: names
    are matched without regard to case, `get` gives the first value, `get_all` every value in
    order, and a value is the text after the colon without its leading blanks and line end.
    """

    __slots__ = ("_values",)

    def __init__(self, values: Dict[str, List[str]]) -> None:
        self._values = values  # lower-case name -> values in order

    @classmethod
    def parse(cls, lines: List[bytes]) -> Optional["RequestHeaders"]:
        """The headers in `lines` (ending with the blank line or end of input), or None when a
        line is not of the usual form and must be left to http.client's parser."""
        text = b"".join(lines).decode("iso-8859-1")  # as http.client decodes them
        if not SIMPLE_HEADER_BLOCK.fullmatch(text):
            return None
        values: Dict[str, List[str]] = {}
        for name, value in SIMPLE_HEADER_LINE.findall(text):
            name = name.lower()
            if name in values:
                values[name].append(value)
            else:
                values[name] = [value]
        return cls(values)

    def get(self, name: str, failobj: Any = None) -> Any:
        """The first value of the header `name`, or `failobj`."""
        values = self._values.get(name.lower())
        return values[0] if values else failobj

    def get_all(self, name: str, failobj: Any = None) -> Any:
        """Every value of the header `name`, in order, or `failobj` when there is none."""
        values = self._values.get(name.lower())
        return list(values) if values else failobj

    def __getitem__(self, name: str) -> Optional[str]:
        return self.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._values


def read_header_lines(rfile: Any) -> List[bytes]:
    """Reads header lines up to the blank line, as `http.client.parse_headers` does.

    Raises `http.client.LineTooLong` for a line over 64 KiB and `http.client.HTTPException`
    for more than 100 lines, the exceptions http.server turns into its 431 replies.
    """
    lines: List[bytes] = []
    while True:
        line = rfile.readline(MAX_HEADER_LINE_BYTES + 1)
        if len(line) > MAX_HEADER_LINE_BYTES:
            raise http.client.LineTooLong("header line")
        lines.append(line)
        if len(lines) > MAX_HEADER_LINES:
            raise http.client.HTTPException(f"got more than {MAX_HEADER_LINES} headers")
        if line in END_OF_HEADERS:
            return lines


class BankRequestHandler(BaseHTTPRequestHandler):
    """Serves the bank's interface and the control endpoint over HTTP/1.1 with keep-alive."""

    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"  # so even a garbled request line gets a status line
    server_version = "BankSimulator/1.0"
    timeout = IDLE_TIMEOUT_SECONDS
    # A reply goes out in one write when it is complete (every reply path flushes), and never
    # waits for Nagle's algorithm: on a kept-alive connection a head and a body sent as two
    # small writes would wait for the client's delayed ACK (40 ms on Linux) between them.
    wbufsize = REPLY_BUFFER_BYTES
    disable_nagle_algorithm = True
    server: "BankServer"

    # Routing -----------------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        """Handles GET."""
        self._dispatch()

    do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_GET

    def version_string(self) -> str:
        """The Server header, without Python's version."""
        return self.server_version

    def date_time_string(self, timestamp: Optional[float] = None) -> str:
        """The Date header, as http.server writes it, made once per second."""
        return http_date(time.time() if timestamp is None else timestamp)

    # Parsing -----------------------------------------------------------------------------

    def parse_request(self) -> bool:
        """Parses the request line and headers as http.server does, without its slow part.

        http.server reads headers with the `email` package, which takes longer than the rest
        of a deposit. A request line of the usual form (`SIMPLE_REQUEST_LINE`) is parsed here,
        with the outcome http.server's `parse_request` gives it, and headers of the usual form
        go into a `RequestHeaders`. Anything else takes http.server's own path, and so gets its
        checks, its error replies and its parse: another request line is left to
        `BaseHTTPRequestHandler.parse_request` whole; other header lines (folded, with control
        or non-ASCII bytes, without a colon, ...) are given, as read, to
        `http.client.parse_headers`.
        """
        match = SIMPLE_REQUEST_LINE.fullmatch(self.raw_requestline)
        if match is None:
            return super().parse_request()
        command, path, minor = match.groups()
        self.requestline = str(self.raw_requestline, "iso-8859-1").rstrip("\r\n")
        self.command, self.path = command.decode("ascii"), path.decode("ascii")
        self.request_version = "HTTP/1.1" if minor == b"1" else "HTTP/1.0"
        # HTTP/1.1 keeps the connection by default; this handler speaks HTTP/1.1 (protocol_version).
        self.close_connection = minor != b"1"
        try:
            lines = read_header_lines(self.rfile)
        except http.client.LineTooLong as error:
            self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "Line too long", str(error))
            return False
        except http.client.HTTPException as error:
            self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "Too many headers", str(error))
            return False
        headers = RequestHeaders.parse(lines)
        self.headers = headers if headers is not None else http.client.parse_headers(
            io.BytesIO(b"".join(lines)), _class=self.MessageClass)
        # From here on, as in http.server.
        connection = self.headers.get("Connection", "").lower()
        if connection == "close":
            self.close_connection = True
        elif connection == "keep-alive":
            self.close_connection = False
        if self.headers.get("Expect", "").lower() == "100-continue" and minor == b"1":
            if not self.handle_expect_100():
                return False
        return True

    def _dispatch(self) -> None:
        """Runs one request: reads its body, routes it, replies, and logs one line."""
        self._log_status = "-"
        self._fault_name = ""
        self._body_unread = True
        server = self.server
        server.request_started()
        try:
            self._handle()
        except (ConnectionError, TimeoutError, socket.timeout) as error:  # distinct before 3.10
            self._log_status = f"aborted ({type(error).__name__})"
            self.close_connection = True
        finally:
            server.request_finished()
        self._log_request_line()
        if self.close_connection and self._body_unread:
            self._linger()

    def _handle(self) -> None:
        """Reads the body and routes the request; any `ApiError` becomes its JSON reply."""
        try:
            if self.server.stopping:
                raise ApiError(503, "the bank is shutting down", close=True)
            body = self._read_body()
            self._body_unread = False
            self._route(urlsplit(self.path).path, body)
        except ApiError as error:
            if error.close:
                self.close_connection = True
            self._send_json(error.status, {"error": error.message}, error.headers)

    def _linger(self) -> None:
        """After refusing a body we did not read, reads and discards what the client still sends.

        Closing a socket with unread input makes the kernel send a reset, which can destroy
        our reply before the client reads it; so we half-close and drain (bounded) first.
        """
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_WR)
            self.connection.settimeout(LINGER_SECONDS)
            drained = 0
            while drained < LINGER_MAX_BYTES:
                chunk = self.connection.recv(65536)
                if not chunk:
                    break
                drained += len(chunk)

    def _route(self, path: str, body: bytes) -> None:
        if path.startswith("/_control/"):
            self._require_loopback_client()
            self._route_control(path, body)
        elif path == "/v1" or path.startswith("/v1/"):
            self._require_token()
            self._route_bank(path, body)
        else:
            raise ApiError(404, f"no such endpoint: {path}")

    def _route_bank(self, path: str, body: bytes) -> None:
        deposit = DEPOSITS_PATH.fullmatch(path)
        if deposit:
            self._allow("POST")
            self._post_deposit(deposit.group(1), body)
            return
        account = ACCOUNT_PATH.fullmatch(path)
        if account:
            self._allow("GET")
            self._get_account(account.group(1))
            return
        raise ApiError(404, f"no such endpoint: {path}")

    def _route_control(self, path: str, body: bytes) -> None:
        if path == "/_control/faults":
            self._allow("DELETE", "GET", "POST")
            self._control_faults(body)
        elif path == "/_control/ledger":
            self._allow("GET")
            self._send_json(200, self.server.ledger.document())
        elif path == "/_control/health":
            self._allow("GET")
            self._send_json(200, {"ok": True})
        else:
            raise ApiError(404, f"no such endpoint: {path}")

    def _allow(self, *methods: str) -> None:
        """Raises a 405 with an Allow header unless the request's method is one of `methods`."""
        if self.command not in methods:
            allowed = ", ".join(methods)
            raise ApiError(405, f"method {self.command} is not allowed here; use {allowed}",
                           headers={"Allow": allowed})

    # Checks ------------------------------------------------------------------------------

    def _require_token(self) -> None:
        token = self.server.token
        if token is None:
            return
        challenge = {"WWW-Authenticate": 'Bearer realm="bank"'}
        header = self.headers.get("Authorization")
        if header is None:
            raise ApiError(401, "missing bearer token", headers=challenge)
        scheme, _, credentials = header.strip().partition(" ")
        presented = credentials.strip().encode("latin-1", "replace")  # http.server decodes latin-1
        if scheme.lower() != "bearer" or not hmac.compare_digest(presented, token.encode("ascii")):
            raise ApiError(401, "invalid bearer token", headers=challenge)

    def _require_loopback_client(self) -> None:
        try:
            loopback = ipaddress.ip_address(self.client_address[0]).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            raise ApiError(403, "the control endpoint only answers loopback clients")

    def _read_body(self) -> bytes:
        """Reads the request body (Content-Length or chunked), at most MAX_BODY_BYTES."""
        encoding = self.headers.get("Transfer-Encoding")
        if encoding is not None:
            if encoding.strip().lower() != "chunked":
                raise ApiError(501, f"Transfer-Encoding {encoding!r} is not supported", close=True)
            return self._read_chunked_body()
        lengths = self.headers.get_all("Content-Length") or []
        if not lengths:
            return b""
        if len(set(value.strip() for value in lengths)) != 1 or not lengths[0].strip().isdigit():
            raise ApiError(400, "invalid Content-Length header", close=True)
        length = int(lengths[0])
        if length > MAX_BODY_BYTES:
            raise ApiError(413, f"the request body must be at most {MAX_BODY_BYTES} bytes", close=True)
        body = self.rfile.read(length)
        if len(body) != length:
            raise ConnectionResetError("the client closed the connection in the middle of the body")
        return body

    def _read_chunked_body(self) -> bytes:
        body = bytearray()
        while True:
            line = self.rfile.readline(1024)
            try:
                size = int(line.split(b";", 1)[0].strip(), 16)
            except ValueError:
                raise ApiError(400, "malformed chunked request body", close=True) from None
            if size < 0:
                raise ApiError(400, "malformed chunked request body", close=True)
            if size == 0:
                break
            if len(body) + size > MAX_BODY_BYTES:
                raise ApiError(413, f"the request body must be at most {MAX_BODY_BYTES} bytes", close=True)
            chunk = self.rfile.read(size + 2)
            if len(chunk) != size + 2:
                raise ConnectionResetError("the client closed the connection in the middle of the body")
            body += chunk[:size]
        while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
            pass  # trailers are ignored
        return bytes(body)

    # Endpoints ---------------------------------------------------------------------------

    def _post_deposit(self, segment: str, body: bytes) -> None:
        account = validate_account(segment)
        key = validate_idempotency_key(self.headers.get("Idempotency-Key"))
        validate_json_content_type(self.headers.get("Content-Type"))
        amount_cents, currency = parse_deposit_body(body)
        fault = self.server.faults.choose()
        if fault is not None:
            self._fault_name = fault.spec
            if fault.kind in FAULTS_BEFORE_PROCESSING:
                self._reply_with_fault_before(fault)
                return
        try:
            result = self.server.ledger.deposit(account, key, amount_cents, currency)
            status, reply = result.status, result.body
        except Conflict:
            status = 409
            reply = json_bytes({"error": "the Idempotency-Key was already used with a different request body"})
        except ApiError as error:
            status, reply = error.status, json_bytes({"error": error.message})
        if fault is None:
            self._send_bytes(status, reply)
        else:
            self._reply_with_fault_after(fault, status, reply)

    def _get_account(self, segment: str) -> None:
        account = validate_account(segment)
        balance = self.server.ledger.balance(account)
        if balance is None:
            raise ApiError(404, "unknown account")
        self._send_json(200, {"account": account, "balance_cents": balance})

    def _control_faults(self, body: bytes) -> None:
        if self.command == "POST":
            self.server.faults.replace(parse_control_faults(body))
        elif self.command == "DELETE":
            self.server.faults.replace([])
        self._send_json(200, {"faults": self.server.faults.describe()})

    # Faults ------------------------------------------------------------------------------

    def _reply_with_fault_before(self, fault: Fault) -> None:
        """Answers without touching the ledger: an injected status, or a dropped connection."""
        if fault.kind == "drop-before":
            self._drop()
            return
        code = fault.params["code"]
        headers = {}
        if "retry_after" in fault.params:
            headers["Retry-After"] = str(fault.params["retry_after"])
        self._send_json(code, {"error": f"injected {code}"}, headers)

    def _reply_with_fault_after(self, fault: Fault, status: int, reply: bytes) -> None:
        """Sends the outcome of a processed deposit through `fault`."""
        if fault.kind == "delay":
            time.sleep(fault.params["seconds"])
            self._send_bytes(status, reply)
        elif fault.kind == "stall-body":
            self._send_bytes(status, reply, stall_seconds=fault.params["seconds"])
        elif fault.kind == "drop-after":
            self._drop()
        elif fault.kind == "garbage":
            self._send_bytes(status, GARBAGE_BODY, content_type="text/html; charset=utf-8")
        elif fault.kind == "truncate":
            self._send_truncated(status, reply)
        elif fault.kind == "oversize":
            self._send_bytes(status, pad_json_object(reply, fault.params["bytes"]))
        else:  # a kind added to FAULT_KINDS without a branch here
            raise ApiError(500, f"fault kind {fault.kind} is not implemented")

    def _drop(self) -> None:
        """Closes the connection without any reply."""
        self._log_status = "dropped"
        self.close_connection = True

    def _send_truncated(self, status: int, reply: bytes) -> None:
        """Announces the full Content-Length, sends half the body, and closes."""
        self._log_status = f"{status} truncated"
        self.close_connection = True
        self._send_head(status, JSON_CONTENT_TYPE, len(reply), {}, announce_close=False)
        self.wfile.write(reply[: len(reply) // 2])
        self.wfile.flush()

    # Replies -----------------------------------------------------------------------------

    def _send_json(self, status: int, value: Any, headers: Optional[Mapping[str, str]] = None) -> None:
        self._send_bytes(status, json_bytes(value), headers=headers)

    def _send_bytes(self, status: int, body: bytes, content_type: str = JSON_CONTENT_TYPE,
                    headers: Optional[Mapping[str, str]] = None, stall_seconds: float = 0.0) -> None:
        """Sends a complete reply; with `stall_seconds`, pauses in the middle of the body."""
        self._log_status = str(status)
        self._send_head(status, content_type, len(body), headers or {})
        if self.command == "HEAD":
            self.wfile.flush()
            return
        if stall_seconds > 0:
            half = len(body) // 2
            self.wfile.write(body[:half])
            self.wfile.flush()
            time.sleep(stall_seconds)
            self.wfile.write(body[half:])
        else:
            self.wfile.write(body)
        self.wfile.flush()

    def _send_head(self, status: int, content_type: str, length: int,
                   headers: Mapping[str, str], announce_close: bool = True) -> None:
        """Sends the status line and the headers.

        The bytes `send_response`, `send_header` and `end_headers` would send (`Server` and
        `Date` first), made in one piece. None of `headers` is `Connection`, whose `send_header`
        would also change `close_connection`.
        """
        if self.request_version == "HTTP/0.9":  # http.server sends no head to HTTP/0.9
            self.send_response(status)
            return
        reason = self.responses[status][0] if status in self.responses else ""
        head = (f"{self.protocol_version} {status:d} {reason}\r\nServer: {self.version_string()}\r\n"
                f"Date: {self.date_time_string()}\r\nContent-Type: {content_type}\r\n"
                f"Content-Length: {length:d}\r\n")
        for name, value in headers.items():
            head += f"{name}: {value}\r\n"
        if self.close_connection and announce_close:
            head += "Connection: close\r\n"
        self.wfile.write((head + "\r\n").encode("latin-1", "strict"))

    def send_error(self, code: int, message: Optional[str] = None, explain: Optional[str] = None) -> None:
        """Replies to requests http.server rejects itself (bad request line, unknown method) in JSON."""
        self.close_connection = True
        short = self.responses.get(code, ("error", ""))[0]
        body = json_bytes({"error": message or short})
        self._log_status = str(code)
        self.send_response(code)
        self.send_header("Content-Type", JSON_CONTENT_TYPE)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD" and code >= 200 and code not in (204, 304):
            self.wfile.write(body)
        self.wfile.flush()
        self._log_request_line()

    def handle_expect_100(self) -> bool:
        """Sends 100 Continue only for bodies we will accept; too big ones get the 413 directly."""
        length = self.headers.get("Content-Length", "")
        if length.strip().isdigit() and int(length) > MAX_BODY_BYTES:
            return True
        accepted = super().handle_expect_100()
        self.wfile.flush()  # the client waits for the 100 before it sends the body
        return accepted

    # Logging -----------------------------------------------------------------------------

    def _log_request_line(self) -> None:
        """Logs method, path, status and idempotency key; never a header that may hold the token."""
        # http.server's own errors can come before the request line or the headers were parsed.
        headers = getattr(self, "headers", None)
        key = headers.get("Idempotency-Key") if headers is not None else None
        path = getattr(self, "path", "")
        parts = [self.client_address[0], self.command or "-", repr(path)[1:-1] or "-",
                 getattr(self, "_log_status", "-"), "key=-" if key is None else f"key={key!r}"]
        fault = getattr(self, "_fault_name", "")
        if fault:
            parts.append(f"fault={fault}")
        self.server.log.line(" ".join(parts))

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        """Silenced: `_log_request_line` logs each request once, with its idempotency key."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's name)
        """Routes http.server's own messages (timeouts, errors) to our log."""
        self.server.log.line(f"{self.client_address[0]} {format % args}")


class BankServer(ThreadingHTTPServer):
    """A threaded HTTP(S) server holding the ledger, the faults and the shutdown state."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address: Tuple[str, int], family: socket.AddressFamily, ledger: Ledger,
                 faults: FaultPlan, token: Optional[str], ssl_context: Optional[ssl.SSLContext],
                 log: Log) -> None:
        self.address_family = family
        self.ledger = ledger
        self.faults = faults
        self.token = token
        self.ssl_context = ssl_context
        self.log = log
        self.stopping = False
        self._in_flight = 0
        self._idle = threading.Condition(threading.Lock())
        self._idle_workers: List["queue.SimpleQueue[Tuple[Any, Any]]"] = []  # their inboxes
        self._workers_lock = threading.Lock()
        super().__init__(address, BankRequestHandler)

    def server_bind(self) -> None:
        """Binds without http.server's reverse DNS lookup of the address."""
        if self.address_family == socket.AF_INET6:
            self.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        socketserver.TCPServer.server_bind(self)
        self.server_name = str(self.server_address[0])
        self.server_port = int(self.server_address[1])

    def url(self) -> str:
        """The base URL clients use, e.g. `http://127.0.0.1:8080`."""
        scheme = "https" if self.ssl_context else "http"
        host = self.server_name
        return f"{scheme}://[{host}]:{self.server_port}" if ":" in host else f"{scheme}://{host}:{self.server_port}"

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serves the connection on a thread of its own, as ThreadingMixIn does, but on one kept
        from an earlier connection when one is idle: starting a thread costs more CPU than
        serving a deposit. A connection never waits for another one to end."""
        with self._workers_lock:
            inbox = self._idle_workers.pop() if self._idle_workers else None
        if inbox is None:
            inbox = queue.SimpleQueue()
            threading.Thread(target=self._serve_connections, args=(inbox,), daemon=True).start()
        inbox.put((request, client_address))

    def _serve_connections(self, inbox: "queue.SimpleQueue[Tuple[Any, Any]]") -> None:
        """A connection thread: serves the connections put in `inbox`, one after the other, and
        ends after waiting IDLE_WORKER_SECONDS for the next one."""
        while True:
            try:
                request, client_address = inbox.get(timeout=IDLE_WORKER_SECONDS)
            except queue.Empty:
                with self._workers_lock:
                    if inbox in self._idle_workers:
                        self._idle_workers.remove(inbox)
                        return
                request, client_address = inbox.get()  # given one as the wait ended
            self.process_request_thread(request, client_address)  # closes the connection
            del request, client_address
            with self._workers_lock:
                self._idle_workers.append(inbox)

    def finish_request(self, request: Any, client_address: Any) -> None:
        """Runs a connection in its own thread, doing the TLS handshake there when TLS is on."""
        if self.ssl_context is None:
            super().finish_request(request, client_address)
            return
        request.settimeout(TLS_HANDSHAKE_TIMEOUT_SECONDS)
        try:
            connection = self.ssl_context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError) as error:
            self.log.line(f"{client_address[0]} TLS handshake failed: {error}")
            return
        try:
            self.RequestHandlerClass(connection, client_address, self)
        finally:
            with contextlib.suppress(OSError):
                connection.close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Logs an unexpected exception in one line instead of a traceback on stderr."""
        error = sys.exc_info()[1]
        self.log.line(f"{client_address[0]} connection error: {type(error).__name__}: {error}")

    def request_started(self) -> None:
        """Counts a request as in flight until `request_finished`."""
        with self._idle:
            self._in_flight += 1

    def request_finished(self) -> None:
        """Ends what `request_started` began; wakes `wait_until_idle` when none is left."""
        with self._idle:
            self._in_flight -= 1
            if self._in_flight == 0:
                self._idle.notify_all()

    def wait_until_idle(self, timeout: float) -> bool:
        """Waits up to `timeout` seconds for in-flight requests to finish; True if they did."""
        with self._idle:
            return self._idle.wait_for(lambda: self._in_flight == 0, timeout)


# ---------------------------------------------------------------------------------------------
# Command line


def build_parser() -> argparse.ArgumentParser:
    """The command line, as pinned in the task (other code relies on it)."""
    parser = argparse.ArgumentParser(
        prog="bank-simulator.py",
        description="A bank on loopback that speaks the Wiring bank interface (DESIGN.md section 4).")
    parser.add_argument("--ledger", required=True, metavar="PATH",
                        help="JSON ledger file; loaded at start if it exists, rewritten after every credit")
    parser.add_argument("--host", default="127.0.0.1",
                        help="loopback address to bind: 127.0.0.1 (default), localhost or ::1")
    parser.add_argument("--port", type=int, default=0, help="TCP port; 0 (default) picks a free one")
    parser.add_argument("--token", metavar="TOKEN",
                        help="require 'Authorization: Bearer TOKEN' on every /v1 request")
    parser.add_argument("--tls-cert", metavar="CERT.pem", help="serve HTTPS with this certificate chain")
    parser.add_argument("--tls-key", metavar="KEY.pem", help="the private key of --tls-cert")
    parser.add_argument("--fault", action="append", default=[], metavar="SPEC",
                        help="inject a fault into deposit requests: KIND or KIND:key=value,... "
                             f"(kinds: {', '.join(FAULT_KINDS)}); may be repeated")
    parser.add_argument("--seed", type=int, metavar="N", help="seed for the faults' rate draws")
    return parser


@dataclasses.dataclass(frozen=True)
class Settings:
    """The checked command line."""

    ledger: str
    family: socket.AddressFamily
    host: str
    port: int
    token: Optional[str]
    ssl_context: Optional[ssl.SSLContext]
    faults: List[Fault]
    seed: Optional[int]


def make_ssl_context(cert: str, key: str) -> ssl.SSLContext:
    """A TLS 1.2+ server context for the certificate chain and key."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def parse_settings(argv: List[str]) -> Settings:
    """Parses and checks the command line; exits with status 2 and usage on bad arguments."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.host not in LOOPBACK_HOSTS:
        parser.error(f"--host {args.host!r} is not a loopback address; the simulator binds only "
                     "to 127.0.0.1, localhost or ::1")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be between 0 and 65535, got {args.port}")
    if args.token is not None and not re.fullmatch(r"[\x21-\x7e]+", args.token):
        parser.error("--token must be non-empty printable ASCII without spaces")
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert and --tls-key must be given together")
    try:
        faults = [parse_fault(spec) for spec in args.fault]
    except FaultSpecError as error:
        parser.error(str(error))
    ssl_context = None
    if args.tls_cert:
        try:
            ssl_context = make_ssl_context(args.tls_cert, args.tls_key)
        except (OSError, ssl.SSLError) as error:
            parser.error(f"cannot load --tls-cert/--tls-key: {error}")
    family, host = LOOPBACK_HOSTS[args.host]
    return Settings(ledger=args.ledger, family=family, host=host, port=args.port, token=args.token,
                    ssl_context=ssl_context, faults=faults, seed=args.seed)


def install_stop_handlers() -> threading.Event:
    """Makes SIGTERM and SIGINT set the returned event."""
    stop = threading.Event()

    def request_stop(signum: int, _frame: Any) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    return stop


def serve_until_stopped(server: BankServer, stop: threading.Event) -> None:
    """Serves until `stop` is set, then stops accepting and lets in-flight requests finish."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                              name="accept", daemon=True)
    thread.start()
    while not stop.wait(0.2):
        pass
    server.stopping = True
    server.shutdown()
    server.server_close()
    if not server.wait_until_idle(SHUTDOWN_GRACE_SECONDS):
        server.log.line(f"stopping with requests still in flight after {SHUTDOWN_GRACE_SECONDS:g} s")


def main(argv: Optional[List[str]] = None) -> int:
    """Runs the simulator; returns the exit status."""
    settings = parse_settings(sys.argv[1:] if argv is None else argv)
    log = Log()
    ledger = Ledger(settings.ledger)
    try:
        ledger.load()
        ledger.save()  # fails now, not at the first deposit, if the ledger cannot be written
    except LedgerError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return EXIT_RUNTIME_ERROR
    except OSError as error:
        print(f"{PROGRAM}: cannot write the ledger {settings.ledger}: {error.strerror}", file=sys.stderr)
        return EXIT_RUNTIME_ERROR
    stop = install_stop_handlers()
    try:
        server = BankServer((settings.host, settings.port), settings.family, ledger,
                            FaultPlan(settings.faults, settings.seed), settings.token,
                            settings.ssl_context, log)
    except OSError as error:
        print(f"{PROGRAM}: cannot listen on {settings.host} port {settings.port}: {error.strerror}",
              file=sys.stderr)
        return EXIT_RUNTIME_ERROR
    print(f"bank simulator listening on {server.url()}", flush=True)
    faults = ", ".join(fault.spec for fault in settings.faults) or "none"
    log.line(f"ledger {settings.ledger} ({ledger.summary()}); token required: "
             f"{'yes' if settings.token else 'no'}; faults: {faults}")
    serve_until_stopped(server, stop)
    try:
        ledger.save_and_freeze()
    except OSError as error:
        log.line(f"could not write the ledger {settings.ledger} at exit: {error.strerror}")
        return EXIT_RUNTIME_ERROR
    log.line("stopped; ledger saved")
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
