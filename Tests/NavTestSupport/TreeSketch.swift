public import NavigationCore
import NavJSON

/// A compact text picture of a whole tree, so tests can state the entire expected state in a
/// few readable lines (TCA's "assert the whole change"):
///
///     f1 main tabs selected=feed
///       f2 feed stack
///         s1 feedList
///         s6 post {"postId":5} push:zoom:zoom <top
///       f3 friends stack
///         s2 friendsList
///
/// A screen line: id, name, params (if any), `via` as kind[:name[:animator]][!fallback],
/// the owner flow in brackets when it is not the container, `<top` on the top screen.
public func sketch(_ tree: NavigationTree) -> String {
    var lines: [String] = []
    let top = tree.topScreen
    func via(_ t: AppliedTransition?) -> String {
        guard let t else { return "" }
        var s = " " + t.kind.rawValue
        if let name = t.name { s += ":" + name }
        if let animator = t.animator { s += ":" + animator }
        if t.fallback { s += "!fallback" }
        return s
    }
    func flow(_ id: FlowID, _ indent: String, _ label: String) {
        let node = tree.flows[id]!
        var line = indent + label + "\(id) \(node.name ?? "-") \(node.kind.rawValue)"
        if node.kind == .tabs { line += " selected=" + (tree.flows[node.tabs[node.selected]]!.name ?? "?") }
        line += via(node.via)
        lines.append(line)
        for screen in node.screens {
            let s = tree.screens[screen]!
            var l = indent + "  \(screen) \(s.name)"
            if !s.params.isEmpty { l += " " + JSONWriter.string(.object(s.params)) }
            l += via(s.via)
            if s.flow != id { l += " [\(s.flow) \(tree.flows[s.flow]?.name ?? "-")]" }
            if screen == top { l += " <top" }
            lines.append(l)
        }
        func children(_ of: FlowID, _ indent: String) {
            for child in tree.flows[of]!.children {
                lines.append(indent + "  child \(child) \(tree.flows[child]!.name ?? "-")")
                children(child, indent + "  ")
            }
        }
        children(id, indent)
        for tab in node.tabs { flow(tab, indent + "  ", "") }
        if let presented = node.presented { flow(presented, indent + "  ", "presents ") }
    }
    flow(tree.rootFlow, "", "")
    return lines.joined(separator: "\n")
}

/// One line per event: `willHide s1 feedList`, `enter s6 post {"postId":5} push:zoom:zoom push`,
/// `flowFinished f9 compose null`, `tabSelected f1 2 chats`.
public func sketch(_ events: [NavEvent]) -> [String] {
    func via(_ v: EventVia?) -> String {
        guard let v else { return " -" }
        var s = " " + v.transition.kind.rawValue
        if let name = v.transition.name { s += ":" + name }
        if let animator = v.transition.animator { s += ":" + animator }
        if v.transition.fallback { s += "!fallback" }
        return s + " " + v.direction.rawValue
    }
    func ref(_ r: ScreenRef) -> String {
        "\(r.screen) \(r.name)" + (r.params.isEmpty ? "" : " " + JSONWriter.string(.object(r.params)))
    }
    return events.map { event in
        switch event {
        case .willHide(let r): return "willHide " + ref(r)
        case .willShow(let r): return "willShow " + ref(r)
        case .exit(let r, let v): return "exit " + ref(r) + via(v)
        case .enter(let r, let v): return "enter " + ref(r) + via(v)
        case .flowStarted(let f, let n): return "flowStarted \(f) \(n ?? "-")"
        case .flowFinished(let f, let n, let result): return "flowFinished \(f) \(n ?? "-") \(JSONWriter.string(result))"
        case .tabSelected(let f, let t, let n): return "tabSelected \(f) \(t) \(n ?? "-")"
        case .pendingHeld(let method, let guardName, let screen): return "pendingHeld \(method) \(guardName) \(screen)"
        case .pendingDropped(let method, let reason): return "pendingDropped \(method) \(reason.name)"
        }
    }
}
