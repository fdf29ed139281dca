"""navview's status line shows the session in a real terminal: the flags that are set and a
request a guard holds ("⏸ account waits for signedIn").

The bug this guards against: a viewer that shows the login flow a guard opened but not why, so
a person watching cannot tell a held request from a login someone routed to, or that keeps
showing the held request after sign-in resumed it (the session travels in `nav.changed` only
when a revision changed it, so a viewer must keep it across the revisions that do not). Every
check polls `tmux capture-pane` until the screen matches, bounded by a generous timeout.
"""

from __future__ import annotations

from test_navview_tmux import navview_bin, start_viewer, status_line, terminals  # noqa: F401 (fixtures)


def test_status_line_shows_the_held_request_and_then_the_flag(navd, terminals, navview_bin):  # noqa: F811
    tmux, left, _ = terminals
    start_viewer(tmux, left, navview_bin, navd.socket_path)
    actor = navd.client(name="e2e")
    actor.call("nav.selectTab", {"tab": "settings"})
    tmux.wait(left, lambda text: status_line(text).startswith(" ● connected · social · revision 2 ·"), "revision 2")

    held = actor.call("nav.route", {"to": "account"})
    assert held["pending"]["method"] == "nav.route"
    text = tmux.wait(
        left, lambda text: status_line(text).startswith(" ● connected · social · revision 3 · ⏸ account waits for"),
        "the held request on the status line")
    assert "▶ s5 loginForm" in text and "pendingHeld nav.route account waits for signedIn" in text

    # A revision that does not change the session keeps it on the status line.
    actor.call("nav.route", {"to": "twoFactor"})
    tmux.wait(
        left, lambda text: status_line(text).startswith(" ● connected · social · revision 4 · ⏸ account waits for"),
        "still held at revision 4")

    actor.call("session.set", {"flags": {"signedIn": True}})
    text = tmux.wait(
        left, lambda text: status_line(text).startswith(" ● connected · social · revision 5 · flags: signedIn"),
        "the flag, and no held request, after sign-in")
    assert "⏸" not in status_line(text) and "▶ s7 account" in text
    actor.close()
    tmux.run("send-keys", "-t", left, "q")
    tmux.wait(left, lambda _: tmux.show(left, "#{alternate_on}") == "0", "the end of navview")
