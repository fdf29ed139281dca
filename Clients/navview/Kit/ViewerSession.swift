public import NavClient
internal import NavigationCore
public import NavJSON

/// A key, as the terminal layer decodes it.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, pageUp, pageDown, home, end
    case enter, backspace, escape
}

/// What the viewer's loop should do after a key.
public enum Effect: Sendable, Hashable {
    case quit
    /// Call a method on navd, then report with `called(_:result:)`.
    case call(PromptCommand.Call)
    /// Fetch `nav.state` and hand it to `model.refetched`.
    case refetch
    /// Call `nav.history {since, limit, tree: true}` and hand the answer to `historyFetched`.
    case fetchHistory(since: Int, limit: Int)
}

/// The interactive viewer without its terminal and socket: the model, the scroll position,
/// the prompt and help, and the status facts; keys in, effects out, the screen as lines.
public struct ViewerSession: Sendable {
    public var model = ViewerModel()
    public var scroll = 0
    /// What was typed after `:`, while the prompt is open.
    public var prompt: String?
    public var showHelp = false
    /// History mode (`[`, `]`, Esc): the past revision shown instead of the live tree.
    public var travel = TimeTravel()
    /// What the last history step could not do, shown under that revision's events.
    private var travelNote: String?
    /// The connection and `daemon.info` facts; revision and instance come from the model.
    public var status: Status
    public var glyphs: Glyphs

    public init(socket: String, glyphs: Glyphs = .unicode) {
        self.status = Status(socket: socket)
        self.glyphs = glyphs
    }

    public var currentStatus: Status {
        var status = self.status
        status.revision = model.state?.revision
        status.instance = model.state?.instance
        status.flagsSet = model.state?.session.setFlags ?? []
        status.pending = model.state?.session.pending?.summary
        status.prompt = prompt
        if let shown = travel.position {
            status.history = Status.HistoryPlace(revision: shown, latest: model.state?.revision ?? shown)
        }
        return status
    }

    /// The tree shown: the past revision's in history mode, else the live one.
    public var shownState: NavStateView? {
        guard let entry = travel.shown, let root = entry.root else { return model.state }
        return NavStateView(revision: entry.revision, instance: model.state?.instance ?? "", root: root)
    }

    /// The event pane's lines: in history mode, that revision's cause and events.
    public var shownEvents: [EventLine] {
        guard let entry = travel.shown else { return model.events }
        let cause = ChangeCauseView(
            method: entry.cause.method, client: entry.cause.client, clientID: entry.cause.clientID ?? "navd", event: entry.cause.event)
        var lines: [EventLine] = [.revision(entry.revision, cause: cause)] + entry.events.map(EventLine.event)
        if entry.events.isEmpty { lines.append(.note("no events")) }
        if let travelNote { lines.append(.warning(travelNote)) }
        return lines
    }

    private var options: RenderOptions { RenderOptions(glyphs: glyphs, help: showHelp) }

    public func screen(size: Size) -> [Line] {
        render(state: shownState, events: shownEvents, status: currentStatus, size: size, scroll: scroll, options: options)
    }

    private func window(size: Size) -> (window: ScrollWindow, pane: TreePane) {
        let pane = TreePane(state: shownState, status: currentStatus, options: options, columns: size.columns)
        return (ScrollWindow(total: pane.lines.count, height: ScreenLayout(size).treeRows), pane)
    }

    /// After the tree changed (or the size): keep the scroll in range and the top screen in view.
    public mutating func follow(size: Size) {
        let (window, pane) = window(size: size)
        scroll = pane.topLine.map { window.scroll(scroll, toShow: $0) } ?? window.clamp(scroll)
    }

