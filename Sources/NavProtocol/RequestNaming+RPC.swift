public import NavigationCore
internal import NavJSON

extension RequestNaming {
    /// Operations named as the requests that ask for them (`RPCMethod(operation)`, `requestParams`),
    /// and read back by the params decoder every request goes through: a held request is
    /// reported, stored and resumed as the method and params a client would send.
    public static let jsonRPC = RequestNaming(
        label: { operation in RequestLabel(method: RPCMethod(operation).rawValue, params: operation.requestParams) },
        operation: { request in try? NavOperation(method: request.method, params: .object(request.params)) })
}
