public import NavJSON

extension RPCFailure: JSONWritable {
    /// `{code, message, data}`: a JSON-RPC error object (a failure's `error`, and the `error`
    /// of a `routes.resolve` that would fail).
    public func writeJSON(into out: inout JSONBuffer) {
        out.append(#"{"code":"#)
        out.append(decimal: code.rawValue)
        out.append(#","message":"#)
        JSONWriter.writeString(message, into: &out)
        out.append(#","data":"#)
        JSONWriter.write(data, into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
