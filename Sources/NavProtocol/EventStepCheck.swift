public import NavigationCore
internal import NavJSON
internal import NavSpelling

/// The load-time check that every step of every declared event is a valid `nav.apply` op
/// (Protocol/semantics.md 70): a navigation method, with the fields that method takes, of
/// the types it takes; and that a route step's destination and params fit the definition
/// (`AppDefinition.routeStepDiagnostics`). Run by `AppDefinition.load(json:checks:)` for `navd check` and navd's
/// start. Fields whose value is a placeholder are only known when an event arrives: their
/// values are not judged here (NavigationCore checks the types it can know).
public enum EventStepCheck {
    @Sendable
    public static func diagnostics(_ definition: AppDefinition) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for event in definition.events {
            let payload = event.examplePayload
            for (index, step) in event.steps.enumerated() {
                guard let method = RPCMethod(rawValue: step.method), method.isOperation else {
                    let methods = RPCMethod.allCases.filter(\.isOperation).map(\.rawValue)
                    let suggestion = NearestNames.question(NearestNames.nearest(to: step.method, among: methods)).map { "; \($0)" } ?? ""
                    diagnostics.append(.error(
                        event.path(ofStep: index, key: "method"),
                        "'\(step.method)' is not a navigation method (\(methods.joined(separator: ", ")))\(suggestion)"))
                    continue
                }
                if method == .navRoute { diagnostics += definition.routeStepDiagnostics(event, step: index) }
                let substituted = step.substituted(payload)
                do throws(RPCFailure) {
                    _ = try NavOperation(method: method.rawValue, params: substituted.params)
                } catch {
                    let field = error.data["param"]?.stringValue
                    if let field, isPlaceholder(step.params[field.split(separator: ".").first.map(String.init) ?? field]) { continue }
                    diagnostics.append(.error(event.path(ofStep: index, key: "params"), "\(method.rawValue): \(error.message)"))
                }
            }
        }
        return diagnostics
    }

    private static func isPlaceholder(_ value: JSONValue?) -> Bool {
        guard case .string(let text)? = value else { return false }
        return text.hasPrefix("$") || text.contains("{")
    }
}