    public mutating func key(_ key: Key, size: Size) -> Effect? {
        if prompt != nil { return promptKey(key) }
        let scrolls: Set<Key> = [.up, .down, .pageUp, .pageDown, .home, .end]
        if showHelp, key != .character("q"), !scrolls.contains(key) {
            showHelp = false
            scroll = 0
            follow(size: size)
            return nil
        }
        if let effect = travelKey(key, size: size) { return effect }
        let (window, _) = window(size: size)
        let page = max(1, ScreenLayout(size).treeRows - 2)
        switch key {
        case .character("q"): return .quit
        case .up, .character("k"): scroll = window.clamp(scroll - 1)
        case .down, .character("j"): scroll = window.clamp(scroll + 1)
        case .pageUp: scroll = window.clamp(scroll - page)
        case .pageDown: scroll = window.clamp(scroll + page)
        case .home, .character("g"): scroll = 0
        case .end, .character("G"): scroll = window.maxScroll
        case .character("b"): return .call(PromptCommand.Call(.close(screen: nil)))
        case .character("t"): return nextTab()
        case .character("r"): return .refetch
        case .character(":"): prompt = ""
        case .character("?"):
            showHelp = true
            scroll = 0
        default: break
        }
        return nil
    }

    /// `[`, `]` and Esc move through history; while a past revision is shown, the keys that
    /// change navd's state are refused (history is read-only). Nil when the key is not for
    /// history mode; `.some(nil)` when it was handled with nothing to do.
    private mutating func travelKey(_ key: Key, size: Size) -> Effect?? {
        let latest = model.state?.revision ?? 0
        switch key {
        case .character("["):
            guard model.state != nil else { return .some(nil) }
            return .some(travelled(travel.back(latest: latest), size: size))
        case .character("]"):
            return .some(travelled(travel.forward(latest: latest), size: size))
        case .escape where !travel.isLive:
            return .some(travelled(travel.goLive(), size: size))
        case .character(let character) where !travel.isLive && "bt:".contains(character):
            travelNote = "history is read-only: Esc (or ] past the newest) returns to live"
            return .some(nil)
        default:
            return nil
        }
    }

    private mutating func travelled(_ step: TimeTravel.Step, size: Size) -> Effect? {
        travelNote = nil
        switch step {
        case .show, .live:
            scroll = 0
            follow(size: size)
        case .fetch(let since, let limit):
            return .fetchHistory(since: since, limit: limit)
        case .refused(let reason):
            if travel.isLive { model.warn(reason) } else { travelNote = reason }
        }
        return nil
    }

    /// What `nav.history` answered an `.fetchHistory`.
    public mutating func historyFetched(_ result: Result<HistoryView, NavClientError>, size: Size) {
        switch result {
        case .success(let history):
            _ = travelled(travel.fetched(history), size: size)
        case .failure(let error):
            travel.fetchFailed()
            let reason = "nav.history: \(error)"
            if travel.isLive { model.warn(reason) } else { travelNote = reason }
        }
    }

    private mutating func promptKey(_ key: Key) -> Effect? {
        switch key {
        case .escape:
            prompt = nil
        case .backspace:
            if prompt?.isEmpty == false { prompt?.removeLast() }
        case .enter:
            let line = prompt ?? ""
            prompt = nil
            switch PromptCommand.parse(line) {
            case .success(let call): return .call(call)
            case .failure(let error): model.warn(error.message)
            }
        case .character(let character):
            prompt?.append(character)
        default:
            break
        }
        return nil
    }

    private mutating func nextTab() -> Effect? {
        guard let tabs = model.state?.nearestTabs, let selected = tabs.selected, !tabs.tabs.isEmpty, let flow = FlowID(tabs.id) else {
            model.warn("t: there is no tabs flow on the visible path")
            return nil
        }
        let next = (selected + 1) % tabs.tabs.count
        return .call(PromptCommand.Call(.selectTab(.index(next), flow: flow)))
    }

    /// What a call from a key or the prompt came to, as a line in the event pane.
    public mutating func called(_ call: PromptCommand.Call, result: Result<JSONValue, NavClientError>) {
        switch result {
        case .success(let value):
            if value["noop"]?.boolValue == true {
                model.note("\(call.method): nothing changed")
            } else if let revision = value["revision"]?.intValue, value["events"] != nil {
                model.note("\(call.method) \(glyphs.dash) revision \(revision)")
            } else {
                model.note("\(call.method) \(glyphs.dash) \(JSONWriter.string(value))")
            }
        case .failure(.rpc(let error)):
            model.warn("\(call.method): \(error.message)" + (error.reason.isEmpty ? "" : " (\(error.reason))"))
        case .failure(let error):
            model.warn("\(call.method): \(error)")
        }
    }
}
