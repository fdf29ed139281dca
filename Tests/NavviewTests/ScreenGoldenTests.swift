import NavClient
import NavigationCore
import NavviewKit
import Testing

/// The whole screen (tree, recent events, status line) for real engine states of the sample
/// app and of an inline one, narrow (40 columns) and wide (120), against Golden/*.txt.
@Suite("navview screens against golden text")
struct ScreenGoldenTests {
    static func check(_ name: String, _ scenario: Scenario, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (suffix, size) in [("40", narrow), ("120", wide)] {
            let lines = screen(scenario, size)
            #expect(lines.count == size.rows, sourceLocation: sourceLocation)
            #expect(lines.allSatisfy { $0.width <= size.columns }, sourceLocation: sourceLocation)
            expectGolden("\(name)-\(suffix)", lines, sourceLocation: sourceLocation)
        }
    }

    @Test func bootTabs() throws {
        try Self.check("boot", try Scenario())
    }

    /// Two tabs with pushed stacks: a deep link filled the chats tab, then the feed got two
    /// posts with the custom `zoom` push.
    @Test func pushedStacks() throws {
        var scenario = try Scenario()
        try scenario.step("nav.deeplink", ["url": "social://chats/c9/messages/4"])
        try scenario.step("nav.selectTab", ["tab": "feed"], by: "navview", id: "c3")
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 6]])
        try Self.check("pushed-stacks", scenario)
    }

    /// A modal over the feed tab, and over it a push that fell back to modal.
    @Test func modalOverATab() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        try scenario.step("nav.route", ["to": "profile", "params": ["userId": 42]])
        try scenario.step("nav.route", ["to": "chat", "params": ["chatId": "c1"]])
        try Self.check("modal-over-tab", scenario)
    }

    /// `compose` embedded with a push (its run of the feed stack), and a sheet over it.
    @Test func embeddedFlow() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "compose", "transition": "push", "params": ["draft": "hello"]])
        try scenario.step("nav.route", ["to": "photoPicker"])
        try Self.check("embedded-flow", scenario)
    }

    /// A tabs flow presented over a root stack, flows embedded in embedded flows, and a
    /// custom modalWithNavigation transition with an animator.
    @Test func presentedTabsAndNestedEmbeddedFlows() throws {
        var scenario = try Scenario(appJSON: studioAppJSON)
        try scenario.step("nav.route", ["to": "wizard"])
        try scenario.step("nav.route", ["to": "stepTwo"])
        try scenario.step("nav.route", ["to": "extras"])
        try scenario.step("nav.route", ["to": "browser"])
        try scenario.step("nav.route", ["to": "detail", "params": ["id": 3], "transition": "fade"])
        try scenario.step("nav.route", ["to": "detail", "params": ["id": 4]])
        try Self.check("presented-tabs", scenario)
    }

    /// Four revisions in one notification of which navd kept the last two (`truncated`).
    @Test func coalescedAndTruncated() throws {
        var scenario = try Scenario()
        try scenario.queue("nav.route", ["to": "post", "params": ["postId": 1]])
        try scenario.queue("nav.route", ["to": "post", "params": ["postId": 2]])
        try scenario.queue("nav.selectTab", ["tab": "chats"], by: "navview", id: "c3")
        try scenario.queue("nav.selectTab", ["tab": "friends"], by: "tour", id: "c4")
        #expect(try scenario.deliver(keepLast: 2) == .applied(summary: "nav.selectTab by tour (c4); 2 revisions coalesced; truncated"))
        try Self.check("coalesced-truncated", scenario)
    }
}
