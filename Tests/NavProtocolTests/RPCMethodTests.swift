import Testing
import NavigationCore
import NavProtocol

@Suite struct RPCMethodTests {
    @Test func everyMethodOfTheDesignInItsOrder() {
        #expect(RPCMethod.allCases.map(\.rawValue) == [
            "nav.state", "nav.subscribe", "nav.unsubscribe", "nav.route", "nav.close", "nav.popTo", "nav.popToRoot",
            "nav.dismissAll", "nav.selectTab", "flow.finish", "nav.apply", "nav.deeplink", "nav.url", "routes.list",
            "routes.resolve", "daemon.info", "daemon.hello", "rpc.discover", "nav.history", "nav.goto", "nav.reset",
            "session.set", "session.get", "event.emit", "events.listen",
        ])
        #expect(RPCNotification.allCases.map(\.rawValue) == ["nav.changed", "daemon.shutdown", "events.dropped"])
        #expect(RPCServerRequest.allCases.map(\.rawValue) == ["event.handle"])
        #expect(DaemonCause.allCases.map(\.rawValue) == ["daemon.start", "daemon.migrate"])
    }

    /// The operations are the mutating methods but `nav.goto`, `nav.reset`, `session.set` and
    /// `event.emit` (whose steps are operations, but which is not one), and each operation names
    /// its method.
    @Test func mutatingMethodsAreTheOperationsAndTimeTravel() {
        #expect(RPCMethod.allCases.filter(\.isOperation) == [
            .navRoute, .navClose, .navPopTo, .navPopToRoot, .navDismissAll, .navSelectTab, .flowFinish, .navApply, .navDeeplink,
        ])
        #expect(RPCMethod.allCases.filter(\.mutatesState) == RPCMethod.allCases.filter(\.isOperation) + [.navGoto, .navReset, .sessionSet, .eventEmit])
        let operations: [NavOperation] = [
            .route(RouteRequest(to: "a")), .close(screen: nil), .popTo(screen: .name("a")), .popToRoot(flow: nil), .dismissAll(),
            .selectTab(.index(0), flow: nil), .finishFlow(FlowID("f1")!), .apply([]), .deeplink(url: "x"),
        ]
        #expect(operations.map { RPCCall.operation($0).method } == RPCMethod.allCases.filter(\.isOperation))
    }

    /// A revision's cause copies a method's constant name between quotes as it is: each is the
    /// wire name, printable ASCII that JSON needs no escape for.
    @Test func constantNamesAreTheWireNamesAsJSONWritesThem() {
        func plain(_ name: StaticString) -> String? {
            let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        for method in RPCMethod.allCases { #expect(plain(method.name) == method.rawValue) }
        for cause in DaemonCause.allCases { #expect(plain(cause.name) == cause.rawValue) }
    }

    @Test func lookup() throws {
        for method in RPCMethod.allCases { #expect(RPCMethod(name: method.rawValue) == method) }
        #expect(RPCMethod(name: "nav.nope") == nil && RPCMethod(name: "nav.rout") == nil && RPCMethod(name: "nav.route ") == nil)
        #expect(RPCMethod(name: "") == nil)
        #expect(RPCFailure.methodNotFound("nav.nope").message == "method not found: 'nav.nope'")
        #expect(RPCFailure.methodNotFound("rpc.other").message
            == "method not found: 'rpc.other' (names beginning with 'rpc.' are reserved for JSON-RPC; navd has only rpc.discover)")
        #expect(RPCMethod.isReserved("rpc.discover") && RPCMethod.isReserved("rpc.") && !RPCMethod.isReserved("rpcx.a"))
    }
}
