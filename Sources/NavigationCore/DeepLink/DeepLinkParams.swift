import NavJSON
/// A deep link's params (docs/deep-links.md Params): the path captures, then query items that name a
/// declared param the path did not capture. Captures win over the query; of repeated query
/// items the first wins; items that name no param are ignored and listed. Defaults are not
/// filled in here — that is param validation's job, as for any other request.
public struct DeepLinkParams: Sendable, Hashable {
    /// A query value that does not convert to its param's declared type.
    public struct Invalid: Sendable, Hashable {
        public var name: String
        public var value: String
        public var problem: ParamProblem
    }

    public var values: JSONObject
    /// Query item names that name no param of the screen, each once, in URL order.
    public var ignored: [String]
    public var invalid: [Invalid]

    public init(captured: JSONObject, query: [(name: String, value: String)], screen: ScreenDefinition) {
        values = captured
        ignored = []
        invalid = []
        var seen = Set<String>()
        for (name, text) in query where seen.insert(name).inserted {
            guard let param = screen.param(named: name) else {
                ignored.append(name)
                continue
            }
            if captured[name] != nil { continue }
            if let value = param.type.parse(text) {
                values[name] = value
            } else if case .enumeration(let allowed) = param.type {
                invalid.append(Invalid(name: name, value: text, problem: .notAllowed(value: text, allowed: allowed)))
            } else {
                let problem = ParamProblem.wrongType(expected: param.type.name, got: "string")
                invalid.append(Invalid(name: name, value: text, problem: problem))
            }
        }
    }
}
