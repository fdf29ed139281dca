import NavJSON
extension DefinitionDecoder {
    /// `{params?, steps?}`; each step `{method, params?}` with `method` a string and `params`
    /// an object (what the steps mean is `validate()`'s and the protocol layer's to check).
    mutating func event(named name: String, _ value: JSONValue, at path: DiagnosticPath) -> EventDefinition? {
        checkName(name, kind: "event", at: path)
        guard let object = object(value, at: path, fields: ["params", "steps"]) else { return nil }
        let params = members(of: object, "params", at: path).compactMap { param(named: $0.name, $0.value, at: $0.path) }
        var steps: [EventStep] = []
        if let list = object["steps"] {
            let stepsPath = path.key("steps")
            if case .array(let entries) = list {
                for (i, entry) in entries.enumerated() {
                    let stepPath = stepsPath.index(i)
                    guard let step = self.object(entry, at: stepPath, fields: ["method", "params"]) else { continue }
                    guard let method = requiredString(step, "method", at: stepPath) else { continue }
                    let stepParams = step["params"] ?? .object([:])
                    guard case .object = stepParams else {
                        typeMismatch(stepPath.key("params"), expected: "an object", got: stepParams)
                        continue
                    }
                    steps.append(EventStep(method: method, params: stepParams))
                }
            } else {
                typeMismatch(stepsPath, expected: "an array", got: list)
            }
        }
        return EventDefinition(name: name, params: params, steps: steps)
    }
}
