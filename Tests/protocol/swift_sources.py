"""What the Swift sources declare, read without a compiler: every type (qualified by the types
it is nested in), every function with its argument labels, every property and enum case.

The repository's checks of its own sources (test_type_names.py, test_architecture_doc.py) use
this. It reads Swift as text: comments and string literals (with their interpolations, raw and
multi-line ones too) are blanked first, so that a brace or a keyword inside them counts for
nothing, then braces are followed to know which type a declaration sits in.
"""

from __future__ import annotations

import dataclasses
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE_FOLDERS = ("Sources", "Clients")


def swift_files(root: pathlib.Path = ROOT) -> list[pathlib.Path]:
    return sorted(p for folder in SOURCE_FOLDERS for p in (root / folder).rglob("*.swift"))


def target_names(root: pathlib.Path = ROOT) -> set[str]:
    """Package.swift's target names (`name: "X"` inside a `.target(` and the like)."""
    text = (root / "Package.swift").read_text()
    return set(re.findall(r"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*\"(\w+)\"", text))


def blank_comments_and_strings(text: str) -> str:
    """The text with comments and the insides of string literals replaced by spaces (line
    breaks kept, so line numbers stay), the quotes themselves kept."""
    out = list(text)
    n = len(text)
    # Frames: ("code", paren depth, inside a string) or ("string", hashes, multi-line).
    stack: list[tuple] = [("code", 0, False)]
    i = 0

    def blank(start: int, end: int) -> None:
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        frame = stack[-1]
        if frame[0] == "code":
            in_string = frame[2]
            if text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                blank(i, end)
                i = end
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(i, j)
                i = j
                continue
            m = re.compile(r'(#*)("""|")').match(text, i)
            if m and (m.group(1) == "" or text[i] == "#"):
                hashes, quote = len(m.group(1)), m.group(2)
                if in_string:
                    blank(i, m.end())
                stack.append(("string", hashes, quote == '"""'))
                i = m.end()
                continue
            c = text[i]
            if in_string:
                if c == "(":
                    stack[-1] = ("code", frame[1] + 1, True)
                elif c == ")":
                    if frame[1] == 0:
                        stack.pop()
                        blank(i, i + 1)
                        i += 1
                        continue
                    stack[-1] = ("code", frame[1] - 1, True)
                blank(i, i + 1)
            i += 1
        else:
            _, hashes, multi = frame
            inner = any(f[0] == "code" and f[2] for f in stack)
            marks = "#" * hashes
            close = ('"""' if multi else '"') + marks
            if text[i] == "\\" and text.startswith(marks, i + 1):
                after = i + 1 + hashes
                if after < n and text[after] == "(":
                    blank(i, after + 1)
                    stack.append(("code", 0, True))
                    i = after + 1
                    continue
                blank(i, min(after + 1, n))
                i = after + 1
                continue
            if text.startswith(close, i):
                stack.pop()
                if inner:
                    blank(i, i + len(close))
                i += len(close)
                continue
            blank(i, i + 1)
            i += 1
    return "".join(out)


TOKEN = re.compile(r"`?[A-Za-z_][A-Za-z0-9_]*`?|->|\.\.\.|\S")
TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor"}
NOT_NAMES = {
    "func", "var", "let", "init", "subscript", "override", "final", "static", "class", "in", "where",
    "public", "private", "internal", "fileprivate", "open", "package", "mutating", "nonmutating",
    "convenience", "required", "lazy", "weak", "unowned", "indirect", "deinit", "case", "typealias",
}


@dataclasses.dataclass(frozen=True)
class Declaration:
    kind: str  # struct, class, enum, protocol, actor, typealias, func, var, case
    name: str  # a type's qualified name (Outer.Inner); a member's own name or selector
    owner: str  # the type a member belongs to ("" at file level); a type's enclosing path
    file: pathlib.Path
    line: int
    aliased: str = ""  # a typealias: what it names

    @property
    def where(self) -> str:
        shown = self.file.relative_to(ROOT) if self.file.is_relative_to(ROOT) else self.file.name
        return f"{shown}:{self.line}"


def _selector(name: str, params: list[list[str]]) -> str:
    labels = []
    for tokens in params:
        head = []
        for token in tokens:
            if token == ":":
                break
            head.append(token.strip("`"))
        if not head:
            continue
        labels.append(head[0])
    return f"{name}({''.join(label + ':' for label in labels)})"


