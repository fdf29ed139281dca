import NavJSON
import NavSpelling
/// Checks declared events (Protocol/semantics.md 70): their payload params as screen params and
/// every placeholder of their steps declared. Which method a step names is the protocol layer's
/// to read (`AppDefinition.load(json:checks:)`): it checks that each is a valid `nav.apply` op,
/// and runs `routeStepDiagnostics` for the steps that route.
extension DefinitionValidator {
    static func path(ofEvent name: String) -> DiagnosticPath {
        DiagnosticPath.root.key("events").key(name)
    }

    mutating func check(_ event: EventDefinition) {
        let path = Self.path(ofEvent: event.name)
        checkParams(event.params, at: path.key("params"))
        let declared = event.declaredParams
        for (index, step) in event.steps.enumerated() {
            let stepPath = path.key("steps").index(index)
            for placeholder in Placeholder.all(in: step.params, at: stepPath.key("params")) where declared[placeholder.name] == nil {
                let form = placeholder.whole ? "$\(placeholder.name)" : "{\(placeholder.name)}"
                let known = event.params.isEmpty ? "the event declares no params" : "declared: " + event.params.map(\.name).joined(separator: ", ")
                error(placeholder.path, "'\(form)' names no payload param of event \(event.name) (\(known))")
            }
        }
    }
}

extension EventDefinition {
    /// The payload's params by name (the first of a name given twice: validation reports it).
    var declaredParams: [String: ParamDefinition] {
        Dictionary(params.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension AppDefinition {
    /// The checks of step `index` of `event`, a step that routes (its `to` and `params` are a
    /// route's): `to` a known destination (or a string payload param); its literal params
    /// declared by the screen; a `$name` param of the type the screen declares.
    public func routeStepDiagnostics(_ event: EventDefinition, step index: Int) -> [Diagnostic] {
        let path = DefinitionValidator.path(ofEvent: event.name).key("steps").index(index)
        return DefinitionValidator.routeStepDiagnostics(event.steps[index], of: event.declaredParams, at: path, in: self)
    }
}

extension DefinitionValidator {
    static func routeStepDiagnostics(
        _ step: EventStep, of payload: [String: ParamDefinition], at path: DiagnosticPath, in definition: AppDefinition
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func error(_ path: DiagnosticPath, _ message: String) { diagnostics.append(.error(path.description, message)) }
        guard case .object(let params) = step.params, case .string(let to)? = params["to"] else { return [] }
        let toPath = path.key("params").key("to")
        if let name = Placeholder.whole(to) {
            if let param = payload[name], !Self.isText(param.type) {
                error(toPath, "'$\(name)' is \(Self.article(param.type)) payload param; 'to' names a destination (a string)")
            }
            return diagnostics
        }
        guard !to.contains("{") else { return [] }
        guard let destination = definition.destination(named: to) else {
            let suggestion = NearestNames.question(NearestNames.nearest(to: to, among: definition.destinationNames)).map { "; \($0)" } ?? ""
            error(toPath, "unknown destination '\(to)'\(suggestion)")
            return diagnostics
        }
        guard case .screen(let screen) = destination, case .object(let given)? = params["params"] else { return [] }
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
        return diagnostics
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
