public import NavClient

/// The tree as `navctl state` prints it, a person reading it at a glance:
///
///     revision 3, instance 9f2c41d0
///     f1 main tabs
///       * f2 feed stack
///           s1 feedList
///           s5 post postId=5 via zoom
///           presents f6 single via modal
///             s6 profile userId=42 section=posts via modal  <- top
///         f3 friends stack
///           s2 friendsList
///
/// Tabs are listed in order with the selected one starred; a stack lists its screens bottom
/// first; what a container presents is nested under it; the screens of an embedded child
/// flow are nested under an `embeds` line; the one top screen is marked `<- top`. Flags that
/// are set and a pending request (docs/guards.md) follow the first line.
public enum TreeOutline {
    public static func render(_ state: NavStateView) -> String {
        var lines = ["revision \(state.revision), instance \(state.instance)"]
        // The session, when it says something: flags set, a request a guard holds.
        let set = state.session.setFlags
        if !set.isEmpty { lines.append("flags set: " + set.joined(separator: ", ")) }
        if let pending = state.session.pending { lines.append("pending: \(pending.method) — \(pending.summary)") }
        var renderer = Renderer(topID: state.topScreen?.id)
        renderer.flow(state.root, lineIndent: "", prefix: "", bodyIndent: "  ")
        lines += renderer.lines
        return lines.joined(separator: "\n") + "\n"
    }

    /// A flow's own line: `f6 compose stack via modal`, `f6 single via modal` (anonymous).
    public static func header(_ flow: FlowView) -> String {
        var parts = [flow.id]
        if let name = flow.flow { parts.append(name) }
        parts.append(flow.kind.rawValue)
        if let via = flow.via { parts.append(TransitionText.via(via)) }
        return parts.joined(separator: " ")
    }

    /// A screen's line: `s5 post postId=5 via zoom`.
    public static func screen(_ screen: ScreenView) -> String {
        let named = ParamText.named("\(screen.id) \(screen.screen)", screen.params)
        return screen.via.map { "\(named) \(TransitionText.via($0))" } ?? named
    }

    private struct Renderer {
        let topID: String?
        var lines: [String] = []

        mutating func flow(_ flow: FlowView, lineIndent: String, prefix: String, bodyIndent: String) {
            lines.append(lineIndent + prefix + TreeOutline.header(flow))
            switch flow.kind {
            case .tabs:
                for (index, tab) in flow.tabs.enumerated() {
                    let marker = index == flow.selected ? "* " : "  "
                    self.flow(tab, lineIndent: bodyIndent, prefix: marker, bodyIndent: bodyIndent + "    ")
                }
            case .stack, .single:
                screens(of: flow, indent: bodyIndent)
            }
            if let presented = flow.presented {
                self.flow(presented, lineIndent: bodyIndent, prefix: "presents ", bodyIndent: bodyIndent + "  ")
            }
        }

        /// Screens bottom first; a run owned by an embedded flow goes under its `embeds` line.
        mutating func screens(of flow: FlowView, indent: String) {
            var open: [EmbeddedFlowView] = []
            for screen in flow.screens {
                let chain = screen.flow == flow.id ? [] : flow.children.lazy.compactMap { $0.chain(to: screen.flow) }.first ?? []
                var shared = 0
                while shared < open.count, shared < chain.count, open[shared].id == chain[shared].id { shared += 1 }
                open.removeSubrange(shared...)
                for embedded in chain[shared...] {
                    lines.append(indent + String(repeating: "  ", count: open.count) + "embeds \(embedded.id) \(embedded.flow)")
                    open.append(embedded)
                }
                let mark = screen.id == topID ? "  <- top" : ""
                lines.append(indent + String(repeating: "  ", count: open.count) + TreeOutline.screen(screen) + mark)
            }
        }
    }
}
