#!/usr/bin/env python3
"""Checks the dependency arrows Package.swift declares against the wiring-libraries architecture.

Reads the manifest with `swift package dump-package` (or a JSON file given with --manifest) and
reports each broken arrow on one line:

  1. a core library (a target in Sources/ other than the container, its test support, the apps'
     composition and the executables) depends neither on Wiring nor on a wiring or fake library;
  2. a wiring library (WiringLibs/) depends on no other wiring library and on no fake;
  3. a fake wiring library (FakeLibs/*Wiring) depends on no real wiring library;
  4. the `atm` executable links no fake library;
  5. the `atm-dev` executable builds without the framework layer: nothing it links, directly or
     not, is a system library (CCurl) or depends on one (the libcurl client BankNetwork and its
     wiring, BankNetworkWiring);
  6. a plugin's tools (the targets a plugin depends on, directly or not, and those whose sources
     it compiles into itself: for LinkedWiring, its scanner) are none of the container, a wiring
     library or a fake, so that a package that applies the plugin builds nothing of ours but the
     plugin; a target compiled into a plugin depends on nothing at all, since the plugin's compile
     sees no other module. Tools are not core libraries, even in Sources/;
  7. the package's products reach only the container and the plugin's tools: the example
     ecosystem is reached by no product, so that a package depending on Wiring builds none of
     it, runs no plugin for it, and may name its own targets `Network` or `ATMLib`.

Then it checks two rules of the sources, ignoring comments and string literals:

  8. unsafety lives in Sources/Wiring/Unsafe/. The compiler finds every use of an unsafe
     declaration (`-strict-memory-safety`, Scripts/check-memory-safety) and makes it say
     `unsafe`; this rule covers what the compiler cannot say, in every product's sources
     (Sources/Wiring, WiringTesting, WiringCleanse, the plugin and its scanner): any word with
     `unsafe` or `Unsafe` in it (the `unsafe` expression and the `@unsafe` attribute,
     `nonisolated(unsafe)`, `unowned(unsafe)`, `_withUnsafeGuaranteedRef`), `@safe` (which
     silences the compiler), `@unchecked Sendable` (however it is spelled or split across
     lines), `@exclusivity(unchecked)` on a declaration, `@_silgen_name`, `@_cdecl`, `@_extern`,
     and any `@_semantics` but `"optimize.sil.specialize.generic.never"`, which only stops
     specialisation. Outside Unsafe/, a construct needs an exception
     (Scripts/architecture/unsafe-exceptions.tsv): a file, a construct, how many times the
     file uses it, and why; a use beyond the count fails, and so does an exception that allows
     more than the file uses (stale). Every excepted construct is named in ARCHITECTURE.md's
     "The unsafe corner";
  9. pipeline stages do not reach back: a file of Sources/Wiring/Pipeline/N-* names no type
     declared (not `private` or `fileprivate`) in a later stage's folder, unless
     Scripts/architecture/reach-back-exceptions.tsv lists that file and type with the reason
     (a recipe's link function waits in stage 1 for stage 3's Linker: ARCHITECTURE.md, "What
     may depend on what"); a listed type the file no longer names fails too. Stage 0
     (0-Shared, the run-time vocabulary) comes before every stage: any may name it, it names
     none of them.

Then two rules that keep the platforms Wiring asks for honest:

 10. no target a product reaches (Wiring, WiringTesting, WiringCleanse and what they depend on)
     imports `Synchronization`, whose `Mutex` and `Atomic` need macOS 15 and iOS 18; Wiring's
     atomics are C11's, from the C target CWiringAtomics, which only files of
     Sources/Wiring/Unsafe/ import;
 11. the manifest's platforms and the README's "Platforms" line name the same systems and
     versions;
 12. no product declares a type generic over a parameter pack (`struct Box<each T>`) while the
     manifest's platforms are below the Swift 5.9 runtime that such types need (macOS 14,
     iOS 17, tvOS 17, watchOS 10, visionOS 1): lowering the platforms below it must move them
     into generic functions first. Generic functions over packs are fine everywhere.

And one rule of the plugin's scanner:

 13. every function, initialiser, subscript and computed property of Sources/LinkedWiringScanner
     is `@_optimize(none)`: the plugin, which runs it, is compiled unoptimised by SwiftPM, and
     the release test build compiles it unoptimised too, and so in the fraction of the time
     (ARCHITECTURE.md, "What may depend on what").

Exit status: 0 when every arrow and rule is followed, 1 when one is not, 2 when the manifest or
an exception list cannot be read.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
from dataclasses import dataclass, field

# The container: the three library products, and the C target of Wiring's atomics.
CONTAINER = {"Wiring", "WiringTesting", "WiringCleanse", "CWiringAtomics"}
COMPOSITION = {"ATMAppSupport"}
FRAMEWORK_LAYER_FIX = ("the development app builds without the framework layer (the libcurl client): "
                       "link FakeNetworkWiring, and move what needs the client to the production app")


@dataclass
class Target:
    name: str
    kind: str  # regular, executable, system, test, plugin
    path: str  # the target's folder, Sources/<name> (Plugins/<name>) when the manifest gives none
    dependencies: list = field(default_factory=list)

    @property
    def is_wiring_library(self) -> bool:
        return self.path.startswith("WiringLibs/")

    @property
    def is_fake(self) -> bool:
        return self.path.startswith("FakeLibs/")

    @property
    def is_fake_wiring(self) -> bool:
        return self.is_fake and self.name.endswith("Wiring")

    is_tool: bool = False  # a target some plugin depends on

    @property
    def is_core_library(self) -> bool:
        return (self.path.startswith("Sources/") and self.kind in ("regular", "system") and not self.is_tool
                and self.name not in CONTAINER and self.name not in COMPOSITION)


def load_manifest(path):
    """The manifest as JSON: from a file, or from `swift package dump-package`."""
    if path:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    result = subprocess.run(["swift", "package", "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"swift package dump-package failed: {result.stderr.strip()}")
    return json.loads(result.stdout)


def targets_of(manifest):
    """Every target, with the names of the targets it depends on directly."""
    targets = {}
    for entry in manifest["targets"]:
        names = []
        for dependency in entry.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        folder = {"test": "Tests/", "plugin": "Plugins/"}.get(entry["type"], "Sources/")
        path = entry.get("path") or folder + entry["name"]
        targets[entry["name"]] = Target(entry["name"], entry["type"], path, names)
    for plugin in [target for target in targets.values() if target.kind == "plugin"]:
        for name in plugin_tools(plugin.name, targets):
            if name in targets:
                targets[name].is_tool = True
    return targets


# The targets whose sources a plugin compiles into itself, through a link in its folder (a build
# tool plugin may depend on no library): they count as its tools.
COMPILED_INTO = {"LinkedWiring": ("LinkedWiringScanner",)}


def plugin_tools(name, targets):
    """The targets a plugin depends on, directly or not, and those compiled into it, with theirs."""
    tools = set(closure(name, targets))
    for compiled in COMPILED_INTO.get(name, ()):
        tools |= {compiled} | set(closure(compiled, targets))
    return tools


def closure(name, targets):
    """Every target `name` links, directly or not."""
    seen, pending = set(), [name]
    while pending:
        current = pending.pop()
        for dependency in targets.get(current, Target(current, "regular", "")).dependencies:
            if dependency not in seen:
                seen.add(dependency)
                pending.append(dependency)
    return seen


def executable_target(manifest, name):
    """The executable target named `name` (an app of this package), or None."""
    for entry in manifest["targets"]:
        if entry["name"] == name and entry["type"] == "executable":
            return name
    return None


def breaks(manifest):
    """One line per arrow that breaks a rule, in manifest order."""
    targets = targets_of(manifest)
    problems = []
    for target in targets.values():
        for name in target.dependencies:
            dependency = targets.get(name)
            if dependency is None:
                continue
            if target.is_core_library and (name in CONTAINER or dependency.is_wiring_library or dependency.is_fake):
                what = "the container" if name in CONTAINER else ("a fake" if dependency.is_fake else "a wiring library")
                problems.append(f"{target.name} (a core library) depends on {name}, {what}; "
                                f"core libraries depend only on other core libraries: remove the dependency")
            if target.is_wiring_library and (dependency.is_wiring_library or dependency.is_fake):
                what = "another wiring library" if dependency.is_wiring_library else "a fake"
                problems.append(f"{target.name} (a wiring library) depends on {name}, {what}; "
                                f"a wiring library binds only its sibling's types: include {name}'s modules from the app instead")
            if target.is_fake_wiring and dependency.is_wiring_library:
                problems.append(f"{target.name} (a fake wiring library) depends on {name}, a real wiring library; "
                                f"a fake wiring library replaces one, it does not build on it")
    for plugin in [target for target in targets.values() if target.kind == "plugin"]:
        for name in COMPILED_INTO.get(plugin.name, ()):
            if name in targets and targets[name].dependencies:
                problems.append(f"the {plugin.name} plugin compiles {name}'s sources into itself, but {name} depends on "
                                f"{', '.join(sorted(targets[name].dependencies))}; the plugin's compile sees no other module, "
                                f"so {name} depends on nothing")
        for name in sorted(plugin_tools(plugin.name, targets)):
            tool = targets.get(name)
            if tool is None:
                continue
            if name in CONTAINER or tool.is_wiring_library or tool.is_fake:
                what = "the container" if name in CONTAINER else ("a fake" if tool.is_fake else "a wiring library")
                problems.append(f"the {plugin.name} plugin's tools include {name}, {what}; "
                                f"a plugin's tools depend on nothing but each other, so that applying it builds only the plugin")
    for product in manifest.get("products", []):
        reached = set(product["targets"])
        for name in product["targets"]:
            reached |= closure(name, targets)
        for name in sorted(reached):
            target = targets.get(name)
            if target is None or name in CONTAINER or target.is_tool or target.kind == "plugin":
                continue
            problems.append(f"the product {product['name']} reaches {name}, a target of the example; "
                            f"the package vends only what a user depends on (Wiring, WiringTesting, WiringCleanse, the LinkedWiring plugin): "
                            f"remove {name} from the product")
    atm = executable_target(manifest, "atm")
    if atm:
        for name in sorted(closure(atm, targets)):
            if name in targets and targets[name].is_fake:
                problems.append(f"atm links {name}, a fake library; the production app must link only real libraries")
    atm_dev = executable_target(manifest, "atm-dev")
    if atm_dev:
        for name in sorted(closure(atm_dev, targets)):
            if name not in targets:
                continue
            if targets[name].kind == "system":
                problems.append(f"atm-dev links {name}, a system library; {FRAMEWORK_LAYER_FIX}")
                continue
            systems = sorted(d for d in closure(name, targets) if d in targets and targets[d].kind == "system")
            if systems:
                problems.append(f"atm-dev links {name}, which links {', '.join(systems)}; {FRAMEWORK_LAYER_FIX}")
    return problems


ROOT = pathlib.Path(__file__).resolve().parent.parent
# The products' sources (the library products, the plugin and its scanner), which the unsafe rule
# checks. (The plugin's folder links to the scanner's, which the walk does not follow.)
FENCED_SOURCES = ("Sources/Wiring", "Sources/WiringTesting", "Sources/WiringCleanse",
                  "Sources/LinkedWiringScanner", "Plugins/LinkedWiring")
UNSAFE_FOLDER = "Sources/Wiring/Unsafe/"
PIPELINE = "Sources/Wiring/Pipeline"
UNSAFE_EXCEPTIONS = "Scripts/architecture/unsafe-exceptions.tsv"
REACH_BACK_EXCEPTIONS = "Scripts/architecture/reach-back-exceptions.tsv"
UNSAFE_CORNER = "## The unsafe corner"


def code_only(text):
    """`text` with every comment and string literal's content blanked (newlines kept)."""
    out = list(text)
    n = len(text)

    def blank(start, end):
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    def skip_block_comment(i):
        depth, j = 1, i + 2
        while j < n and depth:
            if text.startswith("/*", j):
                depth, j = depth + 1, j + 2
            elif text.startswith("*/", j):
                depth, j = depth - 1, j + 2
            else:
                j += 1
        blank(i, j)
        return j

    def code(i, in_interpolation):
        depth = 0
        while i < n:
            c = text[i]
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
            elif text.startswith("/*", i):
                i = skip_block_comment(i)
            elif c == '"' or (c == "#" and text[i:].lstrip("#").startswith('"')):
                i = string(i)
            elif in_interpolation and c == "(":
                depth, i = depth + 1, i + 1
            elif in_interpolation and c == ")":
                if depth == 0:
                    return i + 1
                depth, i = depth - 1, i + 1
            else:
                i += 1
        return i

    def string(i):
        pounds = 0
        while text[i + pounds] == "#":
            pounds += 1
        j = i + pounds
        triple = text.startswith('"""', j)
        j += 3 if triple else 1
        close = ('"""' if triple else '"') + "#" * pounds
        escape = "\\" + "#" * pounds
        start = j
        while j < n:
            if text.startswith(escape, j):
                k = j + len(escape)
                if k < n and text[k] == "(":
                    blank(start, j)
                    j = code(k + 1, True)
                    start = j
                    continue
                j = k + 1
            elif text.startswith(close, j):
                blank(start, j)
                return j + len(close)
            elif text[j] == "\n" and not triple:
                break
            else:
                j += 1
        blank(start, j)
        return j

    code(0, False)
    return "".join(out)


