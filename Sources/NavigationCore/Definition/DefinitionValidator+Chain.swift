/// Warns when a deep link's chain (docs/deep-links.md) would open an ancestor screen without a
/// required param: every proper prefix of a path that matches another screen's pattern opens
/// that screen with only the params the prefix captures.
extension DefinitionValidator {
    mutating func warnChainAncestorsMissingParams() {
        for (index, screen) in definition.screens.enumerated() {
            let path = Self.path(ofScreen: screen.name).key("path")
            for expansion in expansions(ofScreenAt: index) where expansion.segments.count > 1 {
                for length in 1..<expansion.segments.count {
                    warnAncestors(of: screen.name, index: index, prefix: expansion.prefix(length), at: path)
                }
            }
        }
    }

    /// A prefix matches another screen's expansion of the same shape: equal literals, captures
    /// at the same positions. The ancestor then gets exactly its own captures at those positions.
    private mutating func warnAncestors(of name: String, index: Int, prefix: PathPattern, at path: DiagnosticPath) {
        let shape = prefix.shapeKey
        for (ancestorIndex, ancestor) in definition.screens.enumerated() where ancestorIndex != index {
            guard let match = expansions(ofScreenAt: ancestorIndex).first(where: { $0.shapeKey == shape }) else { continue }
            let supplied = Set(match.captureNames)
            for param in ancestor.params where param.isRequired && param.defaultValue == nil && !supplied.contains(param.name) {
                warning(
                    path,
                    "deep link chain ancestor '\(ancestor.name)' of '\(name)' needs param '\(param.name)' that path '\(prefix.expansion)' cannot supply"
                )
            }
        }
    }
}
