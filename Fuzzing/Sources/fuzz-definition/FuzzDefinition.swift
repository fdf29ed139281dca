import FuzzSupport
import NavigationCore
import NavJSON

/// The input is the text of an app definition (`navd --app FILE`, `navd check FILE`). navd's
/// promises checked on every input:
/// - `AppDefinition.load` (what `navd check` runs) either refuses it with at least one error,
///   every diagnostic naming a JSON path (`$…`) and saying something, or accepts it;
/// - a definition it accepts boots a Navigator without trapping, with a sound tree, and
///   `routes.list` and `nav.url` of the boot tree answer with valid JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDefinition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = size == 0 || data == nil ? "" : String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let definition: AppDefinition
    do {
        definition = try AppDefinition.load(json: text).definition
    } catch {
        expect(error.diagnostics.contains(where: \.isError), "a refused definition has an error", "\(error.diagnostics)")
        for diagnostic in error.diagnostics {
            expect(diagnostic.path.hasPrefix("$"), "every diagnostic names a JSON path", "\(diagnostic)")
            expect(!diagnostic.message.isEmpty, "every diagnostic says what is wrong", "\(diagnostic)")
        }
        return 0
    }
    let navigator = Navigator(definition: definition, instance: "f0f0f0f0")
    navigator.expectSound("after boot")
    expect(navigator.revision == 1, "boot is revision 1")
    let routes = JSONWriter.bytes(navigator.routesJSON)
    expect((try? JSONParser.parse(routes, maxDepth: JSONLines.maxDepth)) != nil, "routes.list is valid JSON",
           JSONLines.preview(routes))
    do {
        _ = try navigator.canonicalURL()
    } catch {
        broken("nav.url of the boot tree's top screen answers", "\(error)")
    }
    return 0
}