# What the compiler cannot say. `-strict-memory-safety` (Scripts/check-memory-safety) makes every
# use of an unsafe declaration say `unsafe`; this rule keeps that word, and what silences the
# compiler or lies outside its reach, in Unsafe/. Attribute and modifier spellings first: their
# `unsafe` is not an identifier of its own. The patterns run over the whole text, so a construct
# split across lines (`@unchecked` and `Sendable` on the next) is one construct, on its first line.
UNSAFE_CONSTRUCT = re.compile(
    r"(?P<unchecked>@unchecked\s+(?:Swift\s*\.\s*)?Sendable\b)"
    r"|(?P<exclusivity>@exclusivity\s*\(\s*unchecked\s*\))"
    r"|(?P<semantics>@_semantics\b)"
    r"|(?P<safe>@safe\b)"
    r"|(?P<linkage>@_(?:silgen_name|cdecl|extern)\b)"
    r"|(?P<attribute>@_?unsafe\w*)"
    r"|(?P<modifier>\b(?:nonisolated|unowned)\s*\(\s*unsafe\s*\))"
    r"|(?P<identifier>\b\w*(?:unsafe|Unsafe)\w*)"
)
# The one `@_semantics` that is not a trick on memory: it keeps a generic function from being
# specialised (terminals compiled once, in Wiring; ARCHITECTURE.md, "The unsafe corner").
UNSPECIALISED = re.compile(r'@_semantics\s*\(\s*"optimize\.sil\.specialize\.generic\.never"\s*\)')


