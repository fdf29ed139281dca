/// Writes compact JSON (no spaces, object keys in insertion order), the form navd sends on
/// the wire, one message per line. Non-finite doubles, which JSON cannot carry, become `null`.
public enum JSONWriter {
    public static func string(_ value: JSONValue) -> String {
        var out = JSONBuffer()
        write(value, into: &out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out = JSONBuffer()
        write(value, into: &out)
        return out.bytes
    }

    public static func write(_ value: JSONValue, into out: inout JSONBuffer) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): out.append(decimal: i)
        case .double(let d):
            if d.isFinite {
                if d.rounded() == d && abs(d) < 1e15 {
                    out.append(decimal: Int(d))
                    out.append(".0")
                } else {
                    var text = String(d)
                    text.withUTF8 { out.append($0) }
                }
            } else {
                out.append("null")
            }
        case .string(let s): writeString(s, into: &out)
        case .array(let array):
            out.append(UInt8(ascii: "["))
            for (i, element) in array.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            write(object, into: &out)
        }
    }

    /// Decimal digits, written in place (most numbers here are small: revisions, ids, params).
    @inline(__always)
    public static func writeInt(_ value: Int, into out: inout JSONBuffer) {
        out.append(decimal: value)
    }

    public static func writeString(_ string: String, into out: inout JSONBuffer) {
        // Native strings are contiguous UTF-8; most need no escaping and are copied as they are.
        let copied = string.utf8.withContiguousStorageIfAvailable { writePlain($0, into: &out) }
        if copied != true { writeEscaped(string, into: &out) }
    }

    /// `"bytes"`, checked and copied eight bytes at a time, when no byte needs an escape;
    /// otherwise `false` and nothing written (what went past `out.count` is not kept). From
    /// eight bytes on, the last word is the one that ends with the string, overlapping the
    /// word before it: no byte is checked alone (method names and most screen names are 8 to
    /// 16 bytes, two words).
    private static func writePlain(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout JSONBuffer) -> Bool {
        let count = bytes.count
        if count >= 4 && count < 8, let source = UnsafeRawPointer(bytes.baseAddress) {
            return writeShortPlain(source, count: count, into: &out)
        }
        out.reserveCapacity(count &+ 2)
        let target = UnsafeMutableRawPointer(out.base + out.used)
        target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        if let source = UnsafeRawPointer(bytes.baseAddress) {
            if count >= 8 {
                var index = 0
                while count &- index > 8 {
                    let word = source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    if needsEscape(word) { return false }
                    target.storeBytes(of: word, toByteOffset: index &+ 1, as: UInt64.self)
                    index &+= 8
                }
                let last = count &- 8
                let word = source.loadUnaligned(fromByteOffset: last, as: UInt64.self)
                if needsEscape(word) { return false }
                target.storeBytes(of: word, toByteOffset: last &+ 1, as: UInt64.self)
            } else {
                // Fewer than four bytes.
                for index in 0..<count {
                    let byte = source.load(fromByteOffset: index, as: UInt8.self)
                    if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
                    target.storeBytes(of: byte, toByteOffset: index &+ 1, as: UInt8.self)
                }
            }
        }
        target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: count &+ 1, as: UInt8.self)
        out.used &+= count &+ 2
        return true
    }

    /// `writePlain` for 4 to 7 bytes (most names and keys): two overlapping four-byte loads
    /// make one word, checked at once and stored with one write. The buffer gets room for ten
    /// bytes; what goes past the closing quote is not kept.
    @inline(__always)
    private static func writeShortPlain(_ source: UnsafeRawPointer, count: Int, into out: inout JSONBuffer) -> Bool {
        let head = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
        let tail = UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
        // Lane k holds byte k; lanes from `count` on are spaces, which need no escape.
        let spaces: UInt64 = 0x2020_2020_2020_2020 &<< UInt64(count &* 8)
        let word = head | (tail &<< UInt64((count &- 4) &* 8)) | spaces
        if needsEscape(word) { return false }
        out.reserveCapacity(10)
        let target = UnsafeMutableRawPointer(out.base + out.used)
        target.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        target.storeBytes(of: word.littleEndian, toByteOffset: 1, as: UInt64.self)
        target.storeBytes(of: UInt8(ascii: "\""), toByteOffset: count &+ 1, as: UInt8.self)
        out.used &+= count &+ 2
        return true
    }

    /// Whether any of the eight bytes of `word` is a control character, `"` or `\`.
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        ByteLanes.quotesBackslashesAndControls(word) != 0
    }

    private static let hex: StaticString = "0123456789abcdef"

    private static func writeEscaped(_ string: String, into out: inout JSONBuffer) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(#"\""#)
            case UInt8(ascii: "\\"): out.append(#"\\"#)
            case 0x0A: out.append(#"\n"#)
            case 0x0D: out.append(#"\r"#)
            case 0x09: out.append(#"\t"#)
            case 0..<0x20:
                out.append(#"\u00"#)
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// The same writers for callers that build a `[UInt8]` (clients, diagnostics, tests): they
/// write into a `JSONBuffer` and append its bytes.
extension JSONWriter {
    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        var buffer = JSONBuffer()
        write(value, into: &buffer)
        buffer.append(to: &out)
    }

    public static func writeInt(_ value: Int, into out: inout [UInt8]) {
        var buffer = JSONBuffer(capacity: 20)
        buffer.append(decimal: value)
        buffer.append(to: &out)
    }

    public static func writeString(_ string: String, into out: inout [UInt8]) {
        var buffer = JSONBuffer(capacity: string.utf8.count + 2)
        writeString(string, into: &buffer)
        buffer.append(to: &out)
    }
}

/// Writing without building a `JSONValue` first: the pieces navd's own types write themselves with.
extension JSONWriter {
    /// Bytes written as they are: punctuation and keys (`,"screen":`).
    @inlinable @inline(__always)
    public static func raw(_ text: StaticString, into out: inout JSONBuffer) {
        out.append(text)
    }

    /// `raw` for a `[UInt8]`.
    public static func raw(_ text: StaticString, into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A string, or `null`.
    @inline(__always)
    public static func writeString(_ string: String?, into out: inout JSONBuffer) {
        if let string { writeString(string, into: &out) } else { out.append("null") }
    }

    /// An object's members in order, without building a `JSONValue`. Shaped for speed like
    /// `NavEvent.write`: members are read where they are stored, not copied out one by one.
    public static func write(_ object: JSONObject, into out: inout JSONBuffer) {
        // Most screens have no params.
        if object.isEmpty {
            out.append("{}")
            return
        }
        out.append(UInt8(ascii: "{"))
        object.pairs.withUnsafeBufferPointer { pairs in
            guard let first = pairs.baseAddress else { return }
            for index in pairs.indices {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                let pair = first + index
                writeString(pair.pointee.key, into: &out)
                out.append(UInt8(ascii: ":"))
                // Params are mostly integers and strings.
                switch pair.pointee.value {
                case .int(let number): out.append(decimal: number)
                case .string(let string): writeString(string, into: &out)
                default: write(pair.pointee.value, into: &out)
                }
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}
