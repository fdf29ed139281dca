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
