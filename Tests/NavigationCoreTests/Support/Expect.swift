import Testing
@testable import NavigationCore
@testable import NavJSON
import NavProtocol
import NavTestSupport

/// Expects the whole tree, as a sketch.
func expectTree(_ nav: Navigator, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(sketch(nav.tree) == expected, sourceLocation: sourceLocation)
    #expect(nav.tree.invariantViolation() == nil, sourceLocation: sourceLocation)
}

/// Expects the whole event list of a result.
func expectEvents(_ result: OperationResult, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(sketch(result.events) == expected, sourceLocation: sourceLocation)
}

/// Expects a call to fail with `code`/`reason` and to leave the state as it was.
@discardableResult
func expectFailure(
    _ nav: inout Navigator, _ method: String, _ params: JSONValue = [:], code: RPCErrorCode, reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> RPCFailure? {
    let before = sketch(nav.tree)
    let revision = nav.revision
    guard let error = nav.failure(method, params) else {
        Issue.record("\(method) \(params) succeeded, expected \(reason)", sourceLocation: sourceLocation)
        return nil
    }
    #expect(error.code == code, sourceLocation: sourceLocation)
    #expect(error.reason.rawValue == reason, sourceLocation: sourceLocation)
    #expect(sketch(nav.tree) == before && nav.revision == revision, sourceLocation: sourceLocation)
    return error
}

/// The sample app's boot tree with `feed`'s stack replaced.
func sampleTree(feed: String = "    s1 feedList <top", selected: String = "feed", friends: String = "    s2 friendsList",
                chats: String = "    s3 chatList", settings: String = "    s4 settingsHome") -> String {
    """
    f1 main tabs selected=\(selected)
      f2 feed stack
    \(feed)
      f3 friends stack
    \(friends)
      f4 chats stack
    \(chats)
      f5 settings stack
    \(settings)
    """
}
