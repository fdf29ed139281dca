public import NavigationCore
public import NavJSON
internal import NavProtocol

/// Records coverage from what navd answered a script's calls (docs/graph.md): it reads each
/// call's params and result, never asks navd anything, and keeps a `CoverageFile`.
///
/// - screens: the screens each result entered or showed (`enter`, `willShow`: a tab selected
///   shows its top screen), once per result, and at the start of a script its top screen; of
///   `nav.reset` and `nav.goto`, which rebuild the tree, only the screen shown;
/// - route edges: a `nav.route` (or a `nav.apply` or an event whose steps are all routes) from
///   the top screen its `willHide` names to the destination, with the transition of the
///   destination's `enter` (fallbacks included);
/// - patterns: the pattern each deep link's URL matches (`nav.deeplink`, and deep-link steps
///   of `nav.apply` and events), found with the definition's own matcher;
/// - guards: `pendingHeld` events (held) and `session.set` results with `resumed`;
/// - events: `event.emit` calls (emitted) and their `handled: true` results;
/// - tabs: `tabSelected` events, and the tabs selected in the state a script starts on.
public struct CoverageRecorder: Sendable {
    public private(set) var file: CoverageFile
    private let definition: AppDefinition
    private let matcher: DeepLinkMatcher?
    /// The guard the pending request is held for (the last `pendingHeld`).
    private var heldGuard: String?
    /// A held route: the screen it was asked from and its destination, an edge taken when it
    /// resumes.
    private var heldRoute: (from: String, to: String)?

    public init(definition: AppDefinition, source: JSONValue) {
        self.definition = definition
        self.matcher = try? DeepLinkMatcher(definition: definition)
        self.file = CoverageFile(app: definition.app, definition: source)
    }

    /// A script starts on this state (`nav.state`'s result): its top screen counts as entered
    /// and the tabs selected on its visible path as selected, since the script saw them.
    public mutating func start(state: JSONValue) {
        file.runs += 1
        var flow = state["root"]
        var depth = 0
        while let here = flow, depth < 1_000 {
            depth += 1
            if let presented = here["presented"], !presented.isNull {
                flow = presented
            } else if let tabs = here["tabs"]?.arrayValue, let selected = here["selected"]?.intValue, tabs.indices.contains(selected) {
                if let name = tabs[selected]["flow"]?.stringValue { file.tabs[name, default: 0] += 1 }
                flow = tabs[selected]
            } else {
                if let top = here["screens"]?.arrayValue?.last?["screen"]?.stringValue { file.screens[top, default: 0] += 1 }
                return
            }
        }
    }

    /// One call's params and the result navd answered (a call that failed is not recorded).
    public mutating func record(method: String, params: JSONValue, result: JSONValue) {
        let events = result["events"]?.arrayValue ?? []
        let heldBefore = heldGuard
        var shown: [String] = []
        // A reset or a goto rebuilds the tree rather than navigating: it enters every tab's
        // root at once, so only the screen it shows counts.
        let called = RPCMethod(rawValue: method)
        let rebuilds = called == .navReset || called == .navGoto
        for event in events {
            switch event["type"]?.stringValue {
            case "enter" where !rebuilds, "willShow":
                if let name = event["name"]?.stringValue, !shown.contains(name) {
                    shown.append(name)
                    file.screens[name, default: 0] += 1
                }
            case "tabSelected":
                if let name = event["name"]?.stringValue { file.tabs[name, default: 0] += 1 }
            case "pendingHeld":
                if let name = event["guard"]?.stringValue {
                    file.guards[name, default: CoverageFile.GuardCount()].held += 1
                    heldGuard = name
                    heldRoute = nil  // a newer held request replaces the pending one
                }
            default:
                break
            }
        }
        switch called {
        case .navRoute?:
            if let pending = result["pending"], !pending.isNull {
                let from = events.first { $0["type"]?.stringValue == "willHide" }?["name"]?.stringValue
                if let from, let to = params["to"]?.stringValue, params["popTo"] == nil { heldRoute = (from, to) }
            } else {
                recordRoutes([params], events: events, popTo: params["popTo"]?.stringValue)
            }
        case .navDeeplink?:
            if params["dryRun"]?.boolValue != true { recordPattern(params["url"]) }
        case .navApply?:
            let ops = params["ops"]?.arrayValue ?? []
            recordSteps(ops, events: events)
        case .eventEmit?:
            guard let name = params["name"]?.stringValue else { break }
            file.events[name, default: CoverageFile.EventCount()].emitted += 1
            if result["handled"]?.boolValue == true {
                file.events[name, default: CoverageFile.EventCount()].handled += 1
                recordSteps(result["steps"]?.arrayValue ?? [], events: events)
            }
        case .sessionSet?:
            // A chained guard's pendingHeld in the same revision already named the next guard.
            if let resumed = result["resumed"], !resumed.isNull, let name = heldBefore {
                file.guards[name, default: CoverageFile.GuardCount()].resumed += 1
                if resumed["method"]?.stringValue.flatMap(RPCMethod.init(rawValue:)) == .navRoute, let route = heldRoute, let via = resumed["result"]?["via"] {
                    take(from: route.from, to: route.to, via: via)
                }
                heldRoute = nil
            }
        default:
            break
        }
    }

