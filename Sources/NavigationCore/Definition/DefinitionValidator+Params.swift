/// Checks declared params: known types, defaults of the right type.
extension DefinitionValidator {
    /// `captured`: the names the screen's path captures, whose types must parse from a URL segment.
    mutating func checkParams(of screen: ScreenDefinition, captured: Set<String>) {
        let paramsPath = Self.path(ofScreen: screen.name).key("params")
        for param in screen.params {
            let path = paramsPath.key(param.name)
            if case .unknown(let typeName) = param.type {
                error(
                    path.key("type"),
                    captured.contains(param.name)
                        ? "type '\(typeName)' cannot be parsed from a URL segment" : "unknown type '\(typeName)'")
            } else if let value = param.defaultValue, case .failure(let problem) = param.type.validate(value) {
                error(path.key("default"), problem.description)
            }
            if param.isRequired && param.defaultValue != nil {
                warning(path.key("default"), "required param '\(param.name)' has a default; mark it \"optional\": true")
            }
        }
    }
}
