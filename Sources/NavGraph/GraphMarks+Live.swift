public import NavigationCore
public import NavJSON
internal import NavProtocol

extension GraphMarks {
    /// The running state on the graph (`navctl graph --live`), from `nav.state`'s result
    /// (`{revision, instance, session, root}`): the screens on the visible path (each visible
    /// container's top screen, through the selected tabs and presented containers) are
    /// `visible`, the last of them `top` too; every other screen of the tree is `stacked`; each tabs flow's selected tab is
    /// `selected`; what the pending guarded request would open (a route's destination, the
    /// screen a deep link's URL matches) is `pending`.
    public static func live(state: JSONValue, definition: AppDefinition) -> GraphMarks {
        var marks = GraphMarks()
        marks.walk(state["root"], visible: true, depth: 0)
        if let pending = state["session"]?["pending"], !pending.isNull,
            let target = pendingTarget(pending, definition: definition)
        {
            marks.mark(node: target, .pending)
        }
        return marks
    }

    private mutating func walk(_ flow: JSONValue?, visible: Bool, depth: Int) {
        guard let flow, !flow.isNull, depth < 1_000 else { return }
        if let tabs = flow["tabs"]?.arrayValue {
            let selected = flow["selected"]?.intValue
            for (i, tab) in tabs.enumerated() {
                if i == selected, let name = tab["flow"]?.stringValue { mark(node: name, .selected) }
                walk(tab, visible: visible && i == selected, depth: depth + 1)
            }
        } else {
            let screens = flow["screens"]?.arrayValue ?? []
            for (i, screen) in screens.enumerated() {
                guard let name = screen["screen"]?.stringValue else { continue }
                // A screen open twice may be both: renderers show visible first.
                mark(node: name, visible && i == screens.count - 1 ? .visible : .stacked)
                if visible && i == screens.count - 1 && (flow["presented"]?.isNull ?? true) { mark(node: name, .top) }
            }
        }
        walk(flow["presented"], visible: visible, depth: depth + 1)
    }

    /// A route's destination, or the screen a deep link's URL matches.
    static func pendingTarget(_ pending: JSONValue, definition: AppDefinition) -> String? {
        let params = pending["params"]
        switch pending["method"]?.stringValue.flatMap(RPCMethod.init(rawValue:)) {
        case .navRoute?:
            return params?["to"]?.stringValue
        case .navDeeplink?:
            guard let url = params?["url"]?.stringValue, let matcher = try? DeepLinkMatcher(definition: definition),
                let parsed = try? DeepLinkURL.parse(url, schemes: definition.schemes, hosts: definition.hosts)
            else { return nil }
            return matcher.bestMatch(parsed.segments[...])?.screen
        default:
            return nil
        }
    }
}
