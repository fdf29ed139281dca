/// A whole JSON text read into a `JSONValue` by `JSONScanner`, with its rules (strict RFC 8259,
/// a depth limit).
///
/// A key repeated in one object: the last value wins (what JSON-RPC requests get), unless the
/// caller asks for `.reject` (app definitions), which makes it an error.
public enum JSONParser {
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            case invalidUTF8
            case tooDeep
            case syntax
            /// A key given twice in one object, under `DuplicateKeys.reject`.
            case duplicateKey(String)
        }
        /// One step from a value to a member of it: an object key or an array index.
        public enum Step: Sendable, Equatable {
            case key(String)
            case index(Int)
        }
        public var kind: Kind
        public var offset: Int
        public var message: String
        /// Where the error is, from the document down: the members the parser was inside
        /// (for a duplicate key, the object that repeats it). Filled in as the error leaves
        /// each nested value, so building it costs nothing while parsing succeeds.
        public var path: [Step] = []
        public var description: String { "\(message) at byte \(offset)" }

        public init(kind: Kind, offset: Int, message: String, path: [Step] = []) {
            self.kind = kind
            self.offset = offset
            self.message = message
            self.path = path
        }
    }

    /// What a key repeated in one object does.
    public enum DuplicateKeys: Sendable {
        /// The last value wins (RFC 8259 leaves it to the implementation).
        case lastWins
        /// An error (`Error.Kind.duplicateKey`) at the repeated key.
        case reject
    }

    public static let defaultMaxDepth = 64

    public static func parse(
        _ text: String, maxDepth: Int = defaultMaxDepth, duplicateKeys: DuplicateKeys = .lastWins
    ) throws(Error) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth, duplicateKeys: duplicateKeys)
    }

    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, duplicateKeys: DuplicateKeys = .lastWins
    ) throws(Error) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Error) -> JSONValue in
            try parse(buffer, maxDepth: maxDepth, duplicateKeys: duplicateKeys)
        }
    }

    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth, duplicateKeys: DuplicateKeys = .lastWins
    ) throws(Error) -> JSONValue {
        var scanner = JSONScanner(bytes, maxDepth: maxDepth, duplicateKeys: duplicateKeys)
        let value = try scanner.value(depth: 1)
        try scanner.end()
        return value
    }
}
