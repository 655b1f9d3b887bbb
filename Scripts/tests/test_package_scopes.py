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
    # A scratch folder of its own: Scripts/test runs these tests while its builds hold .build.
    return subprocess.run(["swift", "package", "--scratch-path", str(REPOSITORY / ".build-manifest"), *command.split()],
                          cwd=REPOSITORY, env=environment, capture_output=True, text=True)


def target_names(scope):
    result = dump(scope)
    if result.returncode != 0:
        raise AssertionError(f"dump-package with WIRING_SCOPE={scope} failed: {result.stderr}")
    manifest = json.loads(result.stdout)
    return {target["name"] for target in manifest["targets"]}, {product["name"] for product in manifest["products"]}


def dependency_names(target):
    return [value[0] for dependency in target["dependencies"] for value in dependency.values()]


class PackageScopeTests(unittest.TestCase):
    def test_the_library_scope_is_wiring_tests_and_what_they_need(self):
        targets, products = target_names("library")
        self.assertEqual(targets, {
            "Wiring", "CWiringAtomics", "WiringCleanse", "LinkedWiringScanner", "SeededRandom", "Scanning",
            "Payments", "CashWiring", "WiringTests",
        })
        self.assertEqual(products, {"Wiring", "WiringCleanse"})

    def test_the_sanitizers_compile_only_the_test_files_they_are_given_and_what_those_import(self):
        result = dump("library", sources="ConcurrencyTests.swift,Support/Tags.swift")
        self.assertEqual(result.returncode, 0, result.stderr)
        manifest = json.loads(result.stdout)
        tests = next(target for target in manifest["targets"] if target["name"] == "WiringTests")
        self.assertEqual(tests["sources"], ["ConcurrencyTests.swift", "Support/Tags.swift"])
        self.assertEqual(dependency_names(tests), ["Wiring"])
        self.assertEqual({target["name"] for target in manifest["targets"]}, {"Wiring", "CWiringAtomics", "WiringTests"})

    def test_without_a_scope_the_test_sources_narrow_wiring_tests_alone(self):
        # Scripts/test's debug build: the whole package, with only the files that read internals.
        result = dump(None, sources="GraphExportTests.swift,WiringRuleNameTests.swift")
        self.assertEqual(result.returncode, 0, result.stderr)
        manifest = json.loads(result.stdout)
        tests = next(target for target in manifest["targets"] if target["name"] == "WiringTests")
        self.assertEqual(tests["sources"], ["GraphExportTests.swift", "WiringRuleNameTests.swift"])
        self.assertEqual(dependency_names(tests), ["Wiring", "LinkedWiringScanner"])
        self.assertTrue(EXAMPLE <= {target["name"] for target in manifest["targets"]})

    def test_the_release_scope_adds_the_library_tests_and_the_threshold_probes(self):
        targets, _ = target_names("release")
        self.assertEqual(targets & EXAMPLE, set())
        self.assertTrue({"WiringTests", "WiringTestingTests", "WiringProbe", "ProbeGraphs", "ProbeScale"} <= targets,
                        sorted(targets))

    def test_the_release_scope_optimises_the_products_and_the_probes_only(self):
        result = dump("release")
        self.assertEqual(result.returncode, 0, result.stderr)
        unoptimised = {target["name"] for target in json.loads(result.stdout)["targets"]
                       if "-Onone" in json.dumps(target.get("settings", []))}
        self.assertEqual(unoptimised, {
            "WiringTests", "WiringTestingTests", "LinkedWiringScanner", "SeededRandom", "Scanning", "Payments",
            "CashWiring",
        })

    def test_the_debug_and_plugin_scopes_split_the_whole_package_between_them(self):
        whole, products = target_names(None)
        debug, debug_products = target_names("debug")
        plugin, _ = target_names("plugin")
        self.assertEqual(plugin, {"LinkedWiringTests", "LinkedWiringScanner"})
        self.assertEqual(whole - debug, {"LinkedWiringTests"})
        self.assertEqual(debug_products, products)

    def test_the_library_scope_optimises_nothing_for_the_sanitizers(self):
        result = dump("library")
        self.assertEqual(result.returncode, 0, result.stderr)
        targets = json.loads(result.stdout)["targets"]
        self.assertEqual([target["name"] for target in targets if "-Onone" not in json.dumps(target.get("settings", []))], [])

    def test_without_a_scope_the_manifest_is_the_whole_package(self):
        targets, products = target_names(None)
        self.assertTrue(EXAMPLE <= targets, sorted(EXAMPLE - targets))
        self.assertNotIn("WiringProbe", targets)
        self.assertEqual(products, {"Wiring", "WiringTesting", "WiringCleanse", "LinkedWiring"})

    def test_an_unknown_scope_stops_with_the_known_ones(self):
        # `describe` loads the package as a build does; `dump-package` only evaluates the manifest.
        result = dump("everything", command="describe --type json")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("WIRING_SCOPE=everything is not a scope of this package: unset it, or use debug or library or plugin or release",
                      result.stderr)


if __name__ == "__main__":
    unittest.main()
