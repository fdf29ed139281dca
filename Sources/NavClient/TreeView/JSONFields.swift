internal import NavigationCore
import NavJSON

/// Reads the fields of one JSON object, naming the path in every error.
struct JSONFields {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue, at path: String) throws(ViewDecodingError) {
        guard case .object(let object) = value else {
            throw ViewDecodingError(path: path, message: "expected an object, got \(value.typeName)")
        }
        self.object = object
        self.path = path
    }

    func path(_ key: String) -> String { "\(path).\(key)" }

    func value(_ key: String) throws(ViewDecodingError) -> JSONValue {
        guard let value = object[key] else { throw ViewDecodingError(path: path, message: "missing '\(key)'") }
        return value
    }

    /// Absent and null both read as nil.
    func optional(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    func string(_ key: String) throws(ViewDecodingError) -> String {
        let value = try value(key)
        guard let string = value.stringValue else { throw wrongType(key, "a string", value) }
        return string
    }

    func optionalString(_ key: String) throws(ViewDecodingError) -> String? {
        guard let value = optional(key) else { return nil }
        guard let string = value.stringValue else { throw wrongType(key, "a string", value) }
        return string
    }

    func int(_ key: String) throws(ViewDecodingError) -> Int {
        let value = try value(key)
        guard let int = value.intValue else { throw wrongType(key, "an integer", value) }
        return int
    }

    func optionalInt(_ key: String) throws(ViewDecodingError) -> Int? {
        guard let value = optional(key) else { return nil }
        guard let int = value.intValue else { throw wrongType(key, "an integer", value) }
        return int
    }

    func flag(_ key: String) throws(ViewDecodingError) -> Bool {
        guard let value = optional(key) else { return false }
        guard let bool = value.boolValue else { throw wrongType(key, "a boolean", value) }
        return bool
    }

    func objectValue(_ key: String) throws(ViewDecodingError) -> JSONObject {
        guard let value = optional(key) else { return [:] }
        guard let object = value.objectValue else { throw wrongType(key, "an object", value) }
        return object
    }

    func array(_ key: String) throws(ViewDecodingError) -> [JSONValue] {
        guard let value = optional(key) else { return [] }
        guard let array = value.arrayValue else { throw wrongType(key, "an array", value) }
        return array
    }

    private func wrongType(_ key: String, _ expected: String, _ value: JSONValue) -> ViewDecodingError {
        ViewDecodingError(path: path(key), message: "expected \(expected), got \(value.typeName)")
    }
}
