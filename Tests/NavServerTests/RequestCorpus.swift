import Foundation
import NavigationCore
import NavJSON

/// Request lines for checking the request decoder's answers against recorded ones: every line
/// the transcripts send, lines built from the hot methods in plain and unusual forms, and
/// mutations of all of them (a byte deleted, replaced or inserted; the line cut short).
enum RequestCorpus {
    /// Every `send` (written compactly, as the e2e harness sends it) and `sendRaw` of
    /// `Protocol/transcripts`.
    static func transcriptLines() -> [[UInt8]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = root.appendingPathComponent("Protocol/transcripts")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var lines: [[UInt8]] = []
        for file in files.sorted() where file.hasSuffix(".jsonl") {
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else { continue }
            for step in text.split(separator: "\n") {
                guard let value = try? JSONParser.parse(String(step)) else { continue }
                if let message = value["send"] {
                    lines.append(JSONWriter.bytes(message))
                } else if let raw = value["sendRaw"]?.stringValue {
                    lines.append(Array(raw.utf8))
                }
            }
        }
        return lines
    }

    static let ids = [
        "1", "-7", "0", "-0", "42", #""a""#, #""x y""#, "null", "1.5", "1e2", "2.0", "01",
        "123456789012345678", "1234567890123456789", "9223372036854775808", "-9223372036854775809",
        #""\u0041""#, #""é""#, "true", "[]", "{}", #""""#,
    ]

