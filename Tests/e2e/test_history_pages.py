"""`nav.history` pages bounded in bytes, against the real navd (semantics.md 83).

With a tree of 5,000 screens, `nav.history {limit: 1000, tree: true}` built one reply of
1.2 GiB (navd at 4.7 GB RSS) and every other client waited for it: a page was bounded in
entries only. Now a page stops at 4 MiB of entries (whole entries, at least one) with
`more: true`, and the client goes on with `since` = the last revision it got. This test grows
a tree of 2,000 screens, makes 100 revisions of it, and checks that such a page is bounded,
that another client is answered while the page waits unread, and that the pages put together
are the whole history (asserting sizes and contents, never times).
"""

import json

import pytest

from navd_harness import Navd

PAGE_BYTES = 4 << 20
TABS = 3
PER_TAB = 670  # 3 x 671 screens: past 2,000, within 1,000 per stack

APP = {
    "app": "pile",
    "root": "main",
    "flows": {
        "main": {"kind": "tabs", "tabs": [f"t{i}" for i in range(TABS)], "initialTab": "t0"},
        **{f"t{i}": {"kind": "stack", "root": "item"} for i in range(TABS)},
    },
    "screens": {"item": {"params": {"n": {"type": "int", "optional": True}}, "routes": ["item"]}},
}


@pytest.fixture
def pile(navd_command, tmp_path):
    app = tmp_path / "pile.json"
    app.write_text(json.dumps(APP))
    daemon = Navd(command=navd_command, app=app, extra_args=["--ephemeral"]).start()
    try:
        yield daemon
    finally:
        daemon.stop()


def screens(flow) -> int:
    count = len(flow.get("screens", []))
    for child in flow.get("tabs", []) + ([flow["presented"]] if flow.get("presented") else []):
        count += screens(child)
    return count


def test_a_page_of_big_trees_is_bounded_and_the_pages_are_the_history(pile):
    actor, other = pile.client(timeout=120), pile.client(timeout=120)
    for tab in range(TABS):
        ops = [{"method": "nav.selectTab", "params": {"tab": tab}}]
        ops += [{"method": "nav.route", "params": {"to": "item", "params": {"n": n}}} for n in range(PER_TAB)]
        actor.call("nav.apply", {"ops": ops})
    # 100 more revisions of the big tree, pipelined: push one screen, close it.
    for n in range(50):
        actor.request("nav.route", {"to": "item", "params": {"n": n}})
        actor.request("nav.close", {})
    state = actor.call("nav.state")
    assert screens(state["root"]) >= 2_000 and state["revision"] == 1 + TABS + 100

    # The page waits unread on `actor` while `other` is answered.
    request = actor.request("nav.history", {"since": 0, "limit": 1000, "tree": True})
    assert other.call("nav.state")["revision"] == state["revision"]
    line = actor.read_line(timeout=120)
    page = json.loads(line)
    assert page["id"] == request
    first = page["result"]
    assert first["more"] is True
    assert 1 < len(first["entries"]) < 1000
    assert len(line) <= PAGE_BYTES + 256, len(line)
    assert all("root" in entry for entry in first["entries"])

    # The rest, page by page; together they are every revision, each whole.
    entries = list(first["entries"])
    pages = 1
    while True:
        result = actor.call("nav.history", {"since": entries[-1]["revision"], "limit": 1000, "tree": True})
        entries += result["entries"]
        pages += 1
        if not result.get("more"):
            break
        assert result["entries"], "a page that says more holds an entry"
    assert [e["revision"] for e in entries] == list(range(1, state["revision"] + 1))
    assert pages >= 3, "100 trees of 2,000 screens are far more than 4 MiB"
    assert entries[-1]["root"] == state["root"]
    assert screens(entries[1 + TABS]["root"]) == screens(state["root"]) + 1  # after a push
    # navd is still serving everyone.
    assert other.call("nav.state")["revision"] == state["revision"]
    actor.close()
    other.close()
