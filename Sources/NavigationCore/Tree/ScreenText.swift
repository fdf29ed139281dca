import NavJSON

/// A screen instance's name and params, and what every event says of them, written once.
///
/// The text is the JSON an event carries between the screen's id and its flow's:
/// `","name":"post","params":{"postId":2},"flow":"f` (`NavEvent.write` puts the id's digits
/// before it and the flow's digits after it). Made when the screen node is made (the engine
/// opens a screen, a tree is read back) and never changed, so every event about the screen
/// copies it with one `memcpy` instead of writing its name and params again, and a
/// `ScreenRef` holds one reference instead of a string and an object.
final class ScreenText: Sendable {
    let name: String
    /// Validated params with defaults filled.
    let params: JSONObject
    private let bytes: [UInt8]

    init(name: String, params: JSONObject) {
        var out = JSONBuffer(capacity: 64)
        JSONWriter.raw(#"","name":"#, into: &out)
        JSONWriter.writeString(name, into: &out)
        JSONWriter.raw(#","params":"#, into: &out)
        JSONWriter.write(params, into: &out)
        JSONWriter.raw(#","flow":"f"#, into: &out)
        self.name = name
        self.params = params
        self.bytes = out.bytes
    }

    /// Appends the text (see the type).
    @inline(__always)
    func write(into out: inout JSONBuffer) {
        out.append(bytes)
    }
}

extension ScreenText: Hashable {
    /// Equal when the names and params are (the text follows from them).
    static func == (lhs: ScreenText, rhs: ScreenText) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.params == rhs.params)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(params)
    }
}
