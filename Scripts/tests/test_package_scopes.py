"""Tests of Package.swift's scopes (WIRING_SCOPE): the parts of the package that Scripts/test
builds. The release scope is the whole package but the plugin's suites, plus the threshold probes,
with the products optimised and nothing else; the plugin scope is the plugin's suites; the library
scope, which the sanitizers build, holds the library and its tests and nothing of the ATM example.
An unknown scope stops SwiftPM with a message that names the known ones."""
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


# The threshold probes of Benchmarks/Sources, which only the release scope adds.
PROBES = {"CHeapUsage", "BenchmarkSupport", "ProbeTypes", "ProbeScale", "ProbeGraphs", "WiringProbe"}


def dump(scope, command="dump-package", sources=None, stats=None):
    environment = dict(os.environ)
    environment.pop("WIRING_TEST_SOURCES", None)
    environment.pop("WIRING_COMPILE_STATS", None)
    if sources is not None:
        environment["WIRING_TEST_SOURCES"] = sources
    if stats is not None:
        environment["WIRING_COMPILE_STATS"] = stats
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
        # The whole package, with only the files given: a debug build of a few suites.
        result = dump(None, sources="GraphExportTests.swift,WiringRuleNameTests.swift")
        self.assertEqual(result.returncode, 0, result.stderr)
        manifest = json.loads(result.stdout)
        tests = next(target for target in manifest["targets"] if target["name"] == "WiringTests")
        self.assertEqual(tests["sources"], ["GraphExportTests.swift", "WiringRuleNameTests.swift"])
        self.assertEqual(dependency_names(tests), ["Wiring", "LinkedWiringScanner"])
        self.assertTrue(EXAMPLE <= {target["name"] for target in manifest["targets"]})

    def test_the_release_and_plugin_scopes_split_the_whole_package_between_them_with_the_probes(self):
        whole, products = target_names(None)
        release, release_products = target_names("release")
        plugin, _ = target_names("plugin")
        self.assertEqual(plugin, {"LinkedWiringPluginTests"})
        self.assertEqual(whole - release, {"LinkedWiringPluginTests"})
        self.assertEqual(release - whole, PROBES)
        self.assertEqual(release_products, products)

    def test_the_release_scope_optimises_the_products_and_the_probes_only(self):
        result = dump("release")
        self.assertEqual(result.returncode, 0, result.stderr)
        targets = json.loads(result.stdout)["targets"]
        unoptimised = {target["name"] for target in targets if "-Onone" in json.dumps(target.get("settings", []))}
        testable = {target["name"] for target in targets if "-enable-testing" in json.dumps(target.get("settings", []))}
        compiled = {target["name"] for target in targets if target["type"] not in ("system", "plugin")}
        self.assertEqual(compiled - unoptimised, {"Wiring", "CWiringAtomics", "WiringTesting", "WiringCleanse"} | PROBES)
        self.assertEqual(testable, unoptimised)
        # The products and the probes keep the debug information of a user's release build.
        without_debug_information = {target["name"] for target in targets if "-gnone" in json.dumps(target.get("settings", []))}
        self.assertEqual(compiled - without_debug_information, {"Wiring", "CWiringAtomics", "WiringTesting", "WiringCleanse"} | PROBES)
        self.assertEqual([target["name"] for target in targets if "DEBUG" in json.dumps(target.get("settings", []))], [])
        self.assertEqual([target["name"] for target in targets if "-stats-output-dir" in json.dumps(target.get("settings", []))], [])

    def test_the_release_scope_asks_for_the_counters_of_wirings_compile_only(self):
        # Without WIRING_COMPILE_STATS no target asks, and in the library scope none asks with it:
        # the two tests of what each scope optimises check that on their own dumps, so that this
        # suite runs SwiftPM once more, not three times.
        result = dump("release", stats="/tmp/compile-stats")
        self.assertEqual(result.returncode, 0, result.stderr)
        asking = [target["name"] for target in json.loads(result.stdout)["targets"]
                  if "-stats-output-dir" in json.dumps(target.get("settings", []))]
        self.assertEqual(asking, ["Wiring"])

    def test_the_library_scope_optimises_nothing_and_compiles_as_debug_for_the_sanitizers(self):
        result = dump("library", stats="/tmp/compile-stats")
        self.assertEqual(result.returncode, 0, result.stderr)
        targets = json.loads(result.stdout)["targets"]
        self.assertEqual([target["name"] for target in targets if "-stats-output-dir" in json.dumps(target.get("settings", []))], [])
        for flag in ["-Onone", "-enable-testing", "-gnone", "DEBUG"]:
            self.assertEqual([target["name"] for target in targets if flag not in json.dumps(target.get("settings", []))], [],
                             flag)

    def test_without_a_scope_the_manifest_is_the_whole_package(self):
        targets, products = target_names(None)
        self.assertTrue(EXAMPLE <= targets, sorted(EXAMPLE - targets))
        self.assertNotIn("WiringProbe", targets)
        self.assertEqual(products, {"Wiring", "WiringTesting", "WiringCleanse", "LinkedWiring"})

    def test_an_unknown_scope_stops_with_the_known_ones(self):
        # `describe` loads the package as a build does; `dump-package` only evaluates the manifest.
        result = dump("everything", command="describe --type json")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("WIRING_SCOPE=everything is not a scope of this package: unset it, or use library or plugin or release",
                      result.stderr)


if __name__ == "__main__":
    unittest.main()
