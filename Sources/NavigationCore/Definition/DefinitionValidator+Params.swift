/// Checks declared params: known types, defaults of the right type.
extension DefinitionValidator {
    mutating func checkParams(of screen: ScreenDefinition) {
        checkParams(screen.params, at: Self.path(ofScreen: screen.name).key("params"))
    }

    /// Declared params (a screen's, an event payload's) at `paramsPath`.
    mutating func checkParams(_ params: [ParamDefinition], at paramsPath: DiagnosticPath) {
        for param in params {
            let path = paramsPath.key(param.name)
            if case .unknown(let typeName) = param.type {
                let suggestion = ParamType.nearestName(to: typeName).map { "; did you mean '\($0)'?" } ?? ""
                error(
                    path.key("type"),
                    "unknown param type \(quoted(typeName)) (valid types: \(ParamType.names.joined(separator: ", ")))\(suggestion)")
            } else if let value = param.defaultValue, case .failure(let problem) = param.type.validate(value) {
                error(path.key("default"), problem.description)
            }
            if param.isRequired && param.defaultValue != nil {
                warning(path.key("default"), "required param '\(param.name)' has a default; mark it \"optional\": true")
            }
        }
    }
}
