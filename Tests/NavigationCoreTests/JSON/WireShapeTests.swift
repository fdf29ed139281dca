import Testing
@testable import NavigationCore
import NavProtocol
@testable import NavJSON
import NavFixtures
import NavRandom
import NavTestSupport

/// Each wire shape has one writer (`writeJSON`), and a `JSONValue` of it is those bytes read
/// back (`JSONWritable`). A value's `==` ignores key order, so these tests pin the bytes:
/// representative values of every shape written exactly, and, over random request sequences,
/// every result, event list, tree and state read back by the decoders and written again by the
/// general writer to the same bytes (compact, canonical JSON, nothing the parser reads
/// differently).
@Suite struct WireShapeTests {
    private func text(_ value: some JSONWritable) -> String { String(decoding: value.encodedJSON, as: UTF8.self) }

    private static let zoom = AppliedTransition(kind: .push, name: "zoom", animator: "zoom")
    private static let feed = ScreenRef(screen: ScreenID(5), name: "post", params: ["postId": 7, "q": "a\"b\n"], flow: FlowID(2))

    @Test func transitionsAndVias() throws {
        #expect(text(AppliedTransition(kind: .push)) == #"{"kind":"push"}"#)
        #expect(text(AppliedTransition(kind: .modal)) == #"{"kind":"modal"}"#)
        #expect(text(AppliedTransition(kind: .modalWithNavigation)) == #"{"kind":"modalWithNavigation"}"#)
        #expect(text(Self.zoom) == #"{"kind":"push","name":"zoom","animator":"zoom"}"#)
        #expect(text(AppliedTransition(kind: .modal, fallback: true)) == #"{"kind":"modal","fallback":true}"#)
        #expect(text(AppliedTransition(kind: .modal, name: "sheet", animator: "a\"b", fallback: true))
            == #"{"kind":"modal","name":"sheet","animator":"a\"b","fallback":true}"#)
        #expect(text(AppliedTransition(kind: .push, animator: "fade")) == #"{"kind":"push","animator":"fade"}"#)
        // The built-in transitions are twelve constants: each one's text.
        for kind in [TransitionKind.push, .modal, .modalWithNavigation] {
            for direction in [TransitionDirection.push, .pop, .present, .dismiss] {
                let via = EventVia(transition: AppliedTransition(kind: kind), direction: direction)
                #expect(text(via) == #"{"kind":"\#(kind.rawValue)","direction":"\#(direction.rawValue)"}"#)
            }
        }
        #expect(text(EventVia(transition: Self.zoom, direction: .pop)) == #"{"kind":"push","name":"zoom","animator":"zoom","direction":"pop"}"#)
        #expect(text(EventVia(transition: AppliedTransition(kind: .modal, fallback: true), direction: .dismiss))
            == #"{"kind":"modal","fallback":true,"direction":"dismiss"}"#)
        for transition in [Self.zoom, AppliedTransition(kind: .modal, name: "sheet", animator: nil, fallback: true)] {
            #expect(try AppliedTransition(json: transition.jsonValue, path: "$") == transition)
        }
    }

    /// A screen's name and params are written once, when its node is made (`ScreenText`):
    /// events about it copy that text, a node whose name or params change writes the new
    /// ones, and refs and nodes compare by name and params, not by which text they hold.
    @Test func aScreensTextIsWhatItsEventsSay() {
        var node = ScreenNode(id: ScreenID(5), name: "post", params: ["postId": 7, "q": "a\"b\n"],
                              flow: FlowID(2), container: FlowID(2), via: nil)
        let ref = #""screen":"s5","name":"post","params":{"postId":7,"q":"a\"b\n"},"flow":"f2""#
        #expect(text(NavEvent.willShow(ScreenRef(node))) == #"{"type":"willShow",\#(ref)}"#)
        #expect(ScreenRef(node) == Self.feed && ScreenRef(node).hashValue == Self.feed.hashValue)
        let copy = ScreenNode(id: node.id, name: node.name, params: JSONObjectText(node.params), flow: node.flow, container: node.container, via: nil)
        #expect(copy == node && copy.hashValue == node.hashValue)
        node.params = ["postId": 8]
        node.name = "postDetail"
        #expect(copy != node && ScreenRef(node) != Self.feed)
        #expect(text(NavEvent.willHide(ScreenRef(node)))
            == #"{"type":"willHide","screen":"s5","name":"postDetail","params":{"postId":8},"flow":"f2"}"#)
        #expect(ScreenRef(node).name == "postDetail" && ScreenRef(node).params == ["postId": 8])
    }

