struct DeepLinkMatcher: Sendable { init(definition: AppDefinition) {} }
public struct DeepLinkOutcome: Sendable, Hashable { var dryRun: Bool; var jsonObject: JSONObject }
extension Transaction {
    mutating func deeplink(_ url: String, dryRun: Bool, matcher: DeepLinkMatcher) throws(NavError) -> DeepLinkOutcome {
        throw .unknownDestination(url)
    }
}
