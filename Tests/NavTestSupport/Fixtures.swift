import Foundation
public import NavigationCore
public import NavProtocol
public import NavJSON

/// A navigator on the sample app with predictable ids and instance.
public func sampleNavigator() -> Navigator {
    Navigator(definition: AppDefinition.sample, instance: "00000000")
}

extension Navigator {
    /// Decodes and performs a method call as the daemon would; a refusal as the daemon answers it.
    public mutating func call(_ method: String, _ params: JSONValue = [:]) throws(RPCFailure) -> OperationResult {
        let operation = try NavOperation(method: method, params: params)
        do throws(NavError) {
            // Named as the daemon names requests, so that a guard can hold them.
            if requests == nil { requests = .jsonRPC }
            return try perform(operation)
        } catch {
            throw RPCFailure(error.namingSteps(of: operation))
        }
    }

    /// The error a call throws, or `nil`; checks that the state did not change.
    public mutating func failure(_ method: String, _ params: JSONValue = [:]) -> RPCFailure? {
        let before = (tree, revision)
        do {
            _ = try call(method, params)
            return nil
        } catch {
            precondition(tree == before.0 && revision == before.1, "a failed \(method) changed the state")
            return error
        }
    }
}

/// The shop app of `Tests/protocol/fixtures/shop-app.json`: a root stack, embedded flows.
public func shopDefinition() throws -> AppDefinition {
    let url = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    let path = "/" + url + "/protocol/fixtures/shop-app.json"
    return try AppDefinition.load(json: try String(contentsOfFile: path, encoding: .utf8)).definition
}
