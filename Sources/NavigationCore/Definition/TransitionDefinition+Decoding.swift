import NavJSON
extension DefinitionDecoder {
    /// `{base: push|modal|modalWithNavigation, animator: STRING}`; a custom transition may not
    /// take the name of a built-in one.
    mutating func transition(named name: String, _ value: JSONValue, at path: DiagnosticPath) -> TransitionDefinition? {
        let shadowsBuiltIn = TransitionKind(rawValue: name) != nil
        checkName(name, kind: "transition", at: path)
        if shadowsBuiltIn {
            error(path, "'\(name)' is a built-in transition and cannot be redefined")
        }
        guard let object = object(value, at: path, fields: ["base", "animator"]) else { return nil }
        let baseName = requiredString(object, "base", at: path)
        let animator = requiredString(object, "animator", at: path)
        var base: TransitionKind?
        if let baseName {
            base = TransitionKind(rawValue: baseName)
            if base == nil {
                error(path.key("base"), "unknown base transition '\(baseName)' (expected push, modal or modalWithNavigation)")
            }
        }
        guard let base, let animator, !shadowsBuiltIn else { return nil }
        return TransitionDefinition(name: name, base: base, animator: animator)
    }

    /// `{redirect: FLOW_OR_SCREEN}`.
    mutating func guardDefinition(named name: String, _ value: JSONValue, at path: DiagnosticPath) -> GuardDefinition? {
        checkName(name, kind: "guard", at: path)
        guard let object = object(value, at: path, fields: ["redirect"]),
            let redirect = requiredString(object, "redirect", at: path)
        else { return nil }
        return GuardDefinition(name: name, redirect: redirect)
    }
}
