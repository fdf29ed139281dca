/// The optional groups of a path pattern: text and `( … )` groups, nested.
enum PatternGroups {
    indirect enum Part: Sendable, Hashable {
        case text(String)
        case group([Part])
    }

    static func parse(_ pattern: String) throws(PatternSyntaxError) -> [Part] {
        var open: [[Part]] = [[]]
        var text = ""
        func flush() {
            if !text.isEmpty {
                open[open.count - 1].append(.text(text))
                text = ""
            }
        }
        for character in pattern {
            switch character {
            case "(":
                flush()
                open.append([])
            case ")":
                flush()
                guard open.count > 1 else { throw PatternSyntaxError("unbalanced ')'") }
                let inner = open.removeLast()
                guard !inner.isEmpty else { throw PatternSyntaxError("empty optional group '()'") }
                open[open.count - 1].append(.group(inner))
            default:
                text.append(character)
            }
        }
        flush()
        guard open.count == 1 else { throw PatternSyntaxError("unbalanced '('") }
        return open[0]
    }
}
