"""An event's deep link carries the payload's values exactly, with the real navd.

Guards against `{name}` in a step's deep link being encoded as a path segment wherever it
stood: `social://posts/{postId}?ref={ref}` with `ref = "a&ref=evil"` opened the post with
`ref: "a"` (the rest became a second query item), `"x&section=friends"` filled another param of
the screen, and `"a+b"` arrived as `"a b"`. Also against a payload value `""` that fills a path
segment alone: it passed validation and the link, its segment gone, opened something else."""

import json

import pytest

APP = {
    "app": "t", "schemes": ["t"], "root": "main", "flows": {"main": {"kind": "stack", "root": "home"}},
    "screens": {
        "home": {"path": "/", "routes": ["post"]},
        "post": {"path": "/posts/:postId", "routes": ["post"],
                 "params": {"postId": {"type": "string"}, "ref": {"type": "string", "optional": True},
                            "section": {"type": "string", "optional": True}}},
    },
    "events": {"open": {"params": {"postId": {"type": "string"}, "ref": {"type": "string"}},
                        "steps": [{"method": "nav.deeplink", "params": {"url": "t://posts/{postId}?ref={ref}"}}]}},
}


@pytest.fixture
def linked(navd_factory, tmp_path):
    app = tmp_path / "links.json"
    app.write_text(json.dumps(APP))
    navd = navd_factory(app=app)
    client = navd.client("linker")
    yield client
    client.close()


@pytest.mark.parametrize("ref", ["a&ref=evil", "x&section=friends", "a+b", "100% #1/2?", "é = ü"])
def test_a_query_value_arrives_exactly(linked, ref):
    result = linked.call("event.emit", {"name": "open", "payload": {"postId": "p/1 +", "ref": ref}})
    assert result["by"] == "definition"
    assert result["results"][0]["target"]["params"] == {"postId": "p/1 +", "ref": ref}
    assert result["results"][0]["ignored"] == []


def test_an_empty_value_for_a_path_segment_is_refused_at_the_emit(linked):
    response = linked.response(linked.request("event.emit", {"name": "open", "payload": {"postId": "", "ref": "x"}}))
    error = response["error"]
    assert error["code"] == -32602
    assert (error["data"]["param"], error["data"]["problem"], error["data"]["event"]) == ("postId", "notAllowed", "open")
    assert linked.call("nav.state")["revision"] == 1
    # An empty query value is a value like any other.
    result = linked.call("event.emit", {"name": "open", "payload": {"postId": "7", "ref": ""}})
    assert result["results"][0]["target"]["params"] == {"postId": "7", "ref": ""}
