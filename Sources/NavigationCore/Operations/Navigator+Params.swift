import NavJSON
extension Navigator {
    /// Validates params given for a screen and fills defaults, in declaration order.
    func validatedParams(for screenName: String, _ given: JSONObject) throws(NavError) -> JSONObject {
        guard let screen = context.screen(named: screenName) else { return given }
        return try screen.definition.validatedParams(given)
    }

    /// `validatedParams(for:_:)` of params given as text.
    func validatedParams(for screenName: String, _ given: JSONObjectText) throws(NavError) -> JSONObjectText {
        guard let screen = context.screen(named: screenName) else { return given }
        return try screen.definition.validatedParams(given)
    }
}

extension ScreenDefinition {
    /// The params of an instance of this screen: `given` checked against the declared params,
    /// normalized, defaults filled, in declaration order. A name not declared is refused
    /// first (the first in `given`'s order), then, in declaration order, a value of the wrong
    /// type or a missing required param. Costs given + declared.
    func validatedParams(_ given: JSONObject) throws(NavError) -> JSONObject {
        try ParamDefinition.validated(given, declared: params) { (param, problem) in
            .invalidParams(param: param, problem: problem, screen: name)
        }
    }
}

extension ParamDefinition {
    /// `given` checked against `declared` (a screen's params or an event's payload): the rules
    /// of `ScreenDefinition.validatedParams`, the error made by `refuse`.
    @inline(__always)
    static func validated(
        _ given: JSONObject, declared params: [ParamDefinition], refuse: (String, ParamProblem) -> NavError
    ) throws(NavError) -> JSONObject {
        // Most routes give exactly the declared params, in order, each a value of its type
        // that needs no normalizing: those are the result as given, nothing built.
        if Self.areDeclaredAsIs(given, params) { return given }
        var declaredGiven = 0
        for param in params where given[param.name] != nil { declaredGiven += 1 }
        if declaredGiven < given.count {
            let declared = Set(params.map(\.name))
            let unknown = given.keys.first { !declared.contains($0) }!
            throw refuse(unknown, .unknown)
        }
        var result = JSONObject()
        for param in params {
            if let value = given[param.name], !value.isNull {
                switch param.type.validate(value) {
                case .success(let normalized): result[param.name] = normalized
                case .failure(let problem): throw refuse(param.name, problem)
                }
            } else if let value = param.defaultValue {
                // Defaults were checked at load; normalize `0` for a double to `0.0`.
                result[param.name] = (try? param.type.validate(value).get()) ?? value
            } else if param.isRequired {
                throw refuse(param.name, .missing)
            }
        }
        return result
    }

    /// Whether `given` holds exactly `params`, in order, each a value of its type that needs
    /// no normalizing. Read in place: zipping `given.pairs` with `params` copied every
    /// element of both (retains and releases on every route).
    private static func areDeclaredAsIs(_ given: JSONObject, _ params: [ParamDefinition]) -> Bool {
        given.pairs.withUnsafeBufferPointer { pairs in
            params.withUnsafeBufferPointer { params in
                guard pairs.count == params.count else { return false }
                for index in pairs.indices {
                    guard pairs[index].key == params[index].name, params[index].type.acceptsUnchanged(pairs[index].value) else {
                        return false
                    }
                }
                return true
            }
        }
    }
}
