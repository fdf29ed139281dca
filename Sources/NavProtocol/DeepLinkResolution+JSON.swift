public import NavigationCore
public import NavJSON

extension DeepLinkResolution {
    /// `routes.resolve`'s result (docs/deep-links.md): `url`, `form`, `path`, `query`, `match`,
    /// `candidates`, then `chain`, `mode`, `ignored`, `notFound` and `error`, one of the last
    /// two groups empty.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["url": .string(url)]
        switch parsed.form {
        case .scheme(let scheme): object["form"] = ["scheme": .string(scheme)]
        case .host(let host): object["form"] = ["host": .string(host)]
        case .path: object["form"] = "path"
        }
        object["path"] = .string("/" + parsed.segments.joined(separator: "/"))
        object["query"] = .array(parsed.query.map { ["name": .string($0.name), "value": .string($0.value)] })
        object["match"] = match.best.map { best in
            ["screen": .string(best.screen), "pattern": .string(best.pattern.expansion),
             "source": .string(best.pattern.source), "params": .object(best.params)]
        } ?? .null
        object["candidates"] = .array(match.candidates.map { candidate in
            var c: JSONObject = ["screen": .string(candidate.screen), "pattern": .string(candidate.pattern.expansion)]
            c["rejected"] = candidate.rejected.map(JSONValue.string) ?? .null
            return .object(c)
        })
        switch outcome {
        case .success(let outcome):
            object["chain"] = .array(outcome.chain.map(\.jsonValue))
            object["mode"] = .string(outcome.mode.rawValue)
            object["ignored"] = .array(outcome.ignored.map(JSONValue.string))
            object["notFound"] = .bool(outcome.notFound)
            object["error"] = .null
        case .failure(let error):
            object["chain"] = []
            object["mode"] = .null
            object["ignored"] = []
            object["notFound"] = false
            object["error"] = error.jsonValue
        }
        return .object(object)
    }
}
