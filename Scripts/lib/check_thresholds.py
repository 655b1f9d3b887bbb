"""Scripts/check-thresholds' measuring and comparing half: Scripts/check-thresholds checks the
prerequisites and builds, then runs this with the paths of what it built.

    python3 Scripts/lib/check_thresholds.py --bench-binary PATH --modules PATH --compile-stats PATH
                                            [--update] [--file PATH] [--jobs N]

Exit status: 0 when every figure is within its threshold (notes do not fail), or after
--update; 1 when a figure is over its threshold, or is missing from the file or from the run;
2 when a run could not be measured; 3 when the threshold file cannot be read; 64 for bad
arguments.
"""
from __future__ import annotations

import argparse
import datetime
import re
import subprocess
import sys
from pathlib import Path

import callgrind_figures
import thresholds

EXIT_OVER = 1
EXIT_MEASUREMENT = 2
EXIT_FILE = 3
EXIT_USAGE = 64


class Arguments(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"check-thresholds: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def say(message: str) -> None:
    print(f"check-thresholds: {message}", file=sys.stderr, flush=True)


def first_line(command: list, cwd: Path) -> str:
    try:
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    except OSError:
        return "unknown"
    lines = (result.stdout or result.stderr).strip().splitlines()
    return lines[0].strip() if result.returncode == 0 and lines else "unknown"


def provenance(repository: Path) -> str:
    commit = first_line(["git", "rev-parse", "--short", "HEAD"], repository)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=repository,
                           capture_output=True, text=True).stdout.strip()
    swift = first_line(["swift", "--version"], repository)
    swift = swift.split("(")[0].strip() if swift != "unknown" else swift
    valgrind = first_line(["valgrind", "--version"], repository)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    where = f"{commit} with uncommitted changes" if dirty else commit
    return f"{date} at {where}; {swift}; {valgrind}"


def swift_version(text: str) -> str:
    """`Swift version 6.3.1` in a line, or an empty string."""
    match = re.search(r"Swift version [0-9][0-9.]*", text)
    return match.group(0) if match else ""


def toolchain_note(file: thresholds.ThresholdFile, current: str) -> str:
    """A note when the file was measured with another Swift than this run's: counts move with it."""
    measured = next((swift_version(line) for line in file.header if line.startswith(thresholds.MEASURED_PREFIX)), "")
    now = swift_version(current)
    if measured and now and measured != now:
        return (f"the thresholds were measured with {measured} and this run uses {now}; a new toolchain moves "
                f"the counts, so if nothing else changed, update the file ({thresholds.UPDATE_COMMAND})")
    return ""


def main(argv: list) -> int:
    parser = Arguments(prog="check-thresholds", description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench-binary", required=True, type=Path)
    parser.add_argument("--modules", required=True, type=Path, help="the release build's Modules folder")
    parser.add_argument("--compile-stats", required=True, type=Path,
                        help="the folder of the compiler's counters of the release build (-stats-output-dir)")
    parser.add_argument("--file", default="Benchmarks/Thresholds.tsv")
    parser.add_argument("--work", default="Benchmarks/.build/thresholds", type=Path)
    parser.add_argument("--jobs", default=1, type=int)
    parser.add_argument("--update", action="store_true", help="rewrite the file from this run")
    arguments = parser.parse_args(argv)
    if arguments.jobs < 1:
        parser.error("--jobs must be 1 or more")
    repository = Path.cwd()
    path = arguments.file

    try:
        file = thresholds.parse(Path(path).read_text(), path)
    except FileNotFoundError:
        if not arguments.update:
            say(f"{path} does not exist; create it with Scripts/check-thresholds --update")
            return EXIT_FILE
        file = thresholds.ThresholdFile([], [])
    except (OSError, UnicodeDecodeError, thresholds.ThresholdFileError) as error:
        say(f"cannot read the thresholds: {error}")
        return EXIT_FILE

    try:
        measurer = callgrind_figures.Measurer(
            repository=repository, bench_binary=arguments.bench_binary.resolve(), modules=arguments.modules.resolve(),
            work=(repository / arguments.work).resolve(), frontend=callgrind_figures.frontend_path(),
            compile_stats=arguments.compile_stats.resolve(),
            jobs=arguments.jobs, log=say)
        measured = measurer.measure()
    except (callgrind_figures.MeasurementError, OSError) as error:
        say(f"could not measure: {error}")
        return EXIT_MEASUREMENT

    if arguments.update:
        new = thresholds.updated(file, measured, callgrind_figures.descriptions(), provenance(repository))
        Path(path).write_text(thresholds.format_file(new))
        for threshold in new.thresholds:
            old = file.threshold(threshold.figure)
            before = f"{old.instructions:,}" if old else "none"
            print(f"  {threshold.figure}: {threshold.instructions:,} {thresholds.unit(threshold.figure)} (was {before})")
        say(f"wrote {path}: review the change and commit it with the numbers before and after in the commit body")
        return 0

    comparison = thresholds.compare(file, measured, path)
    for line in comparison.passes:
        print(f"  ok    {line}")
    for line in comparison.notes:
        print(f"  note  {line}")
    for line in comparison.failures:
        print(f"  FAIL  {line}")
    note = toolchain_note(file, first_line(["swift", "--version"], repository))
    if note:
        print(f"  note  {note}")
    if not comparison.passed:
        say(f"{len(comparison.failures)} figure(s) over their thresholds; callgrind's profiles of this run are in "
            f"{arguments.work}/*.callgrind (callgrind_annotate FILE)")
        return EXIT_OVER
    say(f"every figure is within {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
