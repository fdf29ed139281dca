@testable import NavigationCore
import NavProtocol
@testable import NavJSON

/// A navigator on the sample app with predictable ids and instance.
func sampleNavigator() -> Navigator {
    Navigator(definition: AppDefinition.sample, instance: "00000000")
}

extension Navigator {
    /// Decodes and performs a method call as the daemon would.
    mutating func call(_ method: String, _ params: JSONValue = [:]) throws(NavError) -> OperationResult {
        let operation = try NavOperation(method: method, params: params)
        do throws(NavError) {
            // Named as the daemon names requests, so that a guard can hold them.
            if requests == nil { requests = .jsonRPC }
            return try perform(operation)
        } catch {
            throw error.namingSteps(of: operation)
        }
    }

    /// The error a call throws, or `nil`; checks that the state did not change.
    mutating func failure(_ method: String, _ params: JSONValue = [:]) -> NavError? {
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
func shopDefinition() throws -> AppDefinition {
    let url = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    let path = "/" + url + "/protocol/fixtures/shop-app.json"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw TreeInvariantViolation(message: "cannot read \(path)")
    }
    return try AppDefinition.load(json: text).definition
}
