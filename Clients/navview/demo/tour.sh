#!/bin/sh
# The demo's scripted tour of the sample app: one navd call at a time, with a line saying
# what to look for in the viewers. NAVD_SOCKET says where navd is; TOUR_PAUSE the seconds
# between steps (default 3; the tests use 0). Each step is a raw JSON-RPC call through
# scripts/navrpc.py, printed as the method and its params: what a client of any language sends
# (navctl's commands wrap the same calls).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
navrpc="$here/../../../scripts/navrpc.py"
pause=${TOUR_PAUSE:-3}

step() {
    say=$1
    method=$2
    params=${3:-"{}"}
    printf '\n%s\n  %s %s\n' "$say" "$method" "$params"
    python3 "$navrpc" "$method" "$params" >/dev/null
    sleep "$pause"
}

# navd may still be starting: wait for it (navview does the same, with backoff).
tries=0
until python3 "$navrpc" nav.state >/dev/null 2>&1; do
    tries=$((tries + 1))
    [ "$tries" -lt 100 ] || { echo "tour: no navd at ${NAVD_SOCKET:-the default socket}" >&2; exit 3; }
    sleep 0.1
done

echo "navview tour: every change appears in both viewers at once, with its events."
step "A post, pushed with the custom 'zoom' transition (animator zoom):" \
    nav.route '{"to":"post","params":{"postId":5}}'
step "A profile over it: profile's default transition is modal, a layer above the feed stack:" \
    nav.route '{"to":"profile","params":{"userId":42}}'
step "A chat from the profile: no stack under a modal, so the push falls back to modal:" \
    nav.route '{"to":"chat","params":{"chatId":"c1"}}'
step "Dismiss every modal at once:" nav.dismissAll
step "Back to the root of the feed stack:" nav.popToRoot
step "Compose embedded with a push: a child flow owning its run of the feed stack:" \
    nav.route '{"to":"compose","transition":"push","params":{"draft":"hello"}}'
step "A photo picker as a sheet (a modal with animator 'sheet'):" nav.route '{"to":"photoPicker"}'
step "Close the sheet: close reverses the transition that opened it:" nav.close
step "Close compose's first screen: the embedded flow finishes (flowFinished):" nav.close
step "A deep link: the chats tab, its stack rebuilt as chatList > chat > message:" \
    nav.deeplink '{"url":"social://chats/c9/messages/4"}'
step "Back to the feed tab (each tab keeps its own stack):" nav.selectTab '{"tab":"feed"}'
step "Two routes in one revision with nav.apply:" \
    nav.apply '{"ops":[{"method":"nav.route","params":{"to":"post","params":{"postId":7}}},{"method":"nav.route","params":{"to":"profile","params":{"userId":3}}}]}'
step "A web link opens a profile's photos from the top:" \
    nav.deeplink '{"url":"https://social.example.com/users/42/photos"}'
step "And home again:" nav.dismissAll
step "" nav.popToRoot
echo
echo "Tour done. In a viewer pane (Ctrl-B and an arrow moves there): b closes the top screen,"
echo "t selects the next tab, : calls a method, ? shows every key, q quits."
