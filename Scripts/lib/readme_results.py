"""Rewrites the results of Benchmarks/README.md from a run of wiring-bench and of
Benchmarks/Scripts/dependency-cost: `Scripts/bench --markdown` (without a path) runs every
scenario and what depending costs, then this.

    python3 Scripts/lib/readme_results.py --json RUN.json --markdown RUN.md --commit COMMIT --readme Benchmarks/README.md
                                          [--depending DEPENDING.md]

Only the part between the two marker comments changes: the machine, toolchain, date and commit
of the run, the results table, the table of what depending on Wiring costs (with --depending)
and the targets table. Exit status: 0 when the README was rewritten, 1 when it has not exactly
one pair of markers (nothing is written), 2 when the run's files cannot be read.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Dict, Optional, Tuple

BEGIN = "<!-- results: begin; Scripts/bench --markdown rewrites everything up to the end marker -->"
END = "<!-- results: end -->"


class MarkerError(Exception):
    """The README does not have exactly one begin marker followed by one end marker."""


def replace_between_markers(text: str, block: str) -> str:
    """`text` with everything between the markers replaced by `block` (the markers are kept)."""
    begins, ends = text.count(BEGIN), text.count(END)
    if begins != 1 or ends != 1:
        raise MarkerError(f"expected one begin marker and one end marker, found {begins} and {ends}; "
                          f"put the results between\n{BEGIN}\nand\n{END}")
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    if end < start:
        raise MarkerError("the end marker comes before the begin marker")
    return text[:start] + "\n" + block.strip("\n") + "\n" + text[end:]


def two_tables(markdown: str, what: str) -> Tuple[str, str]:
    """The results table and the targets table of a run's Markdown: the two, a blank line apart."""
    tables = markdown.strip("\n").split("\n\n")
    if len(tables) != 2:
        raise ValueError(f"expected the results table and the targets table of {what}, found {len(tables)} blocks")
    return tables[0], tables[1]


def results_block(environment: Dict[str, object], markdown: str, commit: str, machine: str,
                  depending: Optional[str] = None) -> str:
    """The results part: where and when the run was made, then its tables.

    `markdown` is what `wiring-bench --markdown PATH` writes: the results table, a blank line,
    the targets table. `depending`, when given, is what `Benchmarks/Scripts/dependency-cost
    --markdown PATH` writes in the same shape: its table follows the scenarios' under a heading
    of its own, and its targets follow theirs in the one targets table.
    """
    results, targets = two_tables(markdown, "wiring-bench")
    depending_part = ""
    if depending is not None:
        table, depending_targets = two_tables(depending, "dependency-cost")
        header, rule, *rows = depending_targets.split("\n")
        if (header, rule) != tuple(targets.split("\n")[:2]):
            raise ValueError("dependency-cost's targets table does not have wiring-bench's columns")
        targets = "\n".join([targets, *rows])
        depending_part = (f"\n### The cost of depending, in the same run\n"
                          f"\nBenchmarks/Scripts/dependency-cost (\"The cost of depending on Wiring\" below says "
                          f"how the apps are built):\n"
                          f"\n{table}\n")
    return (
        f"Machine: {environment['cpu']}, {environment['cores']} cores (`nproc`), {machine}. "
        f"Toolchain: {environment['toolchain']}. Date: {environment['date']}, a {environment['mode']} run "
        f"(`Scripts/bench --markdown`). Wiring at {commit}.\n"
        f"\n{results}\n"
        f"{depending_part}"
        f"\n### Targets\n"
        f"\n{targets}\n"
    )


def machine_description() -> str:
    """Memory and operating system, from /proc/meminfo and /etc/os-release, where they exist."""
    parts = []
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                parts.append(f"{round(int(line.split()[1]) / 1024 / 1024)} GiB")
    except (OSError, ValueError, IndexError):
        pass
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                parts.append(line.split("=", 1)[1].strip('"'))
    except OSError:
        pass
    return ", ".join(parts) if parts else "unknown machine"


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", required=True, type=Path)
    parser.add_argument("--markdown", required=True, type=Path)
    parser.add_argument("--commit", required=True)
    parser.add_argument("--readme", required=True, type=Path)
    parser.add_argument("--depending", type=Path, help="what Benchmarks/Scripts/dependency-cost --markdown wrote")
    arguments = parser.parse_args(argv)
    try:
        environment = json.loads(arguments.json.read_text())["environment"]
        depending = arguments.depending.read_text() if arguments.depending else None
        block = results_block(environment, arguments.markdown.read_text(), arguments.commit, machine_description(),
                              depending)
        text = arguments.readme.read_text()
    except (OSError, ValueError, KeyError) as error:
        print(f"readme_results: cannot read the run: {error}", file=sys.stderr)
        return 2
    try:
        new = replace_between_markers(text, block)
    except MarkerError as error:
        print(f"readme_results: {arguments.readme}: {error}", file=sys.stderr)
        return 1
    temporary = arguments.readme.with_name(arguments.readme.name + ".new")
    temporary.write_text(new)
    os.replace(temporary, arguments.readme)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
