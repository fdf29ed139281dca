import NavJSON
extension DefinitionDecoder {
    /// `{kind: "stack", root}` or `{kind: "tabs", tabs, initialTab}`, with an optional `transition`.
    mutating func flow(named name: String, _ value: JSONValue, at path: DiagnosticPath) -> FlowDefinition? {
        checkName(name, kind: "flow", at: path)
        guard let object = object(value, at: path, fields: ["kind", "root", "tabs", "initialTab", "transition"]) else {
            return nil
        }
        let kind: FlowDefinition.Kind?
        switch requiredString(object, "kind", at: path) {
        case "stack"?:
            rejectFields(["tabs", "initialTab"], of: object, at: path, reason: "applies only to tabs flows")
            kind = requiredString(object, "root", at: path).map { .stack(root: $0) }
        case "tabs"?:
            rejectFields(["root"], of: object, at: path, reason: "applies only to stack flows")
            var tabs: [String]?
            if let value = object["tabs"] {
                tabs = stringArray(value, at: path.key("tabs"))
            } else {
                error(path, "missing required field 'tabs'")
            }
            let initialTab = requiredString(object, "initialTab", at: path)
            if let tabs, let initialTab {
                kind = .tabs(tabs: tabs, initialTab: initialTab)
            } else {
                kind = nil
            }
        case let other?:
            error(path.key("kind"), "unknown flow kind '\(other)' (expected stack or tabs)")
            kind = nil
        case nil:
            kind = nil
        }
        let transition = optionalString(object, "transition", at: path)
        guard let kind else { return nil }
        return FlowDefinition(name: name, kind: kind, transition: transition)
    }

    private mutating func rejectFields(_ keys: [String], of object: JSONObject, at path: DiagnosticPath, reason: String) {
        for key in keys where object[key] != nil {
            error(path.key(key), "field '\(key)' \(reason)")
        }
    }
}
