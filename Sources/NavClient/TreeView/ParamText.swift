public import NavJSON

/// Params as a person types them: `postId=5 chatId=c9 draft="two words"`. navctl and navview
/// print params this one way, as navctl's commands read them.
public enum ParamText {
    /// `name=value` pairs in the object's order, separated by spaces; empty for no params.
    public static func pairs(_ params: JSONObject) -> String {
        params.pairs.map { "\($0.key)=\(value($0.value))" }.joined(separator: " ")
    }

    /// A value: strings bare unless they need quotes (empty, spaces, quotes, `=`), other
    /// values as compact JSON.
    public static func value(_ value: JSONValue) -> String {
        guard case .string(let string) = value else { return JSONWriter.string(value) }
        let plain = !string.isEmpty && !string.contains { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "=" || $0 == "\\" || $0.isNewline || $0 == "\t" }
        return plain ? string : JSONWriter.string(value)
    }

    /// `name` followed by its params, if any: `post postId=5`.
    public static func named(_ name: String, _ params: JSONObject) -> String {
        params.isEmpty ? name : "\(name) \(pairs(params))"
    }
}
