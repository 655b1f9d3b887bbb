"""Tests of Benchmarks/Scripts/generate-scale.py's bookkeeping of the folders it generates: a
Swift file it no longer writes goes (a smaller graph must not leave the larger one's files to be
compiled), --check reports it instead, and nothing outside its folders is touched."""
import importlib.util
import pathlib
import shutil
import sys
import tempfile
import unittest
from unittest import mock

SCRIPT = pathlib.Path(__file__).resolve().parent.parent.parent / "Benchmarks" / "Scripts" / "generate-scale.py"


def load_generator():
    spec = importlib.util.spec_from_file_location("generate_scale", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class GeneratedFolderTests(unittest.TestCase):
    def setUp(self):
        self.generator = load_generator()
        self.root = pathlib.Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.root, ignore_errors=True)
        for relative, text in {
            "ProbeTypes/Services00.swift": "kept\n",
            "ProbeTypes/Services01.swift": "of the larger graph\n",
            "ProbeTypes/README.txt": "not Swift\n",
            "Elsewhere/Other.swift": "not a generated folder\n",
        }.items():
            path = self.root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)

    def run_generator(self, *arguments):
        with mock.patch.object(self.generator, "ROOT", self.root), \
                mock.patch.object(self.generator, "outputs", lambda: {"ProbeTypes/Services00.swift": "kept\n"}), \
                mock.patch.object(sys, "argv", ["generate-scale.py", *arguments]), \
                mock.patch("sys.stderr"):
            return self.generator.main()

    def files(self):
        return sorted(str(path.relative_to(self.root)) for path in self.root.rglob("*") if path.is_file())

    def test_a_swift_file_it_no_longer_writes_is_removed_and_nothing_else(self):
        self.assertEqual(self.run_generator(), 0)
        self.assertEqual(self.files(), ["Elsewhere/Other.swift", "ProbeTypes/README.txt", "ProbeTypes/Services00.swift"])

    def test_check_reports_the_file_and_removes_nothing(self):
        self.assertEqual(self.run_generator("--check"), 1)
        self.assertIn("ProbeTypes/Services01.swift", self.files())


if __name__ == "__main__":
    unittest.main()