def declarations(path: pathlib.Path, targets: set[str] | None = None) -> list[Declaration]:
    """Every type, function, property and enum case declared in one Swift file."""
    targets = target_names() if targets is None else targets
    text = blank_comments_and_strings(path.read_text())
    tokens, line, counted = [], 1, 0
    for m in TOKEN.finditer(text):
        line += text.count("\n", counted, m.start())
        counted = m.start()
        tokens.append((m.group(), line))
    found: list[Declaration] = []
    # Each open brace: ("type", [path]) for a type's or extension's body, ("code", [path]) else.
    scopes: list[tuple[str, list[str]]] = []
    pending: tuple[str, list[str]] | None = None

    def type_path() -> list[str]:
        return scopes[-1][1] if scopes else []

    def in_type_body() -> bool:
        return not scopes or scopes[-1][0] == "type"

    def skip_balanced(k: int, opening: str, closing: str) -> int:
        depth = 0
        while k < len(tokens):
            if tokens[k][0] == opening:
                depth += 1
            elif tokens[k][0] == closing:
                depth -= 1
                if depth == 0:
                    return k + 1
            k += 1
        return k

    k = 0
    while k < len(tokens):
        word, line = tokens[k]
        nxt = tokens[k + 1][0] if k + 1 < len(tokens) else ""
        if word in TYPE_KEYWORDS and re.fullmatch(r"`?[A-Za-z_]\w*`?", nxt) and nxt not in NOT_NAMES:
            name = nxt.strip("`")
            owner = type_path()
            found.append(Declaration(word, ".".join(owner + [name]), ".".join(owner), path, line))
            pending = ("type", owner + [name])
            k += 2
            continue
        if word == "extension":
            parts, j = [], k + 1
            while j < len(tokens) and re.fullmatch(r"[A-Za-z_]\w*", tokens[j][0]):
                parts.append(tokens[j][0])
                if j + 1 < len(tokens) and tokens[j + 1][0] == ".":
                    j += 2
                    continue
                j += 1
                break
            if len(parts) > 1 and parts[0] in targets:
                parts = parts[1:]
            pending = ("type", parts)
            k = j
            continue
        if word == "typealias" and re.fullmatch(r"[A-Za-z_]\w*", nxt):
            owner = type_path()
            rest = [t for t, ln in tokens[k + 2:] if ln == line]
            aliased = "".join(rest[rest.index("=") + 1:]) if "=" in rest else ""
            found.append(Declaration("typealias", ".".join(owner + [nxt]), ".".join(owner), path, line, aliased))
            k += 2
            continue
        if word in ("func", "init", "subscript") and in_type_body() and not (word == "init" and nxt not in ("(", "<", "?", "!")):
            j = k + 1
            if word == "func":
                name_tokens = []
                while j < len(tokens) and tokens[j][0] not in ("(", "<"):
                    name_tokens.append(tokens[j][0])
                    j += 1
                name = "".join(name_tokens).strip("`")
            else:
                name = word
                while j < len(tokens) and tokens[j][0] in ("?", "!"):
                    j += 1
            if j < len(tokens) and tokens[j][0] == "<":
                j = skip_balanced(j, "<", ">")
            params: list[list[str]] = []
            if j < len(tokens) and tokens[j][0] == "(":
                end = skip_balanced(j, "(", ")")
                current: list[str] = []
                depth = 0
                for t, _ in tokens[j + 1:end - 1]:
                    if t in ("(", "[", "<"):
                        depth += 1
                    elif t in (")", "]", ">"):
                        depth -= 1
                    if t == "," and depth == 0:
                        params.append(current)
                        current = []
                    else:
                        current.append(t)
                if current:
                    params.append(current)
                j = end
            owner = ".".join(type_path())
            selector = _selector(name, params)
            found.append(Declaration("func", selector, owner, path, line))
            # A type declared in the body is local to it: named after the function.
            pending = ("code", type_path() + [selector])
            k = j
            continue
        if word in ("var", "let") and in_type_body() and re.fullmatch(r"`?[A-Za-z_]\w*`?", nxt):
            found.append(Declaration("var", nxt.strip("`"), ".".join(type_path()), path, line))
            k += 2
            continue
        if word == "case" and scopes and scopes[-1][0] == "type":
            j = k + 1
            while j < len(tokens) and re.fullmatch(r"`?[A-Za-z_]\w*`?", tokens[j][0]):
                found.append(Declaration("case", tokens[j][0].strip("`"), ".".join(type_path()), path, tokens[j][1]))
                j += 1
                if j < len(tokens) and tokens[j][0] == "(":
                    j = skip_balanced(j, "(", ")")
                if j < len(tokens) and tokens[j][0] == "=":
                    j += 2 if tokens[j + 1][0] != "-" else 3
                if j < len(tokens) and tokens[j][0] == ",":
                    j += 1
                    continue
                break
            k = j
            continue
        if word == "{":
            scopes.append(pending if pending else ("code", type_path()))
            pending = None
        elif word == "}":
            if scopes:
                scopes.pop()
        k += 1
    return found


def all_declarations(root: pathlib.Path = ROOT) -> list[Declaration]:
    targets = target_names(root)
    return [d for path in swift_files(root) for d in declarations(path, targets)]
