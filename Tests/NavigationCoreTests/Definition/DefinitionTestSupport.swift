@testable import NavigationCore
@testable import NavJSON
import NavProtocol

/// Loads `text` as `navd check` would and returns every diagnostic as it prints them: the
/// errors (with their warnings) if loading fails, else the warnings.
func check(_ text: String) -> [String] {
    do {
        return try AppDefinition.load(json: text, checks: [EventStepCheck.diagnostics]).warnings.map(\.description)
    } catch {
        return error.diagnostics.map(\.description)
    }
}

/// A minimal app — root stack flow `main` on screen `home` at `/` — with `screens` added after
/// `home`, `flows` after `main`, and `extra` top-level members.
func app(screens: String = "", flows: String = "", extra: String = "") -> String {
    #"""
    {"app": "t", "root": "main",
     "flows": {"main": {"kind": "stack", "root": "home"}\#(flows.isEmpty ? "" : ", " + flows)},
     "screens": {"home": {"path": "/"}\#(screens.isEmpty ? "" : ", " + screens)}\#(extra.isEmpty ? "" : ", " + extra)}
    """#
}

/// The diagnostics of decoding `text` alone (it must be valid JSON).
func decodingDiagnostics(_ text: String) throws -> [String] {
    AppDefinition.decode(try JSONParser.parse(text)).diagnostics.map(\.description)
}
