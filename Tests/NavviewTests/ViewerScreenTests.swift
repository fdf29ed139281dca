import NavClient
import NavigationCore
import NavviewKit
import Testing

/// The screens around the tree: scrolling with its markers, the connection lost, waiting for
/// a first connection, ASCII glyphs, the help, a terminal too small.
@Suite("navview screens: scrolling, connection states, glyphs, help")
struct ViewerScreenTests {
    /// The feed stack with twelve posts: 22 tree lines for a tree pane of 9 rows at 40×16.
    static func longFeed() throws -> Scenario {
        var scenario = try Scenario()
        for postId in 1...12 { try scenario.step("nav.route", ["to": "post", "params": ["postId": .int(postId)]]) }
        return scenario
    }

    static let small = Size(rows: 16, columns: 40)

    @Test func scrollingShowsHowManyLinesAreHidden() throws {
        let scenario = try Self.longFeed()
        let state = try scenario.state
        #expect(TreePicture(state).lines.count == 22)
        #expect(ScreenLayout(Self.small).treeRows == 9)
        func tree(_ scroll: Int) -> [Line] {
            Array(render(state: state, events: scenario.model.events, status: goldenStatus(), size: Self.small, scroll: scroll).prefix(9))
        }
        expectGolden("scroll-first", tree(0))
        expectGolden("scroll-middle", tree(5))
        expectGolden("scroll-last", tree(14))
        #expect(tree(0).last?.text == "↓ 14 more lines")
        #expect([tree(5).first, tree(5).last].map { $0?.text } == ["↑ 5 more lines", "↓ 10 more lines"])
        #expect(tree(14).first?.text == "↑ 14 more lines")
        #expect(tree(14).last?.text == "     s4 settingsHome")
        // Past either end clamps to the first or last window.
        #expect(tree(99) == tree(14))
        #expect(tree(-3) == tree(0))
    }

    /// The viewer follows the top screen: after a change it scrolls just enough to show it.
    @Test func theTopScreenIsKeptInView() throws {
        let scenario = try Self.longFeed()
        let lines = screen(scenario, Self.small)
        #expect(lines[7].text.hasPrefix("│  ▶ s16 post postId=12"))
        #expect(lines[0].text == "↑ 9 more lines")
        #expect(lines[8].text == "↓ 6 more lines")
    }

    @Test func disconnectedShowsTheLastTreeDim() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        scenario.model.disconnected("navd closed the connection")
        let lines = screen(scenario, Size(rows: 20, columns: 60), status: goldenStatus(.retrying(attempt: 3)))
        expectGolden("disconnected-60", lines)
        #expect(lines[0].spans == [Span(start: 0, count: lines[0].count, style: Style(bold: true, colour: .red))])
        let tree = lines[1...5]
        #expect(tree.allSatisfy { line in line.spans.allSatisfy { $0.style.dim } })
    }

    @Test func waitingForTheFirstConnection() {
        let lines = render(
            state: nil, events: [], status: Status(socket: "/tmp/navd-1000/navd.sock"), size: Size(rows: 12, columns: 50), scroll: 0)
        expectGolden("connecting-50", lines)
    }

    @Test func asciiGlyphsForANonUTF8Locale() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "compose", "transition": "push"])
        try scenario.step("nav.route", ["to": "photoPicker"])
        try scenario.step("nav.selectTab", ["tab": "chats"])
        try scenario.step("nav.route", ["to": "chat", "params": ["chatId": "c9"]])
        let lines = screen(scenario, Size(rows: 24, columns: 60), glyphs: .ascii)
        expectGolden("ascii-60", lines)
        #expect(lines.allSatisfy { $0.text.unicodeScalars.allSatisfy { $0.isASCII } })
    }

    @Test func helpReplacesTheTree() throws {
        var session = ViewerSession(socket: "/tmp/navd-1000/navd.sock")
        session.model = try Scenario().model
        session.status = goldenStatus()
        #expect(session.key(.character("?"), size: Size(rows: 30, columns: 90)) == nil)
        expectGolden("help-90", session.screen(size: Size(rows: 30, columns: 90)))
        // Arrows scroll it (a short terminal shows it in parts); any other key but q closes it.
        _ = session.key(.down, size: Size(rows: 12, columns: 90))
        #expect(session.screen(size: Size(rows: 12, columns: 90))[0].text == "↑ 1 more line")
        // Any key but q closes it; the tree is back.
        #expect(session.key(.character("x"), size: Size(rows: 30, columns: 90)) == nil)
        #expect(session.screen(size: Size(rows: 30, columns: 90))[0].text == "main tabs f1")
    }

    @Test func aTerminalTooSmallSaysSo() {
        for size in [Size(rows: 2, columns: 80), Size(rows: 10, columns: 19)] {
            let lines = render(state: nil, events: [], status: goldenStatus(), size: size, scroll: 0)
            #expect(lines.count == size.rows)
            #expect(lines[0].text.hasPrefix("navview: the t"))
            #expect(lines.allSatisfy { $0.width <= size.columns })
        }
    }

    /// Attributes: the top screen in reverse video, the selected tab bold and reversed, the
    /// tree drawing dim, other tabs' screens dim.
    @Test func attributesMarkTheTopAndTheSelectedTab() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        let picture = TreePicture(try scenario.state)
        let top = try #require(picture.topLine.map { picture.lines[$0] })
        #expect(top.text == "│  ▶ s5 post postId=5 · push (zoom, animator zoom)")
        #expect(top.spans.first == Span(start: 0, count: 3, style: .dim))
        #expect(top.spans.dropFirst().allSatisfy { $0.style.reverse && $0.style.bold })
        #expect(top.spans.dropFirst().reduce(0) { $0 + $1.count } == top.count - 3)

        let bar = picture.lines[1]
        #expect(bar.text == "│ [feed]  friends  chats  settings")
        #expect(bar.spans.contains(Span(start: 2, count: 6, style: Style(bold: true, reverse: true))))

        let hidden = try #require(picture.lines.first { $0.text.contains("s2 friendsList") })
        #expect(hidden.spans.allSatisfy { $0.style.dim })
        let shown = try #require(picture.lines.first { $0.text.contains("s1 feedList") })
        #expect(shown.spans.contains { $0.style == .bold })
    }
}
