internal import NavigationCore
public import NavJSON

/// JSON indented by two spaces, keys in their order, for `navctl call` on a terminal.
public enum PrettyJSON {
    public static func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out
    }

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        let inner = indent + "  "
        switch value {
        case .array(let array) where !array.isEmpty:
            out += "[\n"
            for (i, element) in array.enumerated() {
                out += inner
                write(element, indent: inner, into: &out)
                out += i == array.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let object) where !object.isEmpty:
            out += "{\n"
            for (i, pair) in object.pairs.enumerated() {
                out += inner + JSONWriter.string(.string(pair.key)) + ": "
                write(pair.value, indent: inner, into: &out)
                out += i == object.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            out += JSONWriter.string(value)
        }
    }
}
