"""Routing events against hostile or silent listeners, with the real navd.

Guards against three ways one connection could stop every event, or navd itself: a listener
that answered `event.handle` inside a batch array crashed navd (SIGILL: the batch's `[` was
flushed mid-line, then removed from an empty buffer); 50 listeners that never answer made each
emit wait 50 timeouts in a row, and an emit of an event nobody listens to waited behind it, for
ever (each was asked again at every emit); and SIGTERM while an emit was held left the emitter
without an answer to it or to the requests it sent behind it. Timings are not asserted (the
machine is loaded): the structure is — every listener asked once per emit, all skipped by one
deadline, dropped after three, every request answered."""

import signal



def test_an_answer_inside_a_batch_is_read_and_never_answered(navd, client_factory):
    listener = client_factory("batcher")
    emitter = client_factory("feedModule")
    listener.call("events.listen", {"events": ["userTapped"]})
    request = emitter.request("event.emit", {"name": "userTapped", "payload": {"userId": 4}})
    asked = listener.server_request()
    listener.send([{"jsonrpc": "2.0", "id": asked["id"], "result": {"steps": []}}])
    result = emitter.response(request)["result"]
    assert (result["by"], result["revision"]) == ("definition", 2)
    # The crash's own line, with nothing waiting on it, and a batch mixing an answer and a request.
    listener.send([{"jsonrpc": "2.0", "id": "e1", "result": {"steps": []}}])
    answered = listener.batch([{"jsonrpc": "2.0", "id": "e9", "result": {"steps": []}},
                               {"jsonrpc": "2.0", "id": 70, "method": "nav.state"}])
    assert [entry["id"] for entry in answered] == [70] and answered[0]["result"]["revision"] == 2
    assert listener.sync() == []
    assert navd.alive


def test_fifty_silent_listeners_cost_one_deadline_each_and_are_dropped_after_three(navd_factory):
    navd = navd_factory(extra_args=["--listener-timeout", "100"])
    silent = [navd.client(f"silent{index}") for index in range(50)]
    emitter = navd.client("feedModule")
    other = navd.client("postModule")
    try:
        ids = [client.hello(f"silent{index}") for index, client in enumerate(silent)]
        for client in silent:
            client.call("events.listen", {"events": ["userTapped"]})
        for turn in range(3):
            request = emitter.request("event.emit", {"name": "userTapped", "payload": {"userId": 4}})
            # Another client's event, which nobody listens to, waits for its turn only.
            behind = other.request("event.emit", {"name": "postTapped", "payload": {"postId": 1}})
            asked = [client.server_request() for client in silent]
            assert len({request["id"] for request in asked}) == 50
            result = emitter.response(request, timeout=30)["result"]
            assert result["by"] == "definition"
            assert [skip["client"] for skip in result["skipped"]] == ids
            assert {skip["reason"] for skip in result["skipped"]} == {"timeout"}
            assert other.response(behind, timeout=30)["result"]["revision"] == result["revision"] + 1
        # Each was asked exactly once per emit; after the third missed deadline it is dropped.
        for client in silent:
            dropped = client.notification("events.dropped", timeout=10)
            assert dropped["params"] == {"events": ["userTapped"], "reason": "timeouts"}
            assert client.server_requests == []
        result = emitter.call("event.emit", {"name": "userTapped", "payload": {"userId": 5}})
        assert result["by"] == "definition" and "skipped" not in result
        assert all(client.sync() == [] for client in silent)
        # A dropped listener may listen again, and is asked again.
        silent[0].call("events.listen", {"events": ["userTapped"]})
        request = emitter.request("event.emit", {"name": "userTapped", "payload": {"userId": 6}})
        asked = silent[0].server_request()
        silent[0].answer(asked["id"], {"steps": [{"method": "nav.route", "params": {"to": "post", "params": {"postId": 6}}}]})
        assert emitter.response(request)["result"]["by"] == ids[0]
    finally:
        for client in [*silent, emitter, other]:
            client.close()


def test_sigterm_while_an_emit_is_held_answers_it_and_what_waits_behind_it(navd_factory):
    navd = navd_factory(extra_args=["--listener-timeout", "60000"])
    listener = navd.client("silent")
    emitter = navd.client(timeout=10)
    try:
        listener.call("events.listen", {"events": ["userTapped"]})
        emit = emitter.request("event.emit", {"name": "userTapped", "payload": {"userId": 4}})
        listener.server_request()
        close = emitter.request("nav.close")
        state = emitter.request("nav.state")
        navd.process.send_signal(signal.SIGTERM)
        assert emitter.response(emit)["error"]["code"] == -32010
        assert emitter.response(close)["error"]["code"] == -32010
        assert emitter.response(state)["result"]["revision"] == 1
        assert emitter.notification("daemon.shutdown")["params"] == {"reason": "SIGTERM"}
        assert navd.process.wait(10) == 0
    finally:
        listener.close()
        emitter.close()
