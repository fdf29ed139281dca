"""Many subscribers, many changes: every subscriber sees the same revisions, in order, each
exactly once, chained by `baseRevision` (docs/protocol.md).

A viewer that misses one revision draws a wrong tree until the next full state, and one
that sees a revision twice replays its lifecycle events (a screen "entered" twice). These
tests guard against the races of fan-out that a single client never shows: a notification
encoded once and handed to some subscribers but not others, a subscriber left behind when
two writers commit back to back, `baseRevision` taken from the revision before instead of
the last one this connection was sent, a change broadcast before or without its events,
and subscription variants (`tree`, `events`) that get different revisions. Subscribers
read on their own threads, so navd sees them as prompt readers.
"""

import threading

from navd_harness import Follower, RevisionChain, result_of

VARIANTS = [({}, "full"), ({"tree": False}, "events-only"), ({"events": False}, "tree-only")]
WINDOW = 25  # requests in flight per writer before it waits for the subscribers


def start_followers(client_factory):
    followers = []
    for params, name in VARIANTS:
        follower = Follower(client_factory(), params, name)
        follower.start()
        followers.append(follower)
    return followers


def write(client, count, followers, postId_base=0):
    """`count` changes, alternating a push of `post` and a close, pipelined `WINDOW` at a
    time; after each window every follower must reach the newest revision. Returns
    {revision: response result}."""
    results = {}
    for start in range(0, count, WINDOW):
        ids = []
        for n in range(start, min(count, start + WINDOW)):
            if n % 2 == 0:
                ids.append(client.request("nav.route", {"to": "post", "params": {"postId": postId_base + n}}))
            else:
                ids.append(client.request("nav.close", {}))
        for request_id in ids:
            result = result_of(client.response(request_id, timeout=15))
            assert result["revision"] not in results
            results[result["revision"]] = result
        for follower in followers:
            follower.wait_for(max(results))
    return results


def check_identical_and_complete(followers, results, writers, state):
    first = min(results)
    expected = list(range(first, first + len(results)))
    assert sorted(results) == expected, "the writers' revisions are not consecutive"
    for follower in followers:
        follower.stop()
        chain = follower.chain
        assert sorted(chain.changes) == expected, f"{follower.name} saw other revisions"
        for revision, change in chain.changes.items():
            result = results[revision]
            assert change["cause"]["method"] == ("nav.route" if "screen" in result else "nav.close")
            assert change["cause"]["client"] == writers[revision]
            if follower.name != "tree-only":
                assert change["events"] == result["events"], f"{follower.name}: events of revision {revision}"
            else:
                assert "events" not in change
        if follower.name != "events-only":
            assert chain.root == state["root"], f"{follower.name}'s last tree is not the current one"
    strip = [{r: {k: v for k, v in c.items() if k != "events"} for r, c in f.chain.changes.items()} for f in followers]
    assert strip[0] == strip[1] == strip[2], "subscribers saw different causes"


def test_three_subscribers_see_every_revision_of_one_writer_once_in_order(navd, client_factory):
    followers = start_followers(client_factory)
    writer = client_factory("writer")
    results = write(writer, 400, followers)
    writers = {revision: "writer" for revision in results}
    check_identical_and_complete(followers, results, writers, writer.call("nav.state"))


def test_three_subscribers_see_every_revision_of_two_writers_at_once(navd, client_factory):
    followers = start_followers(client_factory)
    names = ["writer-a", "writer-b"]
    clients = [client_factory(name) for name in names]
    outcomes: dict[str, dict] = {}
    errors = []

    def run(name, client, base):
        try:
            outcomes[name] = write(client, 200, followers, postId_base=base)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(name, client, 1000 * i))
               for i, (name, client) in enumerate(zip(names, clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    assert set(outcomes) == set(names)
    results = {**outcomes["writer-a"], **outcomes["writer-b"]}
    assert len(results) == 400, "two writers were given the same revision"
    writers = {revision: name for name in names for revision in outcomes[name]}
    check_identical_and_complete(followers, results, writers, clients[0].call("nav.state"))


def test_a_subscribed_writer_gets_each_response_before_the_notification_of_its_revision(client_factory):
    client = client_factory("self-watcher")
    subscribed = client.call("nav.subscribe", {})
    ids = [client.request("nav.route", {"to": "post", "params": {"postId": n}}) if n % 2 == 0
           else client.request("nav.close") for n in range(100)]
    answered: set[int] = set()
    notified = subscribed["revision"]
    for _ in range(200):  # at most 100 responses and 100 notifications
        if len(answered) == len(ids) and notified == max(answered):
            break
        message = client.read_message()
        if "method" in message:
            assert message["params"]["baseRevision"] == notified
            notified = message["params"]["revision"]
            assert all(change["revision"] in answered for change in message["params"]["changes"]), (
                f"nav.changed of revision {notified} came before the response that made it")
        else:
            answered.add(result_of(message)["revision"])
            assert message["id"] == ids[len(answered) - 1]
    assert notified == subscribed["revision"] + 100 == max(answered)


def test_a_batch_response_comes_before_the_notifications_of_its_revisions(client_factory):
    client = client_factory()
    subscribed = client.call("nav.subscribe", {"tree": False})
    client.send([{"jsonrpc": "2.0", "id": 1, "method": "nav.route", "params": {"to": "post", "params": {"postId": 1}}},
                 {"jsonrpc": "2.0", "method": "nav.route", "params": {"to": "post", "params": {"postId": 2}}},
                 {"jsonrpc": "2.0", "id": 2, "method": "nav.close"}])
    first = client.read_message()
    assert isinstance(first, list), f"a notification came before the batch response: {first}"
    assert [result_of(answer)["revision"] for answer in first] == [subscribed["revision"] + 1, subscribed["revision"] + 3]
    chain = RevisionChain(subscribed)
    chain.follow(client, subscribed["revision"] + 3)
    assert [chain.changes[r]["cause"]["method"] for r in sorted(chain.changes)] == ["nav.route"] * 2 + ["nav.close"]
