"""Tests of the HTTP side (Scripts/bank_simulator/http_server.py and http_headers.py).

Requests, replies and their exact bytes, request parsing, the bearer token, connection threads
and TLS. Most start the simulator as a subprocess and talk to it over real HTTP on 127.0.0.1,
with `http.client` or raw sockets; the header parser and the connection threads are also tested
in process. Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""

from __future__ import annotations

import contextlib
import email.utils
import http.client
import io
import json
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import unittest
from datetime import datetime, timezone
from http import HTTPStatus
from pathlib import Path
from typing import Any, Dict, List, Tuple

from simulator_support import (DATE_LINE, DEPOSIT_BODY, DEPOSIT_LINE, DEPOSITS, HTTP_TIMEOUT, Reply, Simulator,
                               SimulatorTestCase, created, deposit_body, error_reply, json_reply, raw_deposit,
                               receive_all, receive_head)

from bank_simulator import http_server
from bank_simulator.clock import http_date, utc_timestamp
from bank_simulator.faults import FaultPlan
from bank_simulator.http_headers import RequestHeaders, read_header_lines
from bank_simulator.ledger import Ledger
from bank_simulator.log import Log


class RequestTests(SimulatorTestCase):
    """Routing, validation, error replies, keep-alive and the request log."""

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
