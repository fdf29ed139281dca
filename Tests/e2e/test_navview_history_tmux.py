"""navview's history mode in a real terminal: `[` and `]` step through past revisions.

The bugs this guards against: a viewer that shows the live tree under a "history" status (or
a past tree under a live one), that loses its place when new revisions arrive while someone
looks back, or that cannot get back to live. Every check polls `tmux capture-pane` until the
screen matches, bounded by a generous timeout; no check depends on how fast anything is.
"""

from __future__ import annotations

from test_navview_tmux import navview_bin, start_viewer, status_line, terminals  # noqa: F401 (fixtures)


def test_brackets_step_through_history_and_esc_returns_to_live(navd, terminals, navview_bin):  # noqa: F811
    tmux, left, _ = terminals
    start_viewer(tmux, left, navview_bin, navd.socket_path)
    actor = navd.client(name="e2e")
    for method, params in [
        ("nav.route", {"to": "post", "params": {"postId": 5}}),
        ("nav.route", {"to": "post", "params": {"postId": 6}}),
        ("nav.selectTab", {"tab": "chats"}),
        ("nav.route", {"to": "chat", "params": {"chatId": "c9"}}),
    ]:
        actor.call(method, params)

    def status(prefix: str):
        return lambda text: status_line(text).startswith(f" ● connected · social · {prefix}")

    tmux.wait(left, lambda text: status(f"revision 5 ·")(text) and '▶ s7 chat chatId=c9' in text, "the live revision 5")

    tmux.run("send-keys", "-t", left, "[")
    text = tmux.wait(left, status("r4 of 5 · history · 1 behind live ·"), "r4 in history")
    assert "▶ s3 chatList" in text and "r4 nav.selectTab by e2e (" in text and "s7 chat" not in text

    tmux.run("send-keys", "-t", left, "[")
    text = tmux.wait(left, status("r3 of 5 · history · 2 behind live ·"), "r3 in history")
    assert "▶ s6 post postId=6" in text and "r3 nav.route by e2e (" in text and "enter s6 post postId=6" in text

    # History is read-only: b closes nothing.
    tmux.run("send-keys", "-t", left, "b")
    tmux.wait(left, lambda text: "history is read-only" in text, "the refusal of b")
    assert actor.call("nav.state")["revision"] == 5

    # New revisions arrive while looking back: the status counts how far behind live it is.
    actor.call("nav.selectTab", {"tab": "feed"})
    tmux.wait(left, status("r3 of 6 · history · 3 behind live ·"), "3 behind live")

    for revision in (4, 5, 6):
        tmux.run("send-keys", "-t", left, "]")
        tmux.wait(left, status(f"r{revision} of 6 · history"), f"r{revision} in history")
    tmux.run("send-keys", "-t", left, "]")
    text = tmux.wait(left, status("revision 6 ·"), "live again after ] past the newest")
    assert "▶ s6 post postId=6" in text

    tmux.run("send-keys", "-t", left, "[")
    tmux.wait(left, status("r5 of 6 · history"), "r5 in history")
    tmux.run("send-keys", "-t", left, "Escape")
    tmux.wait(left, status("revision 6 ·"), "live again after Esc")
    actor.close()
    tmux.run("send-keys", "-t", left, "q")
    tmux.wait(left, lambda _: tmux.show(left, "#{alternate_on}") == "0", "the end of navview")
