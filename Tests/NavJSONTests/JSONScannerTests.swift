import Testing
@testable import NavJSON

/// `JSONScanner` is the one reader of JSON bytes: `JSONParser.parse` and the request decoder
/// both read through it. These tests cover what its callers walk by hand: objects member by
/// member, keys as bytes, strings read eight bytes at a time, and the errors it throws there.
@Suite struct JSONScannerTests {
    private func scan<T>(_ text: [UInt8], maxDepth: Int = 64, _ read: (inout JSONScanner) throws(JSONParser.Error) -> T) -> Result<T, JSONParser.Error> {
        text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: maxDepth)
            do throws(JSONParser.Error) {
                let value = try read(&scanner)
                try scanner.end()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    private func scan<T>(_ text: String, maxDepth: Int = 64, _ read: (inout JSONScanner) throws(JSONParser.Error) -> T) -> Result<T, JSONParser.Error> {
        scan(Array(text.utf8), maxDepth: maxDepth, read)
    }

    @Test func membersGetsEachKeyAsItsBytesInOrder() throws {
        var keys: [String] = []
        var values: [JSONValue] = []
        _ = try scan(#" { "a" : 1 , "b":2, "\u0063":[3], "é":"x", "a":4}"#) { (scanner) throws(JSONParser.Error) in
            try scanner.members(depth: 1) { (key, value) throws(JSONParser.Error) -> Bool in
                keys.append(String(decoding: key, as: UTF8.self))
                values.append(try value.value(depth: 2))
                return true
            }
        }.get()
        #expect(keys == ["a", "b", "c", "é", "a"])
        #expect(values == [1, 2, [3], "x", 4])
    }

    /// Malformed objects throw what `JSONParser.parse` throws for them, at the same byte.
    @Test(arguments: [
        (#"{"a":1,}"#, "expected a string key", 7), (#"{"a":1"#, "unexpected end of input in an object", 6),
        (#"{"a" 1}"#, "expected ':' after an object key", 5), ("{,}", "expected a string key", 1),
        (#"{"a":1 "b":2}"#, "expected ',' or '}' in an object", 7), (#"{"a":}"#, "unexpected character '}'", 5),
        (#"{"a\q":1}"#, "invalid escape", 4), ("{\"a\u{01}\":1}", "control character in a string", 3),
    ])
    func malformedObjects(_ text: String, _ message: String, _ offset: Int) {
        let walked = scan(text) { (scanner) throws(JSONParser.Error) in
            try scanner.members(depth: 1) { (_, value) throws(JSONParser.Error) -> Bool in
                _ = try value.value(depth: 2)
                return true
            }
        }
        guard case .failure(let error) = walked else {
            Issue.record("read: \(text)")
            return
        }
        #expect(error.message == message && error.offset == offset, "\(error)")
        #expect(throws: error) { try JSONParser.parse(text) }
    }

    @Test func depthIsCheckedAtTheBracket() {
        let deep = scan("[[1]]", maxDepth: 1) { (scanner) throws(JSONParser.Error) in try scanner.value(depth: 1) }
        guard case .failure(let error) = deep else {
            Issue.record("read past the depth limit")
            return
        }
        #expect(error.kind == .tooDeep && error.offset == 1 && error.path == [.index(0)])
    }

    /// A member refused by its reader is a duplicate key, at the key, whatever the value.
    @Test func aRefusedMemberIsADuplicateKey() throws {
        let refused = scan(#"{"a":1,  "b":{"c":2}}"#) { (scanner) throws(JSONParser.Error) in
            try scanner.members(depth: 1) { (key, value) throws(JSONParser.Error) -> Bool in
                _ = try value.value(depth: 2)
                return !key.equals("b")
            }
        }
        guard case .failure(let error) = refused else {
            Issue.record("not refused")
            return
        }
        #expect(error.kind == .duplicateKey("b") && error.offset == 9 && error.path == [])
        #expect(throws: JSONParser.Error(kind: .duplicateKey("a"), offset: 12, message: "duplicate key", path: [.key("x")])) {
            try JSONParser.parse(#"{"x":{"a":1,"a":2}}"#, duplicateKeys: .reject)
        }
        #expect(try JSONParser.parse(#"{"x":{"a":1,"a":2}}"#) == ["x": ["a": 2]])
    }

    /// `skipValue` checks exactly what `value` reads: on every text, valid or not, both end at
    /// the same byte or throw the same error at the same byte, nesting included.
    @Test(arguments: [
        #"{"a":[1,2.5,-3e2,{"b":null}],"c":"x\u00e9"}"#, #"[true,false,null,"",{}]"#, #""\ud83d\ude00""#, "0", "-0.0e+1",
        #"{"a":1,}"#, #"{"a" 1}"#, "[1,]", "[01]", "tru", "nul", #""\ud800""#, "\"a\u{01}\"", "[[[[1]]]]", "{\"a\":{\"b\":{\"c\":[]}}}",
        "1e999", "[1 2]", #"{"a":1 "b":2}"#, "\u{FF}", #"  {"a" : [ 1 , 2 ] }  "#, "{\"k\":\"\u{e9}\"}",
    ])
    func skipValueChecksWhatValueReads(_ text: String) {
        for maxDepth in [2, 3, 64] {
            let read = scan(text, maxDepth: maxDepth) { (scanner) throws(JSONParser.Error) in
                _ = try scanner.value(depth: 1)
                return scanner.index
            }
            let skipped = scan(text, maxDepth: maxDepth) { (scanner) throws(JSONParser.Error) in
                try scanner.skipValue(depth: 1)
                return scanner.index
            }
            #expect(read == skipped, "\(text) at depth \(maxDepth)")
        }
    }

    /// While a member's value is read, `keyOffset` is where its key begins, escaped or not; a
    /// refused escaped key is named decoded.
    /// Keys and names are compared a word at a time, in loads that overlap for lengths that
    /// are not a power of two: every length up to 40, the same bytes and a byte changed at each
    /// position (one bit, so that only that byte differs), inside a larger buffer.
    @Test func bytesAreComparedAtEveryLengthAndPosition() {
        let text = (0..<48).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        for count in 0...40 {
            text.withUnsafeBufferPointer { a in
                var other = [UInt8(ascii: "#")] + text
                let base = UnsafeRawPointer(a.baseAddress!)
                other.withUnsafeBufferPointer { b in
                    #expect(UnsafeBufferPointer<UInt8>.sameBytes(base, UnsafeRawPointer(b.baseAddress! + 1), count: count), "\(count)")
                }
                for position in 0..<count {
                    other[position + 1] ^= 0x10
                    other.withUnsafeBufferPointer { b in
                        #expect(!UnsafeBufferPointer<UInt8>.sameBytes(base, UnsafeRawPointer(b.baseAddress! + 1), count: count), "\(count) at \(position)")
                    }
                    other[position + 1] ^= 0x10
                }
            }
        }
        let key = Array("nav.selectTab".utf8)
        key.withUnsafeBufferPointer { key in
            #expect(key.equals("nav.selectTab"))
            #expect(!key.equals("nav.selectTaB") && !key.equals("Nav.selectTab") && !key.equals("nav.select") && !key.equals("nav.selectTabs"))
            #expect(UnsafeBufferPointer(rebasing: key[0..<0]).equals("") && !UnsafeBufferPointer(rebasing: key[0..<0]).equals("n"))
            #expect(UnsafeBufferPointer(rebasing: key[4..<10]).equals("select") && !UnsafeBufferPointer(rebasing: key[4..<10]).equals("selecT"))
        }
    }

    @Test func keyOffsetIsWhereTheMemberKeyBegins() throws {
        var offsets: [Int] = []
        _ = try scan(#"{"a":1, "\u0062":{"c":2},"d":3}"#) { (scanner) throws(JSONParser.Error) in
            try scanner.members(depth: 1) { (_, value) throws(JSONParser.Error) -> Bool in
                offsets.append(value.keyOffset)
                try value.skipValue(depth: 2)
                return true
            }
        }.get()
        #expect(offsets == [1, 8, 25])
        let refused = scan(#"{"\u0062":1}"#) { (scanner) throws(JSONParser.Error) in
            try scanner.members(depth: 1) { (_, value) throws(JSONParser.Error) -> Bool in
                try value.skipValue(depth: 2)
                return false
            }
        }
        #expect(throws: JSONParser.Error(kind: .duplicateKey("b"), offset: 1, message: "duplicate key")) { try refused.get() }
    }

    /// Strings are checked eight bytes at a time: every byte that ends, escapes or breaks a
    /// string, at every position of strings of every length, with and without bytes after it.
    @Test func stringsStopAtTheFirstSpecialByteWherever() {
        let specials: [UInt8] = [0x22, 0x00, 0x01, 0x1F, 0x20, 0x21, 0x7F, 0x80, 0xA0, 0xFF, 0x5B, 0x5D]
        var checked = 0
        for length in 1..<20 {
            for position in 0..<length {
                for special in specials {
                    for tail in [[], [0x22], Array(#"",":1}"#.utf8), Array(repeating: UInt8(0x41), count: 9)] as [[UInt8]] {
                        var body = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                        body[position] = special
                        let text: [UInt8] = [0x22] + body + tail
                        let read = text.withUnsafeBufferPointer { buffer -> Result<String, JSONParser.Error> in
                            var scanner = JSONScanner(buffer, maxDepth: 64)
                            do throws(JSONParser.Error) { return .success(try scanner.string()) } catch { return .failure(error) }
                        }
                        switch special {
                        case 0x22:
                            #expect(read == .success(String(decoding: body[..<position], as: UTF8.self)))
                        case 0x00..<0x20:
                            #expect(read == .failure(JSONParser.Error(kind: .syntax, offset: 1 + position, message: "control character in a string")))
                        case 0x80...:
                            #expect(read == .failure(JSONParser.Error(kind: .invalidUTF8, offset: 1 + position, message: "invalid UTF-8")))
                        default:
                            let closed = tail.first == 0x22
                            #expect((try? read.get()) == (closed ? String(decoding: body, as: UTF8.self) : nil), "\(text)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 5_000)
    }

    @Test func escapedStringsAreDecoded() throws {
        #expect(try scan(#""a\"b\\c\/\n\u00e9\ud83d\ude00""#) { (s) throws(JSONParser.Error) in try s.string() }.get() == "a\"b\\c/\né😀")
        #expect(try scan(#""plain words""#) { (s) throws(JSONParser.Error) in try s.string() }.get() == "plain words")
    }
}
