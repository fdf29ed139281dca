@testable import NavctlKit
import NavigationCore
import Testing

/// The shell's Tab: what is offered after each kind of word, and what is inserted.
@Suite("Shell completion")
struct CompleterTests {
    let completer = Completer(definition: .sample)

    func offered(_ line: String) -> [String] { completer.complete(line).candidates.map(\.text) }

    @Test func subcommandsFirst() {
        #expect(offered("") == Navctl.subcommandNames + ["exit", "help"])
        #expect(offered("ro") == ["route", "routes"])
        #expect(completer.complete("ro").action == .insert("ute"))
        #expect(completer.complete("dee").action == .insert("plink "))
        #expect(completer.complete("zz").action == .nothing)
    }

    @Test func destinationsThenTheirParams() {
        #expect(offered("route po") == ["post"])
        #expect(completer.complete("route po").action == .insert("st "))
        #expect(completer.complete("route pro").action == .insert("file "))
        #expect(offered("route c") == ["composePost", "chatList", "chat", "chats", "compose"])
        #expect(completer.complete("route c").action == .list(["composePost", "chatList", "chat", "chats", "compose"]))
        #expect(completer.complete("route ch").action == .insert("at"))
        #expect(offered("route profile ") == ["userId=", "section="])
        #expect(completer.complete("route profile userId=4 s").action == .insert("ection="))
        #expect(offered("route profile userId=4 ") == ["section="])
        #expect(offered("route compose ") == ["draft="])
        #expect(offered("route profile --transition ") == ["push", "modal", "modalWithNavigation", "sheet", "zoom"])
        #expect(offered("route --pop-to po") == ["post"])
        #expect(offered("route post --expect-revision ") == [])
    }

    @Test func eventsThenTheirPayload() {
        #expect(offered("emit ") == ["postTapped", "userTapped", "messageReceived", "loggedOut", "pushReceived"])
        #expect(completer.complete("emit us").action == .insert("erTapped "))
        #expect(offered("emit messageReceived ") == ["chatId=", "messageId="])
        #expect(offered("emit messageReceived chatId=c9 ") == ["messageId="])
        #expect(offered("emit loggedOut ") == [])
        #expect(offered("listen userTapped ") == ["postTapped", "messageReceived", "loggedOut", "pushReceived"])
        #expect(offered("listen userTapped --exec ") == [])
    }

    @Test func otherCommands() {
        #expect(offered("tab ") == ["feed", "friends", "chats", "settings"])
        #expect(offered("tab chats ") == [])
        #expect(offered("pop-to fe") == ["feedList"])
        #expect(offered("expect ") == ["top", "stack", "tab", "error", "revision"])
        #expect(offered("expect top pr") == ["profile"])
        #expect(offered("expect top profile u") == ["userId="])
        #expect(offered("expect error route") == ["routeNotAllowed"])
        #expect(offered("expect stack fe") == ["feed", "feedList"])
        #expect(offered("expect stack feed feedList ") == Array(AppDefinition.sample.screens.map(\.name)) + [">"])
        #expect(offered("call nav.s") == ["nav.state", "nav.subscribe", "nav.selectTab"])
        #expect(offered("help ro") == ["route", "routes"])
        #expect(offered("state ") == [])
    }

    @Test func withoutADefinitionOnlyCommands() {
        let bare = Completer(definition: nil)
        #expect(bare.complete("route p").candidates == [])
        #expect(bare.complete("rou").action == .insert("te"))
    }

    @Test func destinationsTheTopScreenMayOpenComeFirst() {
        let atPost = Completer(definition: .sample, top: "post")
        #expect(atPost.complete("route p").candidates.map(\.text) == ["profile", "post", "photoPicker"])
        let names = AppDefinition.sample.destinationNames
        #expect(atPost.complete("route ").candidates.map(\.text)
            == ["profile", "post"] + names.filter { $0 != "profile" && $0 != "post" })
        let atFeed = Completer(definition: .sample, top: "feedList")
        #expect(Array(atFeed.complete("route ").candidates.map(\.text).prefix(4)) == ["post", "profile", "compose", "feedList"])
        #expect(Completer(definition: .sample, top: "twoFactor").complete("route ").candidates.map(\.text) == names)
    }

    /// The bash, zsh and fish scripts call navctl back with the shell's words; the answer is
    /// the shell's Completer's.
    @Test func shellScriptCallbacksAnswerAsTheShellDoes() {
        let served = ShellCompletions.Served(definition: .sample, top: "feedList")
        func offered(_ words: [String], _ prefix: String = "", served: ShellCompletions.Served = served) -> [String] {
            ShellCompletions.candidates(["navctl"] + words + [prefix], words.count + 1, prefix, served: served)
        }
        #expect(offered(["route", "profile"]) == ["userId=", "section="])
        #expect(offered(["route", "profile", "userId=4"], "s") == ["section="])
        #expect(offered(["route"], "p") == ["post", "profile", "photoPicker"])
        #expect(offered(["route", "post", "--transition"]) == ["push", "modal", "modalWithNavigation", "sheet", "zoom"])
        #expect(offered(["--socket", "/tmp/s", "route", "profile"]) == ["userId=", "section="])
        #expect(offered(["route", "--socket", "/tmp/s", "profile"]) == ["userId=", "section="])
        #expect(offered(["call"], "nav.s") == ["nav.state", "nav.subscribe", "nav.selectTab"])
        #expect(offered(["tab"], "ch") == ["chats"])
        #expect(offered(["--json", "--socket", "/tmp/s"], "ro") == ["route", "routes"])
        let none = ShellCompletions.Served()
        #expect(offered(["route"], "p", served: none) == [])
        #expect(offered(["route", "post", "--transition"], served: none) == ["push", "modal", "modalWithNavigation"])
        #expect(offered(["call"], "nav.s", served: none) == ["nav.state", "nav.subscribe", "nav.selectTab"])
        #expect(ShellCompletions.socketOption(in: ["navctl", "--socket", "/a", "route"]) == "/a")
        #expect(ShellCompletions.socketOption(in: ["navctl", "route", "--socket=/b"]) == "/b")
        #expect(ShellCompletions.socketOption(in: ["navctl", "route"]) == nil)
    }

    @Test func candidatesInColumns() {
        #expect(Completer.columns(["a", "bb", "ccc"]) == "a  bb  ccc")
        let long = (1...30).map { "candidate\($0)" }
        #expect(Completer.columns(long).split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
}
