import NavJSON
extension DefinitionDecoder {
    /// `{type, values? (enum), optional?, default?}`. A type name navd does not know becomes
    /// `ParamType.unknown` (validation reports it); the default is checked by validation too.
    mutating func param(named name: String, _ value: JSONValue, at path: DiagnosticPath) -> ParamDefinition? {
        checkName(name, kind: "param", at: path)
        guard let object = object(value, at: path, fields: ["type", "values", "optional", "default"]) else { return nil }
        let typeName = requiredString(object, "type", at: path)
        var type: ParamType?
        switch typeName {
        case "string"?: type = .string
        case "int"?: type = .int
        case "double"?: type = .double
        case "bool"?: type = .bool
        case "enum"?: type = enumValues(object, at: path).map { .enumeration($0) }
        case let other?: type = .unknown(other)
        case nil: type = nil
        }
        if let typeName, typeName != "enum", object["values"] != nil {
            error(path.key("values"), "field 'values' applies only to type 'enum'")
        }
        let optional = optionalBool(object, "optional", at: path) ?? false
        guard let type else { return nil }
        return ParamDefinition(name: name, type: type, optional: optional, defaultValue: object["default"])
    }

    /// A non-empty array of distinct strings.
    private mutating func enumValues(_ object: JSONObject, at path: DiagnosticPath) -> [String]? {
        guard let value = object["values"] else {
            error(path, "missing required field 'values'")
            return nil
        }
        let valuesPath = path.key("values")
        guard case .array(let elements) = value else {
            typeMismatch(valuesPath, expected: "a non-empty array of strings", got: value)
            return nil
        }
        if elements.isEmpty {
            error(valuesPath, "an enum needs at least one value")
            return nil
        }
        var values: [String] = []
        var seen: Set<String> = []
        var valid = true
        for (i, element) in elements.enumerated() {
            guard case .string(let string) = element else {
                typeMismatch(valuesPath.index(i), expected: "a string", got: element)
                valid = false
                continue
            }
            if !seen.insert(string).inserted {
                error(valuesPath.index(i), "duplicate value '\(string)'")
                valid = false
            } else {
                values.append(string)
            }
        }
        return valid ? values : nil
    }
}
