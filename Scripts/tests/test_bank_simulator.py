"""Tests for Scripts/bank-simulator.py, over real HTTP on 127.0.0.1.

Each test starts the simulator as a subprocess on a free port with its own ledger file, talks to
it with `http.client` or raw sockets, and kills it in tearDown. Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""

from __future__ import annotations

import contextlib
import email.utils
import http.client
import io
import json
import os
import random
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
from datetime import datetime, timezone
from http import HTTPStatus
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # Scripts/, for the package

from bank_simulator import http_server  # noqa: E402 (needs the path above)
from bank_simulator.clock import http_date, utc_timestamp  # noqa: E402
from bank_simulator.faults import FaultPlan  # noqa: E402
from bank_simulator.http_headers import RequestHeaders, read_header_lines  # noqa: E402
from bank_simulator.ledger import Conflict, Ledger, PendingDeposit  # noqa: E402
from bank_simulator.log import Log  # noqa: E402

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


class DepositTests(SimulatorTestCase):

    def test_startup_line_names_the_port_it_listens_on(self) -> None:
        bank = self.start()
        self.assertEqual(bank.first_line, f"bank simulator listening on http://127.0.0.1:{bank.port}\n")
        self.assertNotEqual(bank.port, 0)
        self.assertEqual(bank.request("GET", "/_control/health").json(), {"ok": True})

    def test_first_deposit_is_201_and_credits_the_account(self) -> None:
        bank = self.start()
        reply = bank.deposit("alice", "key-1", 4500)
        self.assertEqual(reply.status, 201)
        self.assertEqual(reply.body, b'{"deposit_id":"dep-000001","account":"alice","amount_cents":4500,'
                                     b'"balance_cents":4500}')
        self.assertEqual(reply.headers["Content-Type"], "application/json")
        self.assertEqual(reply.headers["Content-Length"], str(len(reply.body)))
        balance = bank.balance("alice")
        self.assertEqual(balance.status, 200)
        self.assertEqual(balance.json(), {"account": "alice", "balance_cents": 4500})

    def test_deposit_adds_to_an_opening_balance_from_the_ledger(self) -> None:
        self.write_ledger({"accounts": {"alice": {"balance_cents": 10000}}, "deposits": []})
        bank = self.start()
        reply = bank.deposit("alice", "key-1", 4500)
        self.assertEqual(reply.status, 201)
        self.assertEqual(reply.json(), {"deposit_id": "dep-000001", "account": "alice",
                                        "amount_cents": 4500, "balance_cents": 14500})
        self.assertEqual(bank.balance("alice").json(), {"account": "alice", "balance_cents": 14500})

    def test_ledger_file_records_every_credit(self) -> None:
        bank = self.start()
        bank.deposit("alice", "key-1", 4500)
        bank.deposit("alice", "key-2", 500)
        bank.deposit("bob", "key-1", 100)
        ledger = bank.ledger()
        self.assertEqual(ledger["accounts"], {"alice": {"balance_cents": 5000}, "bob": {"balance_cents": 100}})
        for deposit in ledger["deposits"]:
            self.assertRegex(deposit.pop("created_at"), r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        self.assertEqual(ledger["deposits"], [
            {"deposit_id": "dep-000001", "account": "alice", "amount_cents": 4500, "currency": "USD",
             "balance_cents": 4500, "idempotency_key": "key-1"},
            {"deposit_id": "dep-000002", "account": "alice", "amount_cents": 500, "currency": "USD",
             "balance_cents": 5000, "idempotency_key": "key-2"},
            {"deposit_id": "dep-000003", "account": "bob", "amount_cents": 100, "currency": "USD",
             "balance_cents": 100, "idempotency_key": "key-1"},
        ])
        self.assertEqual(sorted(os.listdir(self.directory)),
                         sorted(["ledger.json", bank.stderr_path.name]), "no temporary files left behind")
        self.assertEqual(bank.request("GET", "/_control/ledger").json(), bank.ledger())

    def test_replay_with_same_key_and_body_returns_the_original_bytes_without_credit(self) -> None:
        bank = self.start()
        first = bank.deposit("alice", "key-1", 4500)
        ledger = bank.ledger()
        # The same fields in another order and spacing are the same body.
        replay = bank.deposit("alice", "key-1", body=b'{ "currency" : "USD", "amount_cents" : 4500 }')
        self.assertEqual(replay.status, 200)
        self.assertEqual(replay.body, first.body)
        self.assertEqual(bank.ledger(), ledger)
        self.assertEqual(bank.balance().json()["balance_cents"], 4500)

    def test_same_key_with_a_different_body_is_409_and_changes_nothing(self) -> None:
        bank = self.start()
        bank.deposit("alice", "key-1", 4500)
        ledger = bank.ledger()
        reply = bank.deposit("alice", "key-1", 4501)
        self.assertError(reply, 409, "the Idempotency-Key was already used with a different request body")
        self.assertEqual(bank.ledger(), ledger)

    def test_idempotency_keys_are_scoped_per_account(self) -> None:
        bank = self.start()
        self.assertEqual(bank.deposit("alice", "shared", 100).status, 201)
        reply = bank.deposit("bob", "shared", 100)
        self.assertEqual(reply.status, 201)
        self.assertEqual(reply.json(), {"deposit_id": "dep-000002", "account": "bob", "amount_cents": 100,
                                        "balance_cents": 100})

    def test_malformed_deposits_are_400_and_change_nothing(self) -> None:
        bank = self.start()
        bank.deposit("alice", "seed", 100)
        ledger = bank.ledger()
        cases: List[Tuple[str, Dict[str, Any], str]] = [
            ("not JSON", {"body": b"amount=4500"}, "the request body is not valid JSON"),
            ("empty body", {"body": b""}, "the request body is not valid JSON"),
            ("not UTF-8", {"body": b'{"amount_cents": "\xff"}'}, "the request body is not valid JSON"),
            ("NaN", {"body": b'{"amount_cents": NaN, "currency": "USD"}'}, "the request body is not valid JSON"),
            ("array", {"body": b"[4500]"}, "the request body must be a JSON object"),
            ("string", {"body": b'"4500"'}, "the request body must be a JSON object"),
            ("no amount", {"body": b'{"currency": "USD"}'}, "amount_cents is required"),
            ("boolean amount", {"amount_cents": True}, "amount_cents must be an integer number of cents"),
            ("float amount", {"body": b'{"amount_cents": 45.0, "currency": "USD"}'},
             "amount_cents must be an integer number of cents"),
            ("string amount", {"amount_cents": "4500"}, "amount_cents must be an integer number of cents"),
            ("null amount", {"amount_cents": None}, "amount_cents must be an integer number of cents"),
            ("zero amount", {"amount_cents": 0}, "amount_cents must be positive"),
            ("negative amount", {"amount_cents": -1}, "amount_cents must be positive"),
            ("huge amount", {"amount_cents": 2**53}, "amount_cents must be at most 9007199254740991"),
            ("no currency", {"body": b'{"amount_cents": 4500}'}, "currency is required"),
            ("other currency", {"currency": "EUR"}, "currency must be USD"),
            ("lowercase currency", {"currency": "usd"}, "currency must be USD"),
            ("no key", {"key": None}, "the Idempotency-Key header is required"),
            ("empty key", {"key": ""}, "the Idempotency-Key header is required"),
            ("long key", {"key": "k" * 256}, "the Idempotency-Key header must be at most 255 characters"),
            ("long account", {"account": "a" * 65}, "account must be 1 to 64 characters from A-Z a-z 0-9 . _ -"),
            ("bad character", {"account": "al$ce"}, "account must be 1 to 64 characters from A-Z a-z 0-9 . _ -"),
            ("encoded space", {"account": "al%20ce"},
             "account must be 1 to 64 characters from A-Z a-z 0-9 . _ -"),
        ]
        for name, arguments, message in cases:
            with self.subTest(name):
                self.assertError(bank.deposit(**{"key": "key-x", **arguments}), 400, message)
        self.assertEqual(bank.ledger(), ledger)
        self.assertEqual(bank.deposit("A.b_c-9", "k" * 255, 1).status, 201, "the longest key and all characters")

    def test_deposit_needs_a_json_content_type(self) -> None:
        bank = self.start()
        self.assertError(bank.deposit(content_type="text/plain"), 415, "Content-Type must be application/json")
        self.assertError(bank.deposit(content_type="application/x-www-form-urlencoded"), 415,
                         "Content-Type must be application/json")
        self.assertEqual(bank.deposit(content_type="application/json; charset=utf-8").status, 201)

    def test_unknown_account_is_404(self) -> None:
        bank = self.start()
        self.assertError(bank.balance("nobody"), 404, "unknown account")
        self.assertError(bank.balance("bad$name"), 400, "account must be 1 to 64 characters from A-Z a-z 0-9 . _ -")

    def test_unknown_paths_are_404(self) -> None:
        bank = self.start()
        for path in ("/", "/v2/accounts/alice", "/v1/accounts", "/v1/accounts/alice/withdrawals",
                     "/v1/accounts/alice/deposits/extra", "/_control/nothing"):
            with self.subTest(path):
                self.assertError(bank.request("GET", path), 404, f"no such endpoint: {path}")

    def test_wrong_method_is_405_with_allow(self) -> None:
        bank = self.start()
        cases = [("GET", DEPOSITS.format("alice"), "POST"), ("PUT", DEPOSITS.format("alice"), "POST"),
                 ("POST", "/v1/accounts/alice", "GET"), ("DELETE", "/v1/accounts/alice", "GET"),
                 ("PATCH", "/_control/faults", "DELETE, GET, POST"), ("POST", "/_control/ledger", "GET"),
                 ("POST", "/_control/health", "GET")]
        for method, path, allow in cases:
            with self.subTest(f"{method} {path}"):
                reply = bank.request(method, path, body=b"{}" if method in ("POST", "PUT", "PATCH") else None)
                self.assertError(reply, 405, f"method {method} is not allowed here; use {allow}")
                self.assertEqual(reply.headers["Allow"], allow)

    def test_head_gets_headers_only(self) -> None:
        bank = self.start()
        connection = bank.connection()
        connection.request("HEAD", "/v1/accounts/alice")
        response = connection.getresponse()
        self.assertEqual(response.status, 405)
        self.assertEqual(response.headers["Allow"], "GET")
        self.assertEqual(response.read(), b"")
        connection.request("GET", "/_control/health")
        self.assertEqual(connection.getresponse().read(), b'{"ok":true}', "the connection is still usable")
        connection.close()

    def test_body_over_64_kib_is_413_and_changes_nothing(self) -> None:
        bank = self.start()
        big = b'{"amount_cents": 1, "currency": "USD", "pad": "' + b"x" * (64 * 1024) + b'"}'
        reply = bank.deposit(body=big)
        self.assertError(reply, 413, "the request body must be at most 65536 bytes")
        self.assertEqual(reply.headers["Connection"], "close")
        self.assertEqual(bank.ledger(), {"accounts": {}, "deposits": []})

    def test_expect_100_continue(self) -> None:
        bank = self.start()
        body = deposit_body(700)
        with socket.create_connection((bank.host, bank.port), timeout=HTTP_TIMEOUT) as sock:
            sock.sendall(b"POST /v1/accounts/alice/deposits HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Idempotency-Key: e1\r\nExpect: 100-continue\r\nContent-Length: "
                         + str(len(body)).encode() + b"\r\n\r\n")
            self.assertEqual(sock.recv(1024), b"HTTP/1.1 100 Continue\r\n\r\n")
            sock.sendall(body)
            self.assertTrue(receive_head(sock).startswith(b"HTTP/1.1 201 "))
        with socket.create_connection((bank.host, bank.port), timeout=HTTP_TIMEOUT) as sock:
            sock.sendall(b"POST /v1/accounts/alice/deposits HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Idempotency-Key: e2\r\nExpect: 100-continue\r\nContent-Length: 1000000\r\n\r\n")
            self.assertTrue(receive_head(sock).startswith(b"HTTP/1.1 413 "), "no 100 Continue for a body too big")

    def test_a_garbled_request_line_gets_a_json_400_with_a_status_line(self) -> None:
        bank = self.start()
        with socket.create_connection((bank.host, bank.port), timeout=HTTP_TIMEOUT) as sock:
            sock.sendall(b"GARBAGE\r\n\r\n")
            reply = receive_all(sock)
        head, _, body = reply.partition(b"\r\n\r\n")
        self.assertTrue(head.startswith(b"HTTP/1.1 400 "), head)
        self.assertIn(b"\r\nContent-Type: application/json\r\n", head)
        self.assertIn(b"\r\nContent-Length: %d\r\n" % len(body), head)
        self.assertEqual(json.loads(body), {"error": "Bad request syntax ('GARBAGE')"})

    def test_chunked_request_body(self) -> None:
        bank = self.start()
        connection = bank.connection()
        connection.request("POST", DEPOSITS.format("alice"), body=iter([b'{"amount_cents": 45', b'00, "currency": "USD"}']),
                           headers={"Content-Type": "application/json", "Idempotency-Key": "c1"},
                           encode_chunked=True)
        reply = Reply(connection.getresponse())
        connection.close()
        self.assertEqual(reply.status, 201)
        self.assertEqual(reply.json()["balance_cents"], 4500)

    def test_keep_alive_serves_many_requests_on_one_connection(self) -> None:
        bank = self.start()
        connection = bank.connection()
        replies = [bank.deposit("alice", "k1", 100, connection=connection)]
        sock = connection.sock
        self.assertIsNotNone(sock)
        replies.append(bank.deposit("alice", "k1", 100, connection=connection))
        replies.append(bank.deposit("alice", "k1", 200, connection=connection))
        replies.append(bank.deposit("alice", "k2", 0, connection=connection))
        replies.append(bank.request("GET", "/nowhere", connection=connection))
        replies.append(bank.request("GET", "/v1/accounts/alice", connection=connection))
        self.assertEqual([reply.status for reply in replies], [201, 200, 409, 400, 404, 200])
        self.assertIs(connection.sock, sock, "every reply kept the connection open")
        connection.close()

    def test_requests_are_logged_on_stderr_with_the_idempotency_key(self) -> None:
        bank = self.start()
        bank.deposit("alice", "log-key-7", 100)
        bank.balance("alice")
        bank.stop()
        log = bank.stderr()
        self.assertRegex(log, r"POST /v1/accounts/alice/deposits 201 key='log-key-7'")
        self.assertRegex(log, r"GET /v1/accounts/alice 200 key=-")
        self.assertEqual(bank.process.stdout.read(), b"", "stdout holds only the listening line")

    def test_balance_overflow_is_refused(self) -> None:
        self.write_ledger({"accounts": {"alice": {"balance_cents": 2**53 - 10}}, "deposits": []})
        bank = self.start()
        self.assertError(bank.deposit(amount_cents=11), 400,
                         "the deposit would take the balance above 9007199254740991 cents")
        self.assertEqual(bank.deposit(amount_cents=9).status, 201)

    def test_a_credit_that_cannot_be_written_is_500_and_undone(self) -> None:
        bank = self.start()
        bank.deposit("alice", "k1", 100)
        self.ledger_path.unlink()
        self.ledger_path.mkdir()  # os.replace onto a directory fails, even for root
        self.assertEqual(bank.deposit("alice", "k2", 50).status, 500)
        self.ledger_path.rmdir()
        self.assertEqual(bank.balance("alice").json()["balance_cents"], 100)
        reply = bank.deposit("alice", "k2", 50)
        self.assertEqual(reply.status, 201, "the key was not burnt by the failed write")
        self.assertEqual(reply.json()["balance_cents"], 150)
        self.assertEqual(len(bank.ledger()["deposits"]), 2)


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


class RequestParsingTests(SimulatorTestCase):
    """Request lines and headers, sent as raw bytes, get the replies http.server's parser gives.

    The simulator parses requests of the usual form itself and leaves the rest to http.server
    and http.client; these pin both paths, byte for byte.
    """

    def exchange(self, bank: Simulator, data: bytes) -> bytes:
        """Sends `data` on a new connection, ends the sending side, and returns every byte of
        the replies until the server closes, with `<date>` for each Date header's value.

        A server that closes without reading all of a refused request makes the kernel reset
        the connection, which may come after the reply; the reply is what counts here.
        """
        reply = b""
        with socket.create_connection((bank.host, bank.port), timeout=HTTP_TIMEOUT) as sock:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
            with contextlib.suppress(ConnectionResetError):
                while True:
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    reply += chunk
        return DATE_LINE.sub(b"\r\nDate: <date>\r\n", reply)

    def keys(self, bank: Simulator) -> List[str]:
        return [deposit["idempotency_key"] for deposit in bank.ledger()["deposits"]]

    def test_header_names_are_matched_without_regard_to_case(self) -> None:
        bank = self.start()
        lower = (DEPOSIT_LINE + b"content-type: application/json\r\nidempotency-key: lower\r\n"
                 b"content-length: %d\r\n\r\n" % len(DEPOSIT_BODY) + DEPOSIT_BODY)
        upper = (DEPOSIT_LINE + b"CONTENT-TYPE: application/json\r\nIDEMPOTENCY-KEY: upper\r\n"
                 b"CONTENT-LENGTH: %d\r\n\r\n" % len(DEPOSIT_BODY) + DEPOSIT_BODY)
        self.assertEqual(self.exchange(bank, lower), created(1, 4500))
        self.assertEqual(self.exchange(bank, upper), created(2, 9000))
        self.assertEqual(self.keys(bank), ["lower", "upper"])

    def test_the_first_of_repeated_headers_counts(self) -> None:
        bank = self.start()
        self.assertEqual(self.exchange(bank, raw_deposit(b"first", b"Idempotency-Key: second\r\n")), created(1, 4500))
        self.assertEqual(self.keys(bank), ["first"])
        same_length = b"Content-Length: %d\r\n" % len(DEPOSIT_BODY)
        self.assertEqual(self.exchange(bank, raw_deposit(b"k2", same_length)), created(2, 9000))
        self.assertEqual(self.exchange(bank, raw_deposit(b"k3", b"Content-Length: 3\r\n")),
                         error_reply("400 Bad Request", "invalid Content-Length header", close=True))

    def test_blanks_around_values_and_bare_line_feeds(self) -> None:
        bank = self.start()
        request = (b"POST /v1/accounts/alice/deposits HTTP/1.1\nContent-Type:application/json\n"
                   b"Idempotency-Key: \t key 1 \t \nContent-Length:\t%d  \n\n" % len(DEPOSIT_BODY) + DEPOSIT_BODY)
        self.assertEqual(self.exchange(bank, request), created(1, 4500))
        self.assertEqual(self.keys(bank), ["key 1 \t "], "leading blanks go, trailing ones stay")

    def test_folded_header_lines_are_joined_as_http_server_joins_them(self) -> None:
        bank = self.start()
        self.assertEqual(self.exchange(bank, raw_deposit(b"fold-1\r\n  fold-2")), created(1, 4500))
        self.assertEqual(self.exchange(bank, raw_deposit(b"k2", b"Content-Type: application/json;\r\n\tcharset=utf-8\r\n")),
                         created(2, 9000))
        self.assertEqual(self.keys(bank), ["fold-1\r\n  fold-2", "k2"])
        bank.stop()
        self.assertIn(r"201 key='fold-1\r\n  fold-2'", bank.stderr())

    def test_a_line_that_is_not_a_header_ends_the_headers(self) -> None:
        bank = self.start()
        for bad_line in (b"NoColonHere\r\n", b"Idempotency-Key : spaced\r\n", b"Bad\x01Name: x\r\n"):
            with self.subTest(bad_line):
                request = (DEPOSIT_LINE + b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(DEPOSIT_BODY)
                           + bad_line + b"Idempotency-Key: ignored\r\n\r\n" + DEPOSIT_BODY)
                self.assertEqual(self.exchange(bank, request),
                                 error_reply("400 Bad Request", "the Idempotency-Key header is required"))
        self.assertEqual(self.keys(bank), [])

    def test_header_bytes_outside_printable_ascii_are_read_as_latin_1(self) -> None:
        bank = self.start()
        self.assertEqual(self.exchange(bank, raw_deposit("kéy".encode())), created(1, 4500))
        self.assertEqual(self.exchange(bank, raw_deposit(b"k\x01\x7f\x85")), created(2, 9000))
        self.assertEqual(self.keys(bank), ["k\u00c3\u00a9y", "k\x01\x7f\x85"])

    def test_header_lines_over_64_kib_get_431(self) -> None:
        bank = self.start()
        longest = b"X-Long: " + b"a" * (65536 - 10) + b"\r\n"
        self.assertEqual(self.exchange(bank, raw_deposit(b"k1", longest)), created(1, 4500))
        too_long = b"X-Long: " + b"a" * (65537 - 10) + b"\r\n"
        self.assertEqual(self.exchange(bank, raw_deposit(b"k2", too_long)),
                         error_reply("431 Request Header Fields Too Large", "Line too long", close=True))
        self.assertEqual(self.keys(bank), ["k1"])

    def test_more_than_100_header_lines_get_431(self) -> None:
        bank = self.start()
        filler = b"".join(b"X-%d: v\r\n" % number for number in range(96))  # 99 header lines in all
        self.assertEqual(self.exchange(bank, raw_deposit(b"k1", filler)), created(1, 4500))
        self.assertEqual(self.exchange(bank, raw_deposit(b"k2", filler + b"X-One-More: v\r\n")),
                         error_reply("431 Request Header Fields Too Large", "Too many headers", close=True))
        self.assertEqual(self.keys(bank), ["k1"])

    def test_request_lines_of_other_forms(self) -> None:
        bank = self.start()
        health = json_reply("200 OK", b'{"ok":true}')
        too_long = HTTPStatus.REQUEST_URI_TOO_LONG.phrase  # "Request-URI Too Long" before Python 3.13
        cases = [
            (b"GET /_control/health\r\n\r\n", json_reply("200 OK", b'{"ok":true}', close=True)),
            (b"POST /_control/health\r\n\r\n", error_reply("400 Bad Request", "Bad HTTP/0.9 request type ('POST')", close=True)),
            (b"GARBAGE\r\n\r\n", error_reply("400 Bad Request", "Bad request syntax ('GARBAGE')", close=True)),
            (b"GET / HTTP/1.1 extra\r\n\r\n", error_reply("400 Bad Request", "Bad request version ('extra')", close=True)),
            (b"GET / HTTP/1.x\r\n\r\n", error_reply("400 Bad Request", "Bad request version ('HTTP/1.x')", close=True)),
            (b"GET / HTTP/2.0\r\n\r\n", error_reply("505 HTTP Version Not Supported", "Invalid HTTP version (2.0)", close=True)),
            (b"get /_control/health HTTP/1.1\r\n\r\n", error_reply("501 Not Implemented", "Unsupported method ('get')", close=True)),
            (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", error_reply(f"414 {too_long}", too_long, close=True)),
            (b"GET  /_control/health\tHTTP/1.1 \r\n\r\n", health),
            (b"GET //_control/health HTTP/1.1\r\n\r\n", health),
            (b"GET /_control/health HTTP/1.1\r\n", health),  # the headers end with the input
            (b"GET /_control/health HTTP/0.9\r\n\r\n", b'{"ok":true}'),  # HTTP/0.9 replies have no head
        ]
        for request, expected in cases:
            with self.subTest(request[:40]):
                self.assertEqual(self.exchange(bank, request), expected)

    def test_keep_alive_follows_the_version_and_the_connection_header(self) -> None:
        bank = self.start()
        health = b"GET /_control/health HTTP/1.1\r\n\r\n"
        http_1_0 = b"POST /v1/accounts/alice/deposits HTTP/1.0\r\n"
        self.assertEqual(self.exchange(bank, raw_deposit(b"k1", b"Connection: close\r\n") + health),
                         created(1, 4500).replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n", 1))
        self.assertEqual(self.exchange(bank, raw_deposit(b"k2", line=http_1_0) + health),
                         created(2, 9000).replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n", 1))
        self.assertEqual(self.exchange(bank, raw_deposit(b"k3", b"Connection: Keep-Alive\r\n", line=http_1_0) + health),
                         created(3, 13500) + json_reply("200 OK", b'{"ok":true}'))
        self.assertEqual(self.exchange(bank, raw_deposit(b"k4") + b"GARBAGE\r\n\r\n"),
                         created(4, 18000) + error_reply("400 Bad Request", "Bad request syntax ('GARBAGE')", close=True))

    def test_expect_100_continue_is_answered_for_http_1_1_only(self) -> None:
        bank = self.start()
        expect = b"Expect: 100-Continue\r\n"
        self.assertEqual(self.exchange(bank, raw_deposit(b"k1", expect)), b"HTTP/1.1 100 Continue\r\n\r\n" + created(1, 4500))
        http_1_0 = b"POST /v1/accounts/alice/deposits HTTP/1.0\r\n"
        self.assertEqual(self.exchange(bank, raw_deposit(b"k2", expect, line=http_1_0)),
                         created(2, 9000).replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n", 1))

    def test_the_date_header_is_the_current_time_in_http_format(self) -> None:
        bank = self.start()
        with socket.create_connection((bank.host, bank.port), timeout=HTTP_TIMEOUT) as sock:
            sock.sendall(b"GET /_control/health HTTP/1.1\r\n\r\n")
            head = receive_head(sock)
        match = DATE_LINE.search(head)
        assert match is not None, head
        self.assertRegex(match.group(1).decode(), r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d "
                                                  r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$")
        sent = email.utils.parsedate_to_datetime(match.group(1).decode()).timestamp()
        self.assertLess(abs(sent - time.time()), 5)


class TokenTests(SimulatorTestCase):

    TOKEN = "s3cr3t-Token_value"

    def test_every_v1_request_needs_the_bearer_token(self) -> None:
        bank = self.start("--token", self.TOKEN)
        self.assertError(bank.deposit(), 401, "missing bearer token")
        self.assertError(bank.deposit(token="wrong"), 401, "invalid bearer token")
        self.assertError(bank.balance("alice"), 401, "missing bearer token")
        reply = bank.request("GET", "/v1/accounts/alice", headers={"Authorization": f"Basic {self.TOKEN}"})
        self.assertError(reply, 401, "invalid bearer token")
        self.assertEqual(reply.headers["WWW-Authenticate"], 'Bearer realm="bank"')
        self.assertError(bank.request("GET", "/v1/nothing"), 401, "missing bearer token")
        self.assertEqual(bank.ledger()["deposits"], [])
        self.assertEqual(bank.deposit(token=self.TOKEN).status, 201)
        self.assertEqual(bank.balance("alice", token=self.TOKEN).json(), {"account": "alice", "balance_cents": 4500})

    def test_control_endpoint_needs_no_token(self) -> None:
        bank = self.start("--token", self.TOKEN)
        self.assertEqual(bank.request("GET", "/_control/health").status, 200)

    def test_the_token_is_never_logged(self) -> None:
        bank = self.start("--token", self.TOKEN)
        bank.deposit(token=self.TOKEN)
        bank.deposit(token=self.TOKEN + "x")
        self.assertEqual(bank.stop(), 0)
        self.assertNotIn(self.TOKEN, bank.stderr())


class ConcurrencyTests(SimulatorTestCase):

    def test_16_clients_times_10_distinct_deposits_are_all_credited_once(self) -> None:
        bank = self.start()
        statuses: List[int] = []
        lock = threading.Lock()
        barrier = threading.Barrier(16, timeout=HTTP_TIMEOUT)

        def client(number: int) -> None:
            connection = bank.connection()
            barrier.wait()
            for index in range(10):
                reply = bank.deposit("alice", f"c{number}-d{index}", number * 10 + index + 1, connection=connection)
                with lock:
                    statuses.append(reply.status)
            connection.close()

        run_threads(client, 16)
        self.assertEqual(statuses, [201] * 160)
        expected = sum(range(1, 161))
        self.assertEqual(bank.balance("alice").json(), {"account": "alice", "balance_cents": expected})
        ledger = bank.ledger()
        self.assertEqual(ledger["accounts"], {"alice": {"balance_cents": expected}})
        self.assertEqual(sum(d["amount_cents"] for d in ledger["deposits"]), expected)
        self.assertEqual(len({d["deposit_id"] for d in ledger["deposits"]}), 160)
        running = 0
        for deposit in ledger["deposits"]:
            running += deposit["amount_cents"]
            self.assertEqual(deposit["balance_cents"], running)

    def test_the_same_key_from_8_clients_at_once_credits_exactly_once(self) -> None:
        bank = self.start()
        replies: List[Reply] = []
        lock = threading.Lock()
        barrier = threading.Barrier(8, timeout=HTTP_TIMEOUT)

        def client(_: int) -> None:
            connection = bank.connection()
            connection.connect()
            barrier.wait()
            reply = bank.deposit("alice", "the-one-key", 2500, connection=connection)
            connection.close()
            with lock:
                replies.append(reply)

        run_threads(client, 8)
        self.assertEqual(sorted(reply.status for reply in replies), [200] * 7 + [201])
        self.assertEqual({reply.body for reply in replies},
                         {b'{"deposit_id":"dep-000001","account":"alice","amount_cents":2500,"balance_cents":2500}'})
        self.assertEqual(len(bank.ledger()["deposits"]), 1)
        self.assertEqual(bank.balance().json()["balance_cents"], 2500)


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


class GroupCommitTests(unittest.TestCase):
    """Deposits queued while the ledger is busy are written together, and undone together."""

    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="ledger-"))
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.ledger = Ledger(str(self.directory / "ledger.json"))
        self.writes: List[int] = []  # deposits in the file at each write attempt
        self.failures: List[bool] = []  # whether each coming write fails

    def queue(self, account: str, key: str, amount_cents: int) -> Any:
        pending = PendingDeposit(account, key, amount_cents, "USD")
        self.ledger._queue.append(pending)
        return pending

    def commit(self) -> None:
        real_persist = self.ledger._persist

        def persist() -> None:
            self.writes.append(len(self.ledger._deposits))
            if self.failures and self.failures.pop(0):
                raise OSError(28, "No space left on device")
            real_persist()

        self.ledger._persist = persist
        with self.ledger._lock:
            self.ledger._commit_queued()

    def saved(self) -> Dict[str, Any]:
        return json.loads((self.directory / "ledger.json").read_text())

    def test_a_group_is_written_once(self) -> None:
        group = [self.queue("alice", "k1", 100), self.queue("bob", "k2", 250), self.queue("alice", "k3", 5)]
        self.commit()
        self.assertEqual(self.writes, [3])
        self.assertEqual([p.outcome.status for p in group], [201, 201, 201])
        self.assertEqual([json.loads(p.outcome.body)["balance_cents"] for p in group], [100, 250, 105])
        self.assertEqual(self.saved()["accounts"], {"alice": {"balance_cents": 105}, "bob": {"balance_cents": 250}})

    def test_a_replay_and_a_conflict_in_a_group_credit_nothing(self) -> None:
        first = self.queue("alice", "k1", 100)
        replay = self.queue("alice", "k1", 100)
        conflict = self.queue("alice", "k1", 999)
        self.commit()
        self.assertEqual(self.writes, [1])
        self.assertEqual((first.outcome.status, replay.outcome.status), (201, 200))
        self.assertEqual(replay.outcome.body, first.outcome.body)
        self.assertIsInstance(conflict.error, Conflict)
        self.assertEqual(self.saved()["accounts"], {"alice": {"balance_cents": 100}})

    def test_a_failed_group_write_is_undone_and_retried_one_deposit_at_a_time(self) -> None:
        group = [self.queue("alice", "k1", 100), self.queue("carol", "k2", 7), self.queue("alice", "k3", 5)]
        self.failures = [True, False, True, False]
        self.commit()
        self.assertEqual(self.writes, [3, 1, 2, 2])
        self.assertEqual([p.outcome.status if p.outcome else None for p in group], [201, None, 201])
        self.assertEqual(group[1].error.status, 500)
        self.assertEqual(group[1].error.message, "the bank could not record the deposit: No space left on device")
        self.assertEqual(json.loads(group[2].outcome.body)["balance_cents"], 105)
        self.assertEqual(self.saved()["accounts"], {"alice": {"balance_cents": 105}})
        self.assertEqual([d["idempotency_key"] for d in self.saved()["deposits"]], ["k1", "k3"])


class RequestHeadersTests(unittest.TestCase):
    """The fast header parser answers as http.client's parser does, or leaves the headers to it."""

    NAMES = ("Idempotency-Key", "content-type", "CONTENT-LENGTH", "Authorization", "Connection", "Expect",
             "Transfer-Encoding", "X-Empty", "Missing")

    def lines(self, block: bytes) -> List[bytes]:
        return read_header_lines(io.BytesIO(block))

    def assertSameAsHttpClient(self, headers: Any, block: bytes) -> None:
        reference = http.client.parse_headers(io.BytesIO(block))
        for name in self.NAMES:
            with self.subTest(name=name):
                self.assertEqual(headers.get(name), reference.get(name))
                self.assertEqual(headers.get(name, "default"), reference.get(name, "default"))
                self.assertEqual(headers.get_all(name), reference.get_all(name))
                self.assertEqual(headers[name], reference[name])
                self.assertEqual(name in headers, name in reference)

    def test_usual_headers_are_parsed_here_with_http_client_answers(self) -> None:
        blocks = [
            b"Content-Type: application/json\r\nIdempotency-Key: k-1\r\nContent-Length: 42\r\n\r\n",
            b"idempotency-key: a\r\nIDEMPOTENCY-KEY: b\r\nIdempotency-Key:c\r\n\r\n",
            b"Authorization: Bearer  tok  \r\nX-Empty:\r\nConnection:\tkeep-alive\t\r\n\r\n",
            b"Content-Length: 1\nContent-Length:  2 \n\n",
            b"Expect: 100-continue\r\nX_Odd{}|~!#$%&'*+.^`: v\r\n",  # the input ends without a blank line
            b"\r\n",
            b"",
        ]
        for block in blocks:
            with self.subTest(block):
                headers = RequestHeaders.parse(self.lines(block))
                self.assertIsInstance(headers, RequestHeaders)
                self.assertSameAsHttpClient(headers, block)

    def test_unusual_headers_are_left_to_http_client(self) -> None:
        blocks = [
            b"Idempotency-Key: a\r\n  folded\r\n\r\n",
            b" First: continued\r\nIdempotency-Key: a\r\n\r\n",
            b"NoColon\r\nIdempotency-Key: a\r\n\r\n",
            b"Idempotency-Key : a\r\n\r\n",
            b": no name\r\n\r\n",
            b"From someone\r\nIdempotency-Key: a\r\n\r\n",
            "Idempotency-Key: ké\r\n\r\n".encode(),
            b"Idempotency-Key: a\x00b\r\n\r\n",
            b"Idempotency-Key: a\x7fb\r\n\r\n",
            b"Idempotency-Key: a\rb\r\n\r\n",
            b"Idempotency-Key: a\r\r\n\r\n",
            b"Idempotency-Key: a",  # the input ends in the middle of a line
        ]
        for block in blocks:
            with self.subTest(block):
                self.assertIsNone(RequestHeaders.parse(self.lines(block)))

    def test_header_line_limits_are_http_client_limits(self) -> None:
        with self.assertRaises(http.client.LineTooLong):
            self.lines(b"X: " + b"a" * 65534 + b"\r\n\r\n")
        self.assertEqual(len(self.lines(b"X: " + b"a" * 65531 + b"\r\n\r\n")), 2)
        with self.assertRaises(http.client.HTTPException):
            self.lines(b"X: v\r\n" * 100 + b"\r\n")
        self.assertEqual(len(self.lines(b"X: v\r\n" * 99 + b"\r\n")), 100)
        with self.assertRaises(http.client.HTTPException):
            http.client.parse_headers(io.BytesIO(b"X: v\r\n" * 100 + b"\r\n"))

    def test_http_date_is_email_utils_formatdate(self) -> None:
        base = 1795381200.0  # 2026-11-22T21:00:00Z
        for offset in (0.0, 0.4, 0.5, 0.9999994, 0.9999995, 0.9999996, 1.0, 59.9999999, 86399.99999951):
            with self.subTest(offset=offset):
                self.assertEqual(http_date(base + offset),
                                 email.utils.formatdate(base + offset, usegmt=True))

    def test_utc_timestamp_is_the_current_second(self) -> None:
        before = datetime.now(timezone.utc).replace(microsecond=0)
        stamp = datetime.strptime(utc_timestamp(), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        after = datetime.now(timezone.utc)
        self.assertLessEqual(before, stamp)
        self.assertLessEqual(stamp, after)


class ConnectionThreadTests(unittest.TestCase):
    """Connections are served on threads kept from earlier connections, never waiting for one."""

    def setUp(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="bank-threads-"))
        self.addCleanup(shutil.rmtree, self.directory, True)
        self.lines: List[str] = []
        log = Log()
        log.line = self.lines.append  # type: ignore[method-assign]
        ledger = Ledger(str(self.directory / "ledger.json"))
        self.server = http_server.BankServer(("127.0.0.1", 0), socket.AF_INET, ledger,
                                             FaultPlan([], None), None, None, log)
        thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.server.server_port, timeout=HTTP_TIMEOUT)

    def health(self, connection: http.client.HTTPConnection, close: bool) -> int:
        connection.request("GET", "/_control/health", headers={"Connection": "close"} if close else {})
        response = connection.getresponse()
        response.read()
        return response.status

    def test_sequential_connections_reuse_threads(self) -> None:
        before = threading.active_count()
        for _ in range(30):
            connection = self.connection()
            self.assertEqual(self.health(connection, close=True), 200)
            connection.close()
        self.assertLessEqual(threading.active_count() - before, 5, "a thread for each connection")
        deadline = time.monotonic() + HTTP_TIMEOUT  # each request is logged just after its reply
        while len(self.lines) < 30 and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertEqual(len(self.lines), 30)

    def test_an_idle_kept_alive_connection_does_not_hold_up_others(self) -> None:
        idle = [self.connection() for _ in range(3)]
        for connection in idle:
            self.assertEqual(self.health(connection, close=False), 200)
        other = self.connection()
        self.assertEqual(self.health(other, close=True), 200)
        for connection in idle + [other]:
            connection.close()

    def test_idle_threads_end(self) -> None:
        # The module is shared by every test in this process: put the constant back after.
        self.addCleanup(setattr, http_server, "IDLE_WORKER_SECONDS", http_server.IDLE_WORKER_SECONDS)
        http_server.IDLE_WORKER_SECONDS = 0.2
        connection = self.connection()
        self.assertEqual(self.health(connection, close=True), 200)
        connection.close()
        deadline = time.monotonic() + HTTP_TIMEOUT
        while self.server._idle_workers and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(self.server._idle_workers, [])
        connection = self.connection()
        self.assertEqual(self.health(connection, close=True), 200, "a new thread serves the next connection")
        connection.close()


