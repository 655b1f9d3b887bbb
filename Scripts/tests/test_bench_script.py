"""Tests of Scripts/bench's choice of what to run, in a copy of the repository's layout whose
tools are stubs: `swift` and the scripts it calls do nothing, `wiring-bench` prints its
arguments, and Benchmarks/Scripts/dependency-cost notes that it ran. Run from the repository
root:

    python3 -m unittest discover -s Scripts/tests -v
"""
import os
import pathlib
import shutil
import subprocess
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]

PREREQUISITES = """say() { printf '%s: %s\\n' "$(basename "$0")" "$*" >&2; }
require_swift() { :; }
require_libcurl() { :; }
require_python3() { :; }
"""


def executable(path: pathlib.Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)


class BenchScriptTests(unittest.TestCase):
    def setUp(self):
        self.work = pathlib.Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.work)
        self.tree = self.work / "repository"
        (self.tree / "Scripts" / "lib").mkdir(parents=True)
        shutil.copy(ROOT / "Scripts" / "bench", self.tree / "Scripts" / "bench")
        (self.tree / "Scripts" / "lib" / "prerequisites.sh").write_text(PREREQUISITES, encoding="utf-8")
        executable(self.tree / "Scripts" / "generate", "#!/bin/sh\nexit 0\n")
        executable(self.tree / "Benchmarks" / "Scripts" / "generate-scale.py", "")
        self.marker = self.work / "dependency-cost-ran"
        executable(self.tree / "Benchmarks" / "Scripts" / "dependency-cost",
                   f"#!/bin/sh\necho \"$@\" > '{self.marker}'\n")
        executable(self.tree / "Benchmarks" / ".build" / "release" / "wiring-bench",
                   "#!/bin/sh\necho \"wiring-bench $*\"\n")
        self.bin = self.work / "bin"
        executable(self.bin / "swift", "#!/bin/sh\nexit 0\n")

    def bench(self, *arguments: str) -> subprocess.CompletedProcess:
        environment = dict(os.environ, PATH=f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}")
        environment.pop("WIRING_PACKAGE_PATH", None)
        return subprocess.run(["bash", str(self.tree / "Scripts" / "bench"), *arguments], cwd=self.tree,
                              env=environment, capture_output=True, text=True, timeout=60)

    def test_list_names_the_scenarios_and_builds_nothing_for_depending(self):
        result = self.bench("--list")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip().splitlines()[-1],
                         f"wiring-bench --package-path {self.tree}/Benchmarks --repository {self.tree} --list")
        self.assertFalse(self.marker.exists())

    def test_a_full_run_measures_depending_after_the_scenarios(self):
        result = self.bench()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip().splitlines()[-1],
                         f"wiring-bench --package-path {self.tree}/Benchmarks --repository {self.tree}")
        self.assertEqual(self.marker.read_text(encoding="utf-8"), "--runs 3\n")

    def test_help_prints_the_usage_and_runs_nothing(self):
        result = self.bench("--help")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("Scripts/bench --list              the scenarios' names, and nothing measured\n",
                      result.stdout)
        self.assertNotIn("wiring-bench --package-path", result.stdout)
        self.assertFalse(self.marker.exists())


if __name__ == "__main__":
    unittest.main()
