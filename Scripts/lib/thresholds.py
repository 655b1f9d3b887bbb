"""The threshold file of Scripts/check-thresholds (Benchmarks/Thresholds.tsv): reading it,
writing it, and comparing a run's instruction counts with it.

Nothing here runs a program; Scripts/lib/callgrind_figures.py measures, and
Scripts/tests/test_thresholds.py tests this module.

The file is tab-separated text. Lines that start with `#` are its header, kept as they are by
`--update` except the one that starts with `# Measured:`, which says where the numbers come
from. Every other non-empty line is one figure:

    figure<TAB>instructions<TAB>tolerance<TAB>what it counts

`instructions` is the count of the reviewed run, a whole number; `tolerance` is how much more a
run may count, in per cent (`3%`). A run passes a figure when it counts at most
instructions × (100 + tolerance) / 100.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Dict, List, Optional, Sequence

# How much better than its threshold a figure must be for the check to suggest lowering it.
IMPROVEMENT_NOTE_PERCENT = 10
DEFAULT_TOLERANCE_PERCENT = 3
MEASURED_PREFIX = "# Measured:"
UPDATE_COMMAND = "Scripts/check-thresholds --update"


class ThresholdFileError(Exception):
    """The threshold file cannot be read: the message names the line and what is wrong."""


@dataclass(frozen=True)
class Threshold:
    figure: str
    instructions: int
    tolerance_percent: int
    description: str

    @property
    def limit(self) -> Fraction:
        """The most a run may count, exactly."""
        return Fraction(self.instructions * (100 + self.tolerance_percent), 100)

    @property
    def allowed(self) -> int:
        """The most a run may count, as a whole number of instructions."""
        return math.floor(self.limit)


@dataclass
class ThresholdFile:
    header: List[str]
    thresholds: List[Threshold]

    def threshold(self, figure: str) -> Optional[Threshold]:
        return next((t for t in self.thresholds if t.figure == figure), None)


@dataclass
class Comparison:
    """What a run says against the file: `failures` make the check fail, `notes` do not."""

    failures: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    passes: List[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def parse(text: str, path: str) -> ThresholdFile:
    header: List[str] = []
    thresholds: List[Threshold] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("#"):
            header.append(line)
            continue
        if not line.strip():
            continue
        fields = line.split("\t")
        where = f"{path}:{number}"
        if len(fields) != 4:
            raise ThresholdFileError(
                f"{where}: expected 4 tab-separated fields (figure, instructions, tolerance, what), found {len(fields)}")
        figure, count, tolerance, description = fields
        if not figure or figure != figure.strip():
            raise ThresholdFileError(f"{where}: the figure's name is empty or has spaces around it")
        if not count.isdigit():
            raise ThresholdFileError(f"{where}: instructions must be a whole number, found {count!r}")
        if not (tolerance.endswith("%") and tolerance[:-1].isdigit()):
            raise ThresholdFileError(f"{where}: tolerance must be a whole number of per cent such as 3%, found {tolerance!r}")
        if any(t.figure == figure for t in thresholds):
            raise ThresholdFileError(f"{where}: {figure} appears twice")
        thresholds.append(Threshold(figure, int(count), int(tolerance[:-1]), description))
    return ThresholdFile(header, thresholds)


def format_file(file: ThresholdFile) -> str:
    lines = list(file.header)
    lines += [f"{t.figure}\t{t.instructions}\t{t.tolerance_percent}%\t{t.description}" for t in file.thresholds]
    return "\n".join(lines) + "\n"


def updated(file: ThresholdFile, measured: Dict[str, int], descriptions: Dict[str, str], measured_line: str) -> ThresholdFile:
    """The file with every figure's count replaced by the run's, in the run's order.

    Tolerances and descriptions of known figures are kept; a new figure gets the default
    tolerance and the description given for it; a figure the run did not measure is dropped.
    The header's `# Measured:` line is replaced by `measured_line` (added when missing).
    """
    thresholds = []
    for figure, count in measured.items():
        known = file.threshold(figure)
        thresholds.append(Threshold(
            figure, count,
            known.tolerance_percent if known else DEFAULT_TOLERANCE_PERCENT,
            known.description if known else descriptions.get(figure, figure)))
    header = [line for line in file.header if not line.startswith(MEASURED_PREFIX)]
    position = next((i for i, line in enumerate(file.header) if line.startswith(MEASURED_PREFIX)), None)
    header.insert(len(header) if position is None else position, f"{MEASURED_PREFIX} {measured_line}")
    return ThresholdFile(header, thresholds)


def unit(figure: str) -> str:
    """What a figure counts: bytes for a size (its name ends in `-bytes`), instructions otherwise."""
    return "bytes" if figure.endswith("-bytes") else "instructions"


def _count(value: int) -> str:
    return f"{value:,}"


def _percent(measured: int, baseline: int) -> str:
    if baseline == 0:
        return "n/a"
    return f"{(measured - baseline) * 100 / baseline:+.1f} %"


def compare(file: ThresholdFile, measured: Dict[str, int], path: str) -> Comparison:
    """Compares a run's counts with the file at `path` (named in the messages)."""
    comparison = Comparison()
    update = (f"if the change is worth it, run {UPDATE_COMMAND} and commit {path} "
              "with the numbers before and after in the commit body (a reviewed decision)")
    for threshold in file.thresholds:
        count = measured.get(threshold.figure)
        if count is None:
            comparison.failures.append(
                f"{threshold.figure}: not measured by this run, but {path} has a threshold for it; "
                f"remove its line, or run {UPDATE_COMMAND}")
            continue
        change = _percent(count, threshold.instructions)
        if count > threshold.limit:
            comparison.failures.append(
                f"{threshold.figure}: {_count(count)} {unit(threshold.figure)}, over the {_count(threshold.allowed)} allowed "
                f"({_count(threshold.instructions)} + {threshold.tolerance_percent} % in {path}; {change}). "
                f"Find what made it slower (Benchmarks/README.md, \"Profiling\"), or, {update}")
        elif count * 100 < threshold.instructions * (100 - IMPROVEMENT_NOTE_PERCENT):
            comparison.notes.append(
                f"{threshold.figure}: {_count(count)} {unit(threshold.figure)}, {change} against {_count(threshold.instructions)} "
                f"in {path}, more than {IMPROVEMENT_NOTE_PERCENT} % better: lower the threshold so that CI keeps the gain "
                f"({UPDATE_COMMAND}, and commit {path} with the numbers in the commit body)")
        else:
            comparison.passes.append(
                f"{threshold.figure}: {_count(count)} {unit(threshold.figure)} ({change} against {_count(threshold.instructions)}; "
                f"at most {_count(threshold.allowed)})")
    for figure in measured:
        if file.threshold(figure) is None:
            comparison.failures.append(
                f"{figure}: measured ({_count(measured[figure])} {unit(figure)}) but {path} has no threshold for it; "
                f"run {UPDATE_COMMAND} and commit {path}")
    return comparison


def per_operation(totals: Sequence[int], counts: Sequence[int]) -> int:
    """The instructions of one operation: the difference of two runs' totals over the difference
    of their operation counts, rounded to the nearest whole instruction, so that what both runs
    do besides the operation cancels out."""
    (low_total, high_total), (low_count, high_count) = totals, counts
    if high_count <= low_count:
        raise ValueError(f"the second count ({high_count}) must be larger than the first ({low_count})")
    return round(Fraction(high_total - low_total, high_count - low_count))
