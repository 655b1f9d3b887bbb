"""Tests of the sources Benchmarks/Scripts/binding-shapes compiles: every shape binds or makes the
same services, through the terminals it names. Compiling them is the script's own run (it needs
valgrind and several minutes). Run from the repository root:

    python3 -m unittest discover -s Scripts/tests -v
"""
import importlib.machinery
import importlib.util
import pathlib
import re
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
_loader = importlib.machinery.SourceFileLoader("binding_shapes", str(ROOT / "Benchmarks" / "Scripts" / "binding-shapes"))
_spec = importlib.util.spec_from_loader("binding_shapes", _loader)
binding_shapes = importlib.util.module_from_spec(_spec)
_loader.exec_module(binding_shapes)


class ParametersTests(unittest.TestCase):
    def test_the_scale_graphs_pattern(self):
        self.assertEqual(binding_shapes.parameters(0), [])
        self.assertEqual(binding_shapes.parameters(1), [("previous", 0)])
        self.assertEqual(binding_shapes.parameters(10), [("previous", 9)])
        self.assertEqual(binding_shapes.parameters(11), [("previous", 10)])
        self.assertEqual(binding_shapes.parameters(17), [("previous", 16), ("first", 10)])


class SourceTests(unittest.TestCase):
    def test_hand_makes_every_service_once_each_from_the_one_before(self):
        source = binding_shapes.bindings_source("hand", 20)
        self.assertEqual(re.findall(r"let s(\d+) = S\1\(", source), [str(index) for index in range(20)])
        self.assertIn("func make1(previous: S9) -> S19 {\n    let s10 = S10(previous: previous)\n", source)
        self.assertIn("    let s12 = S12(previous: s11, first: s10)\n", source)

    def test_each_container_shape_binds_every_service_through_its_terminal(self):
        expected = {
            "literal": "binder.bind(S12.self).to(factory2: { S12(previous: $0, first: $1) })",
            "labelled": "binder.bind(S12.self).to(factory2: S12.init)",
            "overloaded": "binder.bind(S12.self).to(factory: S12.init)",
        }
        for shape, line in expected.items():
            source = binding_shapes.bindings_source(shape, 20)
            self.assertEqual(len(re.findall(r"binder\.bind\(S\d+\.self\)", source)), 20, shape)
            self.assertIn(line, source, shape)
        self.assertIn("binder.bind(S0.self).to(factory0: { S0() })", binding_shapes.bindings_source("literal", 20))

    def test_the_apis_differ_only_in_their_labels(self):
        labelled = binding_shapes.api_source(True)
        overloaded = binding_shapes.api_source(False)
        self.assertEqual(re.findall(r"func to(?:<[^>]*>)?\((\w+)", labelled), ["factory0", "factory1", "factory2"])
        self.assertEqual(re.findall(r"func to(?:<[^>]*>)?\((\w+)", overloaded), ["factory"] * 3)
        self.assertEqual(labelled.replace("factory0 factory", "factory").replace("factory1 factory", "factory")
                         .replace("factory2 factory", "factory"), overloaded)


if __name__ == "__main__":
    unittest.main()
