import NavJSON

extension Navigator {
    /// `{revision, instance, session, root}`: `nav.state`'s result. `encodedTree`, when given,
    /// is the tree already encoded (`tree.encodedJSON`), spliced in as it is.
    public func writeStateJSON(into out: inout JSONBuffer, encodedTree: [UInt8]? = nil) {
        JSONWriter.raw(#"{"revision":"#, into: &out)
        JSONWriter.writeInt(revision, into: &out)
        JSONWriter.raw(#","instance":"#, into: &out)
        JSONWriter.writeString(instance, into: &out)
        JSONWriter.raw(#","session":"#, into: &out)
        session.writeJSON(into: &out)
        JSONWriter.raw(#","root":"#, into: &out)
        if let encodedTree { out.append(encodedTree) } else { tree.writeJSON(into: &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// `writeStateJSON`'s bytes read back.
    public var stateJSON: JSONValue {
        JSONValue(writtenBy: { writeStateJSON(into: &$0) })
    }
}