    /// The steps of a `nav.apply` or an event: deep links' patterns, and the route edges when
    /// every step is a route (then each step's destination is found in the events in order).
    private mutating func recordSteps(_ steps: [JSONValue], events: [JSONValue]) {
        let methods = steps.map { $0["method"]?.stringValue.flatMap(RPCMethod.init(rawValue:)) }
        for (step, method) in zip(steps, methods) where method == .navDeeplink {
            recordPattern(step["params"]?["url"])
        }
        guard !steps.isEmpty, methods.allSatisfy({ $0 == .navRoute }) else { return }
        recordRoutes(steps.map { $0["params"] ?? .null }, events: events, popTo: nil)
    }

    /// Route edges: `routes` are the params of consecutive routes; the first leaves the screen
    /// the first `willHide` names (or the `popTo` screen), each later one the screen the one
    /// before entered.
    private mutating func recordRoutes(_ routes: [JSONValue], events: [JSONValue], popTo: String?) {
        var current: String? = popTo.flatMap { definition.screen(named: $0) != nil ? $0 : nil }
        if current == nil, popTo == nil {
            current = events.first { $0["type"]?.stringValue == "willHide" }?["name"]?.stringValue
        }
        var position = 0
        for route in routes {
            guard let to = route["to"]?.stringValue else { return }
            let isFlow = definition.flow(named: to) != nil
            var flowSeen = !isFlow
            var entered: JSONValue?
            while position < events.count {
                let event = events[position]
                position += 1
                let type = event["type"]?.stringValue
                if type == "flowStarted", event["name"]?.stringValue == to { flowSeen = true }
                if type == "enter", flowSeen, isFlow || event["name"]?.stringValue == to {
                    entered = event
                    break
                }
            }
            guard let entered, let via = entered["via"] else { return }
            if let from = current { take(from: from, to: to, via: via) }
            current = entered["name"]?.stringValue
        }
    }

    /// Counts a route edge with the transition `via` says was applied (`{kind, name?, fallback?}`).
    private mutating func take(from: String, to: String, via: JSONValue) {
        guard !via.isNull, let kind = via["kind"]?.stringValue else { return }
        let edge = CoverageFile.Edge(from: from, to: to, transition: via["name"]?.stringValue ?? kind, fallback: via["fallback"]?.boolValue ?? false)
        file.edges[edge, default: 0] += 1
    }

    /// The pattern a deep link's URL matches, by the definition's matcher (a URL that matches
    /// none, or is not a link of this app, counts nothing).
    private mutating func recordPattern(_ url: JSONValue?) {
        guard let url = url?.stringValue, let matcher,
            let parsed = try? DeepLinkURL.parse(url, schemes: definition.schemes, hosts: definition.hosts),
            let match = matcher.bestMatch(parsed.segments[...])
        else { return }
        file.patterns[match.pattern.expansion, default: 0] += 1
    }
}
