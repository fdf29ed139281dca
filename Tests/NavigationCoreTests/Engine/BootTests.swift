import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// Boot builds revision 1 of the sample app: the tabs flow, each tab's stack with its root,
/// `flowStarted`/`enter` for all of it and `willShow` for the top (docs/operations.md).
@Suite struct BootTests {
    @Test func bootTreeAndEvents() {
        let nav = sampleNavigator()
        #expect(nav.revision == 1)
        expectTree(nav, sampleTree())
        #expect(sketch(nav.bootEvents) == [
            "flowStarted f1 main",
            "flowStarted f2 feed", "enter s1 feedList -",
            "flowStarted f3 friends", "enter s2 friendsList -",
            "flowStarted f4 chats", "enter s3 chatList -",
            "flowStarted f5 settings", "enter s4 settingsHome -",
            "willShow s1 feedList",
        ])
        #expect(nav.tree.topScreen == ScreenID(1))
        #expect(nav.tree.visiblePath == [FlowID(1), FlowID(2)])
    }

    /// The wire shape of docs/tree.md, exactly.
    @Test func stateJSONShape() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 5]])
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 7]])
        let feed = #"{"id":"f2","flow":"feed","kind":"stack","screens":[{"id":"s1","screen":"feedList","params":{},"flow":"f2","via":null},{"id":"s5","screen":"post","params":{"postId":5},"flow":"f2","via":{"kind":"push","name":"zoom","animator":"zoom"}}],"children":[],"presented":{"id":"f6","flow":null,"kind":"single","screens":[{"id":"s6","screen":"profile","params":{"userId":7,"section":"posts"},"flow":"f6","via":{"kind":"modal"}}],"children":[],"presented":null,"via":{"kind":"modal"}},"via":null}"#
        func tab(_ f: Int, _ flow: String, _ s: Int, _ screen: String) -> String {
            #"{"id":"f\#(f)","flow":"\#(flow)","kind":"stack","screens":[{"id":"s\#(s)","screen":"\#(screen)","params":{},"flow":"f\#(f)","via":null}],"children":[],"presented":null,"via":null}"#
        }
        let expected = #"{"revision":3,"instance":"00000000","session":{"flags":{"signedIn":false},"pending":null},"root":{"id":"f1","flow":"main","kind":"tabs","selected":0,"tabs":["#
            + [feed, tab(3, "friends", 2, "friendsList"), tab(4, "chats", 3, "chatList"), tab(5, "settings", 4, "settingsHome")].joined(separator: ",")
            + #"],"children":[],"presented":null,"via":null}}"#
        #expect(JSONWriter.string(nav.stateJSON) == expected)
    }

    @Test func idsComeFromTheInjectedSource() {
        let nav = Navigator(definition: .sample, instance: "x", ids: SequentialIDs(nextFlow: 100, nextScreen: 500))
        #expect(nav.tree.rootFlow == FlowID(100))
        #expect(nav.tree.topScreen == ScreenID(500))
    }

    @Test func idsParseOnlyTheirOwnForm() {
        #expect(ScreenID("s12") == ScreenID(12))
        #expect(FlowID("f3") == FlowID(3))
        for bad in ["12", "s", "s-1", "s01", "f1", "s1x", "S1", "s١"] { #expect(ScreenID(bad) == nil) }
    }
}
