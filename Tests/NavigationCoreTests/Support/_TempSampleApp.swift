import NavigationCore

// Temporary: `AppDefinition.sample` (decoded from `sampleJSON`) arrives with the definition
// decoder from the `definition` branch; until then Fixtures.swift uses the hand-built app.
// Delete this file when that branch merges (the two `sample`s will then be ambiguous).
extension AppDefinition {
    static var sample: AppDefinition { handBuiltSampleApp() }
}
