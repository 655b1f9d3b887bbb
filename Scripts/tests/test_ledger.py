"""Tests of the ledger (Scripts/bank_simulator/ledger.py): credits, replays, conflicts, the file.

Most go through a simulator subprocess over real HTTP on 127.0.0.1; the group commit tests drive
a `Ledger` in process. Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import unittest
from pathlib import Path
from typing import Any, Dict, List

from simulator_support import HTTP_TIMEOUT, Reply, SimulatorTestCase, run_threads

from bank_simulator.ledger import Conflict, Ledger, PendingDeposit


class DepositTests(SimulatorTestCase):
    """Credits, replays and conflicts, and the ledger file that records them."""

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


class LedgerFileTests(SimulatorTestCase):
    """The ledger file across restarts, and files the simulator refuses to start with."""

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


if __name__ == "__main__":
    unittest.main()
