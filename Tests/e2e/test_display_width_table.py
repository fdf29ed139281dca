"""navview's character widths (Clients/navview/Kit/DisplayWidth+Table.swift) against their
source and against the Python `wcwidth` package.

Guards against a hand-edited or stale table (navview once counted 🚀 ✅ ⌚ as one column and
Hebrew and Thai marks as one each, and a chatId of rockets wrapped into the next row), and
against a generator change that makes the table disagree with wcwidth for a reason nobody
wrote down. Skipped without Debian's unicode-data (/usr/share/unicode) or without wcwidth.
"""

from __future__ import annotations

import importlib.util
import pathlib

import pytest

from navd_harness import REPO_ROOT

UCD = pathlib.Path("/usr/share/unicode")
SCRIPT = REPO_ROOT / "scripts" / "generate-display-width.py"


@pytest.fixture(scope="module")
def generator():
    if not (UCD / "EastAsianWidth.txt").exists():
        pytest.skip(f"no Unicode data in {UCD} (apt-get install unicode-data)")
    spec = importlib.util.spec_from_file_location("generate_display_width", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def database(generator):
    return generator.Database(UCD)


def test_the_committed_table_is_what_the_generator_makes(generator, database):
    assert generator.TARGET.read_text(encoding="utf-8") == generator.render(database), \
        "run python3 scripts/generate-display-width.py"


def test_the_characters_that_broke_the_screen(database):
    for text, width in (("🚀", 2), ("✅", 2), ("⌚", 2), ("日", 2), ("\u05B8", 0), ("\u05C1", 0), ("\u0E35", 0),
                        ("\u0E48", 0), ("\u200B", 0), ("\u00AD", 1), ("\u0600", 1), ("\u1161", 0), ("a", 1)):
        assert database.width(ord(text)) == width, f"U+{ord(text):04X}"


def test_every_difference_with_wcwidth_has_a_known_reason(generator, database):
    pytest.importorskip("wcwidth")
    reasons, examples = generator.differences(database)
    unexplained = {why: examples[why] for why in reasons if why.startswith("unexplained")}
    assert not unexplained, unexplained
    # Most are the code points a later Unicode version assigned or widened.
    assert sum(reasons.values()) < 5000, reasons
