import Testing
@testable import NavJSON

/// The one generic path from a type's writer to a `JSONValue`: the bytes read back.
@Suite struct JSONWritableTests {
    /// A shape written by hand, as navd's types write theirs.
    private struct Point: JSONWritable {
        var x: Int
        var label: String?
        var tags: [String]

        func writeJSON(into out: inout JSONBuffer) {
            JSONWriter.raw(#"{"x":"#, into: &out)
            JSONWriter.writeInt(x, into: &out)
            JSONWriter.raw(#","label":"#, into: &out)
            JSONWriter.writeString(label, into: &out)
            JSONWriter.raw(#","tags":["#, into: &out)
            for (index, tag) in tags.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(tag, into: &out)
            }
            JSONWriter.raw("]}", into: &out)
        }
    }

    @Test func aValueIsItsWritersBytesReadBack() {
        let point = Point(x: -12, label: "a \"b\"\n\u{1}é", tags: ["t", ""])
        #expect(String(decoding: point.encodedJSON, as: UTF8.self) == #"{"x":-12,"label":"a \"b\"\n\u0001é","tags":["t",""]}"#)
        let value = JSONValue(writing: point)
        #expect(value == ["x": -12, "label": "a \"b\"\n\u{1}é", "tags": ["t", ""]])
        #expect(value.objectValue?.keys == ["x", "label", "tags"], "keys in the writer's order")
        #expect(point.jsonValue == value)
        #expect(JSONWriter.bytes(value) == point.encodedJSON)
        #expect(JSONValue(writing: Point(x: 0, label: nil, tags: [])) == ["x": 0, "label": nil, "tags": []])
    }

    @Test func numbersKeepTheirKindsThroughTheBytes() {
        let numbers: [JSONValue] = [.int(1), .double(1), .double(2.5), .double(-0.0), .double(1e300), .int(.max), .int(.min)]
        let value = JSONValue(writtenBy: { JSONWriter.write(.array(numbers), into: &$0) })
        #expect(value == .array(numbers))
        #expect(value[1] == .double(1) && value[1] != .int(1), "1.0 stays a double")
    }

    /// Deeper than a request may nest: a navd value (a tree thousands of modals deep) is read
    /// back whole.
    @Test func aDeepValueReadsBack() {
        let depth = 1_000
        let value = JSONValue(writtenBy: { out in
            for _ in 0..<depth { JSONWriter.raw(#"{"p":"#, into: &out) }
            JSONWriter.raw("null", into: &out)
            for _ in 0..<depth { out.append(UInt8(ascii: "}")) }
        })
        var level = 0
        var node = value
        while case .object(let object) = node, let next = object["p"] {
            level += 1
            node = next
        }
        #expect(level == depth && node == .null)
    }
}
