import NavJSON

/// A screen instance's name and params, and what every event says of them, written once.
///
/// The text is the JSON an event carries between the screen's id and its flow's:
/// `","name":"post","params":{"postId":2},"flow":"f` (`NavEvent.write` puts the id's digits
/// before it and the flow's digits after it). Made when the screen node is made (the engine
/// opens a screen, a tree is read back) and never changed, so every event about the screen
/// copies it with one `memcpy` instead of writing its name and params again, and a
/// `ScreenRef` holds one reference instead of a string and an object. The params are kept as
/// their text too (a route's as the request gave them): the text is made from theirs with one
/// allocation, and `params` builds the object only for a reader that asks for it.
final class ScreenText: Sendable {
    let name: String
    /// Validated params with defaults filled, as text.
    let paramsText: JSONObjectText
    private let bytes: [UInt8]

    init(name: String, params: JSONObjectText) {
        self.name = name
        self.paramsText = params
        self.bytes = Self.text(name: name, params: params.bytes)
    }

    convenience init(name: String, params: JSONObject) {
        self.init(name: name, params: JSONObjectText(params))
    }

    /// Validated params with defaults filled.
    var params: JSONObject { paramsText.object }

    /// Appends the text (see the type).
    @inline(__always)
    func write(into out: inout JSONBuffer) {
        out.append(bytes)
    }

    /// Appends the params' text.
    @inline(__always)
    func writeParams(into out: inout JSONBuffer) {
        out.append(paramsText.bytes)
    }

    private static let head: StaticString = #"","name":""#
    private static let middle: StaticString = #"","params":"#
    private static let tail: StaticString = #","flow":"f"#

    /// The text of a screen named `name` with the params `params`: put together in place when
    /// the name needs no escape (every name a definition declares, nearly), else written.
    private static func text(name: String, params: [UInt8]) -> [UInt8] {
        var name = name
        let plain = name.withUTF8 { name -> [UInt8]? in
            for byte in name where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return nil }
            let count = head.utf8CodeUnitCount + name.count + middle.utf8CodeUnitCount + params.count + tail.utf8CodeUnitCount
            // Put together on the stack and copied into the array once: making the array
            // first (`init(unsafeUninitializedCapacity:)`, `init(repeating:count:)`) calls the
            // standard library's unspecialized allocation, four times as costly here.
            return withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { buffer in
                var at = buffer.baseAddress!
                func put(_ source: UnsafeRawPointer?, _ count: Int) {
                    guard count > 0, let source else { return }
                    at.copyMemory(from: source, byteCount: count)
                    at += count
                }
                put(head.utf8Start, head.utf8CodeUnitCount)
                put(name.baseAddress, name.count)
                put(middle.utf8Start, middle.utf8CodeUnitCount)
                params.withUnsafeBytes { put($0.baseAddress, $0.count) }
                put(tail.utf8Start, tail.utf8CodeUnitCount)
                return Array(buffer.assumingMemoryBound(to: UInt8.self))
            }
        }
        if let plain { return plain }
        var out = JSONBuffer(capacity: 64)
        JSONWriter.raw(#"","name":"#, into: &out)
        JSONWriter.writeString(name, into: &out)
        JSONWriter.raw(#","params":"#, into: &out)
        out.append(params)
        JSONWriter.raw(#","flow":"f"#, into: &out)
        return out.bytes
    }
}

extension ScreenText: Hashable {
    /// Equal when the names and params are (the text follows from them).
    static func == (lhs: ScreenText, rhs: ScreenText) -> Bool {
        lhs === rhs || (lhs.name == rhs.name && lhs.paramsText == rhs.paramsText)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(paramsText)
    }
}
