"""docs/architecture.md names only functions, types and files that exist.

The bug this guards against: the page's "one request, from the socket and back" named
`NavServer.answer(_:in:)`, `run(_:in:)`, a `History` of `TreeUndo` records and
`NavServer.flushCommits` long after the code had moved on, and a reader following it found
nothing. Every name in backticks that is Swift is checked against the sources:
`Type.function(label:_:)` (that type, or an extension of it, declares a function with exactly
those argument labels), `function(label:)` (some type or file declares it), `Type.member` (a
function, property or enum case of that name), `Type` and `Type.Nested` (a declared type, or a
target of Package.swift), and `File.swift` (a file of that name under Sources/, Clients/ or
Tests/). Lower-case dotted words (`nav.changed`, `event.emit`) are method names of the wire,
not Swift, and are left to the protocol's own tests.
"""

from __future__ import annotations

import collections
import pathlib
import re

import swift_sources

DOC = swift_sources.ROOT / "docs" / "architecture.md"
SWIFT_NAME = re.compile(r"(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:\((?:\w+:)*\))?")
FILE_NAME = re.compile(r"(?:[\w.+-]+/)*[\w+-]+(?:\+[\w]+)?\.swift")


class Sources:
    def __init__(self, found: list[swift_sources.Declaration], targets: set[str], files: list[pathlib.Path]):
        self.types = collections.defaultdict(list)
        self.members = collections.defaultdict(list)  # owner -> declarations
        self.functions = collections.defaultdict(list)  # selector -> declarations
        for d in found:
            if d.kind in ("struct", "class", "enum", "protocol", "actor", "typealias"):
                self.types[d.name].append(d)
            else:
                self.members[d.owner].append(d)
                if d.kind == "func":
                    self.functions[d.name].append(d)
        self.targets = targets
        self.files = files

    def type_paths(self, dotted: str) -> list[str]:
        """Declared types (and extended ones) whose qualified name is `dotted` or ends with it."""
        known = set(self.types) | set(self.members)
        return sorted(p for p in known if p == dotted or p.endswith("." + dotted))

    def problem(self, name: str) -> str | None:
        """Why `name` (a backticked Swift name of the doc) names nothing; None when it exists."""
        parts = name.split("(")[0].split(".")
        if parts[0] in self.targets and len(parts) > 1 and not self.type_paths(parts[0]):
            parts = parts[1:]  # `NavSystem.GraphvizDot`: a target, then a type of it
        selector = parts[-1] + name[len(name.split("(")[0]):] if "(" in name else None
        if len(parts) == 1 and selector is None:
            if self.type_paths(parts[0]) or parts[0] in self.targets:
                return None
            return f"no type or target named {parts[0]} in Sources/, Clients/ or Package.swift"
        if len(parts) == 1:
            if selector in self.functions:
                return None
            return f"no func {selector} anywhere in Sources/ or Clients/{self.same_name(parts[0])}"
        owner, member = ".".join(parts[:-1]), parts[-1]
        if member[0].isupper() and selector is None:
            if self.type_paths(".".join(parts)):
                return None
            return f"no type {'.'.join(parts)} in Sources/ or Clients/"
        owners = self.type_paths(owner)
        if not owners:
            return f"no type {owner} in Sources/ or Clients/"
        declared = [d for o in owners for d in self.members[o]]
        if selector is not None:
            if any(d.kind == "func" and d.name == selector for d in declared):
                return None
            return f"{owner} declares no func {selector}{self.same_name(member, declared)}"
        if any(d.name == member or d.name.split("(")[0] == member for d in declared):
            return None
        return f"{owner} declares no function, property or case named {member}{self.same_name(member, declared)}"

    def same_name(self, base: str, among: list[swift_sources.Declaration] | None = None) -> str:
        pool = among if among is not None else [d for ds in self.functions.values() for d in ds]
        alike = sorted({f"{d.owner + '.' if d.owner else ''}{d.name} at {d.where}"
                        for d in pool if d.kind == "func" and d.name.split("(")[0] == base})
        if not alike:
            return f"; look for it with: grep -rn 'func {base}' Sources Clients"
        more = f" (+{len(alike) - 6} more)" if len(alike) > 6 else ""
        return "; functions of that name: " + ", ".join(alike[:6]) + more

    def file_problem(self, name: str) -> str | None:
        if "/" in name:
            return None if (swift_sources.ROOT / name).is_file() else f"no file {name}"
        if any(p.name == name for p in self.files):
            return None
        return f"no file {name} under Sources/, Clients/ or Tests/"


def backticked(text: str) -> list[tuple[int, str]]:
    """(line, span) of every inline code span outside fenced blocks."""
    spans, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            spans += [(number, span) for span in re.findall(r"`([^`\n]+)`", line)]
    return spans


def missing_names(text: str, sources: Sources) -> list[str]:
    found = []
    for line, span in backticked(text):
        if FILE_NAME.fullmatch(span):
            problem = sources.file_problem(span)
        elif SWIFT_NAME.fullmatch(span) and (span[0].isupper() or "(" in span):
            problem = sources.problem(span)
        else:
            continue  # wire method names, flags, C functions, values
        if problem:
            found.append(f"docs/architecture.md:{line}: `{span}`: {problem}")
    return found


def real_sources() -> Sources:
    root = swift_sources.ROOT
    files = sorted(p for folder in ("Sources", "Clients", "Tests") for p in (root / folder).rglob("*.swift"))
    return Sources(swift_sources.all_declarations(), swift_sources.target_names(), files)


def test_every_function_type_and_file_the_architecture_page_names_exists():
    missing = missing_names(DOC.read_text(), real_sources())
    assert missing == [], "docs/architecture.md names what the sources do not declare:\n" + "\n".join(missing)


def test_the_request_path_names_a_function_on_every_line():
    """The path of one request is one line per function, each checked above: a step that
    names no function would pass unchecked."""
    text = DOC.read_text()
    section = text.split("## A request's path", 1)[1].split("\n## ", 1)[0]
    steps = re.findall(r"^\d+\. (.+)$", section, re.M)
    assert len(steps) >= 12, steps
    unnamed = [step for step in steps if not re.search(r"`[^`]*\([\w:]*\)`", step)]
    assert unnamed == []


def test_the_check_reports_a_wrong_name_and_where_to_look():
    sources = real_sources()
    page = "\n".join([
        "1. `NavServer.handleLine(_:in:)` and `NavServer.ReadBatch`, `FrameDecoder.feed(_:_:)`, `nav.changed`",
        "2. `NavServer.handleLine(_:into:)`",
        "3. `NavServer.noSuchThing`",
        "4. `NoSuchType.run()`",
        "5. `NavServer+Reading.swift`, `NavServer+Nowhere.swift`",
        "```", "`NoSuchType` in a fence is a picture, not a name", "```",
    ])
    missing = missing_names(page, sources)
    assert [m.split(": ")[0] + ": " + m.split(": ")[1] for m in missing] == [
        "docs/architecture.md:2: `NavServer.handleLine(_:into:)`",
        "docs/architecture.md:3: `NavServer.noSuchThing`",
        "docs/architecture.md:4: `NoSuchType.run()`",
        "docs/architecture.md:5: `NavServer+Nowhere.swift`",
    ]
    assert "handleLine(_:in:) at Sources/NavServer/NavServer+Reading.swift:" in missing[0]