def unsafe_constructs(text):
    """(line, construct) for every unsafe construct in Swift source `text`, outside comments and strings."""
    code = code_only(text)
    found = []
    for match in UNSAFE_CONSTRUCT.finditer(code):
        if match.lastgroup == "semantics" and UNSPECIALISED.match(text, match.start()):
            continue
        construct = re.sub(r"\s+", " ", re.sub(r"\s*([().])\s*", r"\1", match.group(0)))
        if match.lastgroup == "unchecked":
            construct = "@unchecked Sendable"
        found.append((code.count("\n", 0, match.start()) + 1, construct))
    return found


def swift_files(root, folder):
    """The Swift files under `folder` of `root`, as repository-relative paths, sorted."""
    base = pathlib.Path(root) / folder
    return sorted(path.relative_to(root).as_posix() for path in base.rglob("*.swift")) if base.is_dir() else []


def read_exceptions(root, name, columns):
    """The rows of an exception list: (line number, fields); `#` starts a comment line."""
    rows = []
    path = pathlib.Path(root) / name
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split("\t")]
        if len(fields) != columns or not all(fields):
            raise ValueError(f"{name}:{number}: expected {columns} tab-separated fields, found {len(fields)}")
        rows.append((number, fields))
    return rows


def unsafe_problems(root):
    """One line per unsafe construct outside Unsafe/ that no exception allows, and per stale exception."""
    uses = {}
    for path in [path for folder in FENCED_SOURCES for path in swift_files(root, folder)]:
        if path.startswith(UNSAFE_FOLDER):
            continue
        for number, construct in unsafe_constructs((pathlib.Path(root) / path).read_text(encoding="utf-8")):
            uses.setdefault((path, construct), []).append(number)
    allowed = {}
    problems = []
    for number, (path, construct, count, reason) in read_exceptions(root, UNSAFE_EXCEPTIONS, 4):
        if not count.isdigit() or int(count) == 0:
            raise ValueError(f"{UNSAFE_EXCEPTIONS}:{number}: the count must be a positive number, not {count!r}")
        if (path, construct) in allowed:
            raise ValueError(f"{UNSAFE_EXCEPTIONS}:{number}: {construct} in {path} is listed twice")
        allowed[(path, construct)] = (number, int(count))
    fix = (f"move it into {UNSAFE_FOLDER} behind a small internal type, or list it in {UNSAFE_EXCEPTIONS} "
           f"(file, construct, count, reason) and in ARCHITECTURE.md, \"The unsafe corner\"")
    for (path, construct), lines in sorted(uses.items()):
        number, count = allowed.get((path, construct), (None, 0))
        if number is None:
            for line in lines:
                problems.append(f"{path}:{line}: {construct} outside {UNSAFE_FOLDER}; {fix}")
        elif len(lines) > count:
            problems.append(f"{path}:{lines[count]}: {construct} used {len(lines)} times (lines "
                            f"{', '.join(map(str, lines))}), but {UNSAFE_EXCEPTIONS}:{number} allows {count}; "
                            f"{fix}, raising the count")
    for (path, construct), (number, count) in sorted(allowed.items(), key=lambda item: item[1][0]):
        used = len(uses.get((path, construct), []))
        if used < count:
            what = "no longer uses it" if used == 0 else f"uses it {used} times"
            action = "remove the line" if used == 0 else f"lower the count to {used}"
            problems.append(f"{UNSAFE_EXCEPTIONS}:{number}: a stale exception: it allows {construct} {count} times "
                            f"in {path}, which {what}; {action}")
    problems += unsafe_corner_problems(root, sorted({construct for (_, construct) in allowed}))
    return problems


