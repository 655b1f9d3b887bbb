"""Tests of Package.swift's scopes (WIRING_SCOPE): the parts of the package that Scripts/test
builds again, in release and under the sanitizers, hold the library and its tests and nothing of
the ATM example; an unknown scope stops SwiftPM with a message that names the known ones."""
import json
import os
import pathlib
import subprocess
import unittest

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent.parent

# The example's targets, and the system library it needs (libcurl).
EXAMPLE = {
    "BillScanner", "CCurl", "Network", "BankNetwork", "ATMLib", "BillScannerWiring", "BankNetworkWiring",
    "ATMLibWiring", "FakeNetwork", "FakeNetworkWiring", "FakeATMLib", "FakeATMLibWiring", "ATMCLI",
    "ATMAppSupport", "atm", "atm-dev", "ATMTestSupport", "ATMLibTests", "ATMAppTests", "BankNetworkTests",
    "NetworkTests", "BillScannerTests",
}


def dump(scope, command="dump-package", sources=None):
    environment = dict(os.environ)
    environment.pop("WIRING_TEST_SOURCES", None)
    if sources is not None:
        environment["WIRING_TEST_SOURCES"] = sources
    if scope is None:
        environment.pop("WIRING_SCOPE", None)
    else:
        environment["WIRING_SCOPE"] = scope
    return subprocess.run(["swift", "package", *command.split()], cwd=REPOSITORY, env=environment,
                          capture_output=True, text=True)


def target_names(scope):
    result = dump(scope)
    if result.returncode != 0:
        raise AssertionError(f"dump-package with WIRING_SCOPE={scope} failed: {result.stderr}")
    manifest = json.loads(result.stdout)
    return {target["name"] for target in manifest["targets"]}, {product["name"] for product in manifest["products"]}


class PackageScopeTests(unittest.TestCase):
    def test_the_library_scope_is_wiring_tests_and_what_they_need(self):
        targets, products = target_names("library")
        self.assertEqual(targets, {
            "Wiring", "CWiringAtomics", "WiringCleanse", "LinkedWiringScanner", "SeededRandom", "Scanning",
            "Payments", "CashWiring", "WiringTests",
        })
        self.assertEqual(products, {"Wiring", "WiringCleanse"})

    def test_the_sanitizers_compile_only_the_test_files_they_are_given(self):
        result = dump("library", sources="ConcurrencyTests.swift,Support/Tags.swift")
        self.assertEqual(result.returncode, 0, result.stderr)
        tests = next(target for target in json.loads(result.stdout)["targets"] if target["name"] == "WiringTests")
        self.assertEqual(tests["sources"], ["ConcurrencyTests.swift", "Support/Tags.swift"])

    def test_the_release_scope_adds_the_library_tests_and_the_threshold_probes(self):
        targets, _ = target_names("release")
        self.assertEqual(targets & EXAMPLE, set())
        self.assertTrue({"WiringTests", "WiringTestingTests", "WiringProbe", "ProbeGraphs", "ProbeScale"} <= targets,
                        sorted(targets))

    def test_without_a_scope_the_manifest_is_the_whole_package(self):
        targets, products = target_names(None)
        self.assertTrue(EXAMPLE <= targets, sorted(EXAMPLE - targets))
        self.assertNotIn("WiringProbe", targets)
        self.assertEqual(products, {"Wiring", "WiringTesting", "WiringCleanse", "LinkedWiring"})

    def test_an_unknown_scope_stops_with_the_known_ones(self):
        # `describe` loads the package as a build does; `dump-package` only evaluates the manifest.
        result = dump("everything", command="describe --type json")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("WIRING_SCOPE=everything is not a scope of this package: unset it, or use library or release",
                      result.stderr)


if __name__ == "__main__":
    unittest.main()
