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

    @Test func candidatesInColumns() {
        #expect(Completer.columns(["a", "bb", "ccc"]) == "a  bb  ccc")
        let long = (1...30).map { "candidate\($0)" }
        #expect(Completer.columns(long).split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
}