def unsafe_corner_problems(root, constructs):
    """One line per excepted construct that ARCHITECTURE.md's "The unsafe corner" does not name."""
    path = pathlib.Path(root) / "ARCHITECTURE.md"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    start = text.find(UNSAFE_CORNER)
    end = text.find("\n## ", start + 1) if start >= 0 else -1
    section = text[start:end if end >= 0 else len(text)] if start >= 0 else ""
    quoted = " ".join(re.findall(r"`([^`]+)`", section))
    return [f"ARCHITECTURE.md: \"The unsafe corner\" does not name {construct}, which {UNSAFE_EXCEPTIONS} allows; "
            f"add it, backquoted, to the table" for construct in constructs if construct not in quoted]


# A type another file can name: a `private` or `fileprivate` one cannot, so it is not one of its stage's types.
DECLARATION = re.compile(r"(?<![\w(])(?:(?:private|fileprivate)\s+(?:(?:final|indirect)\s+)*)?\b(class|struct|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)")
PRIVATE_DECLARATION = re.compile(r"^(?:private|fileprivate)\s")
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")


def stage_of(path):
    """The number of the stage whose folder holds `path`, or None for the driver and other files."""
    match = re.match(re.escape(PIPELINE) + r"/(\d+)-[^/]+/", path)
    return int(match.group(1)) if match else None


