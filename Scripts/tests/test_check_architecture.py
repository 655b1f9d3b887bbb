"""Tests of Scripts/check-architecture.py on small manifests, one broken arrow at a time."""
import copy
import importlib.util
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "check-architecture.py"
spec = importlib.util.spec_from_file_location("check_architecture", SCRIPT)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)


def target(name, dependencies=(), kind="regular", path=None):
    return {"name": name, "type": kind, "path": path, "dependencies": [{"byName": [d, None]} for d in dependencies]}


CLEAN = {
    "targets": [
        target("Wiring"),
        target("BillScanner"),
        target("Network"),
        target("ATMLib", ["BillScanner", "Network"]),
        target("NetworkWiring", ["Wiring", "Network"], path="WiringLibs/NetworkWiring"),
        target("ATMLibWiring", ["Wiring", "ATMLib", "Network"], path="WiringLibs/ATMLibWiring"),
        target("FakeNetwork", ["Network"], path="FakeLibs/FakeNetwork"),
        target("FakeNetworkWiring", ["Wiring", "FakeNetwork", "Network"], path="FakeLibs/FakeNetworkWiring"),
        target("ATMApp", ["ATMLibWiring", "NetworkWiring"], kind="executable"),
        target("ATMDevApp", ["ATMLibWiring", "FakeNetworkWiring"], kind="executable"),
        target("ATMAppTests", ["ATMApp", "FakeNetwork"], kind="test"),
        target("LinkedWiring", ["LinkedWiringGenerator"], kind="plugin"),
        target("LinkedWiringGenerator", ["LinkedWiringScanner"], kind="executable"),
        target("LinkedWiringScanner"),
    ],
    "products": [
        {"name": "atm", "targets": ["ATMApp"], "type": {"executable": None}},
        {"name": "atm-dev", "targets": ["ATMDevApp"], "type": {"executable": None}},
    ],
}


def with_dependency(name, dependency):
    manifest = copy.deepcopy(CLEAN)
    for entry in manifest["targets"]:
        if entry["name"] == name:
            entry["dependencies"].append({"byName": [dependency, None]})
    return manifest


class CheckArchitectureTests(unittest.TestCase):
    def test_a_manifest_that_follows_the_rules_has_no_breaks(self):
        self.assertEqual(check.breaks(CLEAN), [])

    def test_a_core_library_depending_on_the_container_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("ATMLib", "Wiring")), [
            "ATMLib (a core library) depends on Wiring, the container; "
            "core libraries depend only on other core libraries: remove the dependency",
        ])

    def test_a_core_library_depending_on_a_wiring_library_or_a_fake_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("ATMLib", "NetworkWiring")), [
            "ATMLib (a core library) depends on NetworkWiring, a wiring library; "
            "core libraries depend only on other core libraries: remove the dependency",
            "atm-dev links NetworkWiring; the development app uses FakeNetworkWiring instead",
        ])
        self.assertEqual(check.breaks(with_dependency("Network", "FakeNetwork")), [
            "Network (a core library) depends on FakeNetwork, a fake; "
            "core libraries depend only on other core libraries: remove the dependency",
            "atm links FakeNetwork, a fake library; the production app must link only real libraries",
        ])

    def test_a_wiring_library_depending_on_another_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("ATMLibWiring", "NetworkWiring")), [
            "ATMLibWiring (a wiring library) depends on NetworkWiring, another wiring library; "
            "a wiring library binds only its sibling's types: include NetworkWiring's modules from the app instead",
            "atm-dev links NetworkWiring; the development app uses FakeNetworkWiring instead",
        ])

    def test_a_fake_wiring_library_depending_on_the_real_one_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("FakeNetworkWiring", "NetworkWiring")), [
            "FakeNetworkWiring (a fake wiring library) depends on NetworkWiring, a real wiring library; "
            "a fake wiring library replaces one, it does not build on it",
            "atm-dev links NetworkWiring; the development app uses FakeNetworkWiring instead",
        ])

    def test_atm_linking_a_fake_even_indirectly_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("ATMApp", "FakeNetworkWiring")), [
            "atm links FakeNetwork, a fake library; the production app must link only real libraries",
            "atm links FakeNetworkWiring, a fake library; the production app must link only real libraries",
        ])

    def test_atm_dev_linking_the_real_network_wiring_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("ATMDevApp", "NetworkWiring")), [
            "atm-dev links NetworkWiring; the development app uses FakeNetworkWiring instead",
        ])

    def test_a_plugin_tool_depending_on_the_container_or_a_wiring_library_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("LinkedWiringScanner", "Wiring")), [
            "the LinkedWiring plugin's tools include Wiring, the container; "
            "a plugin's tools depend on nothing but each other, so that applying it builds only the tool",
        ])
        self.assertEqual(check.breaks(with_dependency("LinkedWiringGenerator", "NetworkWiring")), [
            "the LinkedWiring plugin's tools include NetworkWiring, a wiring library; "
            "a plugin's tools depend on nothing but each other, so that applying it builds only the tool",
            "the LinkedWiring plugin's tools include Wiring, the container; "
            "a plugin's tools depend on nothing but each other, so that applying it builds only the tool",
        ])

    def test_a_plugin_tool_in_sources_is_not_a_core_library(self):
        targets = check.targets_of(CLEAN)
        self.assertTrue(targets["LinkedWiringScanner"].is_tool)
        self.assertFalse(targets["LinkedWiringScanner"].is_core_library)
        self.assertEqual(targets["LinkedWiring"].path, "Plugins/LinkedWiring")

    def test_the_command_prints_one_line_per_break_and_exits_1(self):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(with_dependency("ATMLib", "Wiring"), file)
        result = subprocess.run([sys.executable, str(SCRIPT), "--manifest", file.name], capture_output=True, text=True, timeout=30)
        pathlib.Path(file.name).unlink()
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.splitlines(), [
            "Package.swift: ATMLib (a core library) depends on Wiring, the container; "
            "core libraries depend only on other core libraries: remove the dependency",
            "check-architecture: 1 broken arrow",
        ])

    def test_an_unreadable_manifest_exits_2(self):
        result = subprocess.run([sys.executable, str(SCRIPT), "--manifest", "/nonexistent.json"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertTrue(result.stderr.startswith("check-architecture: cannot read the manifest: "))


if __name__ == "__main__":
    unittest.main()
