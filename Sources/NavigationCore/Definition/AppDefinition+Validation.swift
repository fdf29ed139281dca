extension AppDefinition {
    /// Every semantic problem of docs/app-definition.md, with its JSON path, in definition order:
    /// errors (navd refuses to start) and warnings (printed, start continues).
    ///
    /// Meant for a definition that decoded without errors; on a partial one it reports what
    /// the missing parts make unresolvable too.
    public func validate() -> [Diagnostic] {
        var validator = DefinitionValidator(definition: self)
        return validator.run()
    }
}
