public import NavigationCore
public import NavJSON

extension RPCCall {
    /// The call `method` with these params names, read from a value the way a request's params
    /// are read (a past revision's cause, as `nav.history` gives it back): the error a request
    /// with those params would get when they do not decode.
    public init(method: RPCMethod, params: JSONValue?) throws(NavError) {
        self = try Params.reading(names: method.fields, params) { (fields) throws(NavError) in
            try RPCCall.decode(method, &fields)
        }
    }
}
