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

    /// What `navd check` notes about a valid definition beside its warnings: things worth
    /// knowing that are often meant (a screen only a deep link reaches). Not part of
    /// `validate()`: navd starts without looking at them.
    public func notes() -> [Diagnostic] {
        var validator = DefinitionValidator(definition: self)
        return validator.runNotes()
    }

    /// The warnings about deep-link patterns that can never win, alone (`validate()` reports
    /// them too): `navbench graph` times the analysis with it.
    public func shadowedPatterns() -> [Diagnostic] {
        var validator = DefinitionValidator(definition: self)
        validator.warnShadowedPatterns()
        return validator.diagnostics
    }
}
