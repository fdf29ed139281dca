import NavJSON
/// Reads the JSON of an app definition field by field, collecting every structural problem
/// (wrong JSON type, missing required field, unknown field) with its path instead of stopping
/// at the first. The per-type readers live in `*+Decoding.swift`.
struct DefinitionDecoder {
    private(set) var diagnostics: [Diagnostic] = []

    mutating func error(_ path: DiagnosticPath, _ message: String) {
        diagnostics.append(.error(path.description, message))
    }

    mutating func typeMismatch(_ path: DiagnosticPath, expected: String, got value: JSONValue) {
        error(path, "expected \(expected), got \(value.typeName)")
    }

    /// The object at `path`, after reporting each key not in `fields` as an unknown field.
    mutating func object(_ value: JSONValue, at path: DiagnosticPath, fields: [String]) -> JSONObject? {
        guard case .object(let object) = value else {
            typeMismatch(path, expected: "an object", got: value)
            return nil
        }
        for key in object.keys where !fields.contains(key) {
            error(path.key(key), "unknown field '\(key)'")
        }
        return object
    }

    /// The members of an optional name → definition map (absent means empty), in definition order.
    mutating func members(of object: JSONObject, _ key: String, at path: DiagnosticPath)
        -> [(name: String, value: JSONValue, path: DiagnosticPath)]
    {
        guard let value = object[key] else { return [] }
        let mapPath = path.key(key)
        guard case .object(let map) = value else {
            typeMismatch(mapPath, expected: "an object", got: value)
            return []
        }
        return map.pairs.map { ($0.key, $0.value, mapPath.key($0.key)) }
    }

    mutating func requiredString(_ object: JSONObject, _ key: String, at path: DiagnosticPath) -> String? {
        guard object[key] != nil else {
            error(path, "missing required field '\(key)'")
            return nil
        }
        return optionalString(object, key, at: path)
    }

    mutating func optionalString(_ object: JSONObject, _ key: String, at path: DiagnosticPath) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let string) = value else {
            typeMismatch(path.key(key), expected: "a string", got: value)
            return nil
        }
        return string
    }

    mutating func optionalBool(_ object: JSONObject, _ key: String, at path: DiagnosticPath) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let bool) = value else {
            typeMismatch(path.key(key), expected: "a boolean", got: value)
            return nil
        }
        return bool
    }

    /// An array of strings; absent means empty. Elements of the wrong type are reported and skipped.
    mutating func stringArray(_ object: JSONObject, _ key: String, at path: DiagnosticPath) -> [String] {
        guard let value = object[key] else { return [] }
        return stringArray(value, at: path.key(key)) ?? []
    }

    mutating func stringArray(_ value: JSONValue, at path: DiagnosticPath) -> [String]? {
        guard case .array(let elements) = value else {
            typeMismatch(path, expected: "an array of strings", got: value)
            return nil
        }
        var strings: [String] = []
        for (i, element) in elements.enumerated() {
            if case .string(let string) = element {
                strings.append(string)
            } else {
                typeMismatch(path.index(i), expected: "a string", got: element)
            }
        }
        return strings
    }
}
