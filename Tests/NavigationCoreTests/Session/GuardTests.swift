import Testing
@testable import NavigationCore
import NavProtocol
@testable import NavJSON
import NavTestSupport

/// docs/guards.md, rule by rule, on the sample app: `account` requires `signedIn`, whose
/// redirect is the `login` flow (modal). Each test states the whole change: the events, the
/// session and what the tree holds.
@Suite struct GuardTests {
    /// Signing in from the login the held request opened on the feed: the login finishes
    /// satisfied, then the request selects the settings tab and opens `account`.
    static let signInOpensAccountFromSettings = [
        "willHide s5 loginForm",
        "exit s5 loginForm modal dismiss",
        #"flowFinished f6 login "satisfied""#,
        "tabSelected f1 3 settings",
        "enter s6 account push push",
        "willShow s6 account",
    ]

    /// The sample navigator on the settings tab (top: s4 settingsHome, which routes account).
    func onSettings() throws -> Navigator {
        var nav = sampleNavigator()
        _ = try nav.call("nav.selectTab", ["tab": "settings"])
        return nav
    }

    func names(_ nav: Navigator) -> [String] {
        nav.tree.allScreensInOrder.map { nav.tree.screens[$0]!.name }
    }

    @Test func flagsAreAllFalseAtBoot() {
        let nav = sampleNavigator()
        #expect(nav.session.names == ["signedIn"])
        #expect(nav.session.values == [false])
        #expect(nav.session.pending == nil)
        #expect(JSONWriter.string(nav.session.jsonValue) == #"{"flags":{"signedIn":false},"pending":null}"#)
    }

