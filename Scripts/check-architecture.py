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
  6. a plugin's tools (the targets a plugin depends on, directly or not: for LinkedWiring, its
     generator and scanner) are none of the container, a wiring library or a fake, so that a
     package that applies the plugin builds nothing of ours but the tool. Tools are not core
     libraries, even in Sources/;
  7. the package's products reach only the container and the plugin's tools: the example
     ecosystem is reached by no product, so that a package depending on Wiring builds none of
     it, runs no plugin for it, and may name its own targets `Network` or `ATMLib`.

Exit status: 0 when every arrow follows the rules, 1 when one does not, 2 when the manifest
cannot be read.
"""
import argparse
import json
import subprocess
import sys
from dataclasses import dataclass, field

CONTAINER = {"Wiring", "WiringTesting", "WiringCleanse"}
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
        for name in closure(plugin.name, targets):
            if name in targets:
                targets[name].is_tool = True
    return targets


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
        for name in sorted(closure(plugin.name, targets)):
            tool = targets.get(name)
            if tool is None:
                continue
            if name in CONTAINER or tool.is_wiring_library or tool.is_fake:
                what = "the container" if name in CONTAINER else ("a fake" if tool.is_fake else "a wiring library")
                problems.append(f"the {plugin.name} plugin's tools include {name}, {what}; "
                                f"a plugin's tools depend on nothing but each other, so that applying it builds only the tool")
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", help="a JSON manifest to check instead of `swift package dump-package`")
    arguments = parser.parse_args(argv)
    try:
        manifest = load_manifest(arguments.manifest)
    except (OSError, ValueError, RuntimeError, KeyError) as error:
        print(f"check-architecture: cannot read the manifest: {error}", file=sys.stderr)
        return 2
    problems = breaks(manifest)
    for problem in problems:
        print(f"Package.swift: {problem}", file=sys.stderr)
    if problems:
        print(f"check-architecture: {len(problems)} broken arrow{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        return 1
    count = len([entry for entry in manifest["targets"] if entry["type"] != "test"])
    print(f"check-architecture: {count} targets, every arrow follows the wiring-libraries rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
