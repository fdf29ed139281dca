import NavJSON
extension DefinitionDecoder {
    /// `{path?, params?, routes?, transition?, requires?}`.
    mutating func screen(named name: String, _ value: JSONValue, at path: DiagnosticPath) -> ScreenDefinition? {
        checkName(name, kind: "screen", at: path)
        guard let object = object(value, at: path, fields: ["path", "params", "routes", "transition", "requires"]) else {
            return nil
        }
        let pattern = optionalString(object, "path", at: path)
        let params = members(of: object, "params", at: path).compactMap { param(named: $0.name, $0.value, at: $0.path) }
        let routes = object["routes"].map { routeRules($0, at: path.key("routes")) } ?? RouteRules()
        let transition = optionalString(object, "transition", at: path)
        let requires = stringArray(object, "requires", at: path)
        return ScreenDefinition(
            name: name, path: pattern, params: params, routes: routes, transition: transition, requires: requires)
    }

    /// Entries are a destination name, `"*"` (any destination), or `{to, transition?}`.
    mutating func routeRules(_ value: JSONValue, at path: DiagnosticPath) -> RouteRules {
        guard case .array(let entries) = value else {
            typeMismatch(path, expected: "an array", got: value)
            return RouteRules()
        }
        var rules = RouteRules()
        for (i, entry) in entries.enumerated() {
            let entryPath = path.index(i)
            switch entry {
            case .string("*"):
                rules.allowsAny = true
            case .string(let name):
                rules.edges.append(RouteRules.Edge(to: name))
            case .object:
                guard let object = object(entry, at: entryPath, fields: ["to", "transition"]) else { continue }
                let to = requiredString(object, "to", at: entryPath)
                let transition = optionalString(object, "transition", at: entryPath)
                if to == "*" {
                    error(entryPath.key("to"), "'*' cannot take a transition; write it as the string \"*\"")
                } else if let to {
                    rules.edges.append(RouteRules.Edge(to: to, transition: transition))
                }
            default:
                typeMismatch(entryPath, expected: "a destination name or {\"to\", \"transition\"}", got: entry)
            }
        }
        return rules
    }
}
