/// Checks deep-link path patterns: syntax, captures declared as params, and no two patterns
/// (or two expansions of one) matching the same URLs.
extension DefinitionValidator {
    mutating func checkPattern(ofScreenAt index: Int) {
        let screen = definition.screens[index]
        let path = Self.path(ofScreen: screen.name).key("path")
        switch patterns[index] {
        case nil:
            return
        case .failure(let syntaxError)?:
            error(path, "invalid path pattern: \(syntaxError.message)")
        case .success(let expansions)?:
            var reported: Set<String> = []
            let declared = Set(screen.params.map(\.name))
            for name in expansions.flatMap(\.captureNames) where !declared.contains(name) {
                if reported.insert(name).inserted {
                    error(path, "path param '\(name)' is not declared in params")
                }
            }
            for expansion in expansions {
                claimShape(of: expansion, forScreenAt: index, at: path)
            }
        }
    }

    /// Records the expansion's shape, or reports the earlier expansion that has it.
    private mutating func claimShape(of expansion: PathPattern, forScreenAt index: Int, at path: DiagnosticPath) {
        guard let owner = shapeOwners[expansion.shapeKey] else {
            shapeOwners[expansion.shapeKey] = (index, expansion)
            return
        }
        if owner.screen == index {
            error(path, "expansions '\(owner.pattern.expansion)' and '\(expansion.expansion)' match the same URLs")
        } else {
            let other = definition.screens[owner.screen].name
            error(
                path,
                "'\(expansion.expansion)' matches the same URLs as '\(owner.pattern.expansion)' of screen '\(other)' at \(Self.path(ofScreen: other).key("path"))"
            )
        }
    }
}
