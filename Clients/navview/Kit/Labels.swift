public import NavClient
internal import NavigationCore
public import NavJSON

/// The words navview writes for params, transitions and flows, shared by the tree, the
/// event pane and `--plain`.
public enum Labels {
    /// `postId=5 section=posts`: declaration order, as navctl prints and reads them
    /// (`ParamText`: strings bare unless they need quotes, other values as compact JSON).
    public static func params(_ params: JSONObject) -> String {
        ParamText.pairs(params)
    }

    /// How a screen or flow was opened: `push`, `modal`, `push (zoom, animator zoom)`,
    /// `modal (fallback)`.
    public static func transition(_ via: TransitionView) -> String {
        via.kind + details(via)
    }

    /// A transition applied or reversed in an event: `push`, `pop (zoom, animator zoom)`,
    /// `present modal`, `dismiss modalWithNavigation (sheet, animator sheet)`.
    public static func movement(_ via: TransitionView) -> String {
        guard let direction = via.direction else { return transition(via) }
        switch direction {
        case "push", "pop": return direction + details(via)
        default: return "\(direction) \(via.kind)" + details(via)
        }
    }

    private static func details(_ via: TransitionView) -> String {
        var parts: [String] = []
        if let name = via.name { parts.append(name) }
        if let animator = via.animator { parts.append("animator \(animator)") }
        if via.fallback { parts.append("fallback") }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    /// A flow instance's name, or `anonymous` for the containers screen-level modals create.
    public static func flowName(_ name: String?) -> String { name ?? "anonymous" }

    /// `1 client`, `3 clients`.
    public static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
