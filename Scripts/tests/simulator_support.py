"""Shared helpers of the bank simulator's tests: a simulator subprocess and raw-socket tools.

Each subprocess test starts Scripts/bank-simulator.py (the entry point the Swift tests and the
benchmarks launch) on a free port with its own ledger file, talks to it with `http.client` or
raw sockets, and kills it in tearDown. Importing this module also puts Scripts/ on the path, so
the tests of single modules can import the `bank_simulator` package in process.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import selectors
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional

SCRIPTS = Path(__file__).resolve().parents[1]
if str(SCRIPTS) not in sys.path:
    sys.path.insert(0, str(SCRIPTS))

SIMULATOR = Path(__file__).resolve().parents[1] / "bank-simulator.py"
START_TIMEOUT = 10.0
HTTP_TIMEOUT = 10.0
EXIT_TIMEOUT = 10.0
DEPOSITS = "/v1/accounts/{}/deposits"
LISTENING = re.compile(r"bank simulator listening on (https?)://(127\.0\.0\.1|\[::1\]):(\d+)\n")


class Reply:
    """A complete HTTP reply."""

    def __init__(self, response: http.client.HTTPResponse) -> None:
        self.status = response.status
        self.headers = response.headers
        self.body = response.read()

    def json(self) -> Any:
        assert self.headers.get("Content-Type") == "application/json", self.headers.get("Content-Type")
        return json.loads(self.body)


def deposit_body(amount_cents: Any = 4500, currency: Any = "USD") -> bytes:
    return json.dumps({"amount_cents": amount_cents, "currency": currency}).encode()


def read_line(stream: Any, timeout: float) -> str:
    """Reads one line from a pipe, failing after `timeout` seconds."""
    selector = selectors.DefaultSelector()
    selector.register(stream, selectors.EVENT_READ)
    data = b""
    deadline = time.monotonic() + timeout
    try:
        while not data.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not selector.select(remaining):
                raise TimeoutError(f"no line within {timeout} s (got {data!r})")
            chunk = os.read(stream.fileno(), 1)
            if not chunk:
                break
            data += chunk
    finally:
        selector.close()
    return data.decode()


class Simulator:
    """One simulator subprocess and helpers to talk to it."""

    def __init__(self, directory: Path, ledger: Path, args: List[str]) -> None:
        self.ledger_path = ledger
        self.stderr_path = directory / f"stderr-{time.monotonic_ns()}.log"
        self._stderr = open(self.stderr_path, "wb")
        self.process = subprocess.Popen(
            [sys.executable, str(SIMULATOR), "--ledger", str(ledger), *args],
            stdout=subprocess.PIPE, stderr=self._stderr, stdin=subprocess.DEVNULL)
        self.first_line = read_line(self.process.stdout, START_TIMEOUT)
        match = LISTENING.fullmatch(self.first_line)
        if not match:
            self.kill()
            raise AssertionError(f"unexpected first line {self.first_line!r}; stderr: {self.stderr()}")
        self.scheme, self.host, self.port = match.group(1), match.group(2).strip("[]"), int(match.group(3))
        self.ssl_context: Optional[ssl.SSLContext] = None

    def connection(self) -> http.client.HTTPConnection:
        if self.scheme == "https":
            return http.client.HTTPSConnection(self.host, self.port, timeout=HTTP_TIMEOUT,
                                               context=self.ssl_context)
        return http.client.HTTPConnection(self.host, self.port, timeout=HTTP_TIMEOUT)

    def request(self, method: str, path: str, body: Optional[bytes] = None,
                headers: Optional[Mapping[str, str]] = None,
                connection: Optional[http.client.HTTPConnection] = None) -> Reply:
        own = connection is None
        connection = connection or self.connection()
        try:
            connection.request(method, path, body=body, headers=dict(headers or {}))
            return Reply(connection.getresponse())
        finally:
            if own:
                connection.close()

    def deposit(self, account: str = "alice", key: Optional[str] = "key-1", amount_cents: Any = 4500,
                currency: Any = "USD", body: Optional[bytes] = None, token: Optional[str] = None,
                content_type: str = "application/json",
                connection: Optional[http.client.HTTPConnection] = None) -> Reply:
        headers = {"Content-Type": content_type}
        if key is not None:
            headers["Idempotency-Key"] = key
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        payload = deposit_body(amount_cents, currency) if body is None else body
        return self.request("POST", DEPOSITS.format(account), payload, headers, connection)

    def balance(self, account: str = "alice", token: Optional[str] = None) -> Reply:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.request("GET", f"/v1/accounts/{account}", headers=headers)

    def ledger(self) -> Dict[str, Any]:
        return json.loads(self.ledger_path.read_text())

    def stderr(self) -> str:
        self._stderr.flush()
        return self.stderr_path.read_text(errors="replace")

    def stop(self, signum: int = signal.SIGTERM) -> int:
        self.process.send_signal(signum)
        return self.process.wait(EXIT_TIMEOUT)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(EXIT_TIMEOUT)
        self.process.stdout.close()
        self._stderr.close()


class SimulatorTestCase(unittest.TestCase):
    """Gives each test a temporary directory, a ledger path and simulators killed at the end."""

    maxDiff = None

    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="bank-simulator-test-"))
        self.ledger_path = self.directory / "ledger.json"
        self._simulators: List[Simulator] = []

    def tearDown(self) -> None:
        for simulator in self._simulators:
            simulator.kill()
        shutil.rmtree(self.directory, ignore_errors=True)

    def start(self, *args: str, ledger: Optional[Path] = None) -> Simulator:
        simulator = Simulator(self.directory, ledger or self.ledger_path, list(args))
        self._simulators.append(simulator)
        return simulator

    def run_simulator(self, *args: str) -> subprocess.CompletedProcess:
        """Runs a simulator that is expected to exit by itself (bad arguments, bad ledger)."""
        return subprocess.run([sys.executable, str(SIMULATOR), *args], capture_output=True, text=True,
                              timeout=EXIT_TIMEOUT, stdin=subprocess.DEVNULL)

    def write_ledger(self, document: Any) -> None:
        self.ledger_path.write_text(json.dumps(document))

    def assertError(self, reply: Reply, status: int, message: str) -> None:
        self.assertEqual(reply.status, status, reply.body)
        self.assertEqual(reply.json(), {"error": message})
        self.assertEqual(int(reply.headers["Content-Length"]), len(reply.body))


def receive_head(sock: socket.socket) -> bytes:
    """Reads from a raw socket until the end of a reply's headers."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def receive_all(sock: socket.socket) -> bytes:
    """Reads from a raw socket until the server closes it."""
    data = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return data
        data += chunk


