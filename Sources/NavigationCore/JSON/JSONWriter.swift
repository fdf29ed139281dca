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
        // Native strings are contiguous UTF-8; most need no escaping and are copied in one go.
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            out.reserveCapacity(bytes.count + 2)
            out.append(UInt8(ascii: "\""))
            out.append(bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if copied != true { writeEscaped(string, into: &out) }
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
