import NavJSON
/// The tree's one writer, and the instance ids it and the events write. Straight into the
/// buffer, without building a `JSONValue` tree first: `nav.state` and `nav.changed` carry the
/// tree, and writing it costs a fraction of building and then walking a value (which, where
/// one is wanted, is these bytes read back: `JSONWritable`).
extension JSONWriter {
    /// `"s12"`, `"f3"`: an instance id without making its String.
    @inline(__always)
    static func writeID(_ prefix: StaticString, _ number: Int, into out: inout JSONBuffer) {
        out.append(prefix)
        out.append(decimal: number)
        out.append(UInt8(ascii: "\""))
    }
}

extension ScreenID {
    @inline(__always)
    func writeJSON(into out: inout JSONBuffer) { JSONWriter.writeID(#""s"#, number, into: &out) }
}

extension FlowID {
    @inline(__always)
    func writeJSON(into out: inout JSONBuffer) { JSONWriter.writeID(#""f"#, number, into: &out) }
}

extension NavigationTree: JSONWritable {
    /// The root flow instance in the wire shape of docs/tree.md.
    public func writeJSON(into out: inout JSONBuffer) {
        var text: TreeTextWriter?
        writeFlow(rootFlow, into: &out, text: &text)
    }

    /// The tree is encoded once, to be spliced into several messages.
    public var encodedJSONCapacity: Int { 2048 }

    /// Nodes are read in place (`IDMap.read`): the subscript would copy each whole node,
    /// retaining and releasing every array and string it holds. With `text`, a flow is copied
    /// from an earlier text of the tree where it can be, and where each one lies is noted
    /// (`TreeText`).
    func writeFlow(_ id: FlowID, into out: inout JSONBuffer, text: inout TreeTextWriter?) {
        let start = out.count
        let opened = text?.open(id, at: start, into: &out)
        if case .copied = opened { return }
        let written: Void? = flows.read(id) { node in
            JSONWriter.raw(#"{"id":"#, into: &out)
            id.writeJSON(into: &out)
            JSONWriter.raw(#","flow":"#, into: &out)
            JSONWriter.writeString(node.pointee.name, into: &out)
            switch node.pointee.kind {
            case .stack, .single:
                out.append(node.pointee.kind == .stack ? #","kind":"stack","screens":["# : #","kind":"single","screens":["#)
                writeScreens(node.pointee.screens, into: &out, text: &text)
            case .tabs:
                out.append(#","kind":"tabs","selected":"#)
                JSONWriter.writeInt(node.pointee.selected, into: &out)
                JSONWriter.raw(#","tabs":["#, into: &out)
                node.pointee.tabs.withUnsafeBufferPointer { tabs in
                    for index in tabs.indices {
                        if index > 0 { out.append(UInt8(ascii: ",")) }
                        writeFlow(tabs[index], into: &out, text: &text)
                    }
                }
            }
            JSONWriter.raw(#"],"children":"#, into: &out)
            writeEmbeddedList(node.pointee.children, into: &out)
            JSONWriter.raw(#","presented":"#, into: &out)
            if let presented = node.pointee.presented {
                writeFlow(presented, into: &out, text: &text)
            } else {
                JSONWriter.raw("null", into: &out)
            }
            JSONWriter.raw(#","via":"#, into: &out)
            if let via = node.pointee.via { via.writeJSON(into: &out) } else { JSONWriter.raw("null", into: &out) }
            out.append(UInt8(ascii: "}"))
        }
        if written == nil { JSONWriter.raw("null", into: &out) }
        if case .writing(let outer) = opened { text!.leave(id, restoring: outer, start: start, end: out.count, written: written != nil) }
    }

    private func writeScreens(_ ids: [ScreenID], into out: inout JSONBuffer, text: inout TreeTextWriter?) {
        ids.withUnsafeBufferPointer { ids in
            for index in ids.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                let id = ids[index]
                if text?.copy(id, into: &out) == true { continue }
                let start = out.count
                writeScreen(id, into: &out)
                text?.wrote(id, start: start, end: out.count)
            }
        }
    }

    private func writeEmbeddedList(_ ids: [FlowID], into out: inout JSONBuffer) {
        out.append(UInt8(ascii: "["))
        ids.withUnsafeBufferPointer { ids in
            for index in ids.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                let child = ids[index]
                let written: Void? = flows.read(child) { node in
                    JSONWriter.raw(#"{"id":"#, into: &out)
                    child.writeJSON(into: &out)
                    JSONWriter.raw(#","flow":"#, into: &out)
                    JSONWriter.writeString(node.pointee.name, into: &out)
                    JSONWriter.raw(#","children":"#, into: &out)
                    writeEmbeddedList(node.pointee.children, into: &out)
                    out.append(UInt8(ascii: "}"))
                }
                if written == nil { JSONWriter.raw("null", into: &out) }
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    private func writeScreen(_ id: ScreenID, into out: inout JSONBuffer) {
        let written: Void? = screens.read(id) { node in
            JSONWriter.raw(#"{"id":"#, into: &out)
            id.writeJSON(into: &out)
            JSONWriter.raw(#","screen":"#, into: &out)
            JSONWriter.writeString(node.pointee.name, into: &out)
            JSONWriter.raw(#","params":"#, into: &out)
            node.pointee.text.writeParams(into: &out)
            JSONWriter.raw(#","flow":"#, into: &out)
            node.pointee.flow.writeJSON(into: &out)
            JSONWriter.raw(#","via":"#, into: &out)
            if let via = node.pointee.via { via.writeJSON(into: &out) } else { JSONWriter.raw("null", into: &out) }
            out.append(UInt8(ascii: "}"))
        }
        if written == nil { JSONWriter.raw("null", into: &out) }
    }
}
