internal import CNcurses
internal import Glibc
internal import NavviewKit

/// The ncurses screen: set up in the alternate screen, painted from `Line`s, read as keys,
/// resized on request, and always restored by `restore()` (idempotent), which every exit
/// path of `TerminalViewer` calls.
final class Terminal {
    private(set) var size = Size(rows: 24, columns: 80)
    private var active = false
    private var colours = false

    /// Whether the locale speaks UTF-8 (else navview draws with ASCII glyphs).
    static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    /// Takes over the terminal, in colour when `colours` and the terminal has them; fails
    /// (instead of exiting, as `initscr` would) when ncurses does not know `$TERM`.
    func start(colours wanted: Bool) throws(TerminalError) {
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
            let screen = newterm(nil, output, input)
        else {
            let term = getenv("TERM").map { String(cString: $0) } ?? ""
            throw TerminalError(message: Presentation.unknownTerminalNote(term: term))
        }
        set_term(screen)
        active = true
        cbreak()
        noecho()
        nonl()
        navview_keypad(1)
        navview_nodelay(1)
        curs_set(0)
        // Esc alone should close the prompt at once, not wait for an escape sequence.
        set_escdelay(25)
        if wanted && has_colors() {
            start_color()
            use_default_colors()
            for colour in Colour.allCases {
                init_pair(Int16(colour.rawValue), Self.curses(colour), -1)
            }
            colours = true
        }
        readSize()
    }

    /// Leaves the alternate screen and gives the terminal back as it was. Safe to call twice.
    func restore() {
        guard active else { return }
        active = false
        curs_set(1)
        endwin()
    }

    /// After SIGWINCH: the kernel's size, told to ncurses.
    func resize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if navview_terminal_size(STDOUT_FILENO, &rows, &columns) == 0 {
            resizeterm(rows, columns)
        }
        readSize()
    }

    private func readSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        navview_size(&rows, &columns)
        size = Size(rows: Int(rows), columns: Int(columns))
    }

    /// Paints the lines (one per row) and places the cursor (hidden when nil).
    func paint(_ lines: [Line], cursor: (row: Int, column: Int)?) {
        navview_erase()
        for (row, line) in lines.prefix(size.rows).enumerated() {
            navview_move(Int32(row), 0)
            for run in line.runs {
                navview_set_attributes(attributes(run.style))
                let bytes = Array(run.text.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { _ = navview_add($0.baseAddress, Int32($0.count)) }
                }
            }
            navview_set_attributes(attributes(.plain))
        }
        if let cursor {
            navview_move(Int32(cursor.row), Int32(cursor.column))
            curs_set(1)
        } else {
            curs_set(0)
        }
        navview_refresh()
    }

    /// Every key waiting on stdin (none blocks).
    func readKeys() -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var character: wint_t = 0
        while true {
            let status = navview_get_wch(&character)
            if status == ERR { return keys }
            if status == KEY_CODE_YES {
                keys.append(.function(Int32(character)))
            } else if let scalar = Unicode.Scalar(UInt32(character)) {
                keys.append(.character(scalar))
            }
        }
    }

    private func attributes(_ style: Style) -> attr_t {
        let pair: Int16 = colours ? Int16(style.colour?.rawValue ?? 0) : 0
        return navview_attributes(
            style.bold ? 1 : 0, style.dim ? 1 : 0, style.reverse ? 1 : 0, pair)
    }

    private static func curses(_ colour: Colour) -> Int16 {
        switch colour {
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        }
    }
}

struct TerminalError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A key as ncurses reports it: a character, or a function key code (`KEY_UP`, …).
enum TerminalKey: Equatable {
    case character(Unicode.Scalar)
    case function(Int32)

    /// The viewer's key, or nil for keys it ignores. Ctrl-C is `interrupt`.
    var key: Key? {
        switch self {
        case .function(let code):
            switch code {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_PPAGE: return .pageUp
            case KEY_NPAGE: return .pageDown
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_ENTER: return .enter
            case KEY_BACKSPACE: return .backspace
            default: return nil
            }
        case .character(let scalar):
            switch scalar.value {
            case 0x0A, 0x0D: return .enter
            case 0x08, 0x7F: return .backspace
            case 0x1B: return .escape
            case ..<0x20: return nil
            default: return .character(Character(scalar))
            }
        }
    }

    var isInterrupt: Bool { self == .character("\u{3}") }
    var isResize: Bool { self == .function(KEY_RESIZE) }
}
