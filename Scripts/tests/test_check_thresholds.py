"""Tests of the parts of Scripts/check-thresholds that need no valgrind: reading callgrind's
totals, the note about another toolchain, and the refusal of a broken threshold file. Run from
the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""
import contextlib
import io
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
                                                "--file", str(path)])
        self.assertEqual(status, 3)
        self.assertEqual(errors.getvalue(), f"check-thresholds: cannot read the thresholds: {path}:1: expected 4 "
                                            "tab-separated fields (figure, instructions, tolerance, what), found 2\n")

    def test_a_missing_file_exits_3_and_says_how_to_create_it(self):
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors):
            status = check_thresholds.main(["--bench-binary", "/x", "--modules", "/x", "--file", "/nonexistent/T.tsv"])
        self.assertEqual(status, 3)
        self.assertEqual(errors.getvalue(), "check-thresholds: /nonexistent/T.tsv does not exist; "
                                            "create it with Scripts/check-thresholds --update\n")

    def test_bad_arguments_exit_64(self):
        with contextlib.redirect_stderr(io.StringIO()), self.assertRaises(SystemExit) as raised:
            check_thresholds.main(["--jobs", "2"])
        self.assertEqual(raised.exception.code, 64)


if __name__ == "__main__":
    unittest.main()
