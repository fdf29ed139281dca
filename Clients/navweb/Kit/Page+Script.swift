extension Page {
    /// The page's script. It draws what navweb sends (it keeps no tree of its own): each
    /// message of `/api/events` in order; a change whose `baseRevision` is not the revision
    /// shown makes it fetch `/api/state` and start from there. `window.navweb` exposes what a
    /// test reads: the live revisions drawn (`shown`), every revision whose events arrived
    /// (`revisions`), and how often the page started over from a whole state (`restarts`).
    public static let script = #"""
        "use strict";
        const control = document.body.dataset.control === "1";
        const $ = (id) => document.getElementById(id);
        const state = { live: null, viewing: null, past: null, oldest: 1, routes: {}, instance: null,
                        marked: [], shown: [], revisions: [], restarts: 0, connected: false, refetching: false };
        window.navweb = state;

        function lineElement(runs) {
          const div = document.createElement("div");
          for (const [text, classes] of runs) {
            const span = document.createElement("span");
            span.textContent = text;
            if (classes) span.className = classes;
            div.appendChild(span);
          }
          if (runs.length === 0) div.textContent = " ";
          return div;
        }

        function drawLines(element, lines) {
          element.replaceChildren(...lines.map(lineElement));
        }

        function addEvents(lines) {
          const pane = $("nw-events");
          for (const runs of lines) pane.appendChild(lineElement(runs));
          while (pane.childElementCount > 500) pane.removeChild(pane.firstChild);
          pane.scrollTop = pane.scrollHeight;
        }

        function note(text, warning) {
          addEvents([[["— " + text, warning ? "b c-red" : "d"]]]);
        }

        function svgNode(id) {
          const svg = $("nw-graph").querySelector("svg");
          return svg ? svg.querySelector('[id="' + CSS.escape(id) + '"]') : null;
        }

        function applyMarks(marks) {
          for (const element of state.marked) {
            element.classList.remove("mark-visible", "mark-stacked", "mark-selected", "mark-pending");
          }
          state.marked = [];
          for (const [id, names] of Object.entries(marks || {})) {
            const element = svgNode(id);
            if (!element) continue;
            for (const name of names) element.classList.add("mark-" + name);
            state.marked.push(element);
          }
        }

        function drawPicture(picture) {
          drawLines($("nw-tree"), picture.tree);
          applyMarks(picture.marks);
          $("nw-revision").textContent = "r" + picture.revision;
          $("nw-top").textContent = picture.top ? "top: " + picture.top.screen : "";
          document.body.dataset.revision = picture.revision;
          document.body.dataset.top = picture.top ? picture.top.screen : "";
          if (picture.session) drawSession(picture.session);
          if (control) drawControls(picture);
        }

        function drawSession(session) {
          const box = $("nw-session");
          box.replaceChildren();
          const flags = document.createElement("div");
          flags.textContent = session.flags.length
            ? session.flags.map(([name, value]) => name + " = " + value).join(", ")
            : "no flags";
          box.appendChild(flags);
          const pending = document.createElement("div");
          pending.id = "nw-pending";
          pending.textContent = session.pending ? "pending: " + session.pending : "no pending request";
          if (session.pending) pending.className = "b c-yellow";
          box.appendChild(pending);
        }

        function drawControls(picture) {
          const past = state.viewing !== null;
          const tabs = $("nw-tabs");
          tabs.replaceChildren();
          for (const [name, selected] of picture.tabs || []) {
            const button = document.createElement("button");
            button.textContent = name;
            button.dataset.tab = name;
            button.disabled = past;
            if (selected) button.className = "selected";
            button.onclick = () => send("nav.selectTab", { tab: name });
            tabs.appendChild(button);
          }
          const routes = $("nw-routes");
          routes.replaceChildren();
          const destinations = picture.top ? (state.routes[picture.top.screen] || []) : [];
          for (const to of destinations) {
            const button = document.createElement("button");
            button.textContent = "→ " + to;
            button.dataset.route = to;
            button.disabled = past;
            button.onclick = () => send("nav.route", { to: to });
            routes.appendChild(button);
          }
          $("nw-close").disabled = past;
        }

        async function send(method, params) {
          $("nw-control-error").textContent = "";
          const response = await fetch("/api/control", {
            method: "POST", headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ method: method, params: params }) });
          if (!response.ok) {
            const body = await response.json().catch(() => ({ error: response.statusText }));
            $("nw-control-error").textContent = method + ": " + body.error;
          }
        }

        function setStatus(connected, text) {
          state.connected = connected;
          const status = $("nw-status");
          status.textContent = connected ? "live" : text;
          status.className = "status " + (connected ? "up" : "down");
        }

        function showLive(message, events) {
          state.live = message;
          state.shown.push(message.revision);
          if (state.shown.length > 100000) state.shown.splice(0, 50000);
          if (events) addEvents(events);
          if (state.viewing === null) drawPicture(message);
          drawHistory();
        }

        async function loadGraph() {
          const [svg, routes] = await Promise.all([fetch("/api/graph.svg"), fetch("/api/routes")]);
          $("nw-graph").innerHTML = svg.ok ? await svg.text() : "the graph is not available: " + (await svg.json()).error;
          if (routes.ok) state.routes = await routes.json();
          const picture = state.viewing === null ? state.live : state.past;
          if (picture) drawPicture(picture);
        }

        function takeState(message) {
          if (message.connected === false) setStatus(false, message.note || "disconnected");
          else setStatus(true);
          if (message.instance !== state.instance) {
            state.instance = message.instance;
            $("nw-app").textContent = "instance " + message.instance;
            loadGraph();
          }
          if (message.note) note(message.note);
          showLive(message, null);
          loadHistoryBounds();
        }

        async function refetch(reason) {
          if (state.refetching) return;
          state.refetching = true;
          note(reason + "; fetching the state again", true);
          try {
            const response = await fetch("/api/state");
            const message = await response.json();
            if (message.kind === "state") takeState(message);
          } finally {
            state.refetching = false;
          }
        }

        function received(message) {
          if (message.kind === "status") {
            setStatus(message.connected, message.note);
            note(message.note, !message.connected);
          } else if (message.kind === "state") {
            if (state.live) state.restarts += 1;
            takeState(message);
          } else if (message.kind === "change") {
            if (state.refetching) return;
            if (!state.live || message.baseRevision !== state.live.revision) {
              if (state.live && message.revision <= state.live.revision) return;
              refetch("gap: a change from r" + message.baseRevision + " while r" + (state.live ? state.live.revision : "?") + " is shown");
              return;
            }
            setStatus(true);
            for (const revision of message.revisions || []) state.revisions.push(revision);
            if (state.revisions.length > 200000) state.revisions.splice(0, 100000);
            showLive(message, message.events);
          }
        }

        function connect() {
          const source = new EventSource("/api/events");
          source.onmessage = (event) => received(JSON.parse(event.data));
          source.onerror = () => setStatus(false, "navweb is not answering; retrying");
        }

        // History: a slider over the revisions navd keeps, read-only; the live state goes on
        // arriving meanwhile, and "back to live" shows it again.
        async function loadHistoryBounds() {
          const response = await fetch("/api/history");
          if (!response.ok) return;
          const bounds = await response.json();
          if (bounds.oldest) state.oldest = bounds.oldest;
          drawHistory();
        }

        function drawHistory() {
          const latest = state.live ? state.live.revision : 1;
          const slider = $("nw-slider");
          slider.min = state.oldest;
          slider.max = latest;
          const at = state.viewing === null ? latest : state.viewing;
          slider.value = at;
          $("nw-history").classList.toggle("past", state.viewing !== null);
          $("nw-history-label").textContent = state.viewing === null
            ? "live · r" + latest
            : "r" + at + " of " + latest + " · " + (latest - at) + " behind live";
        }

        async function view(revision) {
          const latest = state.live ? state.live.revision : 1;
          revision = Math.max(state.oldest, Math.min(latest, revision));
          if (revision >= latest) return backToLive();
          state.viewing = revision;
          drawHistory();
          const response = await fetch("/api/history?revision=" + revision);
          if (state.viewing !== revision) return;
          if (!response.ok) {
            note("revision " + revision + ": " + (await response.json()).error, true);
            return;
          }
          const past = await response.json();
          state.past = past;
          drawPicture(past);
          $("nw-past-title").textContent = "Events of r" + revision + " (history)";
          drawLines($("nw-past-events"), past.events);
          $("nw-past-pane").hidden = false;
          $("nw-live-events").hidden = true;
        }

        function backToLive() {
          state.viewing = null;
          state.past = null;
          $("nw-past-pane").hidden = true;
          $("nw-live-events").hidden = false;
          if (state.live) drawPicture(state.live);
          drawHistory();
        }

        $("nw-slider").addEventListener("input", (event) => view(Number(event.target.value)));
        $("nw-back").onclick = () => view((state.viewing === null ? (state.live ? state.live.revision : 1) : state.viewing) - 1);
        $("nw-forward").onclick = () => { if (state.viewing !== null) view(state.viewing + 1); };
        $("nw-live").onclick = backToLive;
        if (control) {
          $("nw-close").onclick = () => send("nav.close", {});
          $("nw-deeplink-form").onsubmit = (event) => {
            event.preventDefault();
            send("nav.deeplink", { url: $("nw-deeplink").value });
          };
        }

        async function loadClients() {
          try {
            const response = await fetch("/api/info");
            if (!response.ok) return;
            const info = await response.json();
            $("nw-app").textContent = info.app + " · navd " + info.version + " · pid " + info.pid + " · instance " + info.instance;
            const box = $("nw-clients");
            box.replaceChildren(...info.clients.map((client) => {
              const div = document.createElement("div");
              div.textContent = client.id + " " + (client.name || "(no name)") + (client.subscribed ? " · subscribed" : "");
              return div;
            }));
          } catch (error) {
            // navweb itself is away: the status line says so already.
          }
        }

        connect();
        loadClients();
        setInterval(loadClients, 2000);
        """#
}
