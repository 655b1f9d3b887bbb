"""Tests of Scripts/check-architecture.py's source rules (unsafe constructs, stages that reach
back) on small fixture trees, and on the repository itself."""
import contextlib
import importlib.util
import io
import json
import pathlib
import tempfile
import textwrap
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "check-architecture.py"
spec = importlib.util.spec_from_file_location("check_architecture", SCRIPT)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

UNSAFE_FIX = ("move it into Sources/Wiring/Unsafe/ behind a small internal type, or list it in "
              "Scripts/architecture/unsafe-exceptions.tsv (file, construct, count, reason) and in "
              "ARCHITECTURE.md, \"The unsafe corner\"")

FIXTURE = {
    "ARCHITECTURE.md": """\
        # Architecture

        ## The unsafe corner

        | Trick | Where |
        | --- | --- |
        | `unsafeBitCast` of a resolver | `Unsafe/Box` |
        | `@unchecked Sendable` | `Node` |

        ## How to measure a change
        """,
    "Sources/Wiring/Unsafe/Box.swift": """\
        func box<T>(_ value: T) -> Int { unsafeBitCast(value, to: Int.self) }
        """,
    "Sources/Wiring/Pipeline/1-Configure/Declaration.swift": """\
        class Declaration {
            func link(into linker: Linker) {}
        }
        """,
    "Sources/Wiring/Pipeline/1-Configure/Request.swift": """\
        struct Request {
            // A comment may name Linker, and Unmanaged too.
            let name = "Linker: unsafeBitCast(\\(1))"
        }
        """,
    "Sources/Wiring/Pipeline/2-Validate/Graph.swift": """\
        struct Graph {
            let requests: [Request]
        }
        """,
    "Sources/Wiring/Pipeline/3-Link/Linker.swift": """\
        final class Linker: @unchecked Sendable {
            let graph: Graph? = nil
        }
        """,
    "Scripts/architecture/unsafe-exceptions.tsv": """\
        # file\tconstruct\tcount\treason
        Sources/Wiring/Pipeline/3-Link/Linker.swift\t@unchecked Sendable\t1\tset once while linking, then only read
        """,
    "Scripts/architecture/reach-back-exceptions.tsv": """\
        # file\ttypes\treason
        Sources/Wiring/Pipeline/1-Configure/Declaration.swift\tLinker\tdeclarations carry their link method
        """,
}


class SourceRuleTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.folder.name)
        for path, text in FIXTURE.items():
            self.write(path, textwrap.dedent(text))

    def tearDown(self):
        self.folder.cleanup()

    def write(self, path, text):
        file = self.root / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")

    def append(self, path, text):
        self.write(path, (self.root / path).read_text(encoding="utf-8") + text)

    def test_the_fixture_follows_the_rules(self):
        self.assertEqual(check.source_problems(self.root), [])

    def test_a_new_trick_outside_unsafe_fails_naming_file_line_construct_and_the_fix(self):
        self.write("Sources/Wiring/Providers/Weak.swift", "// unsafeBitCast in a comment is fine\n"
                   "let text = \"Unmanaged in a string too\"\n"
                   "func cast(_ x: AnyObject) -> Node { unsafeDowncast(x, to: Node.self) }\n")
        self.assertEqual(check.source_problems(self.root), [
            f"Sources/Wiring/Providers/Weak.swift:3: unsafeDowncast outside Sources/Wiring/Unsafe/; {UNSAFE_FIX}",
        ])

    def test_every_kind_of_construct_is_found(self):
        self.write("Sources/Wiring/Tricks.swift", textwrap.dedent("""\
            @_semantics("optimize.sil.readonly") func a() {}
            struct B: @unchecked  Sendable { @exclusivity( unchecked ) var c: [Int] = [] }
            nonisolated(unsafe) var d = 0
            func e(_ p: UnsafeMutableRawPointer) -> Int { unsafe withUnsafePointer(to: 1) { _ in 2 } }
            @unsafe func f(_ o: AnyObject) { _ = unsafe unsafeBitCast(o, to: Int.self) }
            """))
        self.assertEqual([(line, construct) for line, construct in check.unsafe_constructs(
            (self.root / "Sources/Wiring/Tricks.swift").read_text())], [
            (1, "@_semantics"), (2, "@unchecked Sendable"), (2, "@exclusivity(unchecked)"),
            (3, "nonisolated(unsafe)"), (4, "UnsafeMutableRawPointer"), (4, "unsafe"),
            (4, "withUnsafePointer"), (5, "@unsafe"), (5, "unsafe"), (5, "unsafeBitCast"),
        ])

    def test_the_forms_that_hide_from_a_line_by_line_search_are_found(self):
        self.write("Sources/Wiring/Hidden.swift", textwrap.dedent("""\
            final class A: @unchecked
                Sendable {}
            final class B: @unchecked Swift.Sendable {}
            func c(_ r: Unmanaged<AnyObject>) { r._withUnsafeGuaranteedRef { _ in } }
            @_silgen_name("swift_retain") func d(_ o: AnyObject)
            @_cdecl("e") func e() {}
            @safe struct F { let p: OpaquePointer }
            """))
        self.assertEqual([(line, construct) for line, construct in check.unsafe_constructs(
            (self.root / "Sources/Wiring/Hidden.swift").read_text())], [
            (1, "@unchecked Sendable"), (3, "@unchecked Sendable"), (4, "_withUnsafeGuaranteedRef"),
            (5, "@_silgen_name"), (6, "@_cdecl"), (7, "@safe"),
        ])

    def test_only_the_attribute_that_stops_specialisation_may_stay_anywhere(self):
        self.write("Sources/Wiring/Terminals.swift", textwrap.dedent("""\
            @_semantics("optimize.sil.specialize.generic.never") @inline(never) func a<T>(_ t: T) {}
            @_semantics( "optimize.sil.specialize.generic.never" )
            func b<T>(_ t: T) {}
            @_semantics("optimize.sil.specialize.generic.never.but.not.quite") func c() {}
            """))
        self.assertEqual(check.unsafe_constructs((self.root / "Sources/Wiring/Terminals.swift").read_text()),
                         [(4, "@_semantics")])

    def test_every_product_is_fenced(self):
        for folder in ("Sources/WiringTesting", "Sources/WiringCleanse", "Sources/LinkedWiringScanner",
                       "Plugins/LinkedWiring"):
            self.write(f"{folder}/Planted.swift", "final class Planted: @unchecked Sendable {}\n")
        self.assertEqual(check.source_problems(self.root), [
            f"{folder}/Planted.swift:1: @unchecked Sendable outside Sources/Wiring/Unsafe/; {UNSAFE_FIX}"
            for folder in ("Plugins/LinkedWiring", "Sources/LinkedWiringScanner", "Sources/WiringCleanse",
                           "Sources/WiringTesting")
        ])

    def test_a_use_beyond_an_exceptions_count_fails(self):
        self.append("Sources/Wiring/Pipeline/3-Link/Linker.swift", "final class Other: @unchecked Sendable {}\n")
        self.assertEqual(check.source_problems(self.root), [
            "Sources/Wiring/Pipeline/3-Link/Linker.swift:4: @unchecked Sendable used 2 times (lines 1, 4), "
            f"but Scripts/architecture/unsafe-exceptions.tsv:2 allows 1; {UNSAFE_FIX}, raising the count",
        ])

    def test_a_stale_unsafe_exception_fails(self):
        self.write("Sources/Wiring/Pipeline/3-Link/Linker.swift", "final class Linker: Sendable {\n    let graph: Graph? = nil\n}\n")
        self.assertEqual(check.source_problems(self.root), [
            "Scripts/architecture/unsafe-exceptions.tsv:2: a stale exception: it allows @unchecked Sendable 1 times "
            "in Sources/Wiring/Pipeline/3-Link/Linker.swift, which no longer uses it; remove the line",
        ])

    def test_an_excepted_construct_the_architecture_does_not_name_fails(self):
        self.write("ARCHITECTURE.md", "# Architecture\n\n## The unsafe corner\n\n`unsafeBitCast`\n\n## Next\n\n`@unchecked Sendable`\n")
        self.assertEqual(check.source_problems(self.root), [
            "ARCHITECTURE.md: \"The unsafe corner\" does not name @unchecked Sendable, which "
            "Scripts/architecture/unsafe-exceptions.tsv allows; add it, backquoted, to the table",
        ])

    def test_a_stage_that_reaches_back_fails_naming_file_line_type_and_the_fix(self):
        self.append("Sources/Wiring/Pipeline/1-Configure/Request.swift", "extension Request {\n    func graph() -> Graph? { nil }\n}\n")
        self.assertEqual(check.source_problems(self.root), [
            "Sources/Wiring/Pipeline/1-Configure/Request.swift:6: stage 1 names Graph, a type of stage 2; "
            "a stage uses only what the stages before it produce: pass what it needs in, or move the code to stage 2 "
            "(or list Graph for this file in Scripts/architecture/reach-back-exceptions.tsv with the reason, "
            "as ARCHITECTURE.md's documented exception allows)",
        ])

    def test_stage_0_is_named_by_every_stage_and_names_none(self):
        self.write("Sources/Wiring/Pipeline/0-Shared/Slot.swift", "struct Slot {\n    let offset: Int\n}\n")
        self.append("Sources/Wiring/Pipeline/1-Configure/Request.swift", "extension Request {\n    var slot: Slot? { nil }\n}\n")
        self.assertEqual(check.source_problems(self.root), [])
        self.append("Sources/Wiring/Pipeline/0-Shared/Slot.swift", "extension Slot {\n    var linker: Linker? { nil }\n}\n")
        self.assertEqual(check.source_problems(self.root), [
            "Sources/Wiring/Pipeline/0-Shared/Slot.swift:5: stage 0 names Linker, a type of stage 3; "
            "a stage uses only what the stages before it produce: pass what it needs in, or move the code to stage 3 "
            "(or list Linker for this file in Scripts/architecture/reach-back-exceptions.tsv with the reason, "
            "as ARCHITECTURE.md's documented exception allows)",
        ])

    def test_a_private_type_of_a_later_stage_is_not_one_of_its_types(self):
        # No other file can name it: a same-named type of stage 1 (or of the whole module) is another type.
        self.append("Sources/Wiring/Pipeline/2-Validate/Graph.swift",
                    "private typealias Requirement = Int\nfileprivate final class Entry {}\n")
        self.append("Sources/Wiring/Pipeline/1-Configure/Request.swift",
                    "extension Request {\n    var requirement: ResolutionError.Requirement? { nil }\n    var entry: Entry? { nil }\n}\n")
        self.assertEqual(check.source_problems(self.root), [])

    def test_a_new_later_type_in_an_excepted_file_fails(self):
        self.append("Sources/Wiring/Pipeline/1-Configure/Declaration.swift", "extension Declaration {\n    var graph: Graph? { nil }\n}\n")
        problems = check.source_problems(self.root)
        self.assertEqual(len(problems), 1)
        self.assertTrue(problems[0].startswith(
            "Sources/Wiring/Pipeline/1-Configure/Declaration.swift:5: stage 1 names Graph, a type of stage 2; "), problems)

    def test_a_stale_reach_back_exception_fails(self):
        self.write("Sources/Wiring/Pipeline/1-Configure/Declaration.swift", "class Declaration {}\n")
        self.assertEqual(check.source_problems(self.root), [
            "Scripts/architecture/reach-back-exceptions.tsv:2: a stale exception: "
            "Sources/Wiring/Pipeline/1-Configure/Declaration.swift no longer names Linker; "
            "take Linker out of the line (or the line out of the list)",
        ])

    def test_a_malformed_exception_list_is_refused(self):
        self.write("Scripts/architecture/unsafe-exceptions.tsv", "Sources/Wiring/A.swift\tUnmanaged\treason\n")
        with self.assertRaisesRegex(ValueError, "unsafe-exceptions.tsv:1: expected 4 tab-separated fields, found 3"):
            check.source_problems(self.root)

    def test_the_command_prints_every_problem_and_exits_1(self):
        self.write("Sources/Wiring/Components/Leak.swift", "let leak = unsafe Unmanaged<AnyObject>.self\n")
        manifest = self.root / "manifest.json"
        manifest.write_text(json.dumps({"targets": [], "products": []}))
        error = io.StringIO()
        with contextlib.redirect_stderr(error), contextlib.redirect_stdout(io.StringIO()):
            status = check.main(["--manifest", str(manifest), "--root", str(self.root)])
        self.assertEqual(status, 1)
        self.assertEqual(error.getvalue().splitlines(), [
            f"Sources/Wiring/Components/Leak.swift:1: unsafe outside Sources/Wiring/Unsafe/; {UNSAFE_FIX}",
            "check-architecture: 0 broken arrows, 1 broken source rule",
        ])


