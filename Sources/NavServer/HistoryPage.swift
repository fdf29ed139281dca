import NavigationCore
import NavHistory
import NavJSON

/// One `nav.history` answer as it is written: whole entries, oldest first, up to a bound in
/// bytes. The first entry is always taken (a client must be able to go on, whatever one
/// entry's size); after it, an entry whose JSON would pass the bound ends the page, and the
/// answer says `more: true`.
struct HistoryPage: ~Copyable {
    let bound: Int
    let tree: Bool
    private var out: JSONBuffer
    /// One entry's JSON, written here first: it joins `out` only if it fits.
    private var entry = JSONBuffer(capacity: 4_096)
    private var written = 0
    private(set) var more = false
    /// A restored entry whose stored JSON does not read back: the answer is an error.
    private(set) var damage: (revision: Int, error: TreeDecodingError)?

    init(bound: Int, tree: Bool) {
        self.bound = bound
        self.tree = tree
        out = JSONBuffer(capacity: tree ? 64 << 10 : 16 << 10)
        out.append(#"{"entries":["#)
    }

    /// Writes `next` if it fits; false when the page is full (or damaged) and nothing more
    /// should be offered.
    mutating func add(_ next: HistoryEntry) -> Bool {
        entry.removeAll()
        do {
            try next.writeJSON(into: &entry, includingTree: tree)
        } catch {
            damage = (next.revision, error)
            return false
        }
        // Counted without the array's brackets and commas: the bound is on the entries.
        if written > 0 && entry.count > bound - (out.count - Self.openingBytes) {
            more = true
            return false
        }
        if written > 0 { out.append(UInt8(ascii: ",")) }
        entry.withUnsafeBytes { out.append($0) }
        written += 1
        return true
    }

    /// About how many more entries fit, from the size of those written so far: one to begin
    /// with (nothing is known), and one more than the estimate (the entry that does not fit
    /// ends the page). What the history rebuilds trees for next.
    var entriesLeft: Int {
        guard written > 0 else { return 1 }
        let used = out.count - Self.openingBytes
        let average = max(1, used / written)
        let fit = max(0, bound - used) / average
        return fit < .max ? fit + 1 : fit
    }

    private static let openingBytes = #"{"entries":["#.utf8.count

    /// `{entries, oldest, latest, more?}`.
    consuming func answer(oldest: Int?, latest: Int?) -> [UInt8] {
        out.append(#"],"oldest":"#)
        if let oldest { JSONWriter.writeInt(oldest, into: &out) } else { out.append(#"null"#) }
        out.append(#","latest":"#)
        if let latest { JSONWriter.writeInt(latest, into: &out) } else { out.append(#"null"#) }
        if more { out.append(#","more":true"#) }
        out.append(UInt8(ascii: "}"))
        return out.bytes
    }
}
