import NavJSON
extension AppDefinition {
    /// Parses, decodes and validates an app definition (`navd check FILE`). Throws every error
    /// found (with the warnings found alongside); on success returns the warnings.
    ///
    /// A JSON syntax error is one diagnostic at the member it is inside, with its byte offset
    /// (`navd check` shows the line and column). A key repeated in one object is an error
    /// (`$: duplicate key 'screens'`): JSON parsers disagree on which value wins, so a
    /// definition must not depend on it. When decoding reports structural errors, semantic
    /// validation is not run: a partial definition would only add errors that follow from the
    /// structural ones.
    ///
    /// `checks` are the layers above's own checks of a decoded definition (the protocol layer
    /// checks that event steps are valid `nav.apply` ops), run with the semantic ones.
    public static func load(
        json text: String, checks: [@Sendable (AppDefinition) -> [Diagnostic]] = []
    ) throws(DefinitionError) -> (definition: AppDefinition, warnings: [Diagnostic]) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text, duplicateKeys: .reject)
        } catch {
            let path = DiagnosticPath(error.path).description
            if case .duplicateKey(let key) = error.kind {
                throw DefinitionError(diagnostics: [.error(path, "duplicate key \(quoted(key))", offset: error.offset)])
            }
            throw DefinitionError(diagnostics: [.error(path, "invalid JSON: \(error.message)", offset: error.offset)])
        }
        let (decoded, decodingDiagnostics) = decode(json)
        guard let definition = decoded, !decodingDiagnostics.contains(where: \.isError) else {
            throw DefinitionError(diagnostics: decodingDiagnostics)
        }
        let diagnostics = decodingDiagnostics + definition.validate() + checks.flatMap { $0(definition) }
        guard !diagnostics.contains(where: \.isError) else {
            throw DefinitionError(diagnostics: diagnostics)
        }
        // What check accepts, navd starts: validation should leave nothing for booting to
        // refuse, and if it ever does, that is an error here, never a trap at start.
        do {
            _ = try Navigator(bootingValidated: definition, instance: "00000000")
        } catch {
            throw DefinitionError(diagnostics: diagnostics + [.error("$.root", "the app cannot start: \(error.message)")])
        }
        return (definition, diagnostics)
    }

    /// The built-in sample app of docs/app-definition.md, loaded from `sampleJSON`.
    public static let sample: AppDefinition = {
        do {
            return try load(json: sampleJSON).definition
        } catch {
            fatalError("the built-in sample app definition does not load:\n\(error)")
        }
    }()
}
