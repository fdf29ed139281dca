import Testing
@testable import NavJSON

/// `JSONObjectText` keeps a route's params as the bytes the client sent when they are what
/// `JSONWriter` writes for the object, and writes the object otherwise: either way its bytes
/// must be exactly the writer's, or a screen's events would say its params differently
/// depending on how a client spaced or ordered them.
@Suite struct JSONObjectTextTests {
    /// The text taken from `json` as received (nil when it is not compact), the scanner's
    /// position after it, and the text written from the object `json` parses to.
    private func read(_ json: String) throws -> (taken: [UInt8]?, after: Int, written: [UInt8]) {
        let bytes = Array(json.utf8)
        let taken = bytes.withUnsafeBufferPointer { buffer -> ([UInt8]?, Int) in
            var scanner = JSONScanner(buffer, maxDepth: 64)
            let text = JSONObjectText(compact: &scanner)
            return (text?.bytes, scanner.index)
        }
        guard case .object(let object) = try JSONParser.parse(bytes) else { throw JSONParser.Error(kind: .syntax, offset: 0, message: "not an object") }
        return (taken.0, taken.1, JSONObjectText(object).bytes)
    }

    @Test(arguments: [
        #"{}"#, #"{"postId":2}"#, #"{"a":"x y","b":-15,"c":0,"d":true,"e":false,"f":null}"#,
        #"{"n":123456789012345678}"#, #"{"s":"~!@#$%^&*()_+{}|:<>?/.,;'[]=-`"}"#,
        #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8}"#,
    ])
    func aCompactObjectIsTakenAsItIsAndIsWhatTheWriterWrites(json: String) throws {
        let read = try read(json)
        #expect(read.taken == Array(json.utf8))
        #expect(read.after == json.utf8.count)
        #expect(read.written == Array(json.utf8))
    }

    @Test(arguments: [
        // Spaces, escapes, repeated keys, nesting, other numbers, other text: written instead.
        (#"{ "a":1}"#, #"{"a":1}"#), (#"{"a" :1}"#, #"{"a":1}"#), (#"{"a":1 }"#, #"{"a":1}"#), (#"{"a":1, "b":2}"#, #"{"a":1,"b":2}"#),
        (#"{"\u0061":1}"#, #"{"a":1}"#), (#"{"a":"\/"}"#, #"{"a":"/"}"#), (#"{"a":"é"}"#, #"{"a":"é"}"#),
        (#"{"a":1,"a":2}"#, #"{"a":2}"#), (#"{"ab":1,"b":2,"ab":3}"#, #"{"ab":3,"b":2}"#),
        (#"{"a":{}}"#, #"{"a":{}}"#), (#"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"{"a":1.0}"#, #"{"a":1.0}"#), (#"{"a":1e2}"#, #"{"a":100.0}"#), (#"{"a":-0}"#, #"{"a":0}"#),
        (#"{"a":1234567890123456789}"#, #"{"a":1234567890123456789}"#),
        (#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}"#, #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}"#),
    ])
    func anyOtherObjectIsWrittenFromItsValue(json: String, written: String) throws {
        let read = try read(json)
        #expect(read.taken == nil)
        #expect(read.after == 0, "the scanner stays before a value it does not take")
        #expect(read.written == Array(written.utf8))
    }

    @Test func onlyAnObjectIsTaken() {
        for json in [#"[1]"#, #""a""#, "1", "null", " {}"] {
            let bytes = Array(json.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer, maxDepth: 64)
                #expect(JSONObjectText(compact: &scanner) == nil, "\(json)")
            }
        }
    }

    @Test func equalityAndHashingAreTheObjects() {
        let ab = JSONObjectText(["a": 1, "b": "x"])
        let ba = JSONObjectText(["b": "x", "a": 1])
        #expect(ab.bytes != ba.bytes)
        #expect(ab == ba && ab.hashValue == ba.hashValue)
        #expect(ab != JSONObjectText(["a": 1, "b": "y"]))
        #expect(ab.object == ["a": 1, "b": "x"])
        #expect(JSONObjectText().isEmpty && JSONObjectText().bytes == Array("{}".utf8) && JSONObjectText().object.isEmpty)
        #expect(JSONObjectText([:]) == JSONObjectText())
    }
}
