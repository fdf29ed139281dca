#!/bin/sh
# `make demo`: one tmux window with navd, two navview viewers and a scripted tour, so that
# several viewers can be seen following one navigation state; navweb in a second window, whose
# URL opens the same state in a browser. Argument: the directory of the
# built binaries (navd, navview). NAVVIEW_DEMO_DETACHED=1 leaves the session detached (tests).
set -eu
bin=$(cd "${1:-.build/debug}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
session=${NAVVIEW_DEMO_SESSION:-navview-demo}

command -v tmux >/dev/null 2>&1 || {
    echo "make demo needs tmux (Debian: sudo apt-get install tmux)" >&2
    exit 1
}
for program in navd navview; do
    [ -x "$bin/$program" ] || { echo "demo: $bin/$program is not built (make build)" >&2; exit 1; }
done

# One directory per user, reused by every demo (navd replaces the stale socket of the last one).
dir="${TMPDIR:-/tmp}/navview-demo-$(id -u)"
mkdir -p -m 700 "$dir"
socket="$dir/navd.sock"
size=$(stty size 2>/dev/null || echo "40 160")
rows=${size% *}
columns=${size#* }

# A demo left running is replaced; give its navd a moment to go.
if tmux kill-session -t "$session" 2>/dev/null; then sleep 1; fi
# navd in the bottom-left pane, the viewers above, the tour beside navd.
navd_pane=$(tmux new-session -d -P -F '#{pane_id}' -s "$session" -x "$columns" -y "$rows" \
    "\"$bin/navd\" --socket \"$socket\" --ephemeral; echo \"navd exited with status \$?; Enter closes this pane\"; read -r _")
viewer_a=$(tmux split-window -P -F '#{pane_id}' -v -b -l 70% -t "$navd_pane" \
    "LANG=\${LANG:-C.UTF-8} \"$bin/navview\" --socket \"$socket\"")
tmux split-window -h -t "$viewer_a" "LANG=\${LANG:-C.UTF-8} \"$bin/navview\" --socket \"$socket\""
tmux split-window -h -t "$navd_pane" \
    "while NAVD_SOCKET=\"$socket\" sh \"$here/tour.sh\"; do printf '\nEnter runs the tour again; Ctrl-B d detaches; tmux kill-session -t $session ends the demo. '; read -r _ || break; done"
tmux select-pane -t "$viewer_a"
# navweb, when built, in a second window (Ctrl-B n): the same state in a browser, with controls.
if [ -x "$bin/navweb" ]; then
    tmux new-window -d -t "$session" -n navweb \
        "\"$bin/navweb\" --socket \"$socket\" --control; echo \"navweb exited with status \$?; Enter closes this window\"; read -r _"
fi

if [ "${NAVVIEW_DEMO_DETACHED:-0}" = 1 ]; then
    echo "demo: tmux session $session is running (navd at $socket)"
    if [ -x "$bin/navweb" ]; then echo "demo: navweb is in the window named navweb (its URL is there)"; fi
elif [ -n "${TMUX:-}" ]; then
    tmux switch-client -t "$session"
else
    tmux attach-session -t "$session"
fi
