"""Tests of the command line (Scripts/bank_simulator/cli.py): arguments, the listening line,
hosts, signals and exit statuses.

Each test runs Scripts/bank-simulator.py as a subprocess. Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""

from __future__ import annotations

import signal
import socket
import threading
import time
import unittest
from typing import Any, Dict

from simulator_support import EXIT_TIMEOUT, HTTP_TIMEOUT, SimulatorTestCase


class CommandLineTests(SimulatorTestCase):
    """Arguments, the line printed once listening, and the hosts it binds."""

    def test_startup_line_names_the_port_it_listens_on(self) -> None:
        bank = self.start()
        self.assertEqual(bank.first_line, f"bank simulator listening on http://127.0.0.1:{bank.port}\n")
        self.assertNotEqual(bank.port, 0)
        self.assertEqual(bank.request("GET", "/_control/health").json(), {"ok": True})

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


class LifecycleTests(SimulatorTestCase):
    """Stopping on SIGINT and SIGTERM: requests in flight finish, the ledger is saved, exit 0."""

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


if __name__ == "__main__":
    unittest.main()
