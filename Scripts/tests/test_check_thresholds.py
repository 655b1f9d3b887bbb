"""Tests of the parts of Scripts/check-thresholds that need no valgrind: reading callgrind's
totals, the note about another toolchain, and the refusal of a broken threshold file. Run from
the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""
import contextlib
import io
import os
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "lib"))
import callgrind_figures  # noqa: E402  (Scripts/lib is not a package)
import check_thresholds  # noqa: E402
import thresholds  # noqa: E402


class CallgrindTotalTests(unittest.TestCase):
    def test_reads_the_summary_line(self):
        output = "version: 1\ncmd: wiring-bench\nevents: Ir\nsummary: 69571535\n\nfn=(1) main\n1 5\ntotals: 69571535\n"
        self.assertEqual(callgrind_figures.callgrind_total(output), 69_571_535)

    def test_refuses_an_output_without_totals(self):
        with self.assertRaises(callgrind_figures.MeasurementError) as raised:
            callgrind_figures.callgrind_total("events: Ir\n")
        self.assertEqual(str(raised.exception), "callgrind's output has no summary line")


class ObjectBytesTests(unittest.TestCase):
    def test_reads_the_totals_line_of_size(self):
        output = ("   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
                  "  1000\t     20\t      4\t   1024\t    400\ta.o\n"
                  "1106051\t  43384\t  30864\t1180299\t 12028b\t(TOTALS)\n")
        self.assertEqual(callgrind_figures.object_bytes_total(output), 1_180_299)

    def test_refuses_an_output_without_totals(self):
        with self.assertRaises(callgrind_figures.MeasurementError) as raised:
            callgrind_figures.object_bytes_total("  1000\t 20\t 4\t 1024\t 400\ta.o\n")
        self.assertEqual(str(raised.exception), "size printed no (TOTALS) line")


class CompileCounterTests(unittest.TestCase):
    """The module's compile figure: a counter of the newest release compile job of the module."""

    JOB = "stats-{}-swift-frontend-{}-all-x86_64_unknown_linux_gnu-o-O-{}.json"

    def write(self, folder, name, text, mtime):
        path = pathlib.Path(folder) / name
        path.write_text(text)
        os.utime(path, (mtime, mtime))

    def test_reads_the_newest_optimised_compile_of_the_module(self):
        with tempfile.TemporaryDirectory() as folder:
            self.write(folder, self.JOB.format(1, "Wiring", 7), '{"IRModule.NumIRInsts": 140518}', 1_000)
            self.write(folder, self.JOB.format(2, "Wiring", 8), '{"IRModule.NumIRInsts": 139000}', 2_000)
            self.write(folder, self.JOB.format(3, "WiringTesting", 9), '{"IRModule.NumIRInsts": 5}', 3_000)
            self.write(folder, "stats-4-swift-frontend-Wiring-all-x86_64_unknown_linux_gnu-swiftmodule-O-1.json",
                       '{"IRModule.NumIRInsts": 6}', 4_000)
            self.assertEqual(callgrind_figures.compile_counter(pathlib.Path(folder), "Wiring", "IRModule.NumIRInsts"),
                             139_000)

    def test_says_how_to_get_counters_when_there_are_none(self):
        with tempfile.TemporaryDirectory() as folder, self.assertRaises(callgrind_figures.MeasurementError) as raised:
            callgrind_figures.compile_counter(pathlib.Path(folder), "Wiring", "IRModule.NumIRInsts")
        self.assertEqual(str(raised.exception), f"no compiler counters of Wiring's release compile in {folder}: build "
                                                "the release scope through Scripts/lib/release-scope.sh, which asks the "
                                                "compiler for them")

    def test_refuses_a_job_without_the_counter(self):
        with tempfile.TemporaryDirectory() as folder, self.assertRaises(callgrind_figures.MeasurementError) as raised:
            self.write(folder, self.JOB.format(1, "Wiring", 7), '{"AST.NumDecls": 298}', 1_000)
            callgrind_figures.compile_counter(pathlib.Path(folder), "Wiring", "IRModule.NumIRInsts")
        self.assertEqual(str(raised.exception), f"{folder}/{self.JOB.format(1, 'Wiring', 7)} has no IRModule.NumIRInsts")

    def test_refuses_a_job_that_is_not_json(self):
        with tempfile.TemporaryDirectory() as folder, self.assertRaises(callgrind_figures.MeasurementError) as raised:
            self.write(folder, self.JOB.format(1, "Wiring", 7), '{"IRModule.NumIRInsts": 14', 1_000)
            callgrind_figures.compile_counter(pathlib.Path(folder), "Wiring", "IRModule.NumIRInsts")
        self.assertTrue(str(raised.exception).startswith(f"cannot read the compiler's counters in {folder}/"))


class ToolchainNoteTests(unittest.TestCase):
    FILE = thresholds.parse("# Measured: 2026-11-27 at abc; Swift version 6.3.1; valgrind-3.19.0\na\t1\t3%\tx\n", "T")

    def test_notes_another_swift(self):
        self.assertEqual(check_thresholds.toolchain_note(self.FILE, "Swift version 6.4 (swift-6.4-RELEASE)"),
                         "the thresholds were measured with Swift version 6.3.1 and this run uses Swift version 6.4; "
                         "a new toolchain moves the counts, so if nothing else changed, update the file "
                         "(Scripts/check-thresholds --update)")

    def test_says_nothing_for_the_same_swift(self):
        self.assertEqual(check_thresholds.toolchain_note(self.FILE, "Swift version 6.3.1 (swift-6.3.1-RELEASE)"), "")


class FileErrorTests(unittest.TestCase):
    def test_a_broken_file_exits_3_before_measuring(self):
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "Thresholds.tsv"
            path.write_text("atm-build\t2851\n")
            errors = io.StringIO()
            with contextlib.redirect_stderr(errors):
                status = check_thresholds.main(["--bench-binary", "/nonexistent", "--modules", "/nonexistent",
                                                "--compile-stats", "/nonexistent", "--file", str(path)])
        self.assertEqual(status, 3)
        self.assertEqual(errors.getvalue(), f"check-thresholds: cannot read the thresholds: {path}:1: expected 4 "
                                            "tab-separated fields (figure, instructions, tolerance, what), found 2\n")

    def test_a_missing_file_exits_3_and_says_how_to_create_it(self):
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors):
            status = check_thresholds.main(["--bench-binary", "/x", "--modules", "/x", "--compile-stats", "/x",
                                            "--file", "/nonexistent/T.tsv"])
        self.assertEqual(status, 3)
        self.assertEqual(errors.getvalue(), "check-thresholds: /nonexistent/T.tsv does not exist; "
                                            "create it with Scripts/check-thresholds --update\n")

    def test_bad_arguments_exit_64(self):
        with contextlib.redirect_stderr(io.StringIO()), self.assertRaises(SystemExit) as raised:
            check_thresholds.main(["--jobs", "2"])
        self.assertEqual(raised.exception.code, 64)


if __name__ == "__main__":
    unittest.main()