    @Test func aGuardedRouteIsHeldAndItsRedirectOpensAsOneRevision() throws {
        var nav = try onSettings()
        let result = try nav.call("nav.route", ["to": "account"])
        #expect(result.revision == 3 && !result.noop)
        #expect(sketch(result.events) == [
            "willHide s4 settingsHome",
            "flowStarted f6 login",
            "enter s5 loginForm modal present",
            "willShow s5 loginForm",
            "pendingHeld nav.route signedIn account",
        ])
        #expect(!names(nav).contains("account"))
        #expect(JSONWriter.string(.object(result.detailJSON))
            == #"{"pending":{"method":"nav.route","params":{"to":"account"}},"redirected":{"to":"login","screen":"s5","flow":"f6"}}"#)
        #expect(JSONWriter.string(nav.session.jsonValue)
            == #"{"flags":{"signedIn":false},"pending":{"method":"nav.route","params":{"to":"account"},"guard":"signedIn","screen":"account","redirected":{"to":"login","screen":"s5","flow":"f6"}}}"#)
    }

    @Test func settingTheFlagResumesInOneRevisionAfterTheRedirectFinishes() throws {
        var nav = try onSettings()
        _ = try nav.call("nav.route", ["to": "account"])
        let change = try nav.setFlags([("signedIn", true)])
        #expect(change.revision == 4 && !change.noop)
        #expect(sketch(change.events) == [
            "willHide s5 loginForm",
            "exit s5 loginForm modal dismiss",
            #"flowFinished f6 login "satisfied""#,
            "enter s6 account push push",
            "willShow s6 account",
        ])
        #expect(change.resumed?.method == "nav.route")
        #expect(JSONWriter.string(change.jsonValue).hasPrefix(
            #"{"revision":4,"flags":{"signedIn":true},"pending":null,"resumed":{"method":"nav.route","result":{"screen":"s6","via":{"kind":"push"}}}"#))
        #expect(nav.session.pending == nil && nav.session.values == [true])
        #expect(nav.tree.screens[nav.tree.topScreen]!.name == "account")
        // Signed in, the route just opens.
        _ = try nav.call("nav.close")
        let again = try nav.call("nav.route", ["to": "account"])
        #expect(sketch(again.events).last == "willShow s7 account")
    }

    @Test func aDeepLinkIsHeldOnAnyScreenOfItsChainAndResumesAsALink() throws {
        var nav = sampleNavigator()
        let held = try nav.call("nav.deeplink", ["url": "social://settings/account"])
        #expect(sketch(held.events) == [
            "willHide s1 feedList",
            "flowStarted f6 login",
            "enter s5 loginForm modal present",
            "willShow s5 loginForm",
            "pendingHeld nav.deeplink signedIn account",
        ])
        #expect(nav.tree.flows[nav.tree.rootFlow]!.selected == 0, "nothing the link asked for happened")
        let change = try nav.setFlags([("signedIn", true)])
        #expect(sketch(change.events) == Self.signInOpensAccountFromSettings)
        #expect(change.resumed?.method == "nav.deeplink")
    }

    @Test func aDryRunReportsTheGuardAndChangesNothing() throws {
        var nav = sampleNavigator()
        let plan = try nav.call("nav.deeplink", ["url": "social://settings/account", "dryRun": true])
        #expect(plan.revision == 1 && nav.revision == 1 && nav.session.pending == nil)
        guard case .deeplink(let outcome) = plan.detail else { Issue.record("not a deep link"); return }
        #expect(JSONWriter.string(outcome.jsonValue["guarded"]!) == #"{"guard":"signedIn","screen":"account","redirect":"login"}"#)
        #expect(!nav.tree.screens.values.contains { $0.name == "loginForm" })
    }

    @Test func aHeldApplyStepHoldsTheWholeApply() throws {
        var nav = sampleNavigator()
        let ops: JSONValue = ["ops": [
            ["method": "nav.selectTab", "params": ["tab": "settings"]],
            ["method": "nav.route", "params": ["to": "account"]],
        ]]
        let held = try nav.call("nav.apply", ops)
        #expect(sketch(held.events).last == "pendingHeld nav.apply signedIn account")
        #expect(nav.tree.flows[nav.tree.rootFlow]!.selected == 0, "the first step did not happen either")
        #expect(nav.session.pending?.request == RequestLabel(method: "nav.apply", params: ops.objectValue!))
        let change = try nav.setFlags([("signedIn", true)])
        #expect(sketch(change.events) == Self.signInOpensAccountFromSettings)
        guard case .apply(let results)? = change.resumed?.result.detail else { Issue.record("not an apply"); return }
        #expect(results.count == 2)
    }

    @Test func aNewerHeldRequestReplacesTheOlderAndReusesTheOpenRedirect() throws {
        var nav = try onSettings()
        _ = try nav.call("nav.route", ["to": "account"])
        let tree = nav.tree
        let newer = try nav.call("nav.deeplink", ["url": "/settings/account"])
        #expect(newer.revision == 4)
        #expect(sketch(newer.events) == [
            "pendingDropped nav.route replaced",
            "pendingHeld nav.deeplink signedIn account",
        ])
        #expect(nav.tree == tree, "the login already open is the redirect of the newer request too")
        #expect(nav.session.pending?.request.method == "nav.deeplink")
    }

    @Test func closingTheRedirectDropsThePendingRequest() throws {
        var nav = try onSettings()
        _ = try nav.call("nav.route", ["to": "account"])
        // A push inside the login flow keeps it open: the request still waits.
        _ = try nav.call("nav.route", ["to": "twoFactor"])
        #expect(nav.session.pending != nil)
        _ = try nav.call("nav.close")
        #expect(nav.session.pending != nil)
        let closed = try nav.call("nav.close")
        #expect(sketch(closed.events) == [
            "willHide s5 loginForm",
            "exit s5 loginForm modal dismiss",
            "flowFinished f6 login null",
            "willShow s4 settingsHome",
            "pendingDropped nav.route redirectClosed",
        ])
        #expect(nav.session.pending == nil)
        // Setting the flag now resumes nothing: a revision of the flag alone.
        let change = try nav.setFlags([("signedIn", true)])
        #expect(change.events.isEmpty && change.resumed == nil && change.revision == closed.revision + 1)
    }

    @Test func gotoDropsThePendingRequestWhoseRedirectItRemovesAndKeepsTheFlags() throws {
        var nav = try onSettings()
        let before = nav.tree
        _ = try nav.call("nav.route", ["to": "account"])
        let back = try nav.goto(before)
        #expect(sketch(back.events).last == "pendingDropped nav.route redirectClosed")
        _ = try nav.setFlags([("signedIn", true)])
        _ = try nav.goto(before)
        #expect(nav.session.values == [true])
    }

    /// The bug: `nav.reset` kept the flags, so `guards.navctl` run a second time started
    /// signed in and its first guarded route opened the account instead of the login.
    @Test func resetReturnsTheSessionToBootAndDropsThePendingRequestAsReset() throws {
        var nav = try onSettings()
        _ = try nav.call("nav.route", ["to": "account"])
        let held = try #require(nav.session.pending)
        let reset = try nav.reset()
        #expect(sketch(reset.events).last == "pendingDropped nav.route reset")
        #expect(sketch(reset.events).filter { $0.hasPrefix("pending") } == ["pendingDropped nav.route reset"])
        #expect(nav.session == sampleNavigator().session, "the session of a fresh navd: \(held.request.method) dropped")
        // Signed in, nothing held: the reset signs out, with no event of its own for the flag.
        _ = try nav.setFlags([("signedIn", true)])
        let signedOut = try nav.reset()
        #expect(!sketch(signedOut.events).contains { $0.hasPrefix("pending") })
        #expect(nav.session.values == [false] && nav.session.pending == nil)
        // And the next guarded route is held again, as on a fresh navd.
        _ = try nav.call("nav.selectTab", ["tab": "settings"])
        _ = try nav.call("nav.route", ["to": "account"])
        #expect(nav.session.pending?.guardName == "signedIn")
    }

    @Test func sessionSetMergesRefusesUnknownFlagsAndIsANoOpWhenNothingChanges() throws {
        var nav = sampleNavigator()
        let same = try nav.setFlags([("signedIn", false)])
        #expect(same.noop && same.revision == 1 && nav.revision == 1)
        let set = try nav.setFlags([("signedIn", true)])
        #expect(!set.noop && set.revision == 2 && set.events.isEmpty)
        #expect(throws: NavError.self) { try nav.setFlags([("signedIn", false), ("sigendIn", true)]) }
        do {
            _ = try nav.setFlags([("sigendIn", true)])
        } catch {
            #expect(error.reason == .invalidParams && error.data["problem"] == "unknown" && error.data["flag"] == "sigendIn")
            #expect(error.data["suggestions"] == ["signedIn"] && error.message.hasSuffix("did you mean 'signedIn'?"))
        }
        #expect(nav.session.values == [true] && nav.revision == 2, "a refused set changes nothing")
        #expect(throws: NavError.self) { try nav.setFlags([("signedIn", false)], expectRevision: 1) }
        // Setting a flag false closes nothing.
        var opened = try onSettings()
        _ = try opened.setFlags([("signedIn", true)])
        _ = try opened.call("nav.route", ["to": "account"])
        let tree = opened.tree
        _ = try opened.setFlags([("signedIn", false)])
        #expect(opened.tree == tree)
    }

    /// vip requires signedIn and premium, each with a modal redirect.
    static let clubJSON = #"""
    {"app": "club", "root": "home",
     "flows": {"home": {"kind": "stack", "root": "lobby"},
               "login": {"kind": "stack", "root": "loginForm", "transition": "modal"},
               "upsell": {"kind": "stack", "root": "offer", "transition": "modal"}},
     "screens": {"lobby": {"routes": ["vip"]}, "vip": {"requires": ["signedIn", "premium"]},
                 "loginForm": {}, "offer": {}},
     "guards": {"signedIn": {"redirect": "login"}, "premium": {"redirect": "upsell"}}}
    """#

    @Test func aResumedRequestThatFailsIsDroppedAndTheFlagsStay() throws {
        var nav = Navigator(definition: try AppDefinition.load(json: Self.clubJSON).definition, instance: "0")
        // The apply's second step cannot happen once the first has (lobby is a stack's root).
        let held = try nav.call("nav.apply", ["ops": [
            ["method": "nav.route", "params": ["to": "vip"]], ["method": "nav.close", "params": ["screen": "s1"]],
        ]])
        #expect(sketch(held.events).last == "pendingHeld nav.apply signedIn vip")
        let change = try nav.setFlags([("signedIn", true), ("premium", true)])
        #expect(sketch(change.events) == [
            "willHide s2 loginForm",
            "exit s2 loginForm modal dismiss",
            #"flowFinished f2 login "satisfied""#,
            "willShow s1 lobby",
            "pendingDropped nav.apply nothingToClose",
        ])
        guard case .pendingDropped(_, .failed(let error)) = change.events.last! else {
            Issue.record("the last event is not a failed request dropped")
            return
        }
        #expect(error.data == ["screen": "s1", "reason": "nothingToClose"])
        #expect(change.resumed == nil && nav.session.pending == nil && nav.session.values == [true, true])
    }

    /// Contract §7 "Chained guards": a resumed request that the next of its guards refuses is
    /// held again for that guard, its redirect opening in the same revision (before, it was
    /// dropped as `guarded`).
    @Test func aResumedRequestThatAnotherGuardRefusesIsHeldForIt() throws {
        var nav = Navigator(definition: try AppDefinition.load(json: Self.clubJSON).definition, instance: "0")
        _ = try nav.call("nav.route", ["to": "vip"])
        #expect(nav.session.pending?.guardName == "signedIn")
        let signedIn = try nav.setFlags([("signedIn", true)])
        #expect(signedIn.revision == 3 && signedIn.resumed == nil)
        #expect(sketch(signedIn.events) == [
            "willHide s2 loginForm",
            "exit s2 loginForm modal dismiss",
            #"flowFinished f2 login "satisfied""#,
            "flowStarted f3 upsell",
            "enter s3 offer modal present",
            "willShow s3 offer",
            "pendingHeld nav.route premium vip",
        ])
        #expect(nav.session.pending == PendingRequest(
            request: RequestLabel(method: "nav.route", params: ["to": "vip"]), operation: .route(RouteRequest(to: "vip")),
            guardName: "premium", screen: "vip", redirect: RedirectInstance(to: "upsell", screen: ScreenID(3), flow: FlowID(3))))
        #expect(JSONWriter.string(signedIn.jsonValue).hasPrefix(
            #"{"revision":3,"flags":{"signedIn":true,"premium":false},"pending":{"method":"nav.route","params":{"to":"vip"},"guard":"premium","screen":"vip","redirected":{"to":"upsell","screen":"s3","flow":"f3"}},"events":"#))
        let premium = try nav.setFlags([("premium", true)])
        #expect(sketch(premium.events) == [
            "willHide s3 offer",
            "exit s3 offer modal dismiss",
            #"flowFinished f3 upsell "satisfied""#,
            "enter s4 vip push push",
            "willShow s4 vip",
        ])
        #expect(premium.resumed?.method == "nav.route" && nav.session.pending == nil)
    }

    @Test func aRequestWithoutANameIsRefusedAsGuarded() throws {
        var nav = try onSettings()
        nav.requests = nil
        #expect(throws: NavError.self) { try nav.perform(.route(RouteRequest(to: "account"))) }
        nav.requests = .jsonRPC
        let held = try nav.perform(.route(RouteRequest(to: "account", expectRevision: 2)))
        guard case .held(let pending) = held.detail else { Issue.record("not held"); return }
        #expect(pending.request == RequestLabel(method: "nav.route", params: ["to": "account", "expectRevision": 2]))
        #expect(pending.operation == .route(RouteRequest(to: "account")), "expectRevision was checked when it was held")
    }

    /// The session's one writer: `session.get`, `nav.state` and `nav.changed` carry its bytes.
    @Test func theSessionIsWrittenInItsWireShape() throws {
        var nav = try onSettings()
        func written() -> String { String(decoding: nav.session.encodedJSON, as: UTF8.self) }
        #expect(written() == #"{"flags":{"signedIn":false},"pending":null}"#)
        _ = try nav.call("nav.route", ["to": "account"])
        let held = #"{"flags":{"signedIn":false},"pending":{"method":"nav.route","params":{"to":"account"},"guard":"signedIn","screen":"account","redirected":{"to":"login","screen":"s5","flow":"f6"}}}"#
        #expect(written() == held)
        let state = String(decoding: JSONBuffer.encode { nav.writeStateJSON(into: &$0) }, as: UTF8.self)
        #expect(state.hasPrefix(#"{"revision":3,"instance":"00000000","session":"# + held + #","root":{"id":"f1","#))
    }

    @Test func theSessionTravelsInTheSnapshotAndIsRestored() throws {
        var nav = try onSettings()
        _ = try nav.call("nav.route", ["to": "account"])
        let snapshot = try NavigatorSnapshot(json: JSONParser.parse(JSONWriter.string(nav.snapshot.jsonValue)))
        var restored = try Navigator(restoring: snapshot, definition: .sample, requests: .jsonRPC)
        #expect(restored.session == nav.session)
        let change = try restored.setFlags([("signedIn", true)])
        #expect(restored.tree.screens[restored.tree.topScreen]!.name == "account" && change.resumed != nil)
        // Without a way to read the request back, the flags are restored and the request is not.
        let bare = try Navigator(restoring: snapshot, definition: .sample)
        #expect(bare.session.pending == nil && bare.session.values == [false])
    }
}

/// Redirects that are screens, and redirects that are themselves guarded (docs/guards.md).
@Suite struct GuardRedirectTests {
    static let json = #"""
    {"app": "club", "root": "home",
     "flows": {"home": {"kind": "stack", "root": "lobby"}},
     "screens": {"lobby": {"routes": ["vip", "members"]}, "vip": {"requires": ["premium"]},
                 "members": {"requires": ["signedIn"]},
                 "loginForm": {}, "offer": {"requires": ["signedIn"], "transition": "modal"}},
     "guards": {"signedIn": {"redirect": "loginForm"}, "premium": {"redirect": "offer"}}}
    """#

    func club() throws -> Navigator {
        Navigator(definition: try AppDefinition.load(json: Self.json).definition, instance: "0")
    }

    @Test func aPushedScreenRedirectIsClosedWhenTheRequestResumes() throws {
        var nav = try club()
        let held = try nav.call("nav.route", ["to": "members"])
        #expect(sketch(held.events) == ["willHide s1 lobby", "enter s2 loginForm push push", "willShow s2 loginForm", "pendingHeld nav.route signedIn members"])
        #expect(nav.session.pending?.redirect == RedirectInstance(to: "loginForm", screen: ScreenID(2), flow: nil))
        let change = try nav.setFlags([("signedIn", true)])
        #expect(sketch(change.events) == [
            "willHide s2 loginForm", "exit s2 loginForm push pop", "enter s3 members push push", "willShow s3 members",
        ])
    }

    @Test func aRedirectThatIsItselfGuardedLeadsToItsGuardsRedirect() throws {
        var nav = try club()
        // vip needs premium, whose redirect (offer) needs signedIn: the login opens, and the
        // request waits for signedIn, the guard whose redirect opened.
        let held = try nav.call("nav.route", ["to": "vip"])
        #expect(sketch(held.events) == ["willHide s1 lobby", "enter s2 loginForm push push", "willShow s2 loginForm", "pendingHeld nav.route signedIn offer"])
        #expect(nav.session.pending?.redirect == RedirectInstance(to: "loginForm", screen: ScreenID(2), flow: nil))
        #expect(nav.session.pending?.guardName == "signedIn")
        // Signing in takes it one step: the login closes, the offer opens, and the request
        // waits for premium.
        let signedIn = try nav.setFlags([("signedIn", true)])
        #expect(sketch(signedIn.events) == [
            "willHide s2 loginForm", "exit s2 loginForm push pop", "flowStarted f2 -", "enter s3 offer modal present",
            "willShow s3 offer", "pendingHeld nav.route premium vip",
        ])
        #expect(signedIn.resumed == nil && nav.session.pending?.guardName == "premium")
        let premium = try nav.setFlags([("premium", true)])
        #expect(sketch(premium.events) == [
            "willHide s3 offer", "exit s3 offer modal dismiss", #"flowFinished f2 - "satisfied""#, "enter s4 vip push push", "willShow s4 vip",
        ])
        #expect(premium.resumed?.method == "nav.route" && nav.session.pending == nil)
        #expect(nav.tree.screens[nav.tree.topScreen]?.name == "vip")
    }

    /// Issue 30's chain: account requires signedIn and verified; signedIn's redirect,
    /// loginForm, requires verified, whose redirect is twoFactor. Before, setting verified
    /// resumed nothing (the request waited for signedIn) and every way out of twoFactor
    /// dropped it; now each flag takes it one step.
    @Test func chainedGuardsResumeStepByStep() throws {
        let json = #"""
        {"app": "bank", "root": "home",
         "flows": {"home": {"kind": "stack", "root": "lobby"}},
         "screens": {"lobby": {"routes": ["account"]}, "account": {"requires": ["signedIn", "verified"]},
                     "loginForm": {"requires": ["verified"], "transition": "modal"}, "twoFactor": {}},
         "guards": {"signedIn": {"redirect": "loginForm"}, "verified": {"redirect": "twoFactor"}}}
        """#
        var nav = Navigator(definition: try AppDefinition.load(json: json).definition, instance: "0")
        let held = try nav.call("nav.route", ["to": "account"])
        #expect(sketch(held.events) == [
            "willHide s1 lobby", "enter s2 twoFactor push push", "willShow s2 twoFactor", "pendingHeld nav.route verified loginForm",
        ])
        #expect(nav.session.pending?.guardName == "verified")
        let verified = try nav.setFlags([("verified", true)])
        #expect(verified.revision == 3 && verified.resumed == nil)
        #expect(sketch(verified.events) == [
            "willHide s2 twoFactor", "exit s2 twoFactor push pop", "flowStarted f2 -", "enter s3 loginForm modal present",
            "willShow s3 loginForm", "pendingHeld nav.route signedIn account",
        ])
        #expect(nav.session.pending?.guardName == "signedIn" && nav.session.pending?.redirect.to == "loginForm")
        #expect(names(nav) == ["lobby", "loginForm"])
        let signedIn = try nav.setFlags([("signedIn", true)])
        #expect(sketch(signedIn.events) == [
            "willHide s3 loginForm", "exit s3 loginForm modal dismiss", #"flowFinished f2 - "satisfied""#,
            "enter s4 account push push", "willShow s4 account",
        ])
        #expect(signedIn.resumed?.method == "nav.route" && nav.session.pending == nil)
        #expect(names(nav) == ["lobby", "account"])
        #expect(JSONWriter.string(nav.session.jsonValue) == #"{"flags":{"signedIn":true,"verified":true},"pending":null}"#)
    }

    /// Setting both flags at once applies the request in one step.
    @Test func settingEveryFlagOfTheChainAtOnceAppliesTheRequest() throws {
        var nav = try club()
        _ = try nav.call("nav.route", ["to": "vip"])
        let both = try nav.setFlags([("signedIn", true), ("premium", true)])
        #expect(sketch(both.events) == ["willHide s2 loginForm", "exit s2 loginForm push pop", "enter s3 vip push push", "willShow s3 vip"])
        #expect(both.resumed?.method == "nav.route" && nav.session.pending == nil)
    }

    func names(_ nav: Navigator) -> [String] {
        nav.tree.allScreensInOrder.map { nav.tree.screens[$0]!.name }
    }
}
