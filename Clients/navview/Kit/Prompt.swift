public import NavigationCore
public import NavJSON
internal import NavProtocol

/// The `:` prompt's grammar: a JSON-RPC method, then optionally its params as one JSON
/// object (`nav.route {"to":"post","params":{"postId":5}}`); no params means `{}`.
public enum PromptCommand {
    public struct Call: Sendable, Hashable {
        public var method: String
        public var params: JSONValue
        /// The operation a key asks for (sent by its typed call); nil for a line typed at the
        /// prompt, sent by name as typed.
        public var operation: NavOperation?

        public init(method: String, params: JSONValue) {
            self.method = method
            self.params = params
        }

        /// The call that performs an operation (the keys' calls).
        public init(_ operation: NavOperation) {
            self.init(method: RPCMethod(operation).rawValue, params: .object(operation.requestParams))
            self.operation = operation
        }
    }

    public static let usage = #"type a method and its params as JSON, e.g. nav.route {"to":"post","params":{"postId":5}}"#

    /// The call the line asks for, or a sentence saying what is wrong with it.
    public static func parse(_ line: String) -> Result<Call, PromptError> {
        let trimmed = line.drop { $0.isWhitespace }
        let method = String(trimmed.prefix { !$0.isWhitespace })
        guard !method.isEmpty else { return .failure(PromptError(message: usage)) }
        let rest = trimmed.dropFirst(method.count).drop { $0.isWhitespace }
        guard !rest.isEmpty else { return .success(Call(method: method, params: [:])) }
        let params: JSONValue
        do {
            params = try JSONParser.parse(String(rest))
        } catch {
            return .failure(PromptError(message: "the params are not JSON (\(error)); \(usage)"))
        }
        guard case .object = params else {
            return .failure(PromptError(message: "the params must be a JSON object, not \(params.typeName); \(usage)"))
        }
        return .success(Call(method: method, params: params))
    }
}

public struct PromptError: Error, Sendable, Hashable {
    public var message: String
}
