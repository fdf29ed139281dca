import NavJSON
/// Writing JSON straight from navd's own types, without building a `JSONValue` tree first: the
/// hot path (a mutation's result, its events, the tree in `nav.changed`) costs a fraction of
/// building and then walking the tree. Every `writeJSON` writes exactly the bytes
/// `JSONWriter.write(x.jsonValue)` writes (tests check it), keys in the same order.
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

extension AppliedTransition {
    /// `jsonValue`'s bytes.
    public func writeJSON(into out: inout JSONBuffer) {
        if isPlain {
            switch kind {
            case .push: JSONWriter.raw(#"{"kind":"push"}"#, into: &out)
            case .modal: JSONWriter.raw(#"{"kind":"modal"}"#, into: &out)
            case .modalWithNavigation: JSONWriter.raw(#"{"kind":"modalWithNavigation"}"#, into: &out)
            }
            return
        }
        writeMembers(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A built-in transition that did not fall back: its JSON is one of a few constants.
    var isPlain: Bool { name == nil && animator == nil && !fallback }

    /// `{"kind":…` up to, not including, the closing brace.
    func writeMembers(into out: inout JSONBuffer) {
        switch kind {
        case .push: out.append(#"{"kind":"push""#)
        case .modal: out.append(#"{"kind":"modal""#)
        case .modalWithNavigation: out.append(#"{"kind":"modalWithNavigation""#)
        }
        if let name {
            JSONWriter.raw(#","name":"#, into: &out)
            JSONWriter.writeString(name, into: &out)
        }
        if let animator {
            JSONWriter.raw(#","animator":"#, into: &out)
            JSONWriter.writeString(animator, into: &out)
        }
        if fallback { JSONWriter.raw(#","fallback":true"#, into: &out) }
    }
}

extension EventVia {
    /// `jsonValue`'s bytes: the transition's members, then its direction.
    public func writeJSON(into out: inout JSONBuffer) {
        guard transition.isPlain else {
            transition.writeMembers(into: &out)
            switch direction {
            case .push: out.append(#","direction":"push"}"#)
            case .pop: out.append(#","direction":"pop"}"#)
            case .present: out.append(#","direction":"present"}"#)
            case .dismiss: out.append(#","direction":"dismiss"}"#)
            }
            return
        }
        // The common case, a built-in transition, is one constant of twelve.
        let text: StaticString
        switch (transition.kind, direction) {
        case (.push, .push): text = #"{"kind":"push","direction":"push"}"#
        case (.push, .pop): text = #"{"kind":"push","direction":"pop"}"#
        case (.push, .present): text = #"{"kind":"push","direction":"present"}"#
        case (.push, .dismiss): text = #"{"kind":"push","direction":"dismiss"}"#
        case (.modal, .push): text = #"{"kind":"modal","direction":"push"}"#
        case (.modal, .pop): text = #"{"kind":"modal","direction":"pop"}"#
        case (.modal, .present): text = #"{"kind":"modal","direction":"present"}"#
        case (.modal, .dismiss): text = #"{"kind":"modal","direction":"dismiss"}"#
        case (.modalWithNavigation, .push): text = #"{"kind":"modalWithNavigation","direction":"push"}"#
        case (.modalWithNavigation, .pop): text = #"{"kind":"modalWithNavigation","direction":"pop"}"#
        case (.modalWithNavigation, .present): text = #"{"kind":"modalWithNavigation","direction":"present"}"#
        case (.modalWithNavigation, .dismiss): text = #"{"kind":"modalWithNavigation","direction":"dismiss"}"#
        }
        JSONWriter.raw(text, into: &out)
    }
}

extension NavEvent {
    /// `jsonValue`'s bytes. Constant runs (`{"type":"enter","screen":"s`) go out in one append.
    public func writeJSON(into out: inout JSONBuffer) {
        withUnsafePointer(to: self) { Self.write($0, into: &out) }
    }

    /// The event where it is stored. Shaped for speed: an event taken out of an array is a copy
    /// made through its value witness (every string and params object retained, then released,
    /// several hundred instructions); reading the cases through a pointer copies only the fields
    /// it binds.
    @inline(__always)
    static func write(_ event: UnsafePointer<NavEvent>, into out: inout JSONBuffer) {
        /// `head` ends with the screen id's `"s`; writes up to the flow id's digits (its closing
        /// quote goes out with what follows).
        @inline(__always)
        func screen(_ head: StaticString, _ ref: ScreenRef) {
            JSONWriter.raw(head, into: &out)
            JSONWriter.writeInt(ref.screen.number, into: &out)
            JSONWriter.raw(#"","name":"#, into: &out)
            JSONWriter.writeString(ref.name, into: &out)
            JSONWriter.raw(#","params":"#, into: &out)
            JSONWriter.write(ref.params, into: &out)
            JSONWriter.raw(#","flow":"f"#, into: &out)
            JSONWriter.writeInt(ref.flow.number, into: &out)
        }
        @inline(__always)
        func via(_ via: EventVia?) {
            JSONWriter.raw(#"","via":"#, into: &out)
            if let via { via.writeJSON(into: &out) } else { JSONWriter.raw("null", into: &out) }
            out.append(UInt8(ascii: "}"))
        }
        /// `head` ends with the flow id's `"f`; writes up to its digits.
        @inline(__always)
        func flow(_ head: StaticString, _ flow: FlowID) {
            JSONWriter.raw(head, into: &out)
            JSONWriter.writeInt(flow.number, into: &out)
        }
        switch event.pointee {
        case .willHide(let ref):
            screen(#"{"type":"willHide","screen":"s"#, ref)
            JSONWriter.raw(#""}"#, into: &out)
        case .willShow(let ref):
            screen(#"{"type":"willShow","screen":"s"#, ref)
            JSONWriter.raw(#""}"#, into: &out)
        case .exit(let ref, let eventVia):
            screen(#"{"type":"exit","screen":"s"#, ref)
            via(eventVia)
        case .enter(let ref, let eventVia):
            screen(#"{"type":"enter","screen":"s"#, ref)
            via(eventVia)
        case .flowFinished(let id, let name, let result):
            flow(#"{"type":"flowFinished","flow":"f"#, id)
            JSONWriter.raw(#"","name":"#, into: &out)
            JSONWriter.writeString(name, into: &out)
            JSONWriter.raw(#","result":"#, into: &out)
            JSONWriter.write(result, into: &out)
            out.append(UInt8(ascii: "}"))
        case .tabSelected(let id, let tab, let name):
            flow(#"{"type":"tabSelected","flow":"f"#, id)
            JSONWriter.raw(#"","tab":"#, into: &out)
            JSONWriter.writeInt(tab, into: &out)
            JSONWriter.raw(#","name":"#, into: &out)
            JSONWriter.writeString(name, into: &out)
            out.append(UInt8(ascii: "}"))
        case .flowStarted(let id, let name):
            flow(#"{"type":"flowStarted","flow":"f"#, id)
            JSONWriter.raw(#"","name":"#, into: &out)
            JSONWriter.writeString(name, into: &out)
            out.append(UInt8(ascii: "}"))
        case .pendingHeld, .pendingDropped:
            // Rare: the general writer.
            JSONWriter.write(event.pointee.jsonValue, into: &out)
        }
    }
}

extension [NavEvent] {
    /// The events as a JSON array: the bytes of `.array(map(\.jsonValue))`.
    public func writeJSON(into out: inout JSONBuffer) {
        out.append(UInt8(ascii: "["))
        withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return }
            for index in events.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                NavEvent.write(first + index, into: &out)
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The events array encoded once, to be spliced into a response and the notifications.
    public var encodedJSON: [UInt8] {
        var out = JSONBuffer(capacity: 192 * count + 2)
        writeJSON(into: &out)
        return out.bytes
    }
}

extension OperationResult {
    /// `jsonValue`'s bytes. `encodedEvents`, when given, is `events` already encoded
    /// (`[NavEvent].encodedJSON`) and is spliced in as it is.
    public func writeJSON(into out: inout JSONBuffer, encodedEvents: [UInt8]? = nil) {
        out.append(UInt8(ascii: "{"))
        var empty = true
        switch detail {
        case .route(let outcome):
            empty = false
            if let screen = outcome.screen {
                JSONWriter.raw(#""screen":"s"#, into: &out)
                JSONWriter.writeInt(screen.number, into: &out)
                JSONWriter.raw(#"","#, into: &out)
            }
            if let flow = outcome.flow {
                JSONWriter.raw(#""flow":"f"#, into: &out)
                JSONWriter.writeInt(flow.number, into: &out)
                JSONWriter.raw(#"","#, into: &out)
            }
            JSONWriter.raw(#""via":"#, into: &out)
            if let via = outcome.via { via.writeJSON(into: &out) } else { JSONWriter.raw("null", into: &out) }
            if outcome.via?.fallback == true { JSONWriter.raw(#","fallback":true"#, into: &out) }
        case .close(let closed, let finished):
            empty = false
            JSONWriter.raw(#""closed":["#, into: &out)
            for (index, id) in closed.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                id.writeJSON(into: &out)
            }
            JSONWriter.raw(#"],"finished":["#, into: &out)
            for (index, id) in finished.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                id.writeJSON(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .plain:
            break
        case .apply, .deeplink, .held:
            // Rarer and nested: their members go through the general writer.
            detailJSON.forEach { key, value in
                if !empty { out.append(UInt8(ascii: ",")) }
                empty = false
                JSONWriter.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                JSONWriter.write(value, into: &out)
            }
            // detailJSON already ends with noop when it is set.
            writeTail(into: &out, empty: empty, encodedEvents: encodedEvents)
            return
        }
        if noop {
            JSONWriter.raw(empty ? #""noop":true"# : #","noop":true"#, into: &out)
            empty = false
        }
        writeTail(into: &out, empty: empty, encodedEvents: encodedEvents)
    }

    private func writeTail(into out: inout JSONBuffer, empty: Bool, encodedEvents: [UInt8]?) {
        JSONWriter.raw(empty ? #""revision":"# : #","revision":"#, into: &out)
        JSONWriter.writeInt(revision, into: &out)
        JSONWriter.raw(#","events":"#, into: &out)
        if let encodedEvents { out.append(encodedEvents) } else { events.writeJSON(into: &out) }
        out.append(UInt8(ascii: "}"))
    }
}

extension NavigationTree {
    /// `jsonValue`'s bytes: the root flow instance in the wire shape.
    public func writeJSON(into out: inout JSONBuffer) {
        var text: TreeTextWriter?
        writeFlow(rootFlow, into: &out, text: &text)
    }

    /// The tree encoded once, to be spliced into several messages.
    public var encodedJSON: [UInt8] {
        var out = JSONBuffer(capacity: 2048)
        writeJSON(into: &out)
        return out.bytes
    }

    /// Nodes are read in place (`IDMap.read`): the subscript would copy each whole node,
    /// retaining and releasing every array and string it holds. With `text`, a flow is copied
    /// from an earlier text of the tree where it can be, and where each one lies is noted
    /// (`TreeText`).
    func writeFlow(_ id: FlowID, into out: inout JSONBuffer, text: inout TreeTextWriter?) {
        if text?.copy(id, into: &out) == true { return }
        let start = out.count
        let outer = text?.enter(id, at: start)
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
        if let outer { text!.leave(id, restoring: outer, start: start, end: out.count, written: written != nil) }
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
            JSONWriter.write(node.pointee.params, into: &out)
            JSONWriter.raw(#","flow":"#, into: &out)
            node.pointee.flow.writeJSON(into: &out)
            JSONWriter.raw(#","via":"#, into: &out)
            if let via = node.pointee.via { via.writeJSON(into: &out) } else { JSONWriter.raw("null", into: &out) }
            out.append(UInt8(ascii: "}"))
        }
        if written == nil { JSONWriter.raw("null", into: &out) }
    }
}

extension Navigator {
    /// `stateJSON`'s bytes; `encodedTree`, when given, is the tree already encoded.
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
}

extension Session {
    /// `jsonValue`'s bytes, written without building it: `nav.state` and every subscription
    /// carry it.
    public func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"flags":{"#, into: &out)
        for index in names.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(names[index], into: &out)
            JSONWriter.raw(values[index] ? ":true" : ":false", into: &out)
        }
        JSONWriter.raw(#"},"pending":"#, into: &out)
        if let pending { JSONWriter.write(pending.jsonValue, into: &out) } else { JSONWriter.raw("null", into: &out) }
        out.append(UInt8(ascii: "}"))
    }
}
