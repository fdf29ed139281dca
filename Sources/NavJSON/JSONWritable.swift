/// A value with one JSON shape and one writer: `writeJSON(into:)` appends its compact JSON
/// straight to a buffer, the bytes the wire carries.
///
/// Where a `JSONValue` of it is wanted (tests, clients, values that nest it), it comes from
/// those bytes read back (`JSONValue(writing:)`), never from a second encoder that would have
/// to be kept equal to the writer.
public protocol JSONWritable {
    func writeJSON(into out: inout JSONBuffer)

    /// About how many bytes `writeJSON` writes: the first capacity of the buffer `encodedJSON`
    /// writes into (256 unless the type knows better).
    var encodedJSONCapacity: Int { get }
}

extension JSONWritable {
    @inlinable public var encodedJSONCapacity: Int { 256 }

    /// The bytes `writeJSON` writes, encoded once to be spliced into several messages (the
    /// events and the tree of a revision: inlinable, so that the writer is called directly).
    @inlinable public var encodedJSON: [UInt8] {
        var buffer = JSONBuffer(capacity: encodedJSONCapacity)
        writeJSON(into: &buffer)
        return buffer.bytes
    }

    /// `JSONValue(writing: self)`: a write and a parse, for tests, clients and values that
    /// nest it; not for a request's hot path.
    public var jsonValue: JSONValue { JSONValue(writing: self) }
}

extension JSONValue {
    /// What `value`'s writer writes, read back.
    public init(writing value: some JSONWritable) {
        self.init(writtenBy: value.writeJSON)
    }

    /// What `write` writes (one JSON value), read back: `JSONValue(writing:)` for a writer that
    /// is not a type's own (a shape a type writes beside its main one).
    public init(writtenBy write: (inout JSONBuffer) -> Void) {
        var buffer = JSONBuffer()
        write(&buffer)
        do {
            self = try buffer.withUnsafeBytes { (bytes) throws(JSONParser.Error) -> JSONValue in
                try JSONParser.parse(bytes.assumingMemoryBound(to: UInt8.self), maxDepth: .max)
            }
        } catch {
            let text = buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
            preconditionFailure("navd: a writer wrote JSON that does not read back (\(error)): \(text)")
        }
    }
}

extension JSONWriter {
    /// `elements` as a JSON array, each written by its own writer.
    public static func writeArray<Element: JSONWritable>(_ elements: [Element], into out: inout JSONBuffer) {
        out.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            element.writeJSON(into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }
}