class LifecycleTests(SimulatorTestCase):

    def test_restart_keeps_balances_and_idempotency_keys(self) -> None:
        bank = self.start()
        first = bank.deposit("alice", "key-1", 4500)
        self.assertEqual(bank.stop(), 0)
        bank = self.start()
        replay = bank.deposit("alice", "key-1", 4500)
        self.assertEqual(replay.status, 200)
        self.assertEqual(replay.body, first.body)
        self.assertEqual(bank.deposit("alice", "key-1", 1).status, 409)
        second = bank.deposit("alice", "key-2", 500)
        self.assertEqual(second.json(), {"deposit_id": "dep-000002", "account": "alice", "amount_cents": 500,
                                         "balance_cents": 5000})

    def test_sigint_exits_0(self) -> None:
        bank = self.start()
        bank.deposit()
        self.assertEqual(bank.stop(signal.SIGINT), 0)
        self.assertEqual(bank.ledger()["accounts"], {"alice": {"balance_cents": 4500}})

    def test_sigterm_stops_accepting_but_finishes_the_request_in_flight(self) -> None:
        bank = self.start("--fault", "delay:seconds=1.5")
        idle = bank.connection()
        self.assertEqual(bank.request("GET", "/_control/health", connection=idle).status, 200)
        result: Dict[str, Any] = {}
        thread = threading.Thread(target=lambda: result.update(reply=bank.deposit("alice", "slow", 700)))
        thread.start()
        time.sleep(0.4)  # the deposit is credited and its reply is being delayed
        started = time.monotonic()
        bank.process.send_signal(signal.SIGTERM)
        time.sleep(0.6)
        with self.assertRaises(ConnectionRefusedError):
            socket.create_connection((bank.host, bank.port), timeout=HTTP_TIMEOUT).close()
        late = bank.request("GET", "/_control/health", connection=idle)
        self.assertError(late, 503, "the bank is shutting down")
        self.assertEqual(late.headers["Connection"], "close")
        idle.close()
        self.assertEqual(bank.process.wait(EXIT_TIMEOUT), 0)
        self.assertLess(time.monotonic() - started, 4.0)
        thread.join(HTTP_TIMEOUT)
        self.assertEqual(result["reply"].status, 201)
        self.assertEqual(bank.ledger()["accounts"], {"alice": {"balance_cents": 700}})

    def test_corrupt_ledgers_are_refused_with_exit_1_and_left_alone(self) -> None:
        cases = {
            "empty file": "",
            "not JSON": "{accounts",
            "a list": "[]",
            "no accounts": '{"deposits": []}',
            "bad balance": '{"accounts": {"alice": {"balance_cents": "10"}}, "deposits": []}',
            "bad account name": '{"accounts": {"a b": {"balance_cents": 10}}, "deposits": []}',
            "bad deposit": '{"accounts": {"alice": {"balance_cents": 10}}, "deposits": [{"deposit_id": "x"}]}',
        }
        for name, text in cases.items():
            with self.subTest(name):
                self.ledger_path.write_text(text)
                result = self.run_simulator("--ledger", str(self.ledger_path))
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertEqual(result.stdout, "")
                self.assertRegex(result.stderr, r"the ledger .* is (corrupt|not valid JSON)")
                self.assertEqual(self.ledger_path.read_text(), text, "the corrupt ledger is not overwritten")

    def test_unwritable_ledger_location_is_exit_1(self) -> None:
        result = self.run_simulator("--ledger", str(self.directory / "missing" / "ledger.json"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("cannot write the ledger", result.stderr)

    def test_bad_arguments_print_usage_and_exit_2(self) -> None:
        ledger = str(self.ledger_path)
        cases = {
            "no ledger": ([], "--ledger"),
            "public host": (["--ledger", ledger, "--host", "0.0.0.0"], "not a loopback address"),
            "other host": (["--ledger", ledger, "--host", "example.com"], "not a loopback address"),
            "bad port": (["--ledger", ledger, "--port", "70000"], "--port"),
            "cert without key": (["--ledger", ledger, "--tls-cert", "x.pem"], "together"),
            "missing cert": (["--ledger", ledger, "--tls-cert", "x.pem", "--tls-key", "y.pem"], "cannot load"),
            "unknown fault": (["--ledger", ledger, "--fault", "explode"], "unknown kind 'explode'"),
            "bad fault value": (["--ledger", ledger, "--fault", "status:code=404"], "code must be one of"),
            "fault without seconds": (["--ledger", ledger, "--fault", "delay"], "delay needs seconds"),
            "bad seed": (["--ledger", ledger, "--seed", "x"], "--seed"),
            "unknown option": (["--ledger", ledger, "--verbose"], "unrecognized arguments"),
        }
        for name, (args, message) in cases.items():
            with self.subTest(name):
                result = self.run_simulator(*args)
                self.assertEqual(result.returncode, 2, result.stderr)
                self.assertIn("usage:", result.stderr)
                self.assertIn(message, result.stderr)
                self.assertEqual(result.stdout, "")

    def test_localhost_binds_127_0_0_1(self) -> None:
        bank = self.start("--host", "localhost")
        self.assertEqual(bank.host, "127.0.0.1")

    def test_ipv6_loopback(self) -> None:
        try:
            with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
                probe.bind(("::1", 0))
        except OSError:
            self.skipTest("IPv6 loopback is not available here")
        bank = self.start("--host", "::1")
        self.assertEqual(bank.first_line, f"bank simulator listening on http://[::1]:{bank.port}\n")
        self.assertEqual(bank.request("GET", "/_control/health").json(), {"ok": True})


class FaultTests(SimulatorTestCase):

    def test_status_503_with_retry_after_does_not_credit(self) -> None:
        bank = self.start("--fault", "status:code=503,retry_after=2,times=1")
        reply = bank.deposit("alice", "k1", 100)
        self.assertError(reply, 503, "injected 503")
        self.assertEqual(reply.headers["Retry-After"], "2")
        self.assertEqual(bank.ledger(), {"accounts": {}, "deposits": []})
        self.assertEqual(bank.deposit("alice", "k1", 100).status, 201, "the retry goes through")

    def test_status_without_retry_after_has_no_header(self) -> None:
        bank = self.start("--fault", "status:code=500")
        for _ in range(3):
            reply = bank.deposit()
            self.assertError(reply, 500, "injected 500")
            self.assertIsNone(reply.headers["Retry-After"])
        self.assertEqual(bank.ledger()["deposits"], [])

    def test_drop_before_closes_without_reply_or_credit(self) -> None:
        bank = self.start("--fault", "drop-before:times=1")
        with self.assertRaises(http.client.RemoteDisconnected):
            bank.deposit("alice", "k1", 100)
        self.assertEqual(bank.ledger(), {"accounts": {}, "deposits": []})
        self.assertEqual(bank.deposit("alice", "k1", 100).status, 201)

    def test_drop_after_credits_then_closes_without_reply(self) -> None:
        bank = self.start("--fault", "drop-after:times=1")
        with self.assertRaises(http.client.RemoteDisconnected):
            bank.deposit("alice", "k1", 100)
        deposits = bank.ledger()["deposits"]
        self.assertEqual([(d["account"], d["idempotency_key"], d["amount_cents"]) for d in deposits],
                         [("alice", "k1", 100)])
        replay = bank.deposit("alice", "k1", 100)
        self.assertEqual(replay.status, 200, "the client's retry with the same key is not credited twice")
        self.assertEqual(replay.json(), {"deposit_id": "dep-000001", "account": "alice", "amount_cents": 100,
                                         "balance_cents": 100})
        self.assertEqual(len(bank.ledger()["deposits"]), 1)

    def test_garbage_credits_and_replies_201_with_a_non_json_body(self) -> None:
        bank = self.start("--fault", "garbage:times=1")
        reply = bank.deposit("alice", "k1", 100)
        self.assertEqual(reply.status, 201)
        self.assertEqual(reply.body, b"<html>oops</html>")
        self.assertEqual(reply.headers["Content-Length"], str(len(reply.body)))
        self.assertEqual(reply.headers["Content-Type"], "text/html; charset=utf-8")
        self.assertEqual(bank.balance().json()["balance_cents"], 100)

    def test_truncate_credits_and_closes_in_the_middle_of_the_body(self) -> None:
        bank = self.start("--fault", "truncate:times=1")
        connection = bank.connection()
        connection.request("POST", DEPOSITS.format("alice"), body=deposit_body(100),
                           headers={"Content-Type": "application/json", "Idempotency-Key": "k1"})
        response = connection.getresponse()
        self.assertEqual(response.status, 201)
        announced = int(response.headers["Content-Length"])
        with self.assertRaises(http.client.IncompleteRead) as caught:
            response.read()
        self.assertEqual(len(caught.exception.partial), announced // 2)
        connection.close()
        self.assertEqual(bank.balance().json()["balance_cents"], 100)

    def test_oversize_credits_and_pads_the_body(self) -> None:
        bank = self.start("--fault", "oversize:bytes=200000,times=1", "--fault", "oversize")
        reply = bank.deposit("alice", "k1", 100)
        self.assertEqual(reply.status, 201)
        self.assertEqual(len(reply.body), 200000)
        body = reply.json()
        self.assertEqual(set(body["padding"]), {"x"})
        del body["padding"]
        self.assertEqual(body, {"deposit_id": "dep-000001", "account": "alice", "amount_cents": 100,
                                "balance_cents": 100})
        self.assertEqual(len(bank.deposit("alice", "k2", 100).body), 1048576, "the default size")
        self.assertEqual(bank.balance().json()["balance_cents"], 200)

    def test_delay_replies_late_after_crediting(self) -> None:
        bank = self.start("--fault", "delay:seconds=0.5,times=1")
        started = time.monotonic()
        reply = bank.deposit("alice", "k1", 100)
        self.assertGreaterEqual(time.monotonic() - started, 0.5)
        self.assertEqual(reply.status, 201)
        started = time.monotonic()
        self.assertEqual(bank.deposit("alice", "k2", 100).status, 201)
        self.assertLess(time.monotonic() - started, 0.5, "the budget of one is spent")

    def test_stall_body_sends_half_the_body_then_waits(self) -> None:
        bank = self.start("--fault", "stall-body:seconds=0.6")
        connection = bank.connection()
        started = time.monotonic()
        connection.request("POST", DEPOSITS.format("alice"), body=deposit_body(100),
                           headers={"Content-Type": "application/json", "Idempotency-Key": "k1"})
        response = connection.getresponse()
        headers_at = time.monotonic() - started
        self.assertEqual(response.status, 201)
        first_half = response.read1(1024)
        body = first_half + response.read()
        finished_at = time.monotonic() - started
        connection.close()
        self.assertLess(headers_at, 0.5)
        self.assertGreaterEqual(finished_at, 0.6)
        self.assertEqual(len(first_half), len(body) // 2)
        self.assertEqual(json.loads(body), {"deposit_id": "dep-000001", "account": "alice",
                                            "amount_cents": 100, "balance_cents": 100})

    def test_faults_apply_in_order_until_their_budget_is_spent(self) -> None:
        bank = self.start("--fault", "status:code=502,times=1", "--fault", "status:code=504,times=2")
        statuses = [bank.deposit("alice", f"k{i}", 100).status for i in range(4)]
        self.assertEqual(statuses, [502, 504, 504, 201])

    def test_faults_skip_requests_that_are_not_well_formed_deposits(self) -> None:
        bank = self.start("--fault", "status:code=503,times=1")
        self.assertEqual(bank.deposit(amount_cents=0).status, 400)
        self.assertEqual(bank.balance("alice").status, 404)
        self.assertEqual(bank.deposit().status, 503)
        self.assertEqual(bank.deposit().status, 201)

    def test_rate_uses_the_seeded_random_generator(self) -> None:
        bank = self.start("--fault", "status:code=503,rate=0.5", "--seed", "42")
        draws = random.Random(42)
        expected = [503 if draws.random() < 0.5 else 201 for _ in range(20)]
        statuses = [bank.deposit("alice", f"k{i}", 1).status for i in range(20)]
        self.assertEqual(statuses, expected)
        self.assertIn(503, statuses)
        self.assertIn(201, statuses)

    def test_rate_zero_never_applies(self) -> None:
        bank = self.start("--fault", "drop-before:rate=0")
        self.assertEqual([bank.deposit("alice", f"k{i}", 1).status for i in range(5)], [201] * 5)


class ControlTests(SimulatorTestCase):

    def test_health(self) -> None:
        bank = self.start()
        reply = bank.request("GET", "/_control/health")
        self.assertEqual((reply.status, reply.body), (200, b'{"ok":true}'))

    def test_replace_list_and_clear_faults(self) -> None:
        bank = self.start("--fault", "delay:seconds=5")
        reply = bank.request("POST", "/_control/faults",
                             json.dumps({"faults": ["drop-after:times=1", "status:code=503,retry_after=1,rate=1"]}).encode(),
                             {"Content-Type": "application/json"})
        self.assertEqual(reply.status, 200)
        expected = [
            {"spec": "drop-after:times=1", "kind": "drop-after", "params": {}, "times": 1, "rate": 1.0,
             "remaining": 1, "applied": 0},
            {"spec": "status:code=503,retry_after=1,rate=1", "kind": "status",
             "params": {"code": 503, "retry_after": 1}, "times": None, "rate": 1.0, "remaining": None,
             "applied": 0},
        ]
        self.assertEqual(reply.json(), {"faults": expected})
        with self.assertRaises(http.client.RemoteDisconnected):
            bank.deposit("alice", "k1", 100)
        self.assertEqual(bank.deposit("alice", "k2", 100).status, 503)
        expected[0].update(remaining=0, applied=1)
        expected[1].update(applied=1)
        self.assertEqual(bank.request("GET", "/_control/faults").json(), {"faults": expected})
        self.assertEqual(bank.request("DELETE", "/_control/faults").json(), {"faults": []})
        self.assertEqual(bank.request("GET", "/_control/faults").json(), {"faults": []})
        self.assertEqual(bank.deposit("alice", "k1", 100).status, 200, "k1 was credited by drop-after")
        self.assertEqual(bank.balance().json()["balance_cents"], 100)

    def test_malformed_control_requests_are_400_and_keep_the_faults(self) -> None:
        bank = self.start("--fault", "garbage:times=3")
        before = bank.request("GET", "/_control/faults").json()
        cases = [
            (b"not json", "the request body is not valid JSON"),
            (b"[]", "the request body must be a JSON object"),
            (b'{"faults": "drop-after"}', 'the body must be {"faults": ["KIND:key=value,...", ...]}'),
            (b'{"faults": [1]}', 'the body must be {"faults": ["KIND:key=value,...", ...]}'),
            (b'{"faults": ["explode"]}', "fault 'explode': unknown kind 'explode' (known kinds: delay, "
                                          "stall-body, status, drop-before, drop-after, garbage, truncate, oversize)"),
            (b'{"faults": ["delay:seconds=-1"]}', "fault 'delay:seconds=-1': seconds must be between 0 and 3600 "
                                                   "seconds, got '-1'"),
            (b'{"faults": ["status:code=503,colour=red"]}', "fault 'status:code=503,colour=red': unknown key "
                                                             "'colour' for status (allowed: code, retry_after, times, rate)"),
            (b'{"faults": ["drop-after:times=0"]}', "fault 'drop-after:times=0': times must be between 1 and "
                                                     "1000000000, got '0'"),
            (b'{"faults": ["drop-after:rate=2"]}', "fault 'drop-after:rate=2': rate must be a probability "
                                                    "between 0 and 1, got '2'"),
            (b'{"faults": ["truncate:times"]}', "fault 'truncate:times': expected key=value, got 'times'"),
            (b'{"faults": [""]}', "a fault spec must be a non-empty string like 'drop-after:times=1'"),
        ]
        for body, message in cases:
            with self.subTest(body):
                self.assertError(bank.request("POST", "/_control/faults", body), 400, message)
        self.assertEqual(bank.request("GET", "/_control/faults").json(), before)

    def test_ledger_endpoint_returns_the_ledger(self) -> None:
        bank = self.start()
        bank.deposit("alice", "k1", 100)
        reply = bank.request("GET", "/_control/ledger")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.json(), bank.ledger())


@unittest.skipUnless(shutil.which("openssl"), "the openssl command-line tool is not installed")
class TlsTests(SimulatorTestCase):

    def make_certificate(self) -> Tuple[Path, Path]:
        cert, key = self.directory / "cert.pem", self.directory / "key.pem"
        result = subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1"],
            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
        if result.returncode != 0:
            self.skipTest(f"openssl could not make a certificate: {result.stderr.strip()}")
        return cert, key

    def test_serves_https_with_the_given_certificate(self) -> None:
        cert, key = self.make_certificate()
        bank = self.start("--tls-cert", str(cert), "--tls-key", str(key))
        self.assertEqual(bank.first_line, f"bank simulator listening on https://127.0.0.1:{bank.port}\n")
        bank.ssl_context = ssl.create_default_context(cafile=str(cert))
        connection = bank.connection()
        first = bank.deposit("alice", "k1", 100, connection=connection)
        second = bank.deposit("alice", "k1", 100, connection=connection)
        self.assertIsInstance(connection.sock, ssl.SSLSocket)
        connection.close()
        self.assertEqual((first.status, second.status), (201, 200))
        self.assertEqual(first.body, second.body)
        self.assertEqual(bank.balance().json(), {"account": "alice", "balance_cents": 100})

    def test_refuses_plain_http_and_untrusted_clients(self) -> None:
        cert, key = self.make_certificate()
        bank = self.start("--tls-cert", str(cert), "--tls-key", str(key))
        plain = http.client.HTTPConnection(bank.host, bank.port, timeout=HTTP_TIMEOUT)
        with self.assertRaises((http.client.RemoteDisconnected, ConnectionError, http.client.BadStatusLine)):
            plain.request("GET", "/_control/health")
            plain.getresponse()
        plain.close()
        bank.ssl_context = ssl.create_default_context()  # does not trust the self-signed certificate
        with self.assertRaises(ssl.SSLCertVerificationError):
            bank.request("GET", "/_control/health")
        self.assertIn("TLS handshake failed", bank.stderr())


if __name__ == "__main__":
    unittest.main()