    @Test func everyKindOfEvent() throws {
        let ref = #""screen":"s5","name":"post","params":{"postId":7,"q":"a\"b\n"},"flow":"f2""#
        let cases: [(NavEvent, String)] = [
            (.willHide(Self.feed), #"{"type":"willHide",\#(ref)}"#),
            (.exit(Self.feed, via: EventVia(transition: Self.zoom, direction: .pop)),
             #"{"type":"exit",\#(ref),"via":{"kind":"push","name":"zoom","animator":"zoom","direction":"pop"}}"#),
            (.exit(Self.feed, via: nil), #"{"type":"exit",\#(ref),"via":null}"#),
            (.flowFinished(flow: FlowID(6), name: "login", result: ["ok": true, "n": 1.5, "list": [nil, "x"]]),
             #"{"type":"flowFinished","flow":"f6","name":"login","result":{"ok":true,"n":1.5,"list":[null,"x"]}}"#),
            (.flowFinished(flow: FlowID(7), name: nil, result: .null), #"{"type":"flowFinished","flow":"f7","name":null,"result":null}"#),
            (.tabSelected(flow: FlowID(1), tab: 3, name: "settings"), #"{"type":"tabSelected","flow":"f1","tab":3,"name":"settings"}"#),
            (.tabSelected(flow: FlowID(1), tab: 0, name: nil), #"{"type":"tabSelected","flow":"f1","tab":0,"name":null}"#),
            (.flowStarted(flow: FlowID(12), name: "compose"), #"{"type":"flowStarted","flow":"f12","name":"compose"}"#),
            (.flowStarted(flow: FlowID(13), name: nil), #"{"type":"flowStarted","flow":"f13","name":null}"#),
            (.enter(Self.feed, via: EventVia(transition: AppliedTransition(kind: .modal), direction: .present)),
             #"{"type":"enter",\#(ref),"via":{"kind":"modal","direction":"present"}}"#),
            (.enter(Self.feed, via: nil), #"{"type":"enter",\#(ref),"via":null}"#),
            (.willShow(Self.feed), #"{"type":"willShow",\#(ref)}"#),
            (.pendingHeld(method: "nav.route", guardName: "signedIn", screen: "account"),
             #"{"type":"pendingHeld","method":"nav.route","guard":"signedIn","screen":"account"}"#),
            (.pendingDropped(method: "nav.deeplink", reason: .replaced),
             #"{"type":"pendingDropped","method":"nav.deeplink","reason":"replaced"}"#),
            (.pendingDropped(method: "nav.route", reason: .failed(NavError(.routeNotAllowed, "no", data: ["from": "a"]))),
             #"{"type":"pendingDropped","method":"nav.route","reason":"routeNotAllowed","error":{"message":"no","data":{"from":"a","reason":"routeNotAllowed"}}}"#),
        ]
        for (event, expected) in cases {
            #expect(text(event) == expected)
            #expect(try NavEvent(json: event.jsonValue) == event, "\(expected)")
        }
        #expect(text([NavEvent]()) == "[]")
        #expect(text(cases.map(\.0)) == "[" + cases.map(\.1).joined(separator: ",") + "]")
    }

    @Test func resultsOfEveryKind() {
        let enter = NavEvent.enter(Self.feed, via: EventVia(transition: Self.zoom, direction: .push))
        let events = #"[{"type":"enter","screen":"s5","name":"post","params":{"postId":7,"q":"a\"b\n"},"flow":"f2","via":{"kind":"push","name":"zoom","animator":"zoom","direction":"push"}}]"#
        let fellBack = AppliedTransition(kind: .modal, name: "zoom", animator: "zoom", fallback: true)
        let route = OperationResult(revision: 4, events: [enter], noop: false, detail: .route(RouteOutcome(screen: ScreenID(5), flow: FlowID(6), via: fellBack)))
        #expect(text(route) == #"{"screen":"s5","flow":"f6","via":{"kind":"modal","name":"zoom","animator":"zoom","fallback":true},"fallback":true,"revision":4,"events":"# + events + "}")
        let singleTop = OperationResult(revision: 3, events: [], noop: true, detail: .route(RouteOutcome(screen: ScreenID(1), flow: nil, via: nil)))
        #expect(text(singleTop) == #"{"screen":"s1","via":null,"noop":true,"revision":3,"events":[]}"#)
        let close = OperationResult(revision: 5, events: [], noop: false, detail: .close(closed: [ScreenID(7), ScreenID(6)], finished: [FlowID(6)]))
        #expect(text(close) == #"{"closed":["s7","s6"],"finished":["f6"],"revision":5,"events":[]}"#)
        let closeNone = OperationResult(revision: 5, events: [], noop: false, detail: .close(closed: [ScreenID(7)], finished: []))
        #expect(text(closeNone) == #"{"closed":["s7"],"finished":[],"revision":5,"events":[]}"#)
        #expect(text(OperationResult(revision: 3, events: [], noop: true, detail: .plain)) == #"{"noop":true,"revision":3,"events":[]}"#)
        #expect(text(OperationResult(revision: 6, events: [enter], noop: false, detail: .plain)) == #"{"revision":6,"events":"# + events + "}")
        let apply = OperationResult(revision: 7, events: [enter], noop: false, detail: .apply([route, singleTop, close, OperationResult(revision: 7, events: [], noop: false, detail: .plain)]))
        #expect(text(apply) == #"{"results":[{"screen":"s5","flow":"f6","via":{"kind":"modal","name":"zoom","animator":"zoom","fallback":true},"fallback":true},{"screen":"s1","via":null,"noop":true},{"closed":["s7","s6"],"finished":["f6"]},{}],"revision":7,"events":"# + events + "}")
        #expect(text(OperationResult(revision: 7, events: [], noop: true, detail: .apply([]))) == #"{"results":[],"noop":true,"revision":7,"events":[]}"#)
        let pending = PendingRequest(
            request: RequestLabel(method: "nav.route", params: ["to": "account"]), operation: .route(RouteRequest(to: "account")),
            guardName: "signedIn", screen: "account", redirect: RedirectInstance(to: "loginForm", screen: ScreenID(9), flow: nil))
        let held = OperationResult(revision: 8, events: [.pendingHeld(method: "nav.route", guardName: "signedIn", screen: "account")], noop: false, detail: .held(pending))
        #expect(text(held) == #"{"pending":{"method":"nav.route","params":{"to":"account"}},"redirected":{"to":"loginForm","screen":"s9"},"revision":8,"events":[{"type":"pendingHeld","method":"nav.route","guard":"signedIn","screen":"account"}]}"#)
        for result in [route, singleTop, close, apply, held] { expectReadsBack(result, text(result)) }
    }

    @Test func aDeepLinksResultAndItsDryRun() throws {
        var engine = sampleNavigator()
        let opened = try engine.call("nav.deeplink", ["url": "https://social.example.com/users/42/photos?utm=x&section=friends"])
        #expect(text(opened) == #"{"url":"https://social.example.com/users/42/photos?utm=x&section=friends","target":{"screen":"profile","params":{"userId":42,"section":"photos"},"pattern":"/users/:userId/:section","id":"s5"},"chain":[{"screen":"profile","params":{"userId":42,"section":"photos"},"pattern":"/users/:userId/:section"}],"mode":"top","ignored":["utm"],"revision":2,"events":"# + String(decoding: opened.events.encodedJSON, as: UTF8.self) + "}")
        let plan = try engine.call("nav.deeplink", ["url": "social://settings/account", "dryRun": true])
        #expect(text(plan) == #"{"url":"social://settings/account","target":{"screen":"account","params":{},"pattern":"/settings/account"},"chain":[{"screen":"settingsHome","params":{},"pattern":"/settings"},{"screen":"account","params":{},"pattern":"/settings/account"}],"mode":"reset","ignored":[],"dryRun":true,"plan":[{"action":"dismissAll"},{"action":"selectTab","tab":"settings"},{"action":"open","screen":"account","params":{},"via":{"kind":"push"}}],"guarded":{"guard":"signedIn","screen":"account","redirect":"login"},"revision":2,"events":"# + String(decoding: plan.events.encodedJSON, as: UTF8.self) + "}")
        let notFound = try engine.call("nav.deeplink", ["url": "social://posts/abc?x=1"])
        guard case .deeplink(let outcome) = notFound.detail else { Issue.record("not a deep link"); return }
        #expect(text(outcome).hasSuffix(#""mode":"top","ignored":["x"],"notFound":true}"#))
    }

    @Test func theSessionAndItsChanges() throws {
        var session = Session(names: ["signedIn", "beta"])
        session.values[1] = true
        #expect(text(session) == #"{"flags":{"signedIn":false,"beta":true},"pending":null}"#)
        #expect(text(Session(names: [])) == #"{"flags":{},"pending":null}"#)
        session.pending = PendingRequest(
            request: RequestLabel(method: "nav.deeplink", params: ["url": "social://settings/account"]),
            operation: .deeplink(url: "social://settings/account", dryRun: false), guardName: "signedIn", screen: "account",
            redirect: RedirectInstance(to: "login", screen: ScreenID(5), flow: FlowID(6)))
        let pending = #"{"method":"nav.deeplink","params":{"url":"social://settings/account"},"guard":"signedIn","screen":"account","redirected":{"to":"login","screen":"s5","flow":"f6"}}"#
        #expect(text(session) == #"{"flags":{"signedIn":false,"beta":true},"pending":"# + pending + "}")
        let quiet = SessionChange(revision: 4, noop: true, resumed: nil, events: [], session: session)
        #expect(text(quiet) == #"{"revision":4,"flags":{"signedIn":false,"beta":true},"pending":"# + pending + #","noop":true,"events":[]}"#)
        session.pending = nil
        let resumedResult = OperationResult(revision: 5, events: [], noop: false, detail: .route(RouteOutcome(screen: ScreenID(8), flow: nil, via: AppliedTransition(kind: .push))))
        let resumed = SessionChange(
            revision: 5, noop: false, resumed: ResumedRequest(method: "nav.route", result: resumedResult),
            events: [.tabSelected(flow: FlowID(1), tab: 3, name: "settings")], session: session)
        #expect(text(resumed) == #"{"revision":5,"flags":{"signedIn":false,"beta":true},"pending":null,"resumed":{"method":"nav.route","result":{"screen":"s8","via":{"kind":"push"}}},"events":[{"type":"tabSelected","flow":"f1","tab":3,"name":"settings"}]}"#)
    }

    @Test func randomSequencesReadBack() {
        for (app, salt) in [(AppDefinition.sample, UInt64(11)), (handBuiltShopApp(), UInt64(12))] {
            let seed = 0x6A73_6F6E ^ salt
            var seeds = SplitMix64(seed: seed)
            var compared = 0
            for _ in 0..<150 {
                var engine = Navigator(definition: app, instance: "00000000")
                var model = ReferenceModel(app: app, limits: RefLimits())
                var generator = ModelOperationGenerator(app: app, seed: seeds.next())
                guard expectReadsBack(engine, "boot (seed \(seed))") else { return }
                for _ in 0..<40 {
                    let call = generator.next(for: model)
                    _ = model.perform(method: call.method, params: call.params)
                    guard let result = try? engine.perform(NavOperation(method: call.method, params: call.params)) else {
                        continue
                    }
                    guard expectReadsBack(result, "\(call.text) (seed \(seed))"), expectReadsBack(engine, call.text) else { return }
                    compared += 1
                }
            }
            #expect(compared > 1_000)
        }
    }

    @Test func deepLinksAndApplyReadBack() throws {
        var engine = Navigator(definition: .sample, instance: "00000000")
        let calls: [(String, JSONValue)] = [
            ("nav.deeplink", ["url": "social://chats/c9/messages/4"]),
            ("nav.deeplink", ["url": "social://friends", "dryRun": true]),
            ("nav.deeplink", ["url": "https://social.example.com/users/42/photos?utm=x&section=friends"]),
            ("nav.deeplink", ["url": "/users/42/photos"]),
            ("nav.deeplink", ["url": "social://posts/abc?x=1"]),
            ("nav.deeplink", ["url": "social://login"]),
            ("nav.apply", ["ops": [["method": "nav.dismissAll", "params": [:]],
                                   ["method": "nav.selectTab", "params": ["tab": "feed"]],
                                   ["method": "nav.popToRoot", "params": [:]],
                                   ["method": "nav.route", "params": ["to": "compose", "params": ["draft": "a \"quoted\"\n draft"]]],
                                   ["method": "nav.close", "params": [:]],
                                   ["method": "nav.route", "params": ["to": "post", "params": ["postId": 7]]]]]),
            ("nav.route", ["to": "profile", "params": ["userId": 3], "transition": "push"]),
            ("nav.selectTab", ["tab": "chats"]),
            ("nav.selectTab", ["tab": "chats"]),
        ]
        for (method, params) in calls {
            let result = try engine.perform(NavOperation(method: method, params: params))
            #expect(expectReadsBack(result, "\(method) \(params)"))
            #expect(expectReadsBack(engine, "\(method) \(params)"))
        }
    }

    /// The result's bytes are canonical (the general writer writes what they read back as, the
    /// same bytes), its events spliced in already encoded are its events written in place, and
    /// the events read back through their decoder are the events.
    @discardableResult
    private func expectReadsBack(_ result: OperationResult, _ label: String) -> Bool {
        let written = result.encodedJSON
        let spliced = result.events.encodedJSON.withUnsafeBufferPointer { events in
            JSONBuffer.encode { result.writeJSON(into: &$0, encodedEvents: events) }
        }
        let value = result.jsonValue
        let events = value["events"]?.arrayValue?.map { try? NavEvent(json: $0) }
        let ok = JSONWriter.bytes(value) == written && spliced == written && events == result.events.map(Optional.some)
            && JSONWriter.bytes(.object(result.detailJSON)) == JSONWriter.bytes(.object(value.objectValue!.filtering { $0 != "revision" && $0 != "events" }))
        #expect(ok, "\(label)\n written: \(String(decoding: written, as: UTF8.self))")
        return ok
    }

    /// The state's bytes are canonical, with the tree spliced in or written in place, and the
    /// tree read back through its decoder is the tree.
    private func expectReadsBack(_ engine: Navigator, _ label: String) -> Bool {
        let written = JSONBuffer.encode { engine.writeStateJSON(into: &$0) }
        let spliced = JSONBuffer.encode { engine.writeStateJSON(into: &$0, encodedTree: engine.tree.encodedJSON) }
        let tree = try? NavigationTree(json: engine.tree.jsonValue)
        let ok = JSONWriter.bytes(engine.stateJSON) == written && spliced == written && tree == engine.tree
        #expect(ok, "state after \(label)\n written: \(String(decoding: written, as: UTF8.self))")
        return ok
    }
}

private extension JSONObject {
    func filtering(_ keep: (String) -> Bool) -> JSONObject {
        JSONObject(pairs.filter { keep($0.key) })
    }
}
