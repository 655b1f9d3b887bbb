"""The HTTP side: the request handler (routing, checks, replies, faults) and the threaded server.

`BankRequestHandler` serves the bank's interface and the control endpoint over HTTP/1.1 with
keep-alive; `BankServer` holds the ledger, the faults and the shutdown state, and serves each
connection on a thread of its own (kept for later connections), over TLS when asked.
"""

from __future__ import annotations

import contextlib
import hmac
import http.client
import io
import ipaddress
import queue
import socket
import socketserver
import ssl
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, List, Mapping, Optional, Tuple
from urllib.parse import urlsplit

from .clock import http_date
from .faults import FAULTS_BEFORE_PROCESSING, GARBAGE_BODY, Fault, FaultPlan, FaultSpecError, pad_json_object, parse_fault
from .http_headers import SIMPLE_REQUEST_LINE, RequestHeaders, read_header_lines
from .ledger import Conflict, Ledger
from .log import Log
from .protocol import (ACCOUNT_PATH, DEPOSITS_PATH, JSON_CONTENT_TYPE, MAX_BODY_BYTES, ApiError, json_bytes,
                       parse_deposit_body, parse_json_object, validate_account, validate_idempotency_key,
                       validate_json_content_type)

REPLY_BUFFER_BYTES = 64 * 1024
IDLE_TIMEOUT_SECONDS = 30.0  # an idle keep-alive connection (or a stalled upload) is closed
TLS_HANDSHAKE_TIMEOUT_SECONDS = 10.0
IDLE_WORKER_SECONDS = 60.0  # how long a connection thread waits for another connection before it ends
LINGER_SECONDS = 1.0  # how long to drain a refused request body before closing
LINGER_MAX_BYTES = 1024 * 1024


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
