import NavigationCore
import NavJSON

extension Navigator {
    /// The tree's invariants (as `invariantViolation` checks them, after every operation).
    public func expectInvariants(_ what: String) {
        if let violation = tree.invariantViolation(screenLimitPerStack: limits.screensPerStack) {
            broken("the tree's invariants hold \(what)", "\(violation)\n\(JSONWriter.string(tree.jsonValue))")
        }
    }

    /// The invariants, and the state's JSON (what `nav.state` sends) is valid JSON that parses
    /// back to the same value.
    public func expectSound(_ what: String) {
        expectInvariants(what)
        let state = stateJSON
        let text = JSONWriter.bytes(state)
        guard let reparsed = try? JSONParser.parse(text, maxDepth: JSONLines.maxDepth) else {
            broken("nav.state \(what) is valid JSON", JSONLines.preview(text))
        }
        expect(reparsed == state, "nav.state \(what) parses back to the same value", JSONLines.preview(text))
    }
}
