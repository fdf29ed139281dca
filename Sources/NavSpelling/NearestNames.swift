/// The names nearest a mistyped one, for "did you mean 'profile'?" as git suggests commands:
/// the known names at the smallest edit distance (insertions, deletions, substitutions and
/// swaps of two neighbours each count 1), when that distance is small for the word's length;
/// else the names the word begins; else none. navd suggests destinations and tabs, navctl
/// subcommands, with this one rule.
public enum NearestNames {
    /// The known names nearest `typed`, in the order given; empty when none is close.
    public static func nearest(to typed: String, among names: [String]) -> [String] {
        let word = Array(typed)
        guard !word.isEmpty else { return [] }
        let limit = word.count <= 3 ? 1 : word.count <= 6 ? 2 : 3
        var best = limit + 1
        var found: [String] = []
        for name in names where name != typed {
            let distance = distance(word, Array(name), limit: min(best, limit))
            if distance > limit { continue }
            if distance < best {
                best = distance
                found = [name]
            } else if distance == best && !found.contains(name) {
                found.append(name)
            }
        }
        if !found.isEmpty { return found }
        guard word.count >= 2 else { return [] }
        var prefixed: [String] = []
        for name in names where name.hasPrefix(typed) && name != typed && !prefixed.contains(name) {
            prefixed.append(name)
        }
        return prefixed
    }

    /// `did you mean 'route'?`, `did you mean 'post' or 'posts'?`; nil for no names.
    public static func question(_ names: [String]) -> String? {
        guard let last = names.last else { return nil }
        let quoted = names.dropLast().map { "'\($0)'" }
        let list = quoted.isEmpty ? "'\(last)'" : quoted.joined(separator: ", ") + " or '\(last)'"
        return "did you mean \(list)?"
    }

    /// The optimal-string-alignment distance of two words; any value above `limit` is
    /// returned as `limit + 1` (the caller only wants the near ones).
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowBest = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowBest = min(rowBest, value)
            }
            if rowBest > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return min(a.isEmpty ? b.count : previous[b.count], limit + 1)
    }
}
