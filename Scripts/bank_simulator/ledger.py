"""The ledger: balances, deposits and idempotency keys, kept in a JSON file.

It decides each deposit (new credit, replay or conflict), writes the file atomically after
every credit (grouping the deposits that arrive together), and loads and checks the file at
start.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import tempfile
import threading
from json.encoder import encode_basestring_ascii as encode_json_string
from typing import Any, Dict, List, Mapping, Optional, Set, Tuple, Union

from .clock import utc_timestamp
from .protocol import ACCOUNT_PATTERN, MAX_BALANCE_CENTS, ApiError, deposit_reply, is_strict_int


class LedgerError(Exception):
    """The ledger file cannot be read, or does not hold a valid ledger."""


class Conflict(Exception):
    """An idempotency key reused with a different request body."""


@dataclasses.dataclass(frozen=True)
class DepositResult:
    """What a deposit request gets: 201 for a new credit, 200 for a replay."""

    status: int
    body: bytes


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
