import NavJSON

extension EventVia: JSONWritable {
    /// `{kind, name?, animator?, fallback?, direction}`: the transition's members, then its direction.
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

extension NavEvent: JSONWritable {
    /// `{type, …}` as it travels in results and `nav.changed` (docs/operations.md). Constant
    /// runs (`{"type":"enter","screen":"s`) go out in one append.
    public func writeJSON(into out: inout JSONBuffer) {
        withUnsafePointer(to: self) { Self.write($0, into: &out) }
    }

    /// The event where it is stored. Shaped for speed: an event taken out of an array is a copy
    /// made through its value witness (every string and params object retained, then released,
    /// several hundred instructions); reading the cases through a pointer copies only the fields
    /// it binds. Inlined into its two callers: called, it is not inlined into the array's loop,
    /// and its screen helper is called too (about 180 instructions per route/close).
    @inline(__always)
    static func write(_ event: UnsafePointer<NavEvent>, into out: inout JSONBuffer) {
        /// `head` ends with the screen id's `"s`; writes up to the flow id's digits (its closing
        /// quote goes out with what follows). The name and params between the two ids are the
        /// screen's text, written when its node was made (`ScreenText`).
        @inline(__always)
        func screen(_ head: StaticString, _ ref: ScreenRef) {
            JSONWriter.raw(head, into: &out)
            JSONWriter.writeInt(ref.screen.number, into: &out)
            ref.text.write(into: &out)
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
        case .pendingHeld(let method, let guardName, let screen):
            JSONWriter.raw(#"{"type":"pendingHeld","method":"#, into: &out)
            JSONWriter.writeString(method, into: &out)
            JSONWriter.raw(#","guard":"#, into: &out)
            JSONWriter.writeString(guardName, into: &out)
            JSONWriter.raw(#","screen":"#, into: &out)
            JSONWriter.writeString(screen, into: &out)
            out.append(UInt8(ascii: "}"))
        case .pendingDropped(let method, let reason):
            JSONWriter.raw(#"{"type":"pendingDropped","method":"#, into: &out)
            JSONWriter.writeString(method, into: &out)
            JSONWriter.raw(#","reason":"#, into: &out)
            JSONWriter.writeString(reason.name, into: &out)
            if let error = reason.errorJSON {
                JSONWriter.raw(#","error":"#, into: &out)
                JSONWriter.write(error, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

extension [NavEvent]: JSONWritable {
    /// The events as a JSON array, each read where it is stored (`NavEvent.write`).
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

    /// The events array is encoded once, to be spliced into a response and the notifications.
    public var encodedJSONCapacity: Int { 192 * count + 2 }
}
