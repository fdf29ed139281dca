import NavClient
import NavigationCore
import NavviewKit
import Testing
import NavJSON

/// A viewer fed by the real engine: every step runs `Navigator.perform`, and the viewer's
/// model hears it as navd would send it (`nav.changed` with the change's cause, events and
/// the whole tree), so that goldens show real trees and real events.
struct Scenario {
    var navigator: Navigator
    var model = ViewerModel()
    /// Changes made since the last `deliver`, as `nav.changed` lists them.
    private var undelivered: [JSONValue] = []
    private var delivered: Int

    init(definition: AppDefinition = .sample) throws {
        navigator = Navigator(definition: definition, instance: "9f2c41d0")
        // Requests named as navd names them, so that a guard holds a route as navd does.
        navigator.requests = .jsonRPC
        delivered = navigator.revision
        let subscription = model.subscribed(try NavStateView(json: navigator.stateJSON))
        precondition(subscription == .first, "a new model subscribes for the first time")
    }

    init(appJSON: String) throws {
        try self.init(definition: try AppDefinition.load(json: appJSON).definition)
    }

    var state: NavStateView {
        get throws { try NavStateView(json: navigator.stateJSON) }
    }

    /// One operation by a named client, delivered to the viewer at once.
    mutating func step(_ method: String, _ params: JSONValue = [:], by client: String = "navctl", id: String = "c2") throws {
        try queue(method, params, by: client, id: id)
        try deliver()
    }

    /// One operation, held back until `deliver` (several coalesce into one notification).
    mutating func queue(_ method: String, _ params: JSONValue = [:], by client: String = "navctl", id: String = "c2") throws {
        let result = try navigator.perform(try NavOperation(method: method, params: params))
        #expect(!result.noop, "\(method) \(params) changed nothing")
        undelivered.append([
            "revision": .int(navigator.revision),
            "cause": ["method": .string(method), "client": .string(client), "clientId": .string(id)],
            "events": result.jsonValue["events"] ?? [],
        ])
    }

    /// The held-back changes as one `nav.changed`; with `keepLast`, only that many are listed
    /// and the notification says `truncated`, as navd does past its limit.
    @discardableResult
    mutating func deliver(keepLast: Int? = nil) throws -> ViewerModel.Outcome {
        var params: JSONObject = ["revision": .int(navigator.revision), "baseRevision": .int(delivered)]
        params["changes"] = .array(keepLast.map { Array(undelivered.suffix($0)) } ?? undelivered)
        if keepLast != nil { params["truncated"] = true }
        params["root"] = navigator.stateJSON["root"]
        undelivered = []
        delivered = navigator.revision
        return model.changed(try NavChangedView(json: .object(params)))
    }
}

/// The status line of the goldens: connected, three clients, a fixed socket.
func goldenStatus(_ connection: Status.Connection = .connected) -> Status {
    Status(socket: "/run/user/1000/navd/navd.sock", connection: connection, app: "social", clients: 3)
}

/// The whole screen for a scenario as the viewer draws it: a `ViewerSession` with the
/// scenario's model, scrolled (from `scroll`) to keep the top screen in view.
func screen(_ scenario: Scenario, _ size: Size, scroll: Int = 0, status: Status = goldenStatus(), glyphs: Glyphs = .unicode) -> [Line] {
    var session = ViewerSession(socket: status.socket, glyphs: glyphs)
    session.status = status
    session.model = scenario.model
    session.scroll = scroll
    session.follow(size: size)
    return session.screen(size: size)
}

let narrow = Size(rows: 24, columns: 40)
let wide = Size(rows: 40, columns: 120)

/// A root stack presenting a tabs flow, flows embedded in embedded flows, and a custom
/// modalWithNavigation transition: what the sample app cannot show.
let studioAppJSON = #"""
{
  "app": "studio",
  "root": "start",
  "flows": {
    "start":   { "kind": "stack", "root": "home" },
    "wizard":  { "kind": "stack", "root": "stepOne", "transition": "push" },
    "extras":  { "kind": "stack", "root": "extraOne", "transition": "push" },
    "browser": { "kind": "tabs", "tabs": ["left", "right"], "initialTab": "right" },
    "left":    { "kind": "stack", "root": "leftHome" },
    "right":   { "kind": "stack", "root": "rightHome" }
  },
  "transitions": { "fade": { "base": "modalWithNavigation", "animator": "crossfade" } },
  "screens": {
    "home":      { "routes": ["wizard", "browser", "detail"] },
    "stepOne":   { "routes": ["stepTwo", "extras"] },
    "stepTwo":   { "routes": ["extras", "detail"] },
    "extraOne":  { "routes": ["detail", "browser"] },
    "detail":    { "routes": ["*"], "params": { "id": { "type": "int" } } },
    "leftHome":  { "routes": ["detail"] },
    "rightHome": { "routes": ["detail", "browser"] }
  }
}
"""#