def reach_back_problems(root):
    """One line per type of a later stage that a stage's file names without an exception, and per stale exception."""
    files = [path for path in swift_files(root, PIPELINE) if stage_of(path) is not None]
    texts = {path: code_only((pathlib.Path(root) / path).read_text(encoding="utf-8")) for path in files}
    declared = {}
    for path in files:
        for match in DECLARATION.finditer(texts[path]):
            if not PRIVATE_DECLARATION.match(match.group(0)):
                declared.setdefault(match.group(2), set()).add(stage_of(path))
    named = {}
    for path in files:
        stage = stage_of(path)
        for number, line in enumerate(texts[path].splitlines(), 1):
            for match in IDENTIFIER.finditer(line):
                stages = declared.get(match.group(0), set())
                if stages and min(stages) > stage:
                    named.setdefault(path, {}).setdefault(match.group(0), []).append((number, min(stages)))
    allowed = {}
    for number, (path, types, reason) in read_exceptions(root, REACH_BACK_EXCEPTIONS, 3):
        if path in allowed:
            raise ValueError(f"{REACH_BACK_EXCEPTIONS}:{number}: {path} is listed twice")
        allowed[path] = (number, set(types.split()))
    problems = []
    for path in files:
        number, types = allowed.get(path, (None, set()))
        for name, uses in sorted(named.get(path, {}).items(), key=lambda item: item[1][0]):
            if name in types:
                continue
            line, later = uses[0]
            problems.append(f"{path}:{line}: stage {stage_of(path)} names {name}, a type of stage {later}; "
                            f"a stage uses only what the stages before it produce: pass what it needs in, "
                            f"or move the code to stage {later} (or list {name} for this file in "
                            f"{REACH_BACK_EXCEPTIONS} with the reason, as ARCHITECTURE.md's documented exception allows)")
    for path, (number, types) in sorted(allowed.items(), key=lambda item: item[1][0]):
        for name in sorted(types - set(named.get(path, {}))):
            problems.append(f"{REACH_BACK_EXCEPTIONS}:{number}: a stale exception: {path} no longer names {name}; "
                            f"take {name} out of the line (or the line out of the list)")
    return problems


