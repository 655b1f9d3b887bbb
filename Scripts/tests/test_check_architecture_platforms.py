"""Tests of Scripts/check-architecture.py's platform rules: no product imports Synchronization,
and the README states the platforms the manifest declares; on fixtures, and on the repository."""
import importlib.util
import pathlib
import subprocess
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "check-architecture.py"
spec = importlib.util.spec_from_file_location("check_architecture", SCRIPT)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

REPOSITORY = SCRIPT.parent.parent


def target(name, dependencies=(), kind="regular", path=None):
    return {"name": name, "type": kind, "path": path, "dependencies": [{"byName": [d, None]} for d in dependencies]}


def platform(name, version):
    return {"platformName": name, "version": version, "options": []}


MANIFEST = {
    "platforms": [platform("macos", "14.0"), platform("ios", "17.0"), platform("tvos", "17.0"),
                  platform("watchos", "10.0"), platform("visionos", "1.0")],
    "targets": [
        target("CWiringAtomics"),
        target("Wiring", ["CWiringAtomics"]),
        target("WiringTesting", ["Wiring"]),
        target("ATMLib"),
    ],
    "products": [
        {"name": "Wiring", "targets": ["Wiring"], "type": {"library": ["automatic"]}},
        {"name": "WiringTesting", "targets": ["WiringTesting"], "type": {"library": ["automatic"]}},
    ],
}

README = """\
# Wiring

- **Swift 6.3 or later.**
- **Platforms:** macOS 14, iOS 17, tvOS 17, watchOS 10 and visionOS 1 or later, and Linux.
"""

FILES = {
    "README.md": README,
    "Sources/Wiring/Unsafe/AtomicWord.swift": "public import CWiringAtomics\n",
    "Sources/Wiring/Pipeline/Instance.swift": "// import Synchronization was here\nlet text = \"import Synchronization\"\n",
    "Sources/WiringTesting/Expect.swift": "import Testing\npublic import Wiring\n",
    "Sources/ATMLib/Console.swift": "import Synchronization\n",
}


class PlatformRuleTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.folder.name)
        for path, text in FILES.items():
            self.write(path, text)

    def tearDown(self):
        self.folder.cleanup()

    def write(self, path, text):
        file = self.root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")

    def test_the_fixture_follows_the_rules(self):
        # The example app (ATMLib) may import Synchronization: no product reaches it.
        self.assertEqual(check.synchronization_problems(MANIFEST, self.root), [])
        self.assertEqual(check.platform_problems(MANIFEST, self.root), [])

    def test_a_product_that_imports_synchronization_fails_naming_the_file_and_the_fix(self):
        self.write("Sources/WiringTesting/Counter.swift", "@preconcurrency internal import Synchronization\n")
        self.assertEqual(check.synchronization_problems(MANIFEST, self.root), [
            "Sources/WiringTesting/Counter.swift: imports Synchronization, which needs macOS 15 and iOS 18, in "
            "WiringTesting, which the products reach; use Wiring's AtomicWord (C11 atomics of CWiringAtomics) "
            "or PThreadLock instead",
        ])

    def test_importing_one_declaration_of_synchronization_fails_too(self):
        self.write("Sources/Wiring/Lock.swift", "import struct Synchronization.Mutex\n")
        self.assertEqual(len(check.synchronization_problems(MANIFEST, self.root)), 1)

    def test_the_atomics_target_outside_unsafe_fails(self):
        self.write("Sources/Wiring/Providers/Lazy.swift", "import CWiringAtomics\n")
        self.assertEqual(check.synchronization_problems(MANIFEST, self.root), [
            "Sources/Wiring/Providers/Lazy.swift: imports CWiringAtomics outside Sources/Wiring/Unsafe/; "
            "go through AtomicWord, which keeps the C functions out of the rest of Wiring",
        ])

    def test_a_product_type_generic_over_a_pack_fails_below_the_pack_runtime_only(self):
        self.write("Sources/Wiring/Packs.swift", "func resolve<each P>(_ p: repeat each P) {}\n"
                   "// struct Commented<each T> {}\n"
                   "@usableFromInline\nstruct Resolvers<Root, each P> {\n}\n")
        self.assertEqual(check.pack_type_problems(MANIFEST, self.root), [])
        below = dict(MANIFEST, platforms=[entry if entry["platformName"] != "ios" else platform("ios", "16.0")
                                          for entry in MANIFEST["platforms"]])
        self.assertEqual(check.pack_type_problems(below, self.root), [
            "Sources/Wiring/Packs.swift:4: Resolvers is a type generic over a parameter pack, which needs the "
            "Swift 5.9 runtime (macOS 14, iOS 17); keep packs in generic functions",
        ])

    def test_a_readme_that_states_other_versions_fails_naming_each_difference(self):
        self.write("README.md", README.replace("macOS 14, iOS 17", "macOS 15, iOS 18"))
        self.assertEqual(check.platform_problems(MANIFEST, self.root), [
            "README.md's Platforms line says iOS 18, Package.swift declares iOS 17; make them agree",
            "README.md's Platforms line says macOS 15, Package.swift declares macOS 14; make them agree",
        ])

    def test_a_platform_only_one_side_names_fails(self):
        self.write("README.md", README.replace(" and visionOS 1", ""))
        self.assertEqual(check.platform_problems(MANIFEST, self.root), [
            "README.md's Platforms line says no visionOS, Package.swift declares visionOS 1; make them agree",
        ])

    def test_a_minor_version_is_compared_as_written(self):
        manifest = dict(MANIFEST, platforms=[platform("macos", "14.4")])
        self.write("README.md", "- **Platforms:** macOS 14.4 or later, and Linux.\n")
        self.assertEqual(check.platform_problems(manifest, self.root), [])

    def test_a_readme_without_the_line_fails(self):
        self.write("README.md", "# Wiring\n")
        self.assertEqual(check.platform_problems(MANIFEST, self.root), [
            "README.md has no \"- **Platforms:**\" line; state the platforms Package.swift declares: "
            "macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1",
        ])


class RepositoryPlatformTests(unittest.TestCase):
    def test_the_repository_follows_the_platform_rules(self):
        result = subprocess.run(["swift", "package", "--scratch-path", str(REPOSITORY / ".build-manifest"), "dump-package"], cwd=REPOSITORY, capture_output=True, text=True)
        if result.returncode != 0:
            self.skipTest(f"swift package dump-package failed: {result.stderr.strip()[-300:]}")
        import json
        manifest = json.loads(result.stdout)
        self.assertEqual(check.synchronization_problems(manifest, REPOSITORY), [])
        self.assertEqual(check.platform_problems(manifest, REPOSITORY), [])
        self.assertEqual(check.pack_type_problems(manifest, REPOSITORY), [])


if __name__ == "__main__":
    unittest.main()
