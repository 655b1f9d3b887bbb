"""The figures of Scripts/check-thresholds, counted by callgrind: what each one runs and how its
instructions are worked out.

Every figure is a difference of two callgrind runs, so that what a process does besides the
measured work (loading, the runtime's start-up, building a factory, loading modules) cancels:

- a probe figure runs `wiring-probe OPERATION COUNT` (the threshold probes of the benchmark
  package, built without its scale graphs and Swinject) at two counts and divides
  the difference of the totals by the difference of the counts (Benchmarks/README.md,
  "Profiling");
- the object-size figure is not counted by callgrind: it adds up the code and data (`size`'s
  text, data and bss) of the object files the release build made for the Wiring module, which is
  what Wiring's own code adds to an app's binary before the linker strips what it does not use;
- the module's compile figure is not counted by callgrind either, which would take some fifty
  times the compile itself (a minute of CPU): it is the number of LLVM IR instructions the
  compiler generated for Wiring's release compile, the `IRModule.NumIRInsts` counter its
  `-stats-output-dir` writes (Package.swift's release scope asks for it), which is exact for a
  toolchain and grows with the code that the SIL optimiser and LLVM have to work through;
- the type-check figure runs `swift-frontend -frontend -typecheck` on the first five modules of a
  generated scale group file (50 bindings) and on a file with the same imports only, against the release modules of
  Wiring and ProbeTypes, and divides the difference by the number of bindings.

Runs are made repeatable: the same environment (`env -i`, deterministic hashing), a copy of the
bench binary without debug information (valgrind 3.19 cannot read this toolchain's DWARF 5), and
fixed file names under the work folder. The same binary and inputs then count the same
instructions, run after run.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

from thresholds import per_operation

SCALE_GROUP = "Benchmarks/Sources/ProbeScale/ScaleGroup00.swift"
# The type check counts the first modules of that file, ten bindings each: 50 bindings give the
# same figure per binding as its 250 did (5,137,407 against 5,137,008 on the same tree) in a fifth
# of the instructions, which callgrind runs some fifty times slower than the frontend.
SCALE_GROUP_MODULES = 5
SCALE_GROUP_BINDINGS = SCALE_GROUP_MODULES * 10
ATOMICS_INCLUDE = "Sources/CWiringAtomics/include"
IMPORTS_ONLY = "internal import ProbeTypes\npublic import Wiring\n"
# The upcoming features the benchmark package turns on for its targets (Benchmarks/Package.swift).
FRONTEND_FEATURES = ("ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault")


class MeasurementError(Exception):
    """A run could not be measured: the message says which and why."""


@dataclass(frozen=True)
class ProbeFigure:
    figure: str
    operation: str
    counts: Tuple[int, int]
    description: str


@dataclass(frozen=True)
class TypeCheckFigure:
    figure: str
    description: str


@dataclass(frozen=True)
class ObjectSizeFigure:
    figure: str
    module: str
    description: str


@dataclass(frozen=True)
class CompileStatsFigure:
    figure: str
    module: str
    counter: str
    description: str


FIGURES = (
    ProbeFigure("atm-build", "atm-wiring", (10_000, 20_000),
                "instructions per build of the ATM graph, six objects (wiring-probe atm-wiring)"),
    ProbeFigure("singleton-hit", "singleton-wiring", (100_000, 200_000),
                "instructions per Provider.get() of a shared value (wiring-probe singleton-wiring)"),
    ProbeFigure("of-250-warm", "of-250", (10, 20),
                "instructions per warm ComponentFactory.of of 250 bindings (wiring-probe of-250)"),
    ProbeFigure("async-hit", "async-hit-wiring", (10_000, 110_000),
                "instructions per AsyncProvider.get() of a made value (wiring-probe async-hit-wiring)"),
    ProbeFigure("build-250", "build-250", (50, 100),
                "instructions per build of the 250-object root of the probes' scale graph (wiring-probe build-250)"),
    ProbeFigure("async-build", "async-build-wiring", (10_000, 20_000),
                "instructions per AsyncComponentFactory.build of the ATM graph (wiring-probe async-build-wiring)"),
    ProbeFigure("provider-get", "provider-wiring", (10_000, 20_000),
                "instructions per Provider.get() of an unscoped object of four parts, one of them shared "
                "(wiring-probe provider-wiring; by hand: wiring-probe provider-hand)"),
    TypeCheckFigure("typecheck-per-binding",
                    "swift-frontend -typecheck instructions per binding: the first five modules of "
                    "ProbeScale/ScaleGroup00.swift (50 bindings) minus its imports alone, against the release Wiring module"),
    ObjectSizeFigure("wiring-object-bytes", "Wiring",
                     "bytes of code and data in the release build's object files of the Wiring module "
                     "(size: text + data + bss of Benchmarks/.build/release/Wiring.build/*.o)"),
    CompileStatsFigure("wiring-compile-ir", "Wiring", "IRModule.NumIRInsts",
                       "LLVM IR instructions the release compile of the Wiring module generates, what its SIL "
                       "optimisation and LLVM work through (IRModule.NumIRInsts of -stats-output-dir)"),
)


def descriptions() -> Dict[str, str]:
    return {figure.figure: figure.description for figure in FIGURES}


def callgrind_total(output: str) -> int:
    """The instructions a callgrind output file counts (its `summary:` or `totals:` line)."""
    for line in output.splitlines():
        match = re.match(r"(?:summary|totals): (\d+)", line)
        if match:
            return int(match.group(1))
    raise MeasurementError("callgrind's output has no summary line")


def object_bytes_total(output: str) -> int:
    """The text + data + bss of `size -t`'s (TOTALS) line (Berkeley format: its fourth column)."""
    for line in output.splitlines():
        fields = line.split()
        if fields and fields[-1] == "(TOTALS)" and len(fields) >= 4 and fields[3].isdigit():
            return int(fields[3])
    raise MeasurementError("size printed no (TOTALS) line")