SCANNER_FOLDER = "Sources/LinkedWiringScanner"
# A function, initialiser, subscript or computed property: the declarations that compile to code.
# A `var` counts when its line opens a body and sets no value (`var name: T {`).
CODE_DECLARATION = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)\n]*\))?[ \t]+)*"
    r"(?:(?:package|public|internal|fileprivate|private|static|class|mutating|nonmutating|override|final|"
    r"convenience|required|nonisolated|consuming|borrowing)[ \t]+)*"
    r"(?P<kind>func|init|subscript|var)\b(?P<rest>.*)$",
    re.MULTILINE)
UNOPTIMISED = "@_optimize(none)"


def unoptimised_scanner_problems(root):
    """Rule 13: every function of the plugin's scanner is `@_optimize(none)`, on its line or on an
    attribute line right above it."""
    problems = []
    for relative in swift_files(root, SCANNER_FOLDER):
        code = code_only((pathlib.Path(root) / relative).read_text(encoding="utf-8"))
        lines = code.split("\n")
        for match in CODE_DECLARATION.finditer(code):
            rest = match.group("rest")
            if match.group("kind") == "var" and not (rest.rstrip().endswith("{") and "=" not in rest):
                continue
            number = code.count("\n", 0, match.start())
            above = number - 1
            attributes = [lines[number]]
            while above >= 0 and lines[above].strip().startswith("@"):
                attributes.append(lines[above])
                above -= 1
            if not any(UNOPTIMISED in line for line in attributes):
                problems.append(f"{relative}:{number + 1}: this {match.group('kind')} is not {UNOPTIMISED}; the scanner "
                                f"is compiled unoptimised (ARCHITECTURE.md, \"What may depend on what\"): put "
                                f"{UNOPTIMISED} on the line above it")
    return problems


