import NavJSON
/// A declared routing event (docs/app-definition.md `events`): the payload it carries and the
/// steps that handle it when no remote listener does — the definition's built-in listener.
public struct EventDefinition: Sendable, Hashable {
    public var name: String
    /// The payload's params, declared as screen params are.
    public var params: [ParamDefinition]
    /// Operations as `nav.apply` takes them, with `$name` and `{name}` placeholders.
    public var steps: [EventStep]

    public init(name: String, params: [ParamDefinition] = [], steps: [EventStep] = []) {
        self.name = name
        self.params = params
        self.steps = steps
    }

    /// The payload checked against `params`, normalized, defaults filled, in declaration
    /// order; `-32602` (reason `invalidParams`, `data.event`) for a name not declared, a value
    /// of the wrong type or a missing required param — the same rules as a route's params.
    ///
    /// A value `""` for a param whose `{name}` alone fills a path segment of a step's deep link
    /// is refused too (`problem: notAllowed`): the segment would vanish and the link open
    /// another screen, or `notFound`.
    public func validatedPayload(_ given: JSONObject) throws(NavError) -> JSONObject {
        let payload = try ParamDefinition.validated(given, declared: params) { (param, problem) in
            var error = NavError.invalidParams(param: param, problem: problem)
            error.message = "invalid payload param '\(param)' of event \(name): \(problem)"
            error.data["event"] = .string(name)
            return error
        }
        for (index, step) in steps.enumerated() {
            for url in step.deepLinkURLs {
                guard let param = Placeholder.emptySegmentPlaceholder(in: url, payload) else { continue }
                let detail = "an empty string cannot fill a path segment of step \(index)'s deep link \(url)"
                throw NavError(
                    .invalidParams, "invalid payload param '\(param)' of event \(name): \(detail)",
                    data: ["param": .string(param), "problem": "notAllowed", "detail": .string(detail), "event": .string(name)])
            }
        }
        return payload
    }

    /// The steps with the payload's values in place of their placeholders.
    public func substitutedSteps(_ payload: JSONObject) -> [EventStep] {
        steps.map { $0.substituted(payload) }
    }
}

/// One step: a navigation method's name and its params, as a `nav.apply` op.
public struct EventStep: Sendable, Hashable {
    public var method: String
    public var params: JSONValue

    public init(method: String, params: JSONValue = .object([:])) {
        self.method = method
        self.params = params
    }

    /// Every string under a `url` member of the params: the deep links whose placeholders are
    /// encoded as URL parts (`Placeholder.interpolate`).
    var deepLinkURLs: [String] {
        var urls: [String] = []
        var work: [(JSONValue, String?)] = [(params, nil)]
        while let (value, key) = work.popLast() {
            switch value {
            case .string(let text) where key == "url": urls.append(text)
            case .array(let elements): work += elements.map { ($0, nil) }
            case .object(let object): work += object.pairs.map { ($0.value, $0.key) }
            default: break
            }
        }
        return urls
    }
}

extension EventDefinition {
    /// `$.events.NAME.steps[INDEX]` (and `.KEY`), as `navd check` prints paths.
    public func path(ofStep index: Int, key: String? = nil) -> String {
        let step = DefinitionValidator.path(ofEvent: name).key("steps").index(index)
        return (key.map { step.key($0) } ?? step).description
    }

    /// A payload with a value of each declared param's type (the first of an enum's values):
    /// what checks at load substitute to see the shape of the steps.
    public var examplePayload: JSONObject {
        var payload = JSONObject()
        for param in params {
            switch param.type {
            case .string, .unknown: payload[param.name] = .string("x")
            case .int: payload[param.name] = .int(1)
            case .double: payload[param.name] = .double(1.5)
            case .bool: payload[param.name] = .bool(true)
            case .enumeration(let values): payload[param.name] = .string(values.first ?? "x")
            }
        }
        return payload
    }
}

extension EventStep: JSONWritable {
    /// `{method, params}`: a step in an `event.emit`'s answer and its revision's cause.
    public func writeJSON(into out: inout JSONBuffer) {
        out.append(#"{"method":"#)
        JSONWriter.writeString(method, into: &out)
        out.append(#","params":"#)
        JSONWriter.write(params, into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
