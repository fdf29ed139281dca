/// The page navweb serves: plain HTML, its style and script (Page+Style, Page+Script), all in
/// the binary; it loads nothing from anywhere else.
public enum Page {
    /// `control`: whether the page shows the controls (`--control`); the server refuses control
    /// requests either way when it is off.
    public static func html(control: Bool) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>navweb</title>
        <link rel="stylesheet" href="/navweb.css">
        </head>
        <body data-control="\(control ? "1" : "0")">
        <header>
          <strong>navweb</strong>
          <span id="nw-app"></span>
          <span id="nw-status" class="status down">connecting…</span>
          <span id="nw-revision"></span>
          <span id="nw-top"></span>
        </header>
        <section id="nw-history">
          <button id="nw-back" title="one revision back">◀</button>
          <input id="nw-slider" type="range" min="1" max="1" value="1" aria-label="revision">
          <button id="nw-forward" title="one revision forward">▶</button>
          <button id="nw-live" title="follow the live state again">back to live</button>
          <span id="nw-history-label">live</span>
        </section>
        <main>
          <div id="nw-graph-pane" class="pane">
            <h2>Graph</h2>
            <div id="nw-graph">loading the graph…</div>
          </div>
          <div id="nw-side">
            <div class="pane"><h2>Tree</h2><pre id="nw-tree"></pre></div>
            <div class="pane" id="nw-control" \(control ? "" : "hidden")>
              <h2>Control</h2>
              <form id="nw-deeplink-form"><input id="nw-deeplink" placeholder="deep link, e.g. social://posts/5" size="32"><button>open</button></form>
              <div><button id="nw-close">close top screen</button></div>
              <div id="nw-tabs"></div>
              <div id="nw-routes"></div>
              <div id="nw-control-error" class="error"></div>
            </div>
            <div class="pane"><h2>Session</h2><div id="nw-session"></div></div>
            <div class="pane"><h2>Clients</h2><div id="nw-clients"></div></div>
          </div>
        </main>
        <div class="pane" id="nw-live-events"><h2>Events</h2><pre id="nw-events"></pre></div>
        <div class="pane" id="nw-past-pane" hidden><h2 id="nw-past-title">Events of a past revision</h2><pre id="nw-past-events"></pre></div>
        <script src="/navweb.js"></script>
        </body>
        </html>

        """
    }
}