def source_problems(root=ROOT):
    """The broken source rules of the repository at `root`: unsafe constructs, reach-backs, then
    optimised code in the plugin's scanner."""
    return unsafe_problems(root) + reach_back_problems(root) + unoptimised_scanner_problems(root)


ATOMICS_TARGET = "CWiringAtomics"
IMPORT = re.compile(r"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)",
                    re.MULTILINE)


def imported_modules(text):
    """The modules a Swift file imports, comments and strings left out."""
    return [match.group(1) for match in IMPORT.finditer(code_only(text))]


def product_targets(manifest):
    """Every target a library product reaches, with its folder: what a user builds."""
    targets = targets_of(manifest)
    reached = set()
    for product in manifest.get("products", []):
        if "plugin" in (product.get("type") or {}):
            continue
        for name in product["targets"]:
            reached |= {name} | closure(name, targets)
    return [targets[name] for name in sorted(reached) if name in targets]


def synchronization_problems(manifest, root=ROOT):
    """Rule 10: no product imports `Synchronization`; only Unsafe/ imports the atomics' C target."""
    problems = []
    for target in product_targets(manifest):
        for path in sorted((pathlib.Path(root) / target.path).rglob("*.swift")):
            relative = path.relative_to(root).as_posix()
            modules = imported_modules(path.read_text(encoding="utf-8"))
            if "Synchronization" in modules:
                problems.append(f"{relative}: imports Synchronization, which needs macOS 15 and iOS 18, in {target.name}, "
                                f"which the products reach; use Wiring's AtomicWord (C11 atomics of {ATOMICS_TARGET}) "
                                f"or PThreadLock instead")
            if ATOMICS_TARGET in modules and not relative.startswith(UNSAFE_FOLDER):
                problems.append(f"{relative}: imports {ATOMICS_TARGET} outside {UNSAFE_FOLDER}; "
                                f"go through AtomicWord, which keeps the C functions out of the rest of Wiring")
    return problems


PACK_TYPE = re.compile(r"\b(?:struct|class|enum|actor|typealias)\s+([A-Za-z_]\w*)\s*<[^>{=]*\beach\b")


# The first release of each system whose runtime has the metadata of types generic over packs.
PACK_RUNTIME = {"macos": 14, "ios": 17, "tvos": 17, "watchos": 10, "visionos": 1}


def below_pack_runtime(manifest):
    """Whether the manifest lets a product run where types generic over packs cannot: a system
    it declares below `PACK_RUNTIME`, or one it does not declare (SwiftPM's default is older). A
    manifest with no `platforms` key at all is a fixture of the other rules' tests (as in
    `platform_problems`): there is nothing to hold it to."""
    if "platforms" not in manifest:
        return False
    declared = {entry["platformName"]: entry["version"] for entry in manifest.get("platforms") or []}
    for name, floor in PACK_RUNTIME.items():
        version = declared.get(name)
        if version is None or int(version.split(".")[0]) < floor:
            return True
    return False


