import NavClient
@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// `navctl state` of the sample app in several states, as exact text: tabs with the
/// selected one starred, stacks bottom first, modals under what presented them, embedded
/// flows under `embeds`, the top marked, params and transitions on every screen.
@Suite("state: the tree as a person reads it")
struct TreeOutlineTests {
    var navigator = Navigator(definition: .sample, instance: "9f2c41d0")

    mutating func perform(_ method: String, _ params: JSONValue) throws {
        _ = try navigator.perform(try NavOperation(method: method, params: params))
    }

    func rendered() throws -> String {
        TreeOutline.render(try NavStateView(json: navigator.stateJSON))
    }

    static let otherTabs = """
            f3 friends stack
              s2 friendsList
            f4 chats stack
              s3 chatList
            f5 settings stack
              s4 settingsHome

        """

    @Test func boot() throws {
        #expect(try rendered() == """
            revision 1, instance 9f2c41d0
            f1 main tabs
              * f2 feed stack
                  s1 feedList  <- top

            """ + Self.otherTabs)
    }

    @Test mutating func aModalOverACustomPush() throws {
        try perform("nav.route", ["to": "post", "params": ["postId": 5]])
        try perform("nav.route", ["to": "profile", "params": ["userId": 42]])
        #expect(try rendered() == """
            revision 3, instance 9f2c41d0
            f1 main tabs
              * f2 feed stack
                  s1 feedList
                  s5 post postId=5 via zoom
                  presents f6 single via modal
                    s6 profile userId=42 section=posts via modal  <- top

            """ + Self.otherTabs)
    }

    @Test mutating func aPushThatFellBackToModal() throws {
        try perform("nav.route", ["to": "profile", "params": ["userId": 42, "section": "photos"]])
        try perform("nav.route", ["to": "post", "params": ["postId": 7]])
        #expect(try rendered() == """
            revision 3, instance 9f2c41d0
            f1 main tabs
              * f2 feed stack
                  s1 feedList
                  presents f6 single via modal
                    s5 profile userId=42 section=photos via modal
                    presents f7 single via zoom (fallback)
                      s6 post postId=7 via zoom (fallback)  <- top

            """ + Self.otherTabs)
    }

    @Test mutating func anEmbeddedFlowAndASheetOverIt() throws {
        try perform("nav.route", ["to": "compose", "transition": "push", "params": ["draft": "hello world"]])
        try perform("nav.route", ["to": "photoPicker"])
        #expect(try rendered() == """
            revision 3, instance 9f2c41d0
            f1 main tabs
              * f2 feed stack
                  s1 feedList
                  embeds f6 compose
                    s5 composePost draft="hello world" via push
                  presents f7 single via sheet
                    s6 photoPicker via sheet  <- top

            """ + Self.otherTabs)
    }

    @Test mutating func aPresentedNamedFlowInAnotherTab() throws {
        try perform("nav.selectTab", ["tab": "settings"])
        try perform("nav.route", ["to": "login"])
        try perform("nav.route", ["to": "twoFactor", "params": ["code": "123456"]])
        #expect(try rendered() == """
            revision 4, instance 9f2c41d0
            f1 main tabs
                f2 feed stack
                  s1 feedList
                f3 friends stack
                  s2 friendsList
                f4 chats stack
                  s3 chatList
              * f5 settings stack
                  s4 settingsHome
                  presents f6 login stack via modal
                    s5 loginForm via modal
                    s6 twoFactor code=123456 via push  <- top

            """)
    }

    @Test mutating func aDeepLinkResetIntoTheChatsTab() throws {
        try perform("nav.route", ["to": "post", "params": ["postId": 5]])
        try perform("nav.deeplink", ["url": "social://chats/c9/messages/4"])
        #expect(try rendered() == """
            revision 3, instance 9f2c41d0
            f1 main tabs
                f2 feed stack
                  s1 feedList
                  s5 post postId=5 via zoom
                f3 friends stack
                  s2 friendsList
              * f4 chats stack
                  s3 chatList
                  s6 chat chatId=c9 via push
                  s7 message chatId=c9 messageId=4 via push  <- top
                f5 settings stack
                  s4 settingsHome

            """)
    }

    @Test mutating func aStackPresentedWithNavigation() throws {
        try perform("nav.selectTab", ["tab": 1])
        try perform("nav.route", ["to": "profile", "params": ["userId": 1], "transition": "modalWithNavigation"])
        try perform("nav.route", ["to": "friendsList"])
        let text = try rendered()
        #expect(text.contains("""
              * f3 friends stack
                  s2 friendsList
                  presents f6 stack via modalWithNavigation
                    s5 profile userId=1 section=posts via modalWithNavigation
                    s6 friendsList via push  <- top

            """))
    }

    @Test func screensAndHeadersAlone() {
        #expect(TreeOutline.screen(ScreenView(id: "s9", screen: "chat", params: ["chatId": "a b"], flow: "f2")) == #"s9 chat chatId="a b""#)
        #expect(TreeOutline.screen(ScreenView(
            id: "s9", screen: "x", flow: "f2", via: TransitionView(kind: "push", name: "zoom", animator: "spring")))
            == "s9 x via zoom (animator spring)")
        #expect(TreeOutline.header(FlowView(id: "f9", flow: nil, kind: .single, via: TransitionView(kind: "modal", fallback: true)))
            == "f9 single via modal (fallback)")
    }
}
