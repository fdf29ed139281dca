internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

extension NavctlSession {
    /// `name=value` words typed for a destination by the app definition; a bad value is a
    /// usage error of `command`.
    func typedParams(
        for destination: String, _ words: [String], command: any ParsableCommand.Type
    ) throws(NavctlError) -> JSONObject {
        try typed(words, command: command) { typer, assignments throws(ParamTypingError) in
            try typer.params(for: destination, assignments)
        }
    }

    /// `name=value` words as an event's payload, typed by its declared params. An event the
    /// definition does not declare keeps every value a string: navd answers `unknownEvent`.
    func typedPayload(for event: String, _ words: [String], command: any ParsableCommand.Type) throws(NavctlError) -> JSONObject {
        try typed(words, command: command) { typer, assignments throws(ParamTypingError) in
            try typer.payload(for: event, assignments)
        }
    }

    /// The words parsed, then typed by `type` with the definition (asked of navd only when
    /// there is something to type); either failing is a usage error of `command`.
    private func typed(
        _ words: [String], command: any ParsableCommand.Type,
        _ type: (ParamTyper, [Assignment]) throws(ParamTypingError) -> JSONObject
    ) throws(NavctlError) -> JSONObject {
        let assignments: [Assignment]
        switch Assignment.parse(words) {
        case .success(let parsed): assignments = parsed
        case .failure(let error): throw .usage(error.description, command: command)
        }
        if assignments.isEmpty { return [:] }
        let typer = ParamTyper(definition: try definition())
        do {
            return try type(typer, assignments)
        } catch {
            throw .usage(error.description, command: command)
        }
    }
}

/// Checks `name=value` words while parsing (before navd is asked for their types).
func validateAssignments(_ words: [String]) throws {
    if case .failure(let error) = Assignment.parse(words) { throw ValidationError(error.description) }
}
