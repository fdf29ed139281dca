public import NavClient

/// How a transition reads in the tree and in events.
public enum TransitionText {
    /// A screen's or container's `via` in the tree: `via zoom`, `via modal (fallback)`.
    public static func via(_ via: TransitionView) -> String {
        var notes: [String] = []
        if via.fallback { notes.append("fallback") }
        if let animator = via.animator, animator != via.name { notes.append("animator \(animator)") }
        return "via \(via.label)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
    }

    /// An event's transition: `(push)`, `(dismiss)`, `(push via zoom)`, `(present, fallback)`.
    /// The transition is named only when the direction does not already say it (a push
    /// pushes; a plain modal presents).
    public static func event(_ via: TransitionView) -> String {
        let direction = via.direction ?? via.kind
        let implied = direction == "push" || direction == "pop" ? "push" : "modal"
        var text = direction
        if via.label != implied { text += " via \(via.label)" }
        if via.fallback { text += ", fallback" }
        return "(\(text))"
    }
}
