public import NavJSON

/// `routes.resolve`: how a URL matches the routes, changing nothing. `json` is the result as
/// navd sent it.
public struct ResolveView: Sendable, Hashable {
    /// The route that won: its screen and params, the expansion that matched and the path
    /// pattern it came from.
    public struct Match: Sendable, Hashable {
        public var screen: String
        public var params: JSONObject
        public var pattern: String
        public var source: String?
    }

    /// A route that matched the path's shape, and why it lost when it did.
    public struct Candidate: Sendable, Hashable {
        public var screen: String
        public var pattern: String
        public var rejected: String?
    }

    public var url: String
    /// The URL's path, as matched.
    public var path: String?
    public var match: Match?
    public var candidates: [Candidate]
    /// The screens a deep link to the URL would open, as navd wrote them (`{screen, params}`).
    public var chain: [JSONValue]
    /// How that deep link would apply, when one would.
    public var mode: String?
    /// Query items no screen of the chain declares.
    public var ignored: [String]
    /// True when no route matched and the deep link would open the notFound screen.
    public var notFound: Bool
    /// Why a deep link to the URL would fail, when it would (a JSON-RPC error object).
    public var error: JSONValue?
    public var json: JSONValue

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        url = try fields.string("url")
        path = try fields.optionalString("path")
        match = try fields.optional("match").map { value throws(ViewDecodingError) in
            let match = try JSONFields(value, at: fields.path("match"))
            return Match(
                screen: try match.string("screen"), params: try match.objectValue("params"),
                pattern: try match.string("pattern"), source: try match.optionalString("source"))
        }
        candidates = []
        for (i, candidate) in try fields.array("candidates").enumerated() {
            let candidate = try JSONFields(candidate, at: "\(fields.path("candidates"))[\(i)]")
            candidates.append(Candidate(
                screen: try candidate.string("screen"), pattern: try candidate.string("pattern"),
                rejected: try candidate.optionalString("rejected")))
        }
        chain = try fields.array("chain")
        mode = try fields.optionalString("mode")
        ignored = []
        for (i, name) in try fields.array("ignored").enumerated() {
            guard let name = name.stringValue else {
                throw ViewDecodingError(path: "\(fields.path("ignored"))[\(i)]", message: "expected a string, got \(name.typeName)")
            }
            ignored.append(name)
        }
        notFound = try fields.flag("notFound")
        error = fields.optional("error")
        self.json = json
    }
}
