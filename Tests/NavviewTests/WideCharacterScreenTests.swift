import Foundation
import NavClient
import NavigationCore
import NavviewKit
import Testing

/// Wide and combining characters at the right edge of a narrow window, against
/// Golden/wide-characters-*.txt. With a table that counted 🚀 ✅ ⌚ as one column and Hebrew
/// points or Thai vowel marks as one each, the lines came out wider than the window: the
/// terminal wrapped them into the next row and the screen fell apart. Two widths, so that a
/// wide character meets the edge in both parities, and the Hebrew, Thai and CJK values are cut
/// at one and whole at the other.
@Suite("navview screens with wide and combining characters")
struct WideCharacterScreenTests {
    static let rockets = String(repeating: "🚀", count: 16)
    static let hebrew = "שָׁלוֹם עֲלֵיכֶם"
    static let thai = "สวัสดีที่นี่"

    static func scenario() throws -> Scenario {
        var scenario = try Scenario()
        let path = try #require(rockets.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        try scenario.step("nav.deeplink", ["url": .string("social://chats/\(path)")])
        try scenario.step("nav.route", ["to": "message", "params": ["chatId": "✅⌚✅⌚✅⌚✅⌚✅⌚", "messageId": 4]])
        try scenario.step("nav.route", ["to": "profile", "params": ["userId": 42]])
        try scenario.step("nav.route", ["to": "chat", "params": ["chatId": .string(hebrew)]])
        try scenario.step("nav.route", ["to": "message", "params": ["chatId": .string(thai), "messageId": 7]])
        try scenario.step("nav.selectTab", ["tab": "feed"], by: "navview", id: "c3")
        try scenario.step("nav.route", ["to": "compose", "transition": "push", "params": ["draft": "日本語の下書き、ハングル한국어"]])
        return scenario
    }

    @Test(arguments: [30, 35])
    func theScreenAtTheEdge(columns: Int) throws {
        let scenario = try Self.scenario()
        let chat = try #require(try scenario.state.root.tabs.first { $0.flow == "chats" }?.screens.dropFirst().first)
        #expect(chat.params["chatId"] == .string(Self.rockets))
        let size = Size(rows: 40, columns: columns)
        let lines = screen(scenario, size)
        #expect(lines.count == size.rows)
        for line in lines {
            #expect(line.width <= columns, "wider than the window: \(line.text)")
            // A cut line fills the row, but for the column a wide character could not take.
            if line.text.hasSuffix("…") { #expect(line.width >= columns - 1, "cut short: \(line.text)") }
        }
        expectGolden("wide-characters-\(columns)", lines)
    }
}
