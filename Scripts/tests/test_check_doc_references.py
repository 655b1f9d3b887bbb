"""Tests of Scripts/check-doc-references.py on a small fixture tree, and on the repository."""
import importlib.util
import pathlib
import tempfile
import textwrap
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "check-doc-references.py"
spec = importlib.util.spec_from_file_location("check_doc_references", SCRIPT)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

FIX = "correct the name, or drop the backquotes if it is not a file of this repository"


class DocReferenceTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.folder.name)
        for path in ["Scripts/bench", "Scripts/bank_simulator/cli.py", "Sources/Wiring/Unsafe/ResolverBox.swift",
                     "Sources/Wiring/Pipeline/3-Link/AnyNode+Effects.swift", "Benchmarks/Sources/WiringBench/Probes.swift",
                     "Package.swift"]:
            self.write(path, "")

    def tearDown(self):
        self.folder.cleanup()

    def write(self, path, text):
        file = self.root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(textwrap.dedent(text), encoding="utf-8")

    def test_names_that_exist_and_spans_that_are_not_file_names_pass(self):
        self.write("README.md", """\
            Run `Scripts/bench --only atm` or `Scripts/bench`; see `Package.swift`, `Unsafe/ResolverBox`,
            `Pipeline/3-Link/`, `cli.py` and `AnyNode+Effects`. Not files: `text/html`, `DIR/index.html`,
            `WIRING_PACKAGE_PATH=/path/to/x`, `/dev/shm`, `~/.local/state/atm/journal.json`, `main.swift`,
            `.package(path: "../wiring")`, ``Binder/bindFactory(_:file:line:)``, `orders/42`.

            ```
            `Scripts/gone` in a fenced block is code, not a reference
            ```
            """)
        self.write("Benchmarks/README.md", "The probes are in `Sources/WiringBench/Probes.swift`.\n")
        self.assertEqual(check.problems(self.root), [])

    def test_each_kind_of_missing_name_is_reported_with_document_and_line(self):
        self.write("ARCHITECTURE.md", """\
            # Architecture

            Run `Scripts/nope --fast`; linking builds resolvers (`Linker+Effects`),
            kept in `Unsafe/Gone` and `Sources/Wiring/Gone/`, served by `gone.py`.
            """)
        self.assertEqual(check.problems(self.root), [
            f"ARCHITECTURE.md:3: `Scripts/nope --fast` names Scripts/nope, which is not in the repository; {FIX}",
            f"ARCHITECTURE.md:3: `Linker+Effects` names Linker+Effects, which is not in the repository; {FIX}",
            f"ARCHITECTURE.md:4: `Unsafe/Gone` names Unsafe/Gone, which is not in the repository; {FIX}",
            f"ARCHITECTURE.md:4: `Sources/Wiring/Gone/` names Sources/Wiring/Gone/, which is not in the repository; {FIX}",
            f"ARCHITECTURE.md:4: `gone.py` names gone.py, which is not in the repository; {FIX}",
        ])

    def test_docc_articles_and_script_readmes_are_read(self):
        self.write("Sources/Wiring/Wiring.docc/Article.md", "See `Unsafe/Missing`.\n")
        self.write("Scripts/README-tool.md", "Run `Scripts/tool`.\n")
        self.assertEqual(check.problems(self.root), [
            f"Scripts/README-tool.md:1: `Scripts/tool` names Scripts/tool, which is not in the repository; {FIX}",
            f"Sources/Wiring/Wiring.docc/Article.md:1: `Unsafe/Missing` names Unsafe/Missing, which is not in the repository; {FIX}",
        ])

    def test_only_the_changelogs_first_entry_is_read(self):
        self.write("CHANGELOG.md", """\
            # Changelog

            ## Unreleased

            - `Scripts/renamed`.

            ## 0.1.0

            - `Scripts/removed-since`.
            """)
        self.assertEqual(check.problems(self.root), [
            f"CHANGELOG.md:5: `Scripts/renamed` names Scripts/renamed, which is not in the repository; {FIX}",
        ])

    def test_the_files_generated_at_bench_time_count_as_the_repositorys(self):
        self.write("Benchmarks/Scripts/generate-scale.py", "def outputs():\n    return {'WiringScale600/ScaleGroup00.swift': ''}\n")
        self.write("Benchmarks/README.md", "Type-check `ScaleGroup00.swift`, not `ScaleGroup99.swift`.\n")
        self.assertEqual(check.problems(self.root), [
            f"Benchmarks/README.md:1: `ScaleGroup99.swift` names ScaleGroup99.swift, which is not in the repository; {FIX}",
        ])


class RepositoryTests(unittest.TestCase):
    def test_every_backquoted_file_name_of_the_repository_exists(self):
        self.assertEqual(check.problems(check.ROOT), [])


if __name__ == "__main__":
    unittest.main()
