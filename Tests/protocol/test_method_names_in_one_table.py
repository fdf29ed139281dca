"""Method names are spelled in one place: NavProtocol's method table (Sources/NavProtocol/Methods.swift).

The bug this guards against: navctl sent "events.listen", "event.emit" and "event.handle" by
hand, a history helper re-spelled "nav.history", "nav.goto" and "nav.reset", navctl's replay
switched over twelve method names as strings (with a `default: break` that swallowed any it
missed), and the engine compared an event step's method with "nav.route". A renamed or added
method then compiled everywhere and broke at run time. Code names a method by its `RPCMethod`,
`RPCNotification`, `RPCServerRequest` or `DaemonCause` case; this test fails when a Swift string
literal in Sources/ or Clients/ is a method name anywhere but the table.

What counts: a string literal whose whole text is a method name (`"nav.route"`), in code. Not
comments, and not a longer literal that contains one: a JSON line a benchmark sends as it is,
the sample app definition, the embedded OpenRPC document are wire text, as Protocol/ and the
tests are.
"""

import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLE = ROOT / "Sources" / "NavProtocol" / "Methods.swift"

# Files that may spell method names, each with the reason. None today: keep it so.
EXEMPT: set[str] = set()


def swift_string_literals(text: str) -> list[tuple[int, str]]:
    """Every string literal of Swift source `text` outside comments, as (line, raw text between
    the delimiters), interpolations' own literals included. Handles `"…"`, `\"\"\"…\"\"\"` and
    their raw `#"…"#` forms; escapes are not decoded (a method name has none)."""
    found: list[tuple[int, str]] = []
    i = 0
    n = len(text)

    def line_of(index: int) -> int:
        return text.count("\n", 0, index) + 1

    def skip_string(start: int) -> int:
        """`start` is at the first `#` or `"` of a literal; returns the index after it."""
        hashes = 0
        j = start
        while text[j] == "#":
            hashes += 1
            j += 1
        multiline = text.startswith('"""', j)
        quote = '"""' if multiline else '"'
        j += len(quote)
        body_start = j
        close = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while j < n:
            if text.startswith(escape, j):
                j += len(escape)
                if j < n and text[j] == "(":
                    j = skip_interpolation(j + 1)
                else:
                    j += 1
                continue
            if text.startswith(close, j):
                found.append((line_of(start), text[body_start:j]))
                return j + len(close)
            j += 1
        raise AssertionError(f"unterminated string literal at line {line_of(start)}")

    def skip_interpolation(j: int) -> int:
        """`j` is just inside `\\(`; returns the index after the matching `)`."""
        depth = 1
        while j < n:
            c = text[j]
            if c == '"' or (c == "#" and re.match(r'#+"', text[j:])):
                j = skip_string(j)
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1
        raise AssertionError("unterminated interpolation")

    while i < n:
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            i = skip_string(i)
        else:
            i += 1
    return found


def method_names() -> set[str]:
    """The methods, notifications and server requests of the OpenRPC document, and the daemon's
    own causes the table names besides."""
    document = json.loads((ROOT / "Protocol" / "navd.openrpc.json").read_text())
    names = {m["name"] for m in document["methods"]}
    names |= {m["name"] for m in document["x-notifications"]}
    names |= {m["name"] for m in document["x-server-requests"]}
    names |= {text for _, text in swift_string_literals(TABLE.read_text()) if re.fullmatch(r"[a-z]+\.[a-zA-Z]+", text)}
    return names


def test_the_table_names_every_method_of_the_document():
    table = {text for _, text in swift_string_literals(TABLE.read_text())}
    document = json.loads((ROOT / "Protocol" / "navd.openrpc.json").read_text())
    listed = [m["name"] for key in ("methods", "x-notifications", "x-server-requests") for m in document[key]]
    assert [name for name in listed if name not in table] == []
    assert {"daemon.start", "daemon.migrate"} <= table


def test_the_scanner_finds_literals_and_skips_comments_and_wire_text():
    source = '''
        // "nav.route" in a comment
        /* "nav.close" in a block */
        let a = "nav.route"
        let b = #"{"method":"nav.state"}"#
        let c = "\\(x ? "nav.goto" : "y") and \\(f("event.handle"))"
        let d = """
            nav.reset
            """
        let e = #"a \\#("nav.popTo") b"#
    '''
    assert [text for _, text in swift_string_literals(source)] == [
        "nav.route", '{"method":"nav.state"}', "nav.goto", "y", "event.handle",
        '\\(x ? "nav.goto" : "y") and \\(f("event.handle"))', "\n            nav.reset\n            ",
        "nav.popTo", 'a \\#("nav.popTo") b',
    ]


def test_no_method_name_is_spelled_outside_the_table():
    names = method_names()
    found = []
    for folder in ("Sources", "Clients"):
        for path in sorted((ROOT / folder).rglob("*.swift")):
            relative = path.relative_to(ROOT).as_posix()
            if path == TABLE or relative in EXEMPT:
                continue
            for line, text in swift_string_literals(path.read_text()):
                if text in names:
                    found.append(f"{relative}:{line}: \"{text}\"")
    assert found == []
