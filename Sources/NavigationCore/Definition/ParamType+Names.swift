/// The type names a definition may write, and the nearest one to a name it may not.
extension ParamType {
    /// Every valid `type`, in the order messages list them.
    public static let names = ["string", "int", "double", "bool", "enum"]

    /// Names other languages and schemas use for navd's types.
    private static let aliases = [
        "integer": "int", "long": "int", "number": "double", "float": "double", "decimal": "double",
        "boolean": "bool", "str": "string", "text": "string", "enumeration": "enum",
    ]

    /// The valid type a mistyped `name` most likely means: an alias (`integer` → `int`), else
    /// the one within two edits (case ignored), else `nil`.
    public static func nearestName(to name: String) -> String? {
        let lowered = name.lowercased()
        if let alias = aliases[lowered] { return alias }
        let scored = names.map { (name: $0, distance: editDistance(Array(lowered.utf8), Array($0.utf8))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
        return best.name
    }

    /// Levenshtein distance, for short names (both are cut to 32 bytes).
    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let a = a.prefix(32), b = Array(b.prefix(32))
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
