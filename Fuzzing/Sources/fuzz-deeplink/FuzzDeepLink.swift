import FuzzSupport
import NavigationCore

/// The input is a URL, resolved on the sample app and on `WildcardApp`, each with the boot tree
/// or with a tree one step deeper (which one is chosen by a hash of the URL, so that each input
/// costs two runs, not four). navd's promises checked on every input and app:
/// - `routes.resolve` answers (or refuses with -32006) with valid JSON, and its `error` is null
///   exactly when the `nav.deeplink` dry run succeeds;
/// - a dry run changes nothing and reports the same events and result as the real run;
/// - the real run leaves a sound tree, and the canonical URL (`nav.url`) of the screen it
///   opened resolves to that screen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let url = size == 0 || data == nil ? "" : String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let deeper = hash & 1 == 1
    for app in DeepLinkApps.navigators {
        DeepLinkCase(url: url, navigator: deeper ? app.deeper : app.boot).check()
    }
    return 0
}

/// The navigators every URL runs against, booted once: each app at boot and after one link.
enum DeepLinkApps {
    static let navigators: [(boot: Navigator, deeper: Navigator)] = [
        booted(.sample, then: "social://users/7/photos"),
        booted(WildcardApp.definition, then: "wild://sheet/x/y/z"),
    ]

    private static func booted(_ definition: AppDefinition, then link: String) -> (boot: Navigator, deeper: Navigator) {
        let boot = Navigator(definition: definition, instance: "f0f0f0f0")
        var deeper = boot
        do {
            _ = try deeper.perform(.deeplink(url: link))
        } catch {
            fatalError("the fuzz target's set-up link \(link) fails: \(error)")
        }
        return (boot, deeper)
    }
}
