import Testing
@testable import NavJSON

@Suite struct JSONTests {
    @Test func numbersAreIntegersOnlyWithoutFractionOrExponent() throws {
        #expect(try JSONParser.parse("[7,42,0,-3,123456789012345678]") == .array([.int(7), .int(42), .int(0), .int(-3), .int(123456789012345678)]))
        #expect(try JSONParser.parse("[12.5,12e2,12E2,1.0]") == .array([.double(12.5), .double(1200), .double(1200), .double(1)]))
        #expect(try JSONParser.parse("1234567890123456789") == .int(1234567890123456789))
        #expect(try JSONParser.parse("12345678901234567890") == .double(1.2345678901234567e19))
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse("012") }
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse("12.") }
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse("12e") }
    }

    @Test func roundTripKeepsKeyOrderAndNumberKinds() throws {
        let text = #"{"b":1,"a":[true,false,null,1.5,-2,"x\"y\n\u00e9"],"c":{}}"#
        let value = try JSONParser.parse(text)
        #expect(value["b"] == .int(1))
        #expect(value["a"]?.arrayValue?[3] == .double(1.5))
        #expect(JSONWriter.string(value) == #"{"b":1,"a":[true,false,null,1.5,-2,"x\"y\né"],"c":{}}"#)
    }

    @Test func objectEqualityIgnoresOrder() throws {
        #expect(try JSONParser.parse(#"{"a":1,"b":2}"#) == JSONParser.parse(#"{"b":2,"a":1}"#))
    }

    /// An object made of members known to be distinct is the object the subscript builds: the
    /// same order, lookups, and (past the index threshold) the same indexed lookups and updates.
    @Test(arguments: [0, 2, JSONObject.indexThreshold, JSONObject.indexThreshold + 1, 40])
    func anObjectOfDistinctMembersIsTheOneTheSubscriptBuilds(count: Int) {
        let members = (0..<count).map { (key: "k\($0)", value: JSONValue.int($0)) }
        var built = JSONObject()
        for member in members { built[member.key] = member.value }
        var distinct = JSONObject(distinctMembers: members)
        #expect(distinct == built && distinct.keys == built.keys)
        for member in members { #expect(distinct[member.key] == member.value) }
        #expect(distinct["missing"] == nil)
        distinct["k0"] = .string("changed")
        distinct["new"] = .bool(true)
        #expect(distinct.count == count + (count == 0 ? 2 : 1) && distinct["new"] == .bool(true))
        #expect(count == 0 || distinct["k0"] == .string("changed"))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "\"abc", "tru", "[1 2]", "{\"a\" 1}",
        "\"\\ud800\"", "\"\\x\"", "\"a\u{01}\"", "1 2",
    ])
    func rejectsInvalidJSON(_ text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22]] {
            #expect(throws: JSONParser.Error(kind: .invalidUTF8, offset: 1, message: "invalid UTF-8")) {
                try JSONParser.parse(bytes)
            }
        }
    }

    @Test func decodesSurrogatePairsAndMultibyte() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00 ✓""#) == .string("😀 ✓"))
    }

    @Test func limitsNesting() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try JSONParser.parse(ok)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect { try JSONParser.parse(deep) } throws: { ($0 as? JSONParser.Error)?.kind == .tooDeep }
    }
}

@Suite struct JSONWriterNumberTests {
    @Test(arguments: [0, 1, -1, 9, 10, 42, -1_000_000, Int.max, Int.min, 1_234_567_890_123])
    func integersAreWrittenAsDecimalDigits(_ value: Int) {
        #expect(JSONWriter.string(.int(value)) == String(value))
    }

    @Test func stringsNeedingEscapesAndNot() {
        #expect(JSONWriter.string("plain é 漢") == "\"plain é 漢\"")
        #expect(JSONWriter.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
    }

    /// Every length of decimal text, both signs, the extremes.
    @Test func integersAreWrittenAsTheirDecimalText() {
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, -1, -9, -10, -12_345, Int.max, Int.min, Int.max - 1, Int.min + 1]
        values += (0..<19).map { Int(pow10: $0) } + (0..<19).map { Int(pow10: $0) - 1 } + (0..<19).map { -Int(pow10: $0) }
        for value in values {
            var out: [UInt8] = []
            JSONWriter.writeInt(value, into: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value))
        }
    }
}

private extension Int {
    init(pow10 exponent: Int) {
        self = (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
