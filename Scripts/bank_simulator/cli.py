"""The command line: arguments, start-up, the listening line, signals, shutdown and exit status.

`main` checks the arguments (exit 2 with usage), loads and writes the ledger (exit 1 when it
cannot), listens, prints `bank simulator listening on URL` on stdout, and serves until SIGTERM
or SIGINT, then lets requests in flight finish and writes the ledger (exit 0).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import signal
import socket
import ssl
import sys
import threading
from typing import Any, List, Mapping, Optional, Tuple

from .faults import FAULT_KINDS, Fault, FaultPlan, FaultSpecError, parse_fault
from .http_server import BankServer
from .ledger import Ledger, LedgerError
from .log import PROGRAM, Log

LOOPBACK_HOSTS: Mapping[str, Tuple[socket.AddressFamily, str]] = {
    "127.0.0.1": (socket.AF_INET, "127.0.0.1"),
    "localhost": (socket.AF_INET, "127.0.0.1"),
    "::1": (socket.AF_INET6, "::1"),
}
SHUTDOWN_GRACE_SECONDS = 2.0

EXIT_OK = 0
EXIT_RUNTIME_ERROR = 1
EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    """The command line, as pinned in the task (other code relies on it)."""
    parser = argparse.ArgumentParser(
        prog="bank-simulator.py",
        description="A bank on loopback that speaks the Wiring bank interface (Scripts/README-bank-simulator.md).")
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
