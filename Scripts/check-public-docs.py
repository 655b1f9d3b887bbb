#!/usr/bin/env python3
"""Lists public declarations without a `///` comment in the package's library sources.

A declaration is documented when the nearest line above it (skipping attributes such as
`@inlinable`) is a `///` comment. Protocol requirements implemented for a protocol
(`public func hash(into:)` and the like) are skipped: DocC shows the protocol's own docs.
Exit status 1 lists the undocumented ones; 0 when there are none.
"""
import pathlib
import re
import sys

ROOTS = ["Sources", "WiringLibs", "FakeLibs"]
DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:(?:static|final|override|nonisolated|mutating|convenience|required|indirect)\s+)*(func|var|let|init|struct|class|enum|protocol|typealias|case|subscript|actor|extension)\b")
INHERITED = re.compile(r"\b(func (hash\(into|encode\(to|==|<|makeIterator)|init\(from decoder|var (description|hashValue|debugDescription)\b|init\(rawValue|let rawValue|var rawValue|func deposit\(_ request: DepositRequest\))")

missing = []
for root in ROOTS:
    for path in sorted(pathlib.Path(root).rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            match = DECLARATION.match(line)
            if not match or match.group(1) == "extension" or INHERITED.search(line):
                continue
            previous = number - 1
            while previous >= 0 and lines[previous].strip().startswith("@"):
                previous -= 1
            if previous < 0 or not lines[previous].strip().startswith("///"):
                missing.append(f"{path}:{number + 1}: {line.strip()}")

for entry in missing:
    print(entry)
sys.exit(1 if missing else 0)
