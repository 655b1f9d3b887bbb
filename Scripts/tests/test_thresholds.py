"""Tests of the threshold file and its comparison (Scripts/lib/thresholds.py), which
Scripts/check-thresholds uses. Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "lib"))
import thresholds  # noqa: E402  (Scripts/lib is not a package)

PATH = "Benchmarks/Thresholds.tsv"
TEXT = (
    "# Instruction counts.\n"
    "# Measured: 2026-11-27 at abc1234\n"
    "#\n"
    "atm-build\t2800\t3%\tinstructions per build\n"
    "singleton-hit\t123\t5%\tinstructions per hit\n"
)


def file():
    return thresholds.parse(TEXT, PATH)


class ParseTests(unittest.TestCase):
    def test_reads_figures_and_keeps_the_header(self):
        parsed = file()
        self.assertEqual(parsed.header, ["# Instruction counts.", "# Measured: 2026-11-27 at abc1234", "#"])
        self.assertEqual(parsed.thresholds, [
            thresholds.Threshold("atm-build", 2800, 3, "instructions per build"),
            thresholds.Threshold("singleton-hit", 123, 5, "instructions per hit"),
        ])

    def test_writes_back_what_it_read(self):
        self.assertEqual(thresholds.format_file(file()), TEXT)

    def test_allowed_is_the_count_plus_the_tolerance_rounded_down(self):
        self.assertEqual(file().thresholds[0].allowed, 2884)
        self.assertEqual(file().thresholds[1].allowed, 129)  # 129.15

    def test_refuses_a_line_with_three_fields(self):
        with self.assertRaises(thresholds.ThresholdFileError) as raised:
            thresholds.parse("# h\natm-build\t2800\t3%\n", PATH)
        self.assertEqual(str(raised.exception), "Benchmarks/Thresholds.tsv:2: expected 4 tab-separated fields "
                                                "(figure, instructions, tolerance, what), found 3")

    def test_refuses_a_count_that_is_not_a_whole_number(self):
        with self.assertRaises(thresholds.ThresholdFileError) as raised:
            thresholds.parse("atm-build\t2800.5\t3%\tx\n", PATH)
        self.assertEqual(str(raised.exception),
                         "Benchmarks/Thresholds.tsv:1: instructions must be a whole number, found '2800.5'")

    def test_refuses_a_tolerance_without_per_cent(self):
        with self.assertRaises(thresholds.ThresholdFileError) as raised:
            thresholds.parse("atm-build\t2800\t0.03\tx\n", PATH)
        self.assertEqual(str(raised.exception), "Benchmarks/Thresholds.tsv:1: tolerance must be a whole number "
                                                "of per cent such as 3%, found '0.03'")

    def test_refuses_a_figure_twice(self):
        with self.assertRaises(thresholds.ThresholdFileError) as raised:
            thresholds.parse("a\t1\t3%\tx\na\t2\t3%\ty\n", PATH)
        self.assertEqual(str(raised.exception), "Benchmarks/Thresholds.tsv:2: a appears twice")


class CompareTests(unittest.TestCase):
    def test_passes_at_the_threshold(self):
        comparison = thresholds.compare(file(), {"atm-build": 2884, "singleton-hit": 129}, PATH)
        self.assertTrue(comparison.passed)
        self.assertEqual(comparison.failures, [])
        self.assertEqual(comparison.notes, [])
        self.assertEqual(comparison.passes, [
            "atm-build: 2,884 instructions (+3.0 % against 2,800; at most 2,884)",
            "singleton-hit: 129 instructions (+4.9 % against 123; at most 129)",
        ])

    def test_fails_one_instruction_over_the_threshold(self):
        comparison = thresholds.compare(file(), {"atm-build": 2885, "singleton-hit": 123}, PATH)
        self.assertFalse(comparison.passed)
        self.assertEqual(comparison.failures, [
            "atm-build: 2,885 instructions, over the 2,884 allowed (2,800 + 3 % in Benchmarks/Thresholds.tsv; "
            "+3.0 %). Find what made it slower (Benchmarks/README.md, \"Profiling\"), or, if the change is worth "
            "it, run Scripts/check-thresholds --update and commit Benchmarks/Thresholds.tsv with the numbers "
            "before and after in the commit body (a reviewed decision)",
        ])
        self.assertEqual(comparison.passes, ["singleton-hit: 123 instructions (+0.0 % against 123; at most 129)"])

    def test_names_bytes_for_a_size_figure(self):
        sized = thresholds.parse("wiring-object-bytes\t1000000\t3%\tbytes of Wiring's objects\n", PATH)
        comparison = thresholds.compare(sized, {"wiring-object-bytes": 1030001}, PATH)
        self.assertEqual(comparison.failures, [
            "wiring-object-bytes: 1,030,001 bytes, over the 1,030,000 allowed (1,000,000 + 3 % in "
            "Benchmarks/Thresholds.tsv; +3.0 %). Find what made it slower (Benchmarks/README.md, \"Profiling\"), "
            "or, if the change is worth it, run Scripts/check-thresholds --update and commit "
            "Benchmarks/Thresholds.tsv with the numbers before and after in the commit body (a reviewed decision)",
        ])

    def test_fails_a_regression_of_each_figure(self):
        comparison = thresholds.compare(file(), {"atm-build": 3500, "singleton-hit": 200}, PATH)
        self.assertEqual([failure.split(":")[0] for failure in comparison.failures], ["atm-build", "singleton-hit"])

    def test_notes_a_figure_more_than_ten_per_cent_better(self):
        comparison = thresholds.compare(file(), {"atm-build": 2519, "singleton-hit": 123}, PATH)
        self.assertTrue(comparison.passed)
        self.assertEqual(comparison.notes, [
            "atm-build: 2,519 instructions, -10.0 % against 2,800 in Benchmarks/Thresholds.tsv, more than 10 % "
            "better: lower the threshold so that CI keeps the gain (Scripts/check-thresholds --update, and commit "
            "Benchmarks/Thresholds.tsv with the numbers in the commit body)",
        ])

    def test_no_note_at_exactly_ten_per_cent_better(self):
        comparison = thresholds.compare(file(), {"atm-build": 2520, "singleton-hit": 123}, PATH)
        self.assertEqual(comparison.notes, [])
        self.assertEqual(len(comparison.passes), 2)

    def test_fails_a_figure_the_run_did_not_measure(self):
        comparison = thresholds.compare(file(), {"atm-build": 2800}, PATH)
        self.assertEqual(comparison.failures, [
            "singleton-hit: not measured by this run, but Benchmarks/Thresholds.tsv has a threshold for it; "
            "remove its line, or run Scripts/check-thresholds --update",
        ])

    def test_fails_a_figure_without_a_threshold(self):
        comparison = thresholds.compare(file(), {"atm-build": 2800, "singleton-hit": 123, "async-hit": 900}, PATH)
        self.assertEqual(comparison.failures, [
            "async-hit: measured (900 instructions) but Benchmarks/Thresholds.tsv has no threshold for it; "
            "run Scripts/check-thresholds --update and commit Benchmarks/Thresholds.tsv",
        ])


class UpdateTests(unittest.TestCase):
    def test_replaces_counts_and_the_measured_line_and_keeps_tolerances(self):
        new = thresholds.updated(file(), {"atm-build": 2700, "singleton-hit": 124},
                                 {}, "2026-11-28 at def5678")
        self.assertEqual(thresholds.format_file(new), (
            "# Instruction counts.\n"
            "# Measured: 2026-11-28 at def5678\n"
            "#\n"
            "atm-build\t2700\t3%\tinstructions per build\n"
            "singleton-hit\t124\t5%\tinstructions per hit\n"
        ))

    def test_adds_a_new_figure_with_the_default_tolerance(self):
        new = thresholds.updated(file(), {"atm-build": 2800, "singleton-hit": 123, "async-hit": 900},
                                 {"async-hit": "instructions per async hit"}, "now")
        self.assertEqual(new.thresholds[-1], thresholds.Threshold("async-hit", 900, 3, "instructions per async hit"))

    def test_adds_the_measured_line_when_the_header_has_none(self):
        new = thresholds.updated(thresholds.parse("# h\na\t1\t3%\tx\n", PATH), {"a": 2}, {}, "now")
        self.assertEqual(thresholds.format_file(new), "# h\n# Measured: now\na\t2\t3%\tx\n")

    def test_an_updated_file_passes_the_run_it_came_from(self):
        measured = {"atm-build": 3100, "singleton-hit": 90}
        self.assertTrue(thresholds.compare(thresholds.updated(file(), measured, {}, "now"), measured, PATH).passed)


class PerOperationTests(unittest.TestCase):
    def test_divides_the_difference_so_that_start_up_cancels(self):
        # 1,000,000 instructions of start-up, 2,799 per operation.
        self.assertEqual(thresholds.per_operation([1_000_000 + 10_000 * 2_799, 1_000_000 + 20_000 * 2_799],
                                                  [10_000, 20_000]), 2_799)

    def test_rounds_to_the_nearest_instruction(self):
        # 1,000.7 instructions per operation.
        self.assertEqual(thresholds.per_operation([100 + 2_000, 100 + 1_002_000 + 700], [2, 1_002]), 1_001)

    def test_refuses_counts_that_do_not_grow(self):
        with self.assertRaises(ValueError):
            thresholds.per_operation([1, 2], [5, 5])


if __name__ == "__main__":
    unittest.main()
