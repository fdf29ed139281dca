"""Replays every Protocol/transcripts/*.jsonl against a fresh navd and compares each line
navd writes, exactly (values and JSON types), with the recorded one.

The transcripts are the protocol as a reader of Protocol/ learns it: whole sessions on the
sample app (route, close, deep links, errors, a second connection that subscribes). They
guard against every silent change of the bytes a client sees — a renamed or reordered
field, an event that moved, an id allocated differently, an error message or code that
changed, a notification that appeared or vanished — which schema validation alone would
let through. A deliberate change of behaviour is recorded again with
`python3 Tests/e2e/transcripts.py record FILE` and reviewed in the diff.
"""

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
