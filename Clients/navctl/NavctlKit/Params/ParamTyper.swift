public import NavigationCore
public import NavJSON

/// Turns `name=value` words into a typed params object with the app definition: `userId=42`
/// is an int because `profile` says so. A value that does not parse, a name the destination
/// does not declare, or a name given twice is a usage error naming the param and its type.
public struct ParamTyper: Sendable {
    public var definition: AppDefinition

    public init(definition: AppDefinition) {
        self.definition = definition
    }

    /// The params of a destination (a screen, or a stack flow's root screen). An unknown
    /// destination keeps every value a string: navd answers `unknownDestination`.
    public func params(for destination: String, _ assignments: [Assignment]) throws(ParamTypingError) -> JSONObject {
        try typed(assignments, declared: declaredParams(of: destination), owner: destination)
    }

    /// The payload of an event, typed by its declared params, as a destination's params are.
    public func payload(for event: String, _ assignments: [Assignment]) throws(ParamTypingError) -> JSONObject {
        try typed(assignments, declared: definition.event(named: event)?.params, owner: "event \(event)")
    }

    private func typed(_ assignments: [Assignment], declared: [ParamDefinition]?, owner destination: String) throws(ParamTypingError) -> JSONObject {
        var params: JSONObject = [:]
        guard let declared else {
            for assignment in assignments {
                guard params[assignment.name] == nil else { throw .duplicate(param: assignment.name) }
                params[assignment.name] = .string(assignment.value)
            }
            return params
        }
        for assignment in assignments {
            guard params[assignment.name] == nil else { throw .duplicate(param: assignment.name) }
            guard let param = declared.first(where: { $0.name == assignment.name }) else {
                throw .unknown(param: assignment.name, destination: destination, declared: declared.map(\.name))
            }
            guard let value = param.type.parse(assignment.value) else {
                throw .invalid(value: assignment.value, param: param.name, destination: destination, expected: Self.expectation(param.type))
            }
            params[param.name] = value
        }
        return params
    }

    /// The params a destination declares; nil when it is neither a screen nor a flow.
    public func declaredParams(of destination: String) -> [ParamDefinition]? {
        switch definition.destination(named: destination) {
        case .screen(let screen)?:
            return screen.params
        case .flow(let flow)?:
            guard let root = flow.rootScreen else { return [] }
            return definition.screen(named: root)?.params ?? []
        case nil:
            return nil
        }
    }

    /// What a value of `type` looks like, for the message.
    static func expectation(_ type: ParamType) -> String {
        switch type {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool (true, false, 1 or 0)"
        case .enumeration(let values): return "one of \(values.joined(separator: ", "))"
        case .unknown(let name): return name
        }
    }
}

/// Why `name=value` words do not make a destination's params.
public enum ParamTypingError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalid(value: String, param: String, destination: String, expected: String)
    case unknown(param: String, destination: String, declared: [String])
    case duplicate(param: String)

    public var description: String {
        switch self {
        case .invalid(let value, let param, let destination, let expected):
            return "invalid value '\(value)' for param '\(param)' of \(destination): expected \(expected)"
        case .unknown(let param, let destination, let declared):
            if declared.isEmpty { return "\(destination) takes no params (got '\(param)')" }
            return "\(destination) has no param '\(param)' (params: \(declared.joined(separator: ", ")))"
        case .duplicate(let param):
            return "param '\(param)' is given twice"
        }
    }
}
