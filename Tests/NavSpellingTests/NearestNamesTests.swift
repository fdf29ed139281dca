import Testing
@testable import NavSpelling

/// "did you mean": the nearest known names by edit distance, as git suggests commands; none
/// when nothing is close, so that a made-up word is not answered with a random name.
@Suite struct NearestNamesTests {
    let commands = ["route", "close", "pop-to", "pop-to-root", "dismiss-all", "tab", "finish", "apply", "deeplink",
                    "state", "watch", "url", "routes", "resolve", "info", "call", "shell", "run", "expect"]

    @Test(arguments: [
        ("rout", ["route"]), ("roote", ["route"]), ("rotue", ["route"]), ("stat", ["state"]), ("sate", ["state"]),
        ("tabb", ["tab"]), ("clsoe", ["close"]), ("deplink", ["deeplink"]), ("xyz", []), ("frobnicate", []),
        ("rou", ["route", "routes"]), ("pop", ["pop-to", "pop-to-root"]), ("r", []), ("route", ["routes"]),
    ])
    func commandTypos(typed: String, expected: [String]) {
        #expect(NearestNames.nearest(to: typed, among: commands) == expected)
    }

    @Test func destinationAndTabTyposOfTheSampleApp() {
        // The built-in sample app's destinations (`AppDefinition.sample.destinationNames`):
        // its screens, then its flows, in definition order.
        let names = [
            "feedList", "post", "composePost", "photoPicker", "friendsList", "profile", "chatList", "chat", "message",
            "settingsHome", "account", "loginForm", "twoFactor", "notFound",
            "main", "feed", "friends", "chats", "settings", "compose", "login",
        ]
        #expect(NearestNames.nearest(to: "prfile", among: names) == ["profile"])
        #expect(NearestNames.nearest(to: "chatz", among: names) == ["chat", "chats"])
        #expect(NearestNames.nearest(to: "nowhere", among: names) == [])
        #expect(NearestNames.nearest(to: "chatz", among: ["feed", "friends", "chats", "settings"]) == ["chats"])
    }

    @Test func distanceCountsASwapOfNeighboursAsOne() {
        func distance(_ a: String, _ b: String) -> Int { NearestNames.distance(Array(a), Array(b), limit: 9) }
        #expect(distance("route", "rotue") == 1)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("", "abc") == 3)
        #expect(distance("abc", "") == 3)
        #expect(distance("same", "same") == 0)
        #expect(NearestNames.distance(Array("kitten"), Array("sitting"), limit: 2) == 3)
    }

    @Test func question() {
        #expect(NearestNames.question([]) == nil)
        #expect(NearestNames.question(["route"]) == "did you mean 'route'?")
        #expect(NearestNames.question(["chat", "chats"]) == "did you mean 'chat' or 'chats'?")
        #expect(NearestNames.question(["a", "b", "c"]) == "did you mean 'a', 'b' or 'c'?")
    }
}
