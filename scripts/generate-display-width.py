#!/usr/bin/env python3
"""Writes Clients/navview/Kit/DisplayWidth+Table.swift: navview's character widths, from the
Unicode Character Database.

The rules are those of wcwidth (Markus Kuhn's, glibc's, the Python `wcwidth` package's):
- no width: general categories Mn, Me and Cf (marks that sit on their base, format
  characters), except U+00AD SOFT HYPHEN and the Prepended_Concatenation_Marks (visible Cf
  signs such as U+0600 ARABIC NUMBER SIGN); and the Hangul Jamo medial vowels and final
  consonants (Hangul_Syllable_Type V and T), which join the initial consonant's two columns;
- two columns: East_Asian_Width W or F (with the unassigned code points UAX #11 gives W:
  the CJK ideograph blocks and planes 2 and 3), and Emoji_Presentation;
- one column: everything else.

Source: the files of Debian's `unicode-data` package (apt-get install unicode-data), read from
/usr/share/unicode (or the directory given with --ucd): extracted/DerivedGeneralCategory.txt,
EastAsianWidth.txt, PropList.txt, HangulSyllableType.txt and emoji/emoji-data.txt, all of one
Unicode version (checked), which the generated file names.

    python3 scripts/generate-display-width.py            # rewrite the Swift table
    python3 scripts/generate-display-width.py --check    # exit 1 when the committed table differs
    python3 scripts/generate-display-width.py --compare  # count the code points where the table
                                                         # and wcwidth.wcwidth disagree, and why

Tests/e2e/test_display_width_table.py checks both.
"""
from __future__ import annotations

import argparse
import collections
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGET = ROOT / "Clients" / "navview" / "Kit" / "DisplayWidth+Table.swift"
MAX = 0x10FFFF
FILES = {
    "category": "extracted/DerivedGeneralCategory.txt",
    "east_asian_width": "EastAsianWidth.txt",
    "properties": "PropList.txt",
    "hangul": "HangulSyllableType.txt",
    "emoji": "emoji/emoji-data.txt",
}


def records(path: pathlib.Path):
    """(first, last, value) for every data line of a UCD file."""
    for line in path.read_text(encoding="utf-8").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        span, value = (field.strip() for field in data.split(";")[:2])
        first, _, last = span.partition("..")
        yield int(first, 16), int(last or first, 16), value


def version(path: pathlib.Path) -> str:
    """The Unicode version in the file's header (`# EastAsianWidth-15.0.0.txt`, or emoji-data's
    `# Used with Emoji Version 15.0`)."""
    head = path.read_text(encoding="utf-8")[:2000]
    match = re.search(r"-(\d+\.\d+\.\d+)\.txt", head) or re.search(r"Emoji Version (\d+\.\d+)", head)
    if not match:
        sys.exit(f"{path}: no Unicode version in its header")
    return match.group(1)


class Database:
    """The properties the widths need, for every code point."""

    def __init__(self, ucd: pathlib.Path):
        paths = {name: ucd / relative for name, relative in FILES.items()}
        missing = [str(path) for path in paths.values() if not path.exists()]
        if missing:
            sys.exit("missing " + ", ".join(missing) + " (apt-get install unicode-data, or --ucd DIR)")
        versions = {name: version(path) for name, path in paths.items()}
        self.version = versions["category"]
        if any(not self.version.startswith(v) for v in versions.values()):
            sys.exit(f"the files are of different Unicode versions: {versions}")
        self.category = ["Cn"] * (MAX + 1)
        for first, last, value in records(paths["category"]):
            self.category[first:last + 1] = [value] * (last - first + 1)
        # UAX #11: unlisted code points are N, except the unassigned ones of these blocks.
        self.east_asian = ["N"] * (MAX + 1)
        for first, last in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)):
            self.east_asian[first:last + 1] = ["W"] * (last - first + 1)
        for first, last, value in records(paths["east_asian_width"]):
            self.east_asian[first:last + 1] = [value] * (last - first + 1)
        self.prepended = self.having(paths["properties"], "Prepended_Concatenation_Mark")
        self.emoji_presentation = self.having(paths["emoji"], "Emoji_Presentation")
        self.jamo_medial_final = set()
        for first, last, value in records(paths["hangul"]):
            if value in ("V", "T"):
                self.jamo_medial_final.update(range(first, last + 1))

    @staticmethod
    def having(path: pathlib.Path, name: str) -> set[int]:
        return {v for first, last, value in records(path) if value == name for v in range(first, last + 1)}

    def width(self, v: int) -> int:
        if v in self.jamo_medial_final:
            return 0
        if self.category[v] in ("Mn", "Me", "Cf") and v != 0x00AD and v not in self.prepended:
            return 0
        if self.east_asian[v] in ("W", "F") or v in self.emoji_presentation:
            return 2
        return 1


