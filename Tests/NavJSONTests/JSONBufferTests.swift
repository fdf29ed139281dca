import Testing
@testable import NavJSON
import NavRandom

/// `JSONBuffer` and the writers built on it must write the bytes a plain `[UInt8]` writer
/// writes: random append sequences against an array, random JSON values against a reference
/// writer made of Strings, integers against `String(_:)`.
@Suite struct JSONBufferTests {
    @Test func appendsMatchAnArrayWhateverTheGrowth() {
        var rng = SplitMix64(seed: testSeed("JSONBufferTests.appends"))
        for _ in 0..<300 {
            var buffer = JSONBuffer(capacity: Int.random(in: 0...40, using: &rng))
            var expected: [UInt8] = []
            for _ in 0..<Int.random(in: 0...200, using: &rng) {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0:
                    let byte = UInt8.random(in: 0...255, using: &rng)
                    buffer.append(byte)
                    expected.append(byte)
                case 1:
                    buffer.append(#","screen":"s"#)
                    expected += Array(#","screen":"s"#.utf8)
                case 2:
                    let bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                    buffer.append(bytes)
                    expected += bytes
                case 3:
                    let value = Int(truncatingIfNeeded: rng.next()) >> Int.random(in: 0...63, using: &rng)
                    buffer.append(decimal: value)
                    expected += Array(String(value).utf8)
                default:
                    if Int.random(in: 0..<20, using: &rng) == 0 {
                        buffer.removeAll()
                        expected.removeAll()
                    }
                }
                #expect(buffer.count == expected.count && buffer.capacity >= buffer.count)
            }
            #expect(buffer.bytes == expected)
            var appended: [UInt8] = [7]
            buffer.append(to: &appended)
            #expect(appended == [7] + expected)
        }
    }

    @Test func decimalsAreTheirStringForm() {
        var values = [0, 1, 9, 10, 99, 100, -1, -9, -10, -99, -100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
        }
        var rng = SplitMix64(seed: testSeed("JSONBufferTests.decimals"))
        values += (0..<2_000).map { _ in Int(truncatingIfNeeded: rng.next()) >> Int.random(in: 0...63, using: &rng) }
        for value in values {
            var buffer = JSONBuffer(capacity: 0)
            buffer.append(decimal: value)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func randomValuesAreWrittenLikeTheReferenceWriter() throws {
        var rng = SplitMix64(seed: testSeed("JSONBufferTests.values"))
        for _ in 0..<2_000 {
            let value = randomValue(depth: 0, using: &rng)
            let written = JSONWriter.bytes(value)
            let expected = Array(reference(value).utf8)
            #expect(written == expected, "\(reference(value))")
            var appended: [UInt8] = [UInt8(ascii: "x")]
            JSONWriter.write(value, into: &appended)
            #expect(appended == [UInt8(ascii: "x")] + expected)
            // What is written parses back to the same value (doubles aside, whose text rounds).
            if !containsDouble(value) { #expect(try JSONParser.parse(written) == value) }
        }
    }

    @Test func stringsAreEscapedLikeTheReferenceWriter() {
        var rng = SplitMix64(seed: testSeed("JSONBufferTests.strings"))
        for _ in 0..<2_000 {
            let string = randomString(using: &rng)
            var buffer = JSONBuffer(capacity: 0)
            JSONWriter.writeString(string, into: &buffer)
            #expect(buffer.bytes == Array(referenceString(string).utf8))
            var array: [UInt8] = []
            JSONWriter.writeString(string, into: &array)
            #expect(array == buffer.bytes)
        }
    }

    /// Strings are checked eight bytes at a time: every length around the word size, with
    /// each kind of byte at every position.
    @Test func everyPositionOfEveryLengthIsChecked() {
        let specials: [String] = ["\u{0}", "\u{1F}", "\"", "\\", "\n", " ", "!", "#", "[", "]", "\u{7F}", "é", "😀", "漢"]
        for length in 0...40 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    var scalars = Array(repeating: "a", count: length)
                    if length > 0 { scalars[position] = special }
                    let string = scalars.joined()
                    var buffer = JSONBuffer(capacity: 0)
                    buffer.append(UInt8(ascii: "x"))
                    JSONWriter.writeString(string, into: &buffer)
                    #expect(buffer.bytes == [UInt8(ascii: "x")] + Array(referenceString(string).utf8), "\(length) \(position) \(special.debugDescription)")
                }
            }
        }
    }

    /// Short strings are assembled from overlapping loads: distinct bytes show any byte put
    /// in the wrong place, whatever room the buffer has left.
    @Test func shortStringsKeepEveryByteInPlace() {
        let letters = Array("abcdefghijklmnop")
        for length in 0...16 {
            for special in [nil, "\"", "\u{1}", "é"] as [String?] {
                for position in 0..<max(length, 1) {
                    var scalars = letters.prefix(length).map(String.init)
                    if let special, length > 0 { scalars[position] = special }
                    let string = scalars.joined()
                    for room in 0..<12 {
                        var buffer = JSONBuffer(capacity: 16)
                        for _ in 0..<(16 - room) { buffer.append(UInt8(ascii: "x")) }
                        JSONWriter.writeString(string, into: &buffer)
                        buffer.append(UInt8(ascii: "y"))
                        let expected = Array(repeating: UInt8(ascii: "x"), count: 16 - room) + Array(referenceString(string).utf8) + [UInt8(ascii: "y")]
                        #expect(buffer.bytes == expected, "\(string.debugDescription) room \(room)")
                    }
                    if special == nil { break }
                }
            }
        }
    }

    // MARK: - Random values and the reference writer

    private func randomValue(depth: Int, using rng: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<(depth < 3 ? 8 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(Int(truncatingIfNeeded: rng.next()) >> Int.random(in: 0...63, using: &rng))
        case 3:
            let doubles: [Double] = [0, -0.0, 1.5, -2.25, 1e15, 1e16, 123456789.0, 0.1, .infinity, -.infinity, .nan, 1e-7, 5e300]
            return .double(Bool.random(using: &rng) ? doubles.randomElement(using: &rng)! : Double.random(in: -1e6...1e6, using: &rng))
        case 4, 5: return .string(randomString(using: &rng))
        case 6: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(depth: depth + 1, using: &rng) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                object[randomString(using: &rng)] = randomValue(depth: depth + 1, using: &rng)
            }
            return .object(object)
        }
    }

    private func randomString(using rng: inout SplitMix64) -> String {
        let pieces = ["a", "postId", "é", "漢", "😀", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", "\u{7F}", " ", "/", "feedList"]
        return (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    private func containsDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .double: return true
        case .array(let array): return array.contains(where: containsDouble)
        case .object(let object): return object.pairs.contains { containsDouble($0.value) }
        default: return false
        }
    }

    private func reference(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d):
            guard d.isFinite else { return "null" }
            return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) + ".0" : String(d)
        case .string(let s): return referenceString(s)
        case .array(let array): return "[" + array.map(reference).joined(separator: ",") + "]"
        case .object(let object):
            return "{" + object.pairs.map { referenceString($0.key) + ":" + reference($0.value) }.joined(separator: ",") + "}"
        }
    }

    private func referenceString(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
