"""Tests of the targets and the Markdown of Benchmarks/Scripts/dependency-cost, which
`Scripts/bench` puts into Benchmarks/README.md's results. Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""
import importlib.machinery
import importlib.util
import pathlib
import sys
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Scripts" / "lib"))
import readme_results  # noqa: E402  (Scripts/lib is not a package)

_loader = importlib.machinery.SourceFileLoader("dependency_cost", str(ROOT / "Benchmarks" / "Scripts" / "dependency-cost"))
_spec = importlib.util.spec_from_loader("dependency_cost", _loader)
dependency_cost = importlib.util.module_from_spec(_spec)
_loader.exec_module(dependency_cost)


def app(cpu, size):
    return {"cpu_median": cpu, "stripped_bytes": size}


def results(module_ratio=2.6, binary_ratio=8.23, links=2, plugin_compiles=1):
    return {
        "services": 40, "runs": 3,
        "apps": {"release": {
            "wiring": app(80.22, 1_462_688), "swinject": app(14.16, 249_696), "hand": app(3.24, 81_832),
            "wiring_minus_hand": {"cpu": 76.98, "stripped_bytes": 1_380_856},
            "swinject_minus_hand": {"cpu": 10.92, "stripped_bytes": 167_864},
            "wiring_over_swinject": {"cpu": 7.05, "stripped_bytes": binary_ratio},
        }},
        "modules": {"debug": {"Wiring": {"cpu_median": 40.46}, "Swinject": {"cpu_median": 15.36},
                              "wiring_over_swinject_cpu": module_ratio}},
        "plugin": {"debug": {"tool_links": links, "plugin_compiles": plugin_compiles,
                             "builds": links + plugin_compiles, "cpu": 58.2}},
    }


class TargetsTests(unittest.TestCase):
    def test_names_each_target_with_what_was_measured(self):
        self.assertEqual(dependency_cost.targets(results()), [
            {"goal": "Wiring's module alone, clean debug build ≤ 1.5× Swinject's (CPU)",
             "measured": "2.6× (40.5 s against 15.4 s)", "isMet": False},
            {"goal": "what Wiring adds to a release app's stripped binary ≤ 2.0× what Swinject adds",
             "measured": "8.23× (+1,380,856 B against +167,864 B)", "isMet": False},
            {"goal": "the LinkedWiring plugin's code (the plugin, and a tool of its own if any) built once per clean debug build",
             "measured": "3 times (1 of the plugin, 2 of a tool)", "isMet": False},
        ])

    def test_results_of_a_run_that_counted_only_the_tool_read_as_they_did(self):
        measured = results()
        measured["plugin"]["debug"] = {"tool_links": 2, "cpu": 58.2}
        self.assertEqual(dependency_cost.targets(measured)[2]["measured"], "2 times (0 of the plugin, 2 of a tool)")

    def test_a_target_at_its_limit_is_met(self):
        self.assertEqual([t["isMet"] for t in dependency_cost.targets(results(1.5, 2.0, 0))], [True, True, True])

    def test_a_binary_that_swinject_does_not_grow_meets_no_ratio(self):
        self.assertFalse(dependency_cost.targets(results(binary_ratio=None))[1]["isMet"])

    def test_a_phase_that_did_not_run_has_no_target(self):
        empty = dict(results(), apps={}, modules={}, plugin={})
        self.assertEqual(dependency_cost.targets(empty), [])


class MarkdownTests(unittest.TestCase):
    def test_the_readme_takes_its_two_tables(self):
        measured = results()
        measured["targets"] = dependency_cost.targets(measured)
        table, targets = readme_results.two_tables(dependency_cost.markdown(measured), "dependency-cost")
        self.assertEqual(table.split("\n")[2:], [
            "| release: the app of 40 services, CPU (median of 3) | 80.22 s | 14.16 s | 3.24 s "
            "| 7.05× of what each adds over by hand |",
            "| release: its stripped binary | 1,462,688 B | 249,696 B | 81,832 B | 8.23× of what each adds |",
            "| debug: the container's module alone, CPU | 40.46 s | 15.36 s | — | 2.6× |",
            "| debug: the app with the LinkedWiring plugin, CPU (one build) | 58.20 s | — | — "
            "| the plugin's code built 3 times (1 of the plugin, 2 of a tool) |",
        ])
        self.assertEqual(targets.split("\n")[2], "| Wiring's module alone, clean debug build ≤ 1.5× Swinject's (CPU) "
                                                  "| 2.6× (40.5 s against 15.4 s) | **no** |")


if __name__ == "__main__":
    unittest.main()