def pack_type_problems(manifest, root=ROOT):
    """Rule 12: no product declares a type generic over a parameter pack while the platforms are
    below the runtime such types need."""
    problems = []
    if not below_pack_runtime(manifest):
        return problems
    for target in product_targets(manifest):
        for path in sorted((pathlib.Path(root) / target.path).rglob("*.swift")):
            relative = path.relative_to(root).as_posix()
            code = code_only(path.read_text(encoding="utf-8"))
            for match in PACK_TYPE.finditer(code):
                line = code.count("\n", 0, match.start()) + 1
                problems.append(f"{relative}:{line}: {match.group(1)} is a type generic over a parameter pack, which "
                                f"needs the Swift 5.9 runtime (macOS 14, iOS 17); keep packs in generic functions")
    return problems


PLATFORM_NAMES = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}
README_PLATFORMS = re.compile(r"^- \*\*Platforms:\*\*(.*)$", re.MULTILINE)
README_PLATFORM = re.compile(r"\b(macOS|iOS|tvOS|watchOS|visionOS) (\d+(?:\.\d+)*)")


def version_text(version):
    """`14.0` as `14`, `17.4` as it is: as the README writes a version."""
    parts = version.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)


def platform_problems(manifest, root=ROOT):
    """Rule 11: the manifest's platforms are the README's "Platforms" line's. A manifest with no
    `platforms` key at all is not `swift package dump-package`'s (which always writes one) but a
    fixture of the other rules' tests: there is nothing to compare."""
    if "platforms" not in manifest:
        return []
    declared = {PLATFORM_NAMES.get(entry["platformName"], entry["platformName"]): version_text(entry["version"])
                for entry in manifest.get("platforms") or []}
    readme = (pathlib.Path(root) / "README.md").read_text(encoding="utf-8")
    line = README_PLATFORMS.search(readme)
    if line is None:
        return ["README.md has no \"- **Platforms:**\" line; state the platforms Package.swift declares: "
                + ", ".join(f"{name} {version}" for name, version in declared.items())]
    stated = {name: version for name, version in README_PLATFORM.findall(line.group(1))}
    problems = []
    for name in sorted(set(declared) | set(stated)):
        if declared.get(name) == stated.get(name):
            continue
        manifest_says = f"{name} {declared[name]}" if name in declared else f"no {name}"
        readme_says = f"{name} {stated[name]}" if name in stated else f"no {name}"
        problems.append(f"README.md's Platforms line says {readme_says}, Package.swift declares {manifest_says}; "
                        f"make them agree")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", help="a JSON manifest to check instead of `swift package dump-package`")
    parser.add_argument("--root", default=ROOT, type=pathlib.Path,
                        help="the repository whose sources to check (default: this one)")
    arguments = parser.parse_args(argv)
    try:
        manifest = load_manifest(arguments.manifest)
    except (OSError, ValueError, RuntimeError, KeyError) as error:
        print(f"check-architecture: cannot read the manifest: {error}", file=sys.stderr)
        return 2
    problems = breaks(manifest)
    try:
        sources = (source_problems(arguments.root) + synchronization_problems(manifest, arguments.root)
                   + platform_problems(manifest, arguments.root) + pack_type_problems(manifest, arguments.root))
    except (OSError, ValueError) as error:
        print(f"check-architecture: cannot read an exception list: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"Package.swift: {problem}", file=sys.stderr)
    for problem in sources:
        print(problem, file=sys.stderr)
    if problems or sources:
        print(f"check-architecture: {len(problems)} broken arrow{'s' if len(problems) != 1 else ''}, "
              f"{len(sources)} broken source rule{'s' if len(sources) != 1 else ''}", file=sys.stderr)
        return 1
    count = len([entry for entry in manifest["targets"] if entry["type"] != "test"])
    print(f"check-architecture: {count} targets, every arrow follows the wiring-libraries rules; "
          f"no unsafe construct outside {UNSAFE_FOLDER} but the listed exceptions, no stage reaches back, "
          f"no product imports Synchronization or declares a pack type, the README states the manifest's platforms, "
          f"the plugin's scanner is unoptimised")
    return 0


if __name__ == "__main__":
    sys.exit(main())