def ranges(db: Database, width: int) -> list[tuple[int, int]]:
    """The code points of `width` (surrogates count as one column), as merged ranges."""
    found: list[tuple[int, int]] = []
    for v in range(MAX + 1):
        if db.width(v) != width:
            continue
        if found and found[-1][1] == v - 1:
            found[-1] = (found[-1][0], v)
        else:
            found.append((v, v))
    return found


def table(name: str, doc: str, spans: list[tuple[int, int]]) -> str:
    rows = []
    for index in range(0, len(spans), 4):
        rows.append("        " + " ".join(f"0x{a:05X}, 0x{b:05X}," for a, b in spans[index:index + 4]))
    return (f"    /// {doc} ({len(spans)} ranges): first, last, first, last, … in ascending order.\n"
            f"    static let {name}: [UInt32] = [\n" + "\n".join(rows) + "\n    ]\n")


def render(db: Database) -> str:
    return (
        f"// Generated by scripts/generate-display-width.py from the Unicode Character Database {db.version}\n"
        "// (Debian's unicode-data package, /usr/share/unicode: extracted/DerivedGeneralCategory.txt,\n"
        "// EastAsianWidth.txt, PropList.txt, HangulSyllableType.txt, emoji/emoji-data.txt): do not edit.\n"
        "// No width: Mn, Me, Cf (but U+00AD and the Prepended_Concatenation_Marks) and Hangul Jamo\n"
        "// medial vowels and final consonants; two columns: East_Asian_Width W or F, Emoji_Presentation.\n"
        "extension DisplayWidth {\n"
        f"    /// The Unicode version of the tables.\n"
        f"    static let unicodeVersion = \"{db.version}\"\n\n"
        + table("zeroWidthRanges", "Code points of no width", ranges(db, 0)) + "\n"
        + table("doubleWidthRanges", "Code points two columns wide", ranges(db, 2))
        + "}\n"
    )


def reason(db: Database, v: int, ours: int, theirs: int) -> str:
    """Why the table and wcwidth 0.7 disagree on `v`: wcwidth follows a later Unicode version
    (code points assigned or widened since), counts spacing marks (Mc), line and paragraph
    separators and the Hangul fillers as no width. Anything else is `unexplained`."""
    category, east_asian = db.category[v], db.east_asian[v]
    if category == "Cn":
        return f"unassigned in Unicode {db.version} (wcwidth knows a later version)"
    if category == "Mc" and theirs == 0:
        return "spacing mark (Mc): one column here and in glibc, none in wcwidth"
    if category in ("Zl", "Zp") and theirs == 0:
        return "line or paragraph separator: navview shows it as U+FFFD"
    if v in (0x3164, 0xFFA0) and theirs == 0:
        return "Hangul filler (Lo, Default_Ignorable): wcwidth counts none"
    if ours == 1 and theirs == 2 and east_asian in ("N", "A"):
        return f"East_Asian_Width {east_asian} in Unicode {db.version}, W since (wcwidth knows a later version)"
    return f"unexplained: {ours} here, {theirs} in wcwidth ({category}, East_Asian_Width {east_asian})"


def differences(db: Database) -> tuple[collections.Counter[str], dict[str, list[str]]]:
    """The code points where the table and `wcwidth.wcwidth` disagree, counted by reason,
    with a few examples of each."""
    import wcwidth  # the Python package: pip install wcwidth

    reasons: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    for v in range(MAX + 1):
        # Surrogates are no characters; C0, DEL and C1 controls are shown as U+FFFD.
        if 0xD800 <= v <= 0xDFFF or v < 0x20 or 0x7F <= v <= 0x9F:
            continue
        ours, theirs = db.width(v), wcwidth.wcwidth(chr(v))
        if ours != theirs:
            why = reason(db, v, ours, theirs)
            reasons[why] += 1
            if len(examples[why]) < 4:
                examples[why].append(f"U+{v:04X}")
    return reasons, examples


def compare(db: Database) -> None:
    import wcwidth

    reasons, examples = differences(db)
    total = sum(reasons.values())
    print(f"the table (Unicode {db.version}) and wcwidth {wcwidth.__version__} (Unicode {wcwidth.list_versions()[-1]}) "
          f"differ on {total} code points")
    for why, count in reasons.most_common():
        print(f"{count:7}  {why}  (e.g. {', '.join(examples[why])})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ucd", type=pathlib.Path, default=pathlib.Path("/usr/share/unicode"))
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed table differs")
    parser.add_argument("--compare", action="store_true", help="count the differences with wcwidth.wcwidth")
    options = parser.parse_args()
    db = Database(options.ucd)
    if options.compare:
        compare(db)
    elif options.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != render(db):
            sys.exit(f"{TARGET.relative_to(ROOT)} is not what {pathlib.Path(__file__).name} makes from {options.ucd}")
    else:
        TARGET.write_text(render(db), encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)} (Unicode {db.version})")


if __name__ == "__main__":
    main()
