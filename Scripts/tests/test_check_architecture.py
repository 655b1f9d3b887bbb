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
        target("CCurl", kind="system"),
        target("BankNetwork", ["Network", "CCurl"]),
        target("ATMLib", ["BillScanner", "Network"]),
        target("BankNetworkWiring", ["Wiring", "BankNetwork"], path="WiringLibs/BankNetworkWiring"),
        target("BillScannerWiring", ["Wiring", "BillScanner"], path="WiringLibs/BillScannerWiring"),
        target("ATMLibWiring", ["Wiring", "ATMLib", "Network"], path="WiringLibs/ATMLibWiring"),
        target("FakeNetwork", ["Network"], path="FakeLibs/FakeNetwork"),
        target("FakeNetworkWiring", ["Wiring", "FakeNetwork", "Network"], path="FakeLibs/FakeNetworkWiring"),
        target("atm", ["ATMLibWiring", "BankNetworkWiring"], kind="executable", path="Sources/ATMApp"),
        target("atm-dev", ["ATMLibWiring", "FakeNetworkWiring"], kind="executable", path="Sources/ATMDevApp"),
        target("ATMAppTests", ["atm", "FakeNetwork"], kind="test"),
        target("LinkedWiring", kind="plugin"),
        target("LinkedWiringScanner"),
    ],
    "products": [
        {"name": "Wiring", "targets": ["Wiring"], "type": {"library": ["automatic"]}},
        {"name": "WiringTesting", "targets": ["WiringTesting"], "type": {"library": ["automatic"]}},
        {"name": "LinkedWiring", "targets": ["LinkedWiring"], "type": {"plugin": None}},
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
        self.assertEqual(check.breaks(with_dependency("ATMLib", "BankNetworkWiring")), [
            "ATMLib (a core library) depends on BankNetworkWiring, a wiring library; "
            "core libraries depend only on other core libraries: remove the dependency",
            "atm-dev links ATMLib, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links ATMLibWiring, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links BankNetwork, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links BankNetworkWiring, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links CCurl, a system library; " + check.FRAMEWORK_LAYER_FIX,
        ])
        self.assertEqual(check.breaks(with_dependency("Network", "FakeNetwork")), [
            "Network (a core library) depends on FakeNetwork, a fake; "
            "core libraries depend only on other core libraries: remove the dependency",
            "atm links FakeNetwork, a fake library; the production app must link only real libraries",
        ])

    def test_a_wiring_library_depending_on_another_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("ATMLibWiring", "BillScannerWiring")), [
            "ATMLibWiring (a wiring library) depends on BillScannerWiring, another wiring library; "
            "a wiring library binds only its sibling's types: include BillScannerWiring's modules from the app instead",
        ])

    def test_a_fake_wiring_library_depending_on_the_real_one_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("FakeNetworkWiring", "BankNetworkWiring")), [
            "FakeNetworkWiring (a fake wiring library) depends on BankNetworkWiring, a real wiring library; "
            "a fake wiring library replaces one, it does not build on it",
            "atm-dev links BankNetwork, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links BankNetworkWiring, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links CCurl, a system library; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links FakeNetworkWiring, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
        ])

    def test_atm_linking_a_fake_even_indirectly_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("atm", "FakeNetworkWiring")), [
            "atm links FakeNetwork, a fake library; the production app must link only real libraries",
            "atm links FakeNetworkWiring, a fake library; the production app must link only real libraries",
        ])

    def test_atm_dev_linking_the_libcurl_client_or_its_wiring_is_reported(self):
        self.assertEqual(check.breaks(with_dependency("atm-dev", "BankNetworkWiring")), [
            "atm-dev links BankNetwork, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links BankNetworkWiring, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links CCurl, a system library; " + check.FRAMEWORK_LAYER_FIX,
        ])

    def test_a_plugin_tool_depending_on_the_container_or_a_wiring_library_is_reported(self):
        compiled_in = ("the LinkedWiring plugin compiles LinkedWiringScanner's sources into itself, but LinkedWiringScanner "
                       "depends on {}; the plugin's compile sees no other module, so LinkedWiringScanner depends on nothing")
        self.assertEqual(check.breaks(with_dependency("LinkedWiringScanner", "Wiring")), [
            compiled_in.format("Wiring"),
            "the LinkedWiring plugin's tools include Wiring, the container; "
            "a plugin's tools depend on nothing but each other, so that applying it builds only the plugin",
        ])
        self.assertEqual(check.breaks(with_dependency("LinkedWiringScanner", "BankNetworkWiring")), [
            compiled_in.format("BankNetworkWiring"),
            "the LinkedWiring plugin's tools include BankNetworkWiring, a wiring library; "
            "a plugin's tools depend on nothing but each other, so that applying it builds only the plugin",
            "the LinkedWiring plugin's tools include Wiring, the container; "
            "a plugin's tools depend on nothing but each other, so that applying it builds only the plugin",
        ])
        self.assertEqual(check.breaks(with_dependency("LinkedWiringScanner", "Network")), [
            compiled_in.format("Network"),
        ])

    def test_a_product_that_reaches_the_example_is_reported(self):
        manifest = copy.deepcopy(CLEAN)
        manifest["products"].append({"name": "BankNetwork", "targets": ["BankNetwork"], "type": {"library": ["automatic"]}})
        vends = "the package vends only what a user depends on (Wiring, WiringTesting, WiringCleanse, the LinkedWiring plugin)"
        self.assertEqual(check.breaks(manifest), [
            f"the product BankNetwork reaches BankNetwork, a target of the example; {vends}: remove BankNetwork from the product",
            f"the product BankNetwork reaches CCurl, a target of the example; {vends}: remove CCurl from the product",
            f"the product BankNetwork reaches Network, a target of the example; {vends}: remove Network from the product",
        ])

    def test_an_executable_product_of_the_app_is_reported(self):
        manifest = copy.deepcopy(CLEAN)
        manifest["products"].append({"name": "atm", "targets": ["atm"], "type": {"executable": None}})
        self.assertIn(
            "the product atm reaches atm, a target of the example; the package vends only what a user depends on "
            "(Wiring, WiringTesting, WiringCleanse, the LinkedWiring plugin): remove atm from the product",
            check.breaks(manifest),
        )

    def test_a_plugin_tool_in_sources_is_not_a_core_library(self):
        targets = check.targets_of(CLEAN)
        self.assertTrue(targets["LinkedWiringScanner"].is_tool)
        self.assertFalse(targets["LinkedWiringScanner"].is_core_library)
        self.assertEqual(targets["LinkedWiring"].path, "Plugins/LinkedWiring")

    def test_atm_dev_reaching_libcurl_through_a_shared_library_is_reported(self):
        # ATMCLI (shared by both apps) picking up the client drags CCurl into atm-dev.
        manifest = copy.deepcopy(CLEAN)
        manifest["targets"].append(target("ATMCLI", ["ATMLib", "BankNetwork"]))
        for entry in manifest["targets"]:
            if entry["name"] == "atm-dev":
                entry["dependencies"].append({"byName": ["ATMCLI", None]})
        self.assertEqual(check.breaks(manifest), [
            "atm-dev links ATMCLI, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links BankNetwork, which links CCurl; " + check.FRAMEWORK_LAYER_FIX,
            "atm-dev links CCurl, a system library; " + check.FRAMEWORK_LAYER_FIX,
        ])

    def test_atm_dev_without_the_framework_layer_passes_while_atm_links_it(self):
        self.assertIn("CCurl", check.closure("atm", check.targets_of(CLEAN)))
        self.assertNotIn("CCurl", check.closure("atm-dev", check.targets_of(CLEAN)))
        self.assertEqual(check.breaks(CLEAN), [])

    def test_the_command_prints_one_line_per_break_and_exits_1(self):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(with_dependency("ATMLib", "Wiring"), file)
        result = subprocess.run([sys.executable, str(SCRIPT), "--manifest", file.name], capture_output=True, text=True, timeout=30)
        pathlib.Path(file.name).unlink()
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.splitlines(), [
            "Package.swift: ATMLib (a core library) depends on Wiring, the container; "
            "core libraries depend only on other core libraries: remove the dependency",
            "check-architecture: 1 broken arrow, 0 broken source rules",
        ])

    def test_an_unreadable_manifest_exits_2(self):
        result = subprocess.run([sys.executable, str(SCRIPT), "--manifest", "/nonexistent.json"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertTrue(result.stderr.startswith("check-architecture: cannot read the manifest: "))


if __name__ == "__main__":
    unittest.main()
