public import NavigationCore
internal import NavClient

/// `navctl routes`: the app definition as a table a person scans — flows, transitions,
/// screens with their paths, typed params, default transition and allowed routes.
public enum RoutesText {
    public static func render(_ definition: AppDefinition) -> String {
        var lines = ["app \(definition.app), root flow \(definition.root)"]
        var links = definition.schemes.map { "\($0)://" } + definition.hosts.map { "https://\($0)/" }
        if links.isEmpty { links = ["none"] }
        lines.append("deep links: " + links.joined(separator: ", ") + (definition.notFound.map { "; unmatched open \($0)" } ?? ""))

        lines.append("flows:")
        lines += table(definition.flows.map { flow in
            var text: String
            switch flow.kind {
            case .stack(let root): text = "stack of \(root)"
            case .tabs(let tabs, let initial): text = "tabs \(tabs.joined(separator: ", ")) (initial \(initial))"
            }
            if let transition = flow.transition { text += "  via \(transition)" }
            return [flow.name, text]
        })

        if !definition.transitions.isEmpty {
            lines.append("transitions:")
            lines += table(definition.transitions.map { [$0.name, "\($0.base.rawValue), animator \($0.animator)"] })
        }

        lines.append("screens:")
        lines += table(definition.screens.map { screen in
            var rest: [String] = []
            if !screen.params.isEmpty { rest.append(screen.params.map(param).joined(separator: " ")) }
            if let transition = screen.transition { rest.append("via \(transition)") }
            if !screen.requires.isEmpty { rest.append("requires \(screen.requires.joined(separator: ", "))") }
            let routes = (screen.routes.allowsAny ? ["*"] : []) + screen.routes.edges.map { edge in
                edge.transition.map { "\(edge.to) (via \($0))" } ?? edge.to
            }
            if !routes.isEmpty { rest.append("-> " + routes.joined(separator: ", ")) }
            return [screen.name, screen.path ?? "-", rest.joined(separator: "  ")]
        })

        if !definition.guards.isEmpty {
            lines.append("guards:")
            lines += table(definition.guards.map { [$0.name, "redirect \($0.redirect)"] })
        }
        if !definition.events.isEmpty {
            lines.append("events:")
            lines += table(definition.events.map { event in
                let params = event.params.isEmpty ? "-" : event.params.map(param).joined(separator: " ")
                let steps = event.steps.isEmpty
                    ? "listeners only"
                    : "-> " + EventCauseView(name: event.name, by: "definition", steps: event.steps.map(\.jsonValue)).stepsSummary
                return [event.name, params, steps]
            })
        }
        return lines.joined(separator: "\n")
    }

    /// A declared param: `postId:int`, `draft:string?`, `section:enum(posts|photos|friends)=posts`.
    public static func param(_ param: ParamDefinition) -> String {
        var text = "\(param.name):"
        if case .enumeration(let values) = param.type {
            text += "enum(\(values.joined(separator: "|")))"
        } else {
            text += param.type.name
        }
        if let value = param.defaultValue {
            text += "=\(ParamText.value(value))"
        } else if param.optional {
            text += "?"
        }
        return text
    }

    /// Rows as columns, each but the last padded to its widest cell; indented by two.
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() where i < row.count - 1 { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            var line = "  "
            for (i, cell) in row.enumerated() {
                if i == row.count - 1 {
                    line += cell
                } else {
                    line += cell + String(repeating: " ", count: widths[i] - cell.count + 2)
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
