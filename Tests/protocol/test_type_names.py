"""No type name is declared twice in the repository's targets (Sources/ and Clients/).

The bug this guards against: `Session` meant the engine's session flags in NavigationCore and
navctl's connection to navd in NavctlKit; `TreeText`, `TreeDecodingError`, `EventCause`,
`UnixSocket` and `GraphCommand` were each two different types in two targets. A reader who
found one by name read the wrong file, and a file importing both targets could not say either
name. A nested type counts by its qualified name (`FlowNode.Kind` and `FlowView.Kind` are two
names); a typealias counts as a declaration unless it names a type of the same name in another
module (`typealias NameTable<Value> = NavCollections.NameTable<Value>`: one type, not two).
"""

import collections
import pathlib
import re

import swift_sources

TYPE_KINDS = {"struct", "class", "enum", "protocol", "actor", "typealias"}


def reexports(declaration: swift_sources.Declaration) -> bool:
    if declaration.kind != "typealias":
        return False
    named = re.sub(r"<.*", "", declaration.aliased).split(".")[-1]
    return named == declaration.name.split(".")[-1] and "." in declaration.aliased


def duplicated_type_names(found: list[swift_sources.Declaration]) -> dict[str, list[str]]:
    places = collections.defaultdict(list)
    for declaration in found:
        if declaration.kind in TYPE_KINDS and not reexports(declaration):
            places[declaration.name].append(f"{declaration.kind} at {declaration.where}")
    return {name: where for name, where in sorted(places.items()) if len(where) > 1}


def test_no_type_name_is_declared_twice():
    duplicated = duplicated_type_names(swift_sources.all_declarations())
    assert duplicated == {}, "type names declared more than once (rename one by what it is):\n" + "\n".join(
        f"  {name}: " + "; ".join(where) for name, where in duplicated.items())


def test_the_check_finds_a_name_declared_in_two_targets(tmp_path: pathlib.Path):
    """The scan itself: nested names are qualified, comments and strings do not count, and a
    second `Session` in another target is found wherever it is indented."""
    (tmp_path / "Package.swift").write_text('.target(name: "A"), .target(name: "B")')
    (tmp_path / "Sources" / "A").mkdir(parents=True)
    (tmp_path / "Sources" / "B").mkdir(parents=True)
    (tmp_path / "Sources" / "A" / "Session.swift").write_text(
        'public struct Session {\n    enum Kind { case a }\n    let text = "struct Kind {"\n}\n'
        "// class Session {}\n")
    (tmp_path / "Sources" / "B" / "Shell.swift").write_text(
        'enum Shell {\n    enum Kind { case b }\n}\nextension Shell {\n        final class Session {}\n}\n'
        'let note = """\n  struct Shell {}\n  \\(value)\n  """\n')
    (tmp_path / "Sources" / "B" / "Again.swift").write_text(
        'func make() {\n    struct Local {}\n}\ntypealias Again = A.Session\n'
        "extension B.Shell {\n    struct Session {}\n}\n")
    found = [d for path in swift_sources.swift_files(tmp_path)
             for d in swift_sources.declarations(path, swift_sources.target_names(tmp_path))]
    names = sorted(d.name for d in found if d.kind in TYPE_KINDS)
    assert names == ["Again", "Session", "Session.Kind", "Shell", "Shell.Kind", "Shell.Session", "Shell.Session",
                     "make().Local"]
    assert list(duplicated_type_names(found)) == ["Shell.Session"]
