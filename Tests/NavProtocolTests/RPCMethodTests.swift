import Testing
import NavigationCore
import NavProtocol

@Suite struct RPCMethodTests {
    @Test func everyMethodOfTheDesignInItsOrder() {
        #expect(RPCMethod.allCases.map(\.rawValue) == [
            "nav.state", "nav.subscribe", "nav.unsubscribe", "nav.route", "nav.close", "nav.popTo", "nav.popToRoot",
            "nav.dismissAll", "nav.selectTab", "flow.finish", "nav.apply", "nav.deeplink", "nav.url", "routes.list",
            "routes.resolve", "daemon.info", "daemon.hello", "rpc.discover",
        ])
        #expect(RPCNotification.allCases.map(\.rawValue) == ["nav.changed", "daemon.shutdown"])
    }

    /// The mutating methods are exactly those whose params NavigationCore decodes as operations.
    @Test func mutatingMethodsAreTheOperations() {
        #expect(RPCMethod.allCases.filter(\.mutatesState).map(\.rawValue) == NavOperation.methods)
    }

    @Test func lookup() throws {
        #expect(try RPCMethod.named("nav.route") == .navRoute)
        #expect(try RPCMethod.named("rpc.discover") == .rpcDiscover)
        #expect(throws: NavError.methodNotFound("nav.nope")) { try RPCMethod.named("nav.nope") }
        #expect(throws: NavError.methodNotFound("rpc.other")) { try RPCMethod.named("rpc.other") }
        #expect(NavError.methodNotFound("nav.nope").message == "method not found: 'nav.nope'")
        #expect(NavError.methodNotFound("rpc.other").message
            == "method not found: 'rpc.other' (names beginning with 'rpc.' are reserved for JSON-RPC; navd has only rpc.discover)")
        #expect(RPCMethod.isReserved("rpc.discover") && RPCMethod.isReserved("rpc.") && !RPCMethod.isReserved("rpcx.a"))
    }
}
