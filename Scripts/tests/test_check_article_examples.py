"""Tests of how Scripts/check-article-examples reads an article's ```swift blocks and markers."""
import importlib.machinery
import importlib.util
import pathlib
import textwrap
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "check-article-examples"
loader = importlib.machinery.SourceFileLoader("check_article_examples", str(SCRIPT))
spec = importlib.util.spec_from_loader("check_article_examples", loader)
check = importlib.util.module_from_spec(spec)
loader.exec_module(check)


def article(text):
    return textwrap.dedent(text).lstrip("\n")


class SwiftBlockTests(unittest.TestCase):
    def test_every_block_is_kept_in_order_with_the_line_it_starts_at(self):
        blocks, skipped = check.swift_blocks(article("""
            # Title

            ```swift
            import Wiring
            ```

            Text.

            ```text
            not Swift
            ```

            ```swift
            struct A {}
            ```
            """), "A.md")
        self.assertEqual(blocks, [(3, ["import Wiring"]), (13, ["struct A {}"])])
        self.assertEqual(skipped, 0)

    def test_a_marked_block_is_left_out_and_counted(self):
        blocks, skipped = check.swift_blocks(article("""
            <!-- not-compiled: needs UIKit, which Linux does not have -->
            ```swift
            import UIKit
            ```

            ```swift
            struct A {}
            ```
            """), "A.md")
        self.assertEqual(blocks, [(6, ["struct A {}"])])
        self.assertEqual(skipped, 1)

    def test_an_indented_block_loses_its_indentation(self):
        blocks, _ = check.swift_blocks(article("""
            - A list item:

              ```swift
              struct A {
                  let b: Int
              }
              ```
            """), "A.md")
        self.assertEqual(blocks, [(3, ["struct A {", "    let b: Int", "}"])])

    def test_a_marker_without_a_reason_fails(self):
        with self.assertRaises(check.ArticleError) as failure:
            check.swift_blocks("<!-- not-compiled: -->\n```swift\nstruct A {}\n```\n", "A.md")
        self.assertEqual(str(failure.exception), "A.md:1: a not-compiled marker must give its reason")

    def test_a_marker_that_no_swift_block_follows_fails(self):
        with self.assertRaises(check.ArticleError) as failure:
            check.swift_blocks("<!-- not-compiled: UIKit -->\n\nSome text.\n\n```swift\nstruct A {}\n```\n", "A.md")
        self.assertEqual(str(failure.exception), "A.md:1: a not-compiled marker is not followed by a ```swift block")

    def test_a_block_that_never_ends_fails(self):
        with self.assertRaises(check.ArticleError) as failure:
            check.swift_blocks("```swift\nstruct A {}\n", "A.md")
        self.assertEqual(str(failure.exception), "A.md:1: a ```swift block never ends")

    def test_the_file_points_each_block_at_its_lines_in_the_article(self):
        source = check.article_source([(3, ["import Wiring"]), (9, ["struct A {}"])], "Docs/A.md")
        self.assertEqual(source, "\n".join([
            '#sourceLocation(file: "Docs/A.md", line: 4)', "import Wiring", "#sourceLocation()",
            '#sourceLocation(file: "Docs/A.md", line: 10)', "struct A {}", "#sourceLocation()", "",
        ]))


if __name__ == "__main__":
    unittest.main()
