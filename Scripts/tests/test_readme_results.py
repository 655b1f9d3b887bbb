"""Tests of the rewrite of Benchmarks/README.md's results (Scripts/lib/readme_results.py), which
`Scripts/bench --markdown` runs. Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""
import json
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "lib"))
import readme_results  # noqa: E402  (Scripts/lib is not a package)

BEGIN, END = readme_results.BEGIN, readme_results.END
ENVIRONMENT = {"cpu": "Test CPU", "cores": 2, "toolchain": "Swift version 6.3.1 (swift-6.3.1-RELEASE)",
               "date": "2026-11-27 09:00 UTC", "mode": "full"}
MARKDOWN = ("| Scenario | Measurement |\n| --- | --- |\n| 1. ATM | 200 ns/op |\n"
            "\n| Target | Measured | Met |\n| --- | --- | --- |\n| ATM | 1.2× | yes |\n")
README = f"# Title\n\n## Results\n\n{BEGIN}\nold table\n{END}\n\n### Reading the numbers\n\nprose\n"


class ResultsBlockTests(unittest.TestCase):
    def test_names_the_machine_date_and_commit_then_both_tables(self):
        self.assertEqual(readme_results.results_block(ENVIRONMENT, MARKDOWN, "abc1234", "24 GiB, Debian 12"), (
            "Machine: Test CPU, 2 cores (`nproc`), 24 GiB, Debian 12. Toolchain: Swift version 6.3.1 "
            "(swift-6.3.1-RELEASE). Date: 2026-11-27 09:00 UTC, a full run (`Scripts/bench --markdown`). "
            "Wiring at abc1234.\n"
            "\n| Scenario | Measurement |\n| --- | --- |\n| 1. ATM | 200 ns/op |\n"
            "\n### Targets\n"
            "\n| Target | Measured | Met |\n| --- | --- | --- |\n| ATM | 1.2× | yes |\n"
        ))

    def test_puts_the_cost_of_depending_after_the_scenarios_and_its_targets_with_theirs(self):
        depending = ("| What depending costs a clean build | With Wiring |\n| --- | ---: |\n| debug: the app | 45.00 s |\n"
                     "\n| Target | Measured | Met |\n| --- | --- | --- |\n| module ≤ 1.5× Swinject's | 2.6× | **no** |\n")
        self.assertEqual(readme_results.results_block(ENVIRONMENT, MARKDOWN, "abc1234", "m", depending), (
            "Machine: Test CPU, 2 cores (`nproc`), m. Toolchain: Swift version 6.3.1 "
            "(swift-6.3.1-RELEASE). Date: 2026-11-27 09:00 UTC, a full run (`Scripts/bench --markdown`). "
            "Wiring at abc1234.\n"
            "\n| Scenario | Measurement |\n| --- | --- |\n| 1. ATM | 200 ns/op |\n"
            "\n### The cost of depending, in the same run\n"
            "\nBenchmarks/Scripts/dependency-cost (\"The cost of depending on Wiring\" below says how the apps are built):\n"
            "\n| What depending costs a clean build | With Wiring |\n| --- | ---: |\n| debug: the app | 45.00 s |\n"
            "\n### Targets\n"
            "\n| Target | Measured | Met |\n| --- | --- | --- |\n| ATM | 1.2× | yes |\n"
            "| module ≤ 1.5× Swinject's | 2.6× | **no** |\n"
        ))

    def test_refuses_depending_targets_of_other_columns(self):
        depending = "| a |\n| --- |\n| b |\n\n| Goal | Met |\n| --- | --- |\n| x | yes |\n"
        with self.assertRaises(ValueError) as raised:
            readme_results.results_block(ENVIRONMENT, MARKDOWN, "abc1234", "m", depending)
        self.assertEqual(str(raised.exception), "dependency-cost's targets table does not have wiring-bench's columns")

    def test_refuses_markdown_without_the_targets_table(self):
        with self.assertRaises(ValueError):
            readme_results.results_block(ENVIRONMENT, "| a |\n| --- |\n", "abc1234", "m")


class ReplaceTests(unittest.TestCase):
    def test_replaces_only_what_is_between_the_markers(self):
        self.assertEqual(readme_results.replace_between_markers(README, "new table\n"),
                         f"# Title\n\n## Results\n\n{BEGIN}\nnew table\n{END}\n\n### Reading the numbers\n\nprose\n")

    def test_a_second_rewrite_gives_the_same_text(self):
        once = readme_results.replace_between_markers(README, "new table")
        self.assertEqual(readme_results.replace_between_markers(once, "new table"), once)

    def test_refuses_a_readme_without_markers(self):
        with self.assertRaises(readme_results.MarkerError) as raised:
            readme_results.replace_between_markers("# Title\n", "x")
        self.assertEqual(str(raised.exception), "expected one begin marker and one end marker, found 0 and 0; "
                                                f"put the results between\n{BEGIN}\nand\n{END}")

    def test_refuses_two_begin_markers(self):
        with self.assertRaises(readme_results.MarkerError):
            readme_results.replace_between_markers(f"{BEGIN}\n{BEGIN}\n{END}\n", "x")

    def test_refuses_markers_in_the_wrong_order(self):
        with self.assertRaises(readme_results.MarkerError) as raised:
            readme_results.replace_between_markers(f"{END}\n{BEGIN}\n", "x")
        self.assertEqual(str(raised.exception), "the end marker comes before the begin marker")


class MainTests(unittest.TestCase):
    def run_main(self, readme_text):
        with tempfile.TemporaryDirectory() as folder:
            folder = pathlib.Path(folder)
            (folder / "run.json").write_text(json.dumps({"environment": ENVIRONMENT, "rows": [], "targets": []}))
            (folder / "run.md").write_text(MARKDOWN)
            readme = folder / "README.md"
            readme.write_text(readme_text)
            status = readme_results.main(["--json", str(folder / "run.json"), "--markdown", str(folder / "run.md"),
                                          "--commit", "abc1234", "--readme", str(readme)])
            return status, readme.read_text()

    def test_rewrites_the_readme(self):
        status, text = self.run_main(README)
        self.assertEqual(status, 0)
        self.assertIn("Wiring at abc1234.\n\n| Scenario | Measurement |", text)
        self.assertTrue(text.endswith(f"| ATM | 1.2× | yes |\n{END}\n\n### Reading the numbers\n\nprose\n"))
        self.assertNotIn("old table", text)

    def test_leaves_a_readme_without_markers_as_it_was(self):
        status, text = self.run_main("# Title\n")
        self.assertEqual(status, 1)
        self.assertEqual(text, "# Title\n")


if __name__ == "__main__":
    unittest.main()