    static let params: [(method: String, params: [String])] = [
        ("nav.route", [
            #"{"to":"post","params":{"postId":1}}"#, #"{"to":"post","params":{"postId":12,"extra":[1,{"a":null}]}}"#,
            #"{"to":"profile","params":{"userId":"u1"}}"#, #"{"to":"compose"}"#, #"{"to":"post"}"#,
            #"{"to":"post","params":{"postId":1},"transition":"zoom"}"#, #"{"to":"post","params":{"postId":1},"singleTop":true}"#,
            #"{"to":"post","params":{"postId":1},"singleTop":false,"expectRevision":1}"#,
            #"{"to":"post","params":{"postId":1},"from":"s2"}"#, #"{"to":"post","params":{"postId":1},"from":"x2"}"#,
            #"{"to":"post","params":{"postId":1},"from":"s02"}"#, #"{"to":"post","params":{"postId":1},"expectRevision":null}"#,
            #"{"to":null}"#, #"{"to":5}"#, #"{"to":"post","params":null}"#, #"{"to":"post","params":[]}"#,
            #"{"to":"post","params":{"postId":1},"popTo":{"screen":"feedList"}}"#, #"{"to":"post","bogus":1}"#,
            #"{"to":"post","to":"profile","params":{"postId":1}}"#, #"{"to":"post","params":{"postId":1},"params":{"postId":2}}"#,
            #"{"to":"teleporter"}"#, #"{"to":"settingsHome"}"#, #"{"to":"p\u006fst","params":{"postId":1}}"#,
            #"{"to":"post","params":{"postId":1,"postId":2}}"#, #"{"to":"post","params":{"a":"x","b":true,"c":null,"d":-3,"e":false}}"#,
            #"{"to":"post","params":{ "postId" : 7 , "note" : "a b" }}"#, #"{"to":"post","params":{}}"#,
            #"{"to":"post","params":{"postId":1.0}}"#, #"{"to":"post","params":{"postId":"five"}}"#,
            #"{"to":"post","params":{"postId":[[[[[[[[1]]]]]]]]}}"#, #"{"params":{"postId":1},"to":"post"}"#,
            #"{"to":"post","params":{"postId":1},"expectRevision":1.5}"#, #"{"to":"post","singleTop":null}"#,
            #"{"to":"post","params":{"postId":1},"transition":null}"#, #"{"to":"chat"}"#, "{}", "[]", "null", #""x""#,
        ]),
        ("nav.close", [
            "{}", #"{"screen":"s2"}"#, #"{"screen":"s999"}"#, #"{"screen":"2"}"#, #"{"screen":null}"#,
            #"{"expectRevision":3}"#, #"{"expectRevision":-1}"#, #"{"screen":"s2","screen":"s3"}"#, #"{"screen":1}"#,
            #"{"screen":"s1","expectRevision":1}"#, #"{"bogus":true}"#, "[]", "null", "[1]",
        ]),
        ("nav.selectTab", [
            #"{"tab":0}"#, #"{"tab":1}"#, #"{"tab":3}"#, #"{"tab":9}"#, #"{"tab":-1}"#, #"{"tab":"feed"}"#,
            #"{"tab":"inbox"}"#, #"{"tab":1.0}"#, #"{"tab":null}"#, #"{"tab":true}"#, #"{"tab":0,"flow":"f1"}"#,
            #"{"tab":0,"flow":"x"}"#, #"{"flow":"f1"}"#, #"{"tab":0,"tab":1}"#, #"{"tab":2,"expectRevision":2}"#,
            "{}", "[]",
        ]),
        ("nav.state", ["{}", "{ }", #"{"x":1}"#, "[]", "null", #"{"tree":false}"#]),
        ("nav.popTo", [#"{"screen":"feedList"}"#]),
        ("nav.subscribe", ["{}"]),
        ("nav.rout", ["{}"]),
        ("nav.route ", ["{}"]),
        (#"nav\u002eclose"#, ["{}"]),
    ]

    /// The hot methods' lines in many forms: ids, versions, key orders, spacing, absent params.
    static func builtLines() -> [[UInt8]] {
        var lines: [String] = []
        for (method, forms) in params {
            let name = method.contains("\\") ? "\"\(method)\"" : JSONWriter.string(.string(method))
            lines.append(#"{"jsonrpc":"2.0","id":1,"method":\#(name)}"#)
            lines.append(#"{"jsonrpc":"2.0","method":\#(name)}"#)
            for form in forms {
                lines.append(#"{"jsonrpc":"2.0","id":1,"method":\#(name),"params":\#(form)}"#)
                lines.append(#"{"jsonrpc":"2.0","method":\#(name),"params":\#(form)}"#)
                lines.append(#"{"params":\#(form),"jsonrpc":"2.0","id":3,"method":\#(name)}"#)
                lines.append(#"{"id":"k","method":\#(name),"params":\#(form),"jsonrpc":"2.0"}"#)
                lines.append(#" { "jsonrpc" : "2.0" ,\#t"id" : 2 , "method" : \#(name) , "params" : \#(form) } "#)
            }
            for id in ids {
                lines.append(#"{"jsonrpc":"2.0","id":\#(id),"method":\#(name),"params":\#(forms[0])}"#)
            }
        }
        lines += [
            #"{"jsonrpc":"2.1","id":1,"method":"nav.close"}"#, #"{"jsonrpc":"2\u002e0","id":1,"method":"nav.close"}"#,
            #"{"jsonrpc":2.0,"id":1,"method":"nav.close"}"#, #"{"id":1,"method":"nav.close"}"#,
            #"{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"nav.close"}"#, #"{"jsonrpc":"2.0","id":1,"id":2,"method":"nav.close"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"nav.close","method":"nav.state"}"#, #"{"jsonrpc":"2.0","id":1,"method":"nav.close","x":1}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"nav.close"}}"#, #"{"jsonrpc":"2.0","id":1,"method":"nav.close"} x"#,
            #"{"jsonrpc":"2.0","id":1,"method":"nav.close",}"#, #"{"jsonrpc":"2.0","id":1,"method":"nav.close""#,
            #"{"jsonrpc":"2.0","id":1,"method":"nav.close"}\r"#, "\r" + #"{"jsonrpc":"2.0","id":1,"method":"nav.close"}"#,
            #"[{"jsonrpc":"2.0","id":1,"method":"nav.close"}]"#, #"{"jsonrpc":"2.0","id":1,"method":1}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"nav.close","params":{}}"#,
        ]
        return lines.map { Array($0.utf8) }
    }

    static let replacements: [UInt8] = Array(#"" \{}[],:0-.ea"#.utf8) + [0x01, 0x7F, 0xC3, 0xFF]

    /// `line` with one byte deleted, replaced or inserted at every position, and cut short
    /// at every position. Replacements rotate through `replacements`, so that every byte is
    /// tried at many positions without trying them all at every one.
    static func mutations(of line: [UInt8]) -> [[UInt8]] {
        var variants: [[UInt8]] = []
        for i in line.indices {
            var deleted = line
            deleted.remove(at: i)
            variants.append(deleted)
            variants.append(Array(line[..<i]))
            var inserted = line
            inserted.insert(0x20, at: i)
            variants.append(inserted)
            // Four of the replacements at each position, a different four at the next.
            for k in 0..<4 {
                let byte = replacements[(i &* 5 &+ k) % replacements.count]
                guard byte != line[i] else { continue }
                var replaced = line
                replaced[i] = byte
                variants.append(replaced)
            }
        }
        return variants
    }

    /// Base lines and their mutations, without blank lines or newlines (which the frame
    /// decoder never hands on), each once.
    static func allLines() -> [[UInt8]] {
        let base = transcriptLines() + builtLines()
        var seen = Set<[UInt8]>()
        var lines: [[UInt8]] = []
        for line in base + base.flatMap(mutations) where !line.contains(0x0A) && !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            if seen.insert(line).inserted { lines.append(line) }
        }
        return lines
    }
}
