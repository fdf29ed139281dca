import Testing
@testable import NavigationCore
@testable import NavJSON
import NavFixtures

/// `JSONScanner` reads only plain JSON and `NavOperation.init?(scanning:…)` only plain params;
/// whatever they accept must read as `JSONParser` and `NavOperation(method:params:)` read it.
@Suite struct JSONScannerTests {
    private func scan<T>(_ text: String, maxDepth: Int = 64, _ read: (inout JSONScanner) -> T?) -> T? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: maxDepth)
            guard let value = read(&scanner), scanner.isAtEnd() else { return nil }
            return value
        }
    }

    @Test func readsPlainValuesAndDeclinesTheRest() {
        #expect(scan(" 42 ") { $0.int() } == 42)
        #expect(scan("-0") { $0.int() } == 0)
        #expect(scan("-123456789012345678") { $0.int() } == -123456789012345678)
        for declined in ["1234567890123456789", "01", "1.0", "1e3", "-", "", "+1", "1E3", "0x1"] {
            #expect(scan(declined) { $0.int() } == nil, "\(declined)")
        }
        #expect(scan(#""a b~""#) { $0.string() } == "a b~")
        #expect(scan(#""""#) { $0.string() } == "")
        for declined in [#""a\"b""#, #""é""#, "\"a\u{01}\"", #""open"#, "'a'", "a"] {
            #expect(scan(declined) { $0.string() } == nil, "\(declined)")
        }
        #expect(scan("true") { $0.bool() } == true)
        #expect(scan(" false") { $0.bool() } == false)
        #expect(scan("nul") { $0.null() ? true : nil } == nil)
        #expect(scan(#"{"a":[1,{"b":"\u00e9"}]}"#) { $0.value(depth: 1) } == ["a": [1, ["b": "é"]]])
        #expect(scan("[[1]]", maxDepth: 1) { $0.value(depth: 1) } == nil)
    }

    @Test func membersReadsEachKeyOnceInOrder() {
        var keys: [String] = []
        let read = scan(#" { "a" : 1 , "b":2}"#) { scanner in
            scanner.members(depth: 1) { key, value in
                keys.append(String(decoding: key, as: UTF8.self))
                return value.int() != nil
            } ? true : nil
        }
        #expect(read == true && keys == ["a", "b"])
        #expect(scan("{}") { $0.members(depth: 1) { _, _ in false } ? true : nil } == true)
        for declined in [#"{"a":1,}"#, #"{"a":1"#, #"{"a" 1}"#, #"{,}"#, "{}", #"{"\u0061":1}"#] {
            #expect(scan(declined, maxDepth: declined == "{}" ? 0 : 64) { scanner in
                scanner.members(depth: 1) { _, value in value.int() != nil } ? true : nil
            } == nil, "\(declined)")
        }
    }

    /// `rawString` checks eight bytes at a time: every byte that ends or declines a string,
    /// at every position of strings of every length, with and without bytes after the string.
    @Test func rawStringsStopAtTheFirstSpecialByteWherever() {
        func reference(_ bytes: [UInt8]) -> [UInt8]? {
            guard bytes.first == UInt8(ascii: "\"") else { return nil }
            for (i, byte) in bytes.enumerated().dropFirst() {
                if byte == UInt8(ascii: "\"") { return Array(bytes[1..<i]) }
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            }
            return nil
        }
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x1F, 0x20, 0x21, 0x7F, 0x80, 0xA0, 0xC3, 0xFF, 0x5B, 0x5D]
        var checked = 0
        for length in 0..<20 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    for tail in [[], [0x22], Array(#"",":1}"#.utf8), Array(repeating: UInt8(0x41), count: 9)] as [[UInt8]] {
                        var body = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                        if length > 0 { body[position] = special }
                        let text: [UInt8] = [0x22] + body + tail
                        let read = text.withUnsafeBufferPointer { buffer -> [UInt8]? in
                            var scanner = JSONScanner(buffer, maxDepth: 64)
                            return scanner.rawString().map(Array.init)
                        }
                        #expect(read == reference(text), "\(text)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 5_000)
    }

    /// `flatObject` reads exactly what the parser reads (a repeated key included), and
    /// declines anything else without moving.
    @Test func flatObjectsReadAsTheParserReadsThem() throws {
        let accepted = [
            "{}", " { } ", #"{"postId":7}"#, #"{"a":1,"b":"x","c":true,"d":false,"e":null}"#, #"{ "a" : -0 , "b" : "" }"#,
            #"{"n":-123456789012345678}"#, #"{"ab":1,"a":2,"b":3}"#,
            "{" + (0..<20).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}",
        ]
        for text in accepted {
            let parsed = try JSONParser.parse(text, maxDepth: 64)
            let scanned = scan(text) { $0.flatObject(depth: 1) }
            #expect(scanned.map(JSONValue.object) == parsed && parsed == scanned.map(JSONValue.object), "\(text)")
            for key in parsed.objectValue?.keys ?? [] { #expect(scanned?[key] == parsed.objectValue?[key], "\(text) \(key)") }
            #expect(scanned?.keys == parsed.objectValue?.keys, "\(text)")
        }
        let declined = [
            #"{"a":{"b":1}}"#, #"{"a":[1]}"#, #"{"a":1.5}"#, #"{"a":1e3}"#, #"{"a":"\n"}"#, #"{"é":1}"#,
            #"{"a":1234567890123456789}"#, #"{"a":1,}"#, #"{"a":1,"a":2}"#, #"{"a":1,"b":2,"a":"3"}"#, #"{"a":1"#, #"{"a":tru}"#, "[]", #""a""#, "{}x",
        ]
        for text in declined {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer, maxDepth: 64)
                let object = scanner.flatObject(depth: 1)
                if text == "{}x" {
                    #expect(object == [:] && !scanner.isAtEnd())
                } else {
                    #expect(object == nil && scanner.index == 0, "\(text)")
                }
            }
        }
        #expect(scan("{}", maxDepth: 0) { $0.flatObject(depth: 1) } == nil)
    }

    /// Random calls of the model-based tests (valid and wrong ones): every scanned params
    /// object decodes to the operation the general path decodes, keys in the same order.
    @Test func scannedParamsDecodeAsTheGeneralPathDecodes() {
        var scanned = 0
        var seeds = SplitMix64(seed: 0x5CA7)
        for _ in 0..<60 {
            var model = ReferenceModel(app: .sample, limits: RefLimits())
            var generator = ModelOperationGenerator(app: .sample, seed: seeds.next())
            for _ in 0..<50 {
                let call = generator.next(for: model)
                _ = model.perform(method: call.method, params: call.params)
                let method: NavOperation.ScannableMethod
                switch call.method {
                case "nav.route": method = .route
                case "nav.close": method = .close
                case "nav.selectTab": method = .selectTab
                default: continue
                }
                let operation = scan(JSONWriter.string(call.params)) { NavOperation(scanning: method, params: &$0, depth: 2) }
                guard let operation else { continue }
                scanned += 1
                do throws(NavError) {
                    let decoded = try NavOperation(method: call.method, params: call.params)
                    #expect(decoded == operation && String(reflecting: decoded) == String(reflecting: operation), "\(call.text)")
                } catch {
                    Issue.record("scanned, but refused by the general path (\(error)): \(call.text)")
                }
            }
        }
        #expect(scanned > 1000)
    }
}
