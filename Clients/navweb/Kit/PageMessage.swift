public import NavClient
public import NavJSON
public import NavviewKit

/// What navweb sends a page, as JSON: one state (`kind: "state"`, what a page shows from
/// scratch), one change (`kind: "change"`, which a page applies only on top of the revision
/// `baseRevision`), or the link's status (`kind: "status"`). A state and a change carry all a
/// page draws: the tree as navview draws it (lines of styled runs), the graph's marks by node
/// id, the session. The page holds no copy of navd's tree and draws no tree of its own.
public enum PageMessage {
    /// The whole picture of `state`; `note` says why it is sent (a new subscription, a re-fetch).
    public static func state(_ state: NavStateView, note: String) -> JSONObject {
        var object = picture(state)
        object["kind"] = "state"
        object["note"] = .string(note)
        return object
    }

    /// `state` after a change from `baseRevision`, with the lines of its events and the
    /// revisions it covers (more than one when navd coalesced them for a slow subscriber).
    public static func change(_ state: NavStateView, baseRevision: Int, events: [EventLine]) -> JSONObject {
        var object = picture(state)
        object["kind"] = "change"
        object["baseRevision"] = .int(baseRevision)
        object["events"] = .array(events.map { lineJSON($0.line()) })
        object["revisions"] = .array(events.compactMap {
            if case .revision(let revision, _) = $0 { return .int(revision) }
            return nil
        })
        return object
    }

    /// navweb's link to navd came up or went down.
    public static func status(connected: Bool, note: String) -> JSONObject {
        ["kind": "status", "connected": .bool(connected), "note": .string(note)]
    }

    /// A past revision for the history slider: its tree and marks (no session: the history
    /// does not keep it), its cause and events; `oldest` and `latest` place it.
    public static func past(_ entry: HistoryEntryView, instance: String, oldest: Int?, latest: Int) -> JSONObject? {
        guard let root = entry.root else { return nil }
        let state = NavStateView(revision: entry.revision, instance: instance, root: root)
        var object = picture(state)
        object["kind"] = "past"
        object["oldest"] = oldest.map(JSONValue.int) ?? .null
        object["latest"] = .int(latest)
        object["events"] = .array(EventLine.lines(entry).map { lineJSON($0.line()) })
        return object
    }

    static func picture(_ state: NavStateView) -> JSONObject {
        let top = state.topScreen
        return [
            "revision": .int(state.revision),
            "instance": .string(state.instance),
            "tree": .array(TreePicture(state).lines.map(lineJSON)),
            "marks": marks(state),
            "top": top.map { ["id": .string($0.id), "screen": .string($0.screen)] } ?? .null,
            "session": session(state.session),
            "tabs": tabs(state),
        ]
    }

    /// The graph's marks (the classes the page sets on the SVG's nodes, which Graphviz names
    /// after screens and flows): `visible` for the top screen and the flows down to it,
    /// `stacked` for every other screen in the tree, `selected` for each tabs flow's selected
    /// tab, `pending` for what a held request waits to open.
    public static func marks(_ state: NavStateView) -> JSONValue {
        var marks: [String: [String]] = [:]
        var order: [String] = []
        func mark(_ id: String, _ mark: String) {
            if marks[id] == nil { order.append(id) }
            if !(marks[id]?.contains(mark) ?? false) { marks[id, default: []].append(mark) }
        }
        let top = state.topScreen
        for flow in state.visiblePath { if let name = flow.flow { mark(name, "visible") } }
        if let top { mark(top.screen, "visible") }
        for flow in state.allFlows {
            for screen in flow.screens where screen.id != top?.id {
                // A screen shown at the top may also be covered elsewhere: the top wins.
                if screen.screen != top?.screen { mark(screen.screen, "stacked") }
            }
            if flow.kind == .tabs, let name = flow.selectedTab?.flow { mark(name, "selected") }
        }
        if let pending = state.session.pending { mark(pending.screen, "pending") }
        return .object(JSONObject(order.map { ($0, .array(marks[$0]!.map(JSONValue.string))) }))
    }

    /// The nearest tabs flow's tabs on the visible path, `[name, selected]` each (the tab buttons).
    static func tabs(_ state: NavStateView) -> JSONValue {
        guard let tabs = state.nearestTabs else { return [] }
        return .array(tabs.tabs.enumerated().map { index, tab in
            [.string(tab.flow ?? tab.id), .bool(index == tabs.selected)]
        })
    }

    static func session(_ session: SessionView) -> JSONValue {
        [
            "flags": .array(session.flags.map { [.string($0.name), .bool($0.value)] }),
            "pending": session.pending.map { .string("\($0.method) → \($0.screen), waits for \($0.guardName) (shown: \($0.redirectTo))") } ?? .null,
        ]
    }

    /// A line as `[[text, classes], …]`: classes `b` bold, `d` dim, `r` reverse, `c-NAME` colour.
    public static func lineJSON(_ line: Line) -> JSONValue {
        .array(line.runs.map { run in
            var classes: [String] = []
            if run.style.bold { classes.append("b") }
            if run.style.dim { classes.append("d") }
            if run.style.reverse { classes.append("r") }
            if let colour = run.style.colour { classes.append("c-\(colour)") }
            return [.string(String(run.text)), .string(classes.joined(separator: " "))]
        })
    }
}