class UnoptimisedScannerTests(unittest.TestCase):
    FIX = ("the scanner is compiled unoptimised (ARCHITECTURE.md, \"What may depend on what\"): "
           "put @_optimize(none) on the line above it")

    def problems(self, text):
        with tempfile.TemporaryDirectory() as folder:
            file = pathlib.Path(folder) / "Sources/LinkedWiringScanner/Lexer.swift"
            file.parent.mkdir(parents=True)
            file.write_text(textwrap.dedent(text), encoding="utf-8")
            return check.unoptimised_scanner_problems(folder)

    def test_every_kind_of_code_without_the_attribute_fails_naming_file_line_and_the_fix(self):
        self.assertEqual(self.problems("""\
            struct Lexer {
                /// Reads a file.
                init(text: String) {}
                package static func tokens() -> [Int] { [] }
                private var count: Int {
                    0
                }
                subscript(index: Int) -> Int { index }
            }
            """), [
            f"Sources/LinkedWiringScanner/Lexer.swift:3: this init is not @_optimize(none); {self.FIX}",
            f"Sources/LinkedWiringScanner/Lexer.swift:4: this func is not @_optimize(none); {self.FIX}",
            f"Sources/LinkedWiringScanner/Lexer.swift:5: this var is not @_optimize(none); {self.FIX}",
            f"Sources/LinkedWiringScanner/Lexer.swift:8: this subscript is not @_optimize(none); {self.FIX}",
        ])

    def test_the_attribute_on_the_line_or_among_the_attributes_above_passes(self):
        self.assertEqual(self.problems("""\
            struct Lexer {
                let text: String
                var count = 0
                var tokens: [Int] { get }
                @_optimize(none)
                @discardableResult
                mutating func next() -> Int { 0 }
                @_optimize(none) init() { text = "" }
                // func in a comment
                let words = "func in a string"
            }
            """), [])

    def test_a_declaration_below_a_comment_below_the_attribute_fails(self):
        self.assertEqual(self.problems("""\
            @_optimize(none)
            // a note
            func scan() {}
            """), [f"Sources/LinkedWiringScanner/Lexer.swift:3: this func is not @_optimize(none); {self.FIX}"])


class RepositoryTests(unittest.TestCase):
    def test_the_repository_follows_the_source_rules(self):
        self.assertEqual(check.source_problems(check.ROOT), [])


if __name__ == "__main__":
    unittest.main()
