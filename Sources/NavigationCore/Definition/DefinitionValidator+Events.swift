import NavJSON
import NavSpelling
/// Checks declared events (Protocol/semantics.md 70): their payload params as screen params,
/// every placeholder of their steps declared, the destinations a route step names, and the
/// types where both sides are known. Whether each step's method and fields are valid
/// `nav.apply` ops is the protocol layer's check (`AppDefinition.load(json:checks:)`).
extension DefinitionValidator {
    static func path(ofEvent name: String) -> DiagnosticPath {
        DiagnosticPath.root.key("events").key(name)
    }

    mutating func check(_ event: EventDefinition) {
        let path = Self.path(ofEvent: event.name)
        checkParams(event.params, at: path.key("params"))
        let declared = Dictionary(event.params.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, step) in event.steps.enumerated() {
            let stepPath = path.key("steps").index(index)
            for placeholder in Placeholder.all(in: step.params, at: stepPath.key("params")) where declared[placeholder.name] == nil {
                let form = placeholder.whole ? "$\(placeholder.name)" : "{\(placeholder.name)}"
                let known = event.params.isEmpty ? "the event declares no params" : "declared: " + event.params.map(\.name).joined(separator: ", ")
                error(placeholder.path, "'\(form)' names no payload param of event \(event.name) (\(known))")
            }
            if step.method == "nav.route" { checkRouteStep(step, of: declared, at: stepPath) }
        }
    }

    /// A route step: `to` a known destination (or a string payload param); its literal params
    /// declared by the screen; a `$name` param of the type the screen declares.
    private mutating func checkRouteStep(_ step: EventStep, of payload: [String: ParamDefinition], at path: DiagnosticPath) {
        guard case .object(let params) = step.params, case .string(let to)? = params["to"] else { return }
        let toPath = path.key("params").key("to")
        if let name = Placeholder.whole(to) {
            if let param = payload[name], !Self.isText(param.type) {
                error(toPath, "'$\(name)' is \(Self.article(param.type)) payload param; 'to' names a destination (a string)")
            }
            return
        }
        guard !to.contains("{") else { return }
        guard let destination = definition.destination(named: to) else {
            let suggestion = NearestNames.question(NearestNames.nearest(to: to, among: definition.destinationNames)).map { "; \($0)" } ?? ""
            error(toPath, "unknown destination '\(to)'\(suggestion)")
            return
        }
        guard case .screen(let screen) = destination, case .object(let given)? = params["params"] else { return }
        let paramsPath = path.key("params").key("params")
        let declared = Dictionary(screen.params.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (name, value) in given.pairs {
            guard let target = declared[name] else {
                error(paramsPath.key(name), "screen \(screen.name) has no param '\(name)'")
                continue
            }
            guard case .string(let text) = value, let source = Placeholder.whole(text).flatMap({ payload[$0] }) else { continue }
            if !Self.fits(source.type, into: target.type) {
                error(paramsPath.key(name), "'$\(source.name)' is \(Self.article(source.type)) payload param; \(screen.name).\(name) is \(target.type.name)")
            }
        }
    }

    private static func article(_ type: ParamType) -> String {
        let name = type.name
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    private static func isText(_ type: ParamType) -> Bool {
        switch type {
        case .string, .enumeration, .unknown: return true
        case .int, .double, .bool: return false
        }
    }

    /// Whether every value of `source` is a valid value of `target` (unknown types: not known,
    /// so not refused; a string into an enum: only known when the value arrives).
    static func fits(_ source: ParamType, into target: ParamType) -> Bool {
        switch (source, target) {
        case (.unknown, _), (_, .unknown): return true
        case (.int, .int), (.int, .double), (.double, .double), (.bool, .bool), (.string, .string): return true
        case (.string, .enumeration): return true
        case (.enumeration, .string): return true
        case (.enumeration(let values), .enumeration(let allowed)): return values.allSatisfy(allowed.contains)
        default: return false
        }
    }
}
