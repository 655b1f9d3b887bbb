#!/usr/bin/env python3
"""Finds the backquoted file names in the documents that name no file of the repository.

Reads README.md, ARCHITECTURE.md, CHANGELOG.md (its first entry: older entries are history and
may name what has since gone), Benchmarks/README.md, Scripts/README-*.md and the Markdown of the
DocC catalogs (Sources/*/*.docc), outside fenced code blocks and DocC symbol links (``X``).
A backquoted span names a file when its first word:

  1. starts with a top-level entry of the repository or of the document's folder
     (`Scripts/bench --list`, `Sources/ATMApp`, `Package.swift`; `Sources/WiringBench/` in
     Benchmarks/README.md): that path must exist, from the root or from the document's folder;
  2. is a path whose first segment starts with a capital letter (`Unsafe/ResolverBox`,
     `Providers/Dictionary+Providers`, `Declarations/`): some file or folder of the repository
     must end with it, with or without `.swift`;
  3. is a bare name ending in .swift, .py, .md, .tsv or .sh (`cli.py`, `CleanseNames.swift`):
     some file of the repository must have that name;
  4. has the shape `Type+Extension` (`Linker+Effects`): some Swift file must be named so.

Spans that are placeholders or not paths are left alone: those with a space before the first
word ends, `=`, `(`, `*`, `<`, `$`, `~` or `…`, those that start with `/` or `.`, a segment in
capitals only (`DIR/index.html`), and the example names in EXAMPLES (files of a user's package
that the documents show, not of this repository).

The files Benchmarks/Scripts/generate-scale.py writes at bench time count as the repository's,
committed or not.

Exit status: 0 when every name is found, 1 when one is not.
"""
import importlib.util
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = {
    "main.swift": "a user's executable, in the README's examples",
    "WeatherApp.swift": "the README's first example app",
    "LinkedWiring.swift": "the file the LinkedWiring plugin generates in a user's build",
}
EXTENSIONS = (".swift", ".py", ".md", ".tsv", ".sh")
GENERATOR = "Benchmarks/Scripts/generate-scale.py"


def documents(root):
    """The documents to read, as repository-relative paths."""
    root = pathlib.Path(root)
    names = ["README.md", "ARCHITECTURE.md", "CHANGELOG.md", "Benchmarks/README.md"]
    names += sorted(path.relative_to(root).as_posix() for path in root.glob("Scripts/README-*.md"))
    names += sorted(path.relative_to(root).as_posix() for path in root.glob("Sources/*/*.docc/**/*.md"))
    return [name for name in names if (root / name).is_file()]


def generated_files(root):
    """The files generated at bench time, not committed: the benchmarks' scale graph."""
    script = pathlib.Path(root) / GENERATOR
    if not script.is_file():
        return []
    spec = importlib.util.spec_from_file_location("generate_scale", script)
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    return [f"Benchmarks/Sources/{relative}" for relative in generator.outputs()]


def repository_files(root):
    """Every file and folder of the repository, as relative paths: git's files when it is a
    checkout, otherwise what is on disk outside hidden and build folders; and the files
    generated at bench time."""
    root = pathlib.Path(root)
    result = subprocess.run(["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, text=True)
    if result.returncode == 0 and result.stdout.strip():
        files = [line for line in result.stdout.splitlines() if (root / line).exists()]
    else:
        files = [path.relative_to(root).as_posix() for path in root.rglob("*")
                 if path.is_file() and not any(part.startswith(".") for part in path.relative_to(root).parts)]
    files += generated_files(root)
    paths = set(files)
    for file in files:
        parts = file.split("/")
        for end in range(1, len(parts)):
            paths.add("/".join(parts[:end]))
    return paths


def spans(text):
    """(line, span) for every single-backquoted span outside fenced code and DocC symbol links."""
    found = []
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        line = re.sub(r"``[^`]+``", "", line)
        found += [(number, match.group(1)) for match in re.finditer(r"`([^`\n]+)`", line)]
    return found


def first_entry_of_changelog(text):
    """The changelog up to its second entry (`## ` heading)."""
    headings = [match.start() for match in re.finditer(r"^## ", text, flags=re.M)]
    return text[:headings[1]] if len(headings) > 1 else text


def file_name(span, top_level):
    """The file name `span` gives, with the rule that applies (1 to 4), or None."""
    word = span.split(" ")[0]
    if word in EXAMPLES or re.search(r"[=(*<$~…]", word) or word.startswith(("/", ".")) or not word.strip("/"):
        return None
    segments = [segment for segment in word.split("/") if segment]
    if any(re.fullmatch(r"[A-Z_]{2,}", segment) for segment in segments):
        return None
    if segments[0] in top_level:
        return word, 1
    if "/" in word and word[0].isupper():
        return word, 2
    if "/" not in word and word.endswith(EXTENSIONS):
        return word, 3
    if re.fullmatch(r"[A-Z]\w*\+\w+", word):
        return word, 4
    return None


def exists(name, rule, paths, folder=""):
    """Whether the repository has the file `name` names under `rule`, `folder` being the document's."""
    name = name.rstrip("/")
    if rule == 1:
        return name in paths or (folder and f"{folder}/{name}" in paths)
    if rule == 2:
        return any(path == name or path.endswith("/" + name) or path.endswith("/" + name + ".swift") for path in paths)
    if rule == 3:
        return any(path.split("/")[-1] == name for path in paths)
    return any(path.split("/")[-1] == name + ".swift" for path in paths)


def problems(root=ROOT):
    """One line per backquoted file name that names nothing in the repository."""
    root = pathlib.Path(root)
    paths = repository_files(root)
    found = []
    for document in documents(root):
        folder = document.rpartition("/")[0]
        top_level = {path.rpartition("/")[2] for path in paths if path.rpartition("/")[0] in ("", folder)}
        text = (root / document).read_text(encoding="utf-8")
        if document == "CHANGELOG.md":
            text = first_entry_of_changelog(text)
        for number, span in spans(text):
            named = file_name(span, top_level)
            if named and not exists(*named, paths, folder):
                name, rule = named
                found.append(f"{document}:{number}: `{span}` names {name}, which is not in the repository; "
                             f"correct the name, or drop the backquotes if it is not a file of this repository")
    return found


def main():
    found = problems()
    for problem in found:
        print(problem, file=sys.stderr)
    if found:
        print(f"check-doc-references: {len(found)} file name{'s' if len(found) != 1 else ''} "
              f"naming nothing", file=sys.stderr)
        return 1
    print(f"check-doc-references: every backquoted file name in {len(documents(ROOT))} documents exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