def compile_counter(stats: Path, module: str, counter: str) -> int:
    """`counter` of the newest optimised compile job of `module` that wrote its counters into
    `stats` (`swift-frontend -stats-output-dir`: one JSON file a job, named after the module, the
    output kind and the optimisation level)."""
    jobs = sorted(stats.glob(f"stats-*-swift-frontend-{module}-*-o-O-*.json"), key=lambda path: path.stat().st_mtime)
    if not jobs:
        raise MeasurementError(f"no compiler counters of {module}'s release compile in {stats}: build the release "
                               f"scope through Scripts/lib/release-scope.sh, which asks the compiler for them")
    try:
        counters = json.loads(jobs[-1].read_text())
    except (OSError, ValueError) as error:
        raise MeasurementError(f"cannot read the compiler's counters in {jobs[-1]}: {error}") from error
    value = counters.get(counter)
    if not isinstance(value, int):
        raise MeasurementError(f"{jobs[-1]} has no {counter}")
    return value


@dataclass
class Measurer:
    """Runs the figures under callgrind; `work` is a folder of its own for copies and outputs."""

    repository: Path
    bench_binary: Path
    modules: Path
    work: Path
    frontend: Path
    compile_stats: Path
    jobs: int = 1
    log: Callable[[str], None] = print

    def environment(self) -> Dict[str, str]:
        return {
            "PATH": "/usr/bin:/bin",
            "LC_ALL": "C",
            "HOME": str(self.work),
            "SWIFT_DETERMINISTIC_HASHING": "1",
        }

    def callgrind(self, name: str, command: Sequence[str]) -> int:
        """Runs `command` under callgrind and returns the instructions it executed."""
        out = self.work / f"{name}.callgrind"
        full = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command]
        result = subprocess.run(full, cwd=self.work, env=self.environment(), capture_output=True, text=True)
        if result.returncode != 0:
            tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
            raise MeasurementError(f"{name}: `{' '.join(full)}` exited with {result.returncode}:\n{tail}")
        return callgrind_total(out.read_text(errors="replace"))

    def prepare(self) -> Path:
        """A copy of the bench binary without debug information, and the type check's inputs."""
        self.work.mkdir(parents=True, exist_ok=True)
        binary = self.work / "wiring-probe"
        objcopy = shutil.which("objcopy") or shutil.which("llvm-objcopy")
        if objcopy is None:
            raise MeasurementError("neither objcopy nor llvm-objcopy is installed: install binutils "
                                   "(apt-get install binutils); valgrind needs a copy of the bench binary "
                                   "without its DWARF 5 debug information")
        result = subprocess.run([objcopy, "--strip-debug", str(self.bench_binary), str(binary)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise MeasurementError(f"{objcopy} --strip-debug {self.bench_binary} failed: {result.stderr.strip()}")
        (self.work / "ScaleGroup.swift").write_text(first_modules(
            (self.repository / SCALE_GROUP).read_text(encoding="utf-8"), SCALE_GROUP_MODULES))
        (self.work / "ImportsOnly.swift").write_text(IMPORTS_ONLY)
        return binary

    def typecheck_command(self, file: str) -> List[str]:
        command = [str(self.frontend), "-frontend", "-typecheck", file, "-module-name", "ThresholdScale",
                   "-swift-version", "6", "-parse-as-library", "-I", str(self.modules),
                   # Wiring's C target of atomics, which importing Wiring loads (SwiftPM passes it too).
                   "-Xcc", f"-I{self.repository / ATOMICS_INCLUDE}",
                   "-module-cache-path", str(self.work / "module-cache")]
        for feature in FRONTEND_FEATURES:
            command += ["-enable-upcoming-feature", feature]
        return command

    def runs(self, binary: Path) -> Dict[str, Sequence[str]]:
        """Every callgrind run, by name: two per figure."""
        runs: Dict[str, Sequence[str]] = {}
        for figure in FIGURES:
            if isinstance(figure, ProbeFigure):
                for count in figure.counts:
                    runs[f"{figure.figure}.{count}"] = [str(binary), figure.operation, str(count)]
            elif isinstance(figure, TypeCheckFigure):
                runs[f"{figure.figure}.group"] = self.typecheck_command("ScaleGroup.swift")
                runs[f"{figure.figure}.imports"] = self.typecheck_command("ImportsOnly.swift")
        return runs

    def warm_module_cache(self) -> None:
        """Type-checks once outside valgrind, so that neither counted run builds the module cache."""
        for file in ("ImportsOnly.swift", "ScaleGroup.swift"):
            result = subprocess.run(self.typecheck_command(file), cwd=self.work, env=self.environment(),
                                    capture_output=True, text=True)
            if result.returncode != 0:
                raise MeasurementError(f"the type check of {file} failed:\n{result.stderr.strip()[-2000:]}")

    def object_bytes(self, module: str) -> int:
        """The code and data of a module's object files in the build beside the bench binary."""
        objects = sorted((self.bench_binary.parent / f"{module}.build").glob("*.o"))
        if not objects:
            raise MeasurementError(f"no object files of {module} in {self.bench_binary.parent / (module + '.build')}")
        size = shutil.which("size") or shutil.which("llvm-size")
        if size is None:
            raise MeasurementError("neither size nor llvm-size is installed: install binutils (apt-get install binutils)")
        result = subprocess.run([size, "-t", *map(str, objects)], capture_output=True, text=True)
        if result.returncode != 0:
            raise MeasurementError(f"{size} -t on {module}'s object files failed: {result.stderr.strip()}")
        return object_bytes_total(result.stdout)

    def measure(self) -> Dict[str, int]:
        binary = self.prepare()
        self.warm_module_cache()
        runs = self.runs(binary)
        self.log(f"{len(runs)} callgrind runs, {self.jobs} at a time")
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            futures = {name: pool.submit(self.callgrind, name, command) for name, command in runs.items()}
            totals = {name: future.result() for name, future in futures.items()}
        figures: Dict[str, int] = {}
        for figure in FIGURES:
            if isinstance(figure, ProbeFigure):
                low, high = figure.counts
                figures[figure.figure] = per_operation(
                    [totals[f"{figure.figure}.{low}"], totals[f"{figure.figure}.{high}"]], figure.counts)
            elif isinstance(figure, ObjectSizeFigure):
                figures[figure.figure] = self.object_bytes(figure.module)
            elif isinstance(figure, CompileStatsFigure):
                figures[figure.figure] = compile_counter(self.compile_stats, figure.module, figure.counter)
            else:
                figures[figure.figure] = per_operation(
                    [totals[f"{figure.figure}.imports"], totals[f"{figure.figure}.group"]], (0, SCALE_GROUP_BINDINGS))
        return figures


def first_modules(source: str, count: int) -> str:
    """The scale group's imports and its first `count` modules (`public struct ScaleModuleNNNN`),
    without the group that includes them all."""
    parts = re.split(r"(?m)^(?=public struct )", source)
    header = parts[0]
    modules = [part for part in parts[1:] if part.startswith("public struct ScaleModule")]
    if len(modules) < count:
        raise MeasurementError(f"{SCALE_GROUP} has {len(modules)} modules, fewer than the {count} the type check counts")
    return header + "".join(modules[:count])


def frontend_path() -> Path:
    """swift-frontend, beside the `swift` on PATH."""
    swift = shutil.which("swift")
    if swift is None:
        raise MeasurementError("swift is not on PATH")
    frontend = Path(os.path.realpath(swift)).parent / "swift-frontend"
    if not frontend.exists():
        raise MeasurementError(f"no swift-frontend beside {os.path.realpath(swift)}")
    return frontend
