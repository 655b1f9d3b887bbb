"""Tests of fault injection (Scripts/bank_simulator/faults.py) and of the control endpoint.

Each test starts the simulator as a subprocess with `--fault` specs, or sets them through
`/_control/faults`, and checks what the client sees and what the ledger holds. Run from the
repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""

from __future__ import annotations

import http.client
import json
import random
import time
import unittest

from simulator_support import DEPOSITS, SimulatorTestCase, deposit_body


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


if __name__ == "__main__":
    unittest.main()