DEPOSIT_LINE = b"POST /v1/accounts/alice/deposits HTTP/1.1\r\n"
DEPOSIT_BODY = b'{"amount_cents": 4500, "currency": "USD"}'
DATE_LINE = re.compile(rb"\r\nDate: ([^\r\n]*)\r\n")


def raw_deposit(key: bytes, headers: bytes = b"", line: bytes = DEPOSIT_LINE, body: bytes = DEPOSIT_BODY) -> bytes:
    """A deposit request as raw bytes: `headers` (whole lines) go after the Idempotency-Key."""
    return (line + b"Content-Type: application/json\r\nIdempotency-Key: " + key + b"\r\n" + headers
            + b"Content-Length: %d\r\n\r\n" % len(body) + body)


def json_reply(status: str, body: bytes, close: bool = False) -> bytes:
    """A reply as the simulator sends it, with `<date>` for the Date header's value."""
    head = (f"HTTP/1.1 {status}\r\nServer: BankSimulator/1.0\r\nDate: <date>\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n")
    if close:
        head += "Connection: close\r\n"
    return head.encode() + b"\r\n" + body


def created(number: int, balance: int) -> bytes:
    return json_reply("201 Created", b'{"deposit_id":"dep-%06d","account":"alice","amount_cents":4500,'
                                     b'"balance_cents":%d}' % (number, balance))


def error_reply(status: str, message: str, close: bool = False) -> bytes:
    return json_reply(status, json.dumps({"error": message}, separators=(",", ":")).encode(), close=close)


def run_threads(target: Any, count: int) -> None:
    """Runs `target(i)` on `count` threads and re-raises the first failure."""
    errors: List[BaseException] = []

    def guarded(number: int) -> None:
        try:
            target(number)
        except BaseException as error:  # noqa: BLE001 (reported below)
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(number,)) for number in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(HTTP_TIMEOUT * 3)
    if errors:
        raise errors[0]
    if any(thread.is_alive() for thread in threads):
        raise AssertionError("a client thread did not finish")
