extension AppDefinition {
    /// Parses, decodes and validates an app definition (`navd check FILE`). Throws every error
    /// found (with the warnings found alongside); on success returns the warnings.
    ///
    /// A JSON syntax error is one diagnostic at `$` naming the byte offset. When decoding
    /// reports structural errors, semantic validation is not run: a partial definition would
    /// only add errors that follow from the structural ones.
    public static func load(json text: String) throws(DefinitionError) -> (definition: AppDefinition, warnings: [Diagnostic]) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw DefinitionError(diagnostics: [.error("$", "invalid JSON: \(error.message) at byte \(error.offset)")])
        }
        let (decoded, decodingDiagnostics) = decode(json)
        guard let definition = decoded, !decodingDiagnostics.contains(where: \.isError) else {
            throw DefinitionError(diagnostics: decodingDiagnostics)
        }
        let diagnostics = decodingDiagnostics + definition.validate()
        guard !diagnostics.contains(where: \.isError) else {
            throw DefinitionError(diagnostics: diagnostics)
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
