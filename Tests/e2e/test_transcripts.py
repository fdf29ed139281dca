"""Replays every Protocol/transcripts/*.jsonl against a fresh navd and compares each line
navd writes, exactly (values and JSON types), with the recorded one; and every shell
transcript of README.md and docs/*.md (below).

The transcripts are the protocol as a reader of Protocol/ learns it: whole sessions on the
sample app (route, close, deep links, errors, a second connection that subscribes). They
guard against every silent change of the bytes a client sees — a renamed or reordered
field, an event that moved, an id allocated differently, an error message or code that
changed, a notification that appeared or vanished — which schema validation alone would
let through. A deliberate change of behaviour is recorded again with
`python3 Tests/e2e/transcripts.py record FILE` and reviewed in the diff.
"""

import shutil

import pytest

from transcripts import TRANSCRIPTS, load, replay

FILES = sorted(TRANSCRIPTS.glob("*.jsonl"))


def test_there_are_transcripts_and_each_expects_something():
    assert len(FILES) >= 4
    for path in FILES:
        steps = load(path)
        assert any("expect" in step for step in steps), path.name
        assert any("comment" in step for step in steps), f"{path.name} says nothing about what it shows"


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_transcript_replays_exactly(navd, path):
    replay(navd, path)


# The README and docs/*.md: their shell transcripts (transcripts.py "documentation") run
# against a fresh navd and print what the page shows. Guards against a README whose tour no
# longer reproduces: a changed message, an id allocated differently, a script that ran once,
# a socket path of the machine a transcript was captured on.

from transcripts import DOCUMENTS, replay_session, sessions  # noqa: E402

SESSIONS = [(document, group) for document in DOCUMENTS for group in sessions(document)]


def test_the_readme_has_transcripts_and_is_short():
    readme = [group for document, group in SESSIONS if document.name == "README.md" and document.parent.name != "docs"]
    assert len(readme) >= 4
    assert len((DOCUMENTS[0]).read_text().splitlines()) <= 420


@pytest.mark.parametrize("document, blocks", SESSIONS, ids=[group[0].where for _, group in SESSIONS])
def test_documentation_transcript_reproduces(document, blocks):
    for block in blocks:
        if "skip" in block.marker:
            pytest.skip(f"{block.where}: {block.marker['skip']}")
        if "requires" in block.marker and shutil.which(block.marker["requires"]) is None:
            pytest.skip(f"{block.where}: needs {block.marker['requires']}")
    replay_session(blocks)
