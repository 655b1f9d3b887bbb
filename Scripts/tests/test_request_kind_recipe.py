"""ARCHITECTURE.md's "Adding a request kind" names at most eight files, each of which exists, and
no file of Sources/Wiring but the one that declares RequestKind lists its kinds: a switch that
must learn every new kind would be a file the recipe does not name."""
import pathlib
import re
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SECTION = "### Adding a request kind"
# Names only RequestKind has (ObjectGraph.Dependency.Kind has none of them).
KIND_CASES = re.compile(r"\bcase\s+[^:\n]*\.(?:mapProviders|asyncMapProviders|mainActorMapProviders)\b")
DECLARING_FILE = "Sources/Wiring/Pipeline/1-Configure/DependencyRequest.swift"


def recipe_files(root):
    """The file each numbered step of the recipe names first."""
    text = (root / "ARCHITECTURE.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    section = text[start:text.index("\n### ", start + 1)]
    steps = re.findall(r"^\d+\. (.*)$", section, re.M)
    return [re.search(r"`([^`]*/[^`]*|CHANGELOG\.md)`", step).group(1) for step in steps]


def switches_over_kinds(root):
    """The files of Sources/Wiring, but RequestKind's own, with a case that lists request kinds."""
    found = []
    for path in sorted((root / "Sources/Wiring").rglob("*.swift")):
        relative = path.relative_to(root).as_posix()
        if relative != DECLARING_FILE and KIND_CASES.search(path.read_text(encoding="utf-8")):
            found.append(relative)
    return found


class RequestKindRecipeTests(unittest.TestCase):
    def test_the_recipe_names_at_most_eight_files_that_exist(self):
        files = recipe_files(ROOT)
        self.assertLessEqual(len(files), 8, files)
        for file in files:
            if "<" not in file:
                self.assertTrue((ROOT / file).exists(), file)

    def test_no_switch_outside_request_kind_lists_the_kinds(self):
        self.assertEqual(switches_over_kinds(ROOT), [])


if __name__ == "__main__":
    unittest.main()
