import FuzzSupport
import NavigationCore

/// The input is a URL, resolved on the sample app and on `WildcardApp`, each with the boot tree
/// and with a tree one step deeper. navd's promises checked on every input and app:
/// - `routes.resolve` answers (or refuses with -32006) with valid JSON, and its `error` is null
///   exactly when the `nav.deeplink` dry run succeeds;
/// - a dry run changes nothing and reports the same events and result as the real run;
/// - the real run leaves a sound tree, and the canonical URL (`nav.url`) of the screen it
///   opened resolves to that screen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let url = size == 0 || data == nil ? "" : String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for navigator in DeepLinkApps.navigators {
        DeepLinkCase(url: url, navigator: navigator).check()
    }
    return 0
}

/// The navigators every URL runs against, booted once.
enum DeepLinkApps {
    static let navigators: [Navigator] = {
        var sample = Navigator(definition: .sample, instance: "f0f0f0f0")
        var wild = Navigator(definition: WildcardApp.definition, instance: "f0f0f0f0")
        var deeper = [sample, wild]
        do {
            _ = try sample.perform(.deeplink(url: "social://users/7/photos"))
            _ = try wild.perform(.deeplink(url: "wild://sheet/x/y/z"))
        } catch {
            fatalError("the fuzz target's set-up links fail: \(error)")
        }
        deeper += [sample, wild]
        return deeper
    }()
}
