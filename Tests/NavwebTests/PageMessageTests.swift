import NavClient
import NavJSON
import Testing
@testable import NavwebKit

/// What a page is sent for a state: the marks the graph shows, the tabs, the session.
@Suite struct PageMessageTests {
    /// The sample app after `route post postId=5` and `route profile userId=3` (a presented
    /// flow over the feed's stack), with a held request for `account`.
    static let stateJSON = """
        {"revision":3,"instance":"25fcc462",
         "session":{"flags":{"signedIn":false},"pending":{"method":"nav.route","params":{"to":"account"},"guard":"signedIn","screen":"account","redirected":{"to":"login","screen":"s7","flow":"f7"}}},
         "root":{"id":"f1","flow":"main","kind":"tabs","selected":0,"tabs":[
          {"id":"f2","flow":"feed","kind":"stack","screens":[{"id":"s1","screen":"feedList","params":{},"flow":"f2","via":null},
            {"id":"s5","screen":"post","params":{"postId":5},"flow":"f2","via":{"kind":"push","name":"zoom","animator":"zoom"}}],
           "children":[],"presented":{"id":"f6","flow":null,"kind":"single","screens":[{"id":"s6","screen":"profile","params":{"userId":3,"section":"posts"},"flow":"f6","via":{"kind":"modal"}}],"children":[],"presented":null,"via":{"kind":"modal"}},"via":null},
          {"id":"f3","flow":"friends","kind":"stack","screens":[{"id":"s2","screen":"friendsList","params":{},"flow":"f3","via":null}],"children":[],"presented":null,"via":null}],
          "children":[],"presented":null,"via":null}}
        """

    func state() throws -> NavStateView {
        try NavStateView(json: try JSONParser.parse(Self.stateJSON))
    }

    @Test func theMarksFollowTheTree() throws {
        let marks = try #require(PageMessage.marks(try state()).objectValue)
        #expect(marks["profile"] == ["visible"])
        #expect(marks["main"] == ["visible"])
        #expect(marks["feed"] == ["visible", "selected"])
        #expect(marks["feedList"] == ["stacked"])
        #expect(marks["post"] == ["stacked"])
        #expect(marks["friendsList"] == ["stacked"])
        #expect(marks["friends"] == nil)
        #expect(marks["account"] == ["pending"])
    }

    @Test func aStateCarriesTheTreeAsNavviewDrawsIt() throws {
        let message = PageMessage.state(try state(), note: "subscribed")
        #expect(message["kind"] == "state")
        #expect(message["revision"] == 3)
        #expect(message["top"]?["screen"] == "profile")
        let tree = try #require(message["tree"]?.arrayValue)
        let text = tree.map { line in (line.arrayValue ?? []).compactMap { $0[0]?.stringValue }.joined() }
        #expect(text.contains { $0.contains("profile") && $0.contains("userId=3") })
        #expect(text.contains { $0.contains("feedList") })
        #expect(message["tabs"] == [["feed", true], ["friends", false]])
        #expect(message["session"]?["flags"] == [["signedIn", false]])
        #expect(message["session"]?["pending"]?.stringValue?.contains("account") == true)
    }

    @Test func aChangeNamesTheRevisionItAppliesTo() throws {
        let message = PageMessage.change(try state(), baseRevision: 2, events: [.note("hello")])
        #expect(message["kind"] == "change")
        #expect(message["baseRevision"] == 2)
        #expect(message["events"] == [[["— hello", "d"]]])
        #expect(message["revisions"] == [])
        let cause = ChangeCauseView(method: "nav.route", client: "navctl", clientID: "c3")
        let two = PageMessage.change(try state(), baseRevision: 1, events: [.revision(2, cause: cause), .note("x"), .revision(3, cause: cause)])
        #expect(two["revisions"] == [2, 3])
    }
}
