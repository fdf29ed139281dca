public import NavClient

/// The coordinator tree as lines, before any window cuts it: the root flow, each tabs flow
/// with its tab bar and its tabs as branches, each stack bottom to top, embedded child flows
/// as marked runs, presented flows nested under (and drawn as a layer over) what presents
/// them. `topLine` is the row of the top screen, so a window can keep it in view.
public struct TreePicture: Sendable, Hashable {
    public var lines: [Line]
    public var topLine: Int?

    public init(_ state: NavStateView, glyphs: Glyphs = .unicode) {
        var drawing = TreeDrawing(glyphs: glyphs, top: state.topScreen?.id, visible: Set(state.visiblePath.map(\.id)))
        drawing.flow(state.root, first: "", rest: "", visible: true)
        lines = drawing.lines
        topLine = drawing.topLine
    }
}

/// One pass over the tree; `first` prefixes a flow's header line, `rest` every line under it.
struct TreeDrawing {
    let glyphs: Glyphs
    let top: String?
    let visible: Set<String>
    var lines: [Line] = []
    var topLine: Int?

    mutating func flow(_ flow: FlowView, first: String, rest: String, visible parentVisible: Bool) {
        let shown = parentVisible && visible.contains(flow.id)
        emit(first, header(flow), shown: shown)
        switch flow.kind {
        case .tabs:
            emit(rest + (flow.tabs.isEmpty ? "" : glyphs.trunk.prefix(2)), tabBar(flow), shown: shown)
            for (index, tab) in flow.tabs.enumerated() {
                let last = index == flow.tabs.count - 1
                self.flow(tab, first: rest + (last ? glyphs.lastBranch : glyphs.branch), rest: rest + (last ? "   " : glyphs.trunk), visible: shown)
            }
        case .stack, .single:
            screens(of: flow, rest: rest, shown: shown)
        }
        if let presented = flow.presented {
            self.flow(presented, first: rest + glyphs.presented, rest: rest + glyphs.presentedBar, visible: shown)
        }
    }

    /// The screens bottom first; a run owned by an embedded flow gets that flow's header and a bar.
    private mutating func screens(of flow: FlowView, rest: String, shown: Bool) {
        var open: [EmbeddedFlowView] = []
        for screen in flow.screens {
            let chain = flow.children.lazy.compactMap { $0.chain(to: screen.flow) }.first ?? []
            var common = 0
            while common < min(open.count, chain.count), open[common].id == chain[common].id { common += 1 }
            for depth in common..<chain.count {
                let embedded = chain[depth]
                var header = Line(embedded.flow, Style.bold.with(.cyan))
                header.append(" \(embedded.id)", .dim)
                header.append(glyphs.dot + "embedded", .colour(.cyan))
                emit(rest + String(repeating: glyphs.embeddedBar, count: depth) + glyphs.embedded, header, shown: shown)
            }
            open = chain
            let prefix = rest + String(repeating: glyphs.embeddedBar, count: chain.count)
            if screen.id == top { topLine = lines.count }
            emit(prefix, self.screen(screen), shown: shown)
        }
    }

    private func header(_ flow: FlowView) -> Line {
        var line = Line()
        if let name = flow.flow {
            line.append(name, Style.bold.with(.cyan))
            line.append(" ")
        }
        line.append(flow.kind.rawValue)
        line.append(" \(flow.id)", .dim)
        if let via = flow.via { line.append(glyphs.dot + Labels.transition(via), .colour(.yellow)) }
        return line
    }

    private func tabBar(_ flow: FlowView) -> Line {
        var line = Line()
        for (index, tab) in flow.tabs.enumerated() {
            if index > 0 { line.append("  ") }
            let name = Labels.flowName(tab.flow)
            if index == flow.selected {
                line.append("[\(name)]", Style(bold: true, reverse: true))
            } else {
                line.append(name)
            }
        }
        return line
    }

    private func screen(_ screen: ScreenView) -> Line {
        let isTop = screen.id == top
        var line = Line(isTop ? glyphs.top : String(repeating: " ", count: DisplayWidth.of(glyphs.top)))
        line.append(screen.id, .dim)
        line.append(" ")
        line.append(screen.screen, .bold)
        if !screen.params.isEmpty { line.append(" " + Labels.params(screen.params), .colour(.green)) }
        if let via = screen.via { line.append(glyphs.dot + Labels.transition(via), .colour(.yellow)) }
        guard isTop else { return line }
        var highlighted = Line()
        for run in line.runs { highlighted.append(String(run.text), run.style.merged(with: Style(bold: true, reverse: true))) }
        return highlighted
    }

    /// A line of the picture: the prefix (tree drawing, dim) and the content; everything
    /// off the visible path is dim.
    private mutating func emit(_ prefix: some StringProtocol, _ content: Line, shown: Bool) {
        var line = Line(String(prefix), .dim)
        if shown {
            line.append(content)
        } else {
            for run in content.runs { line.append(String(run.text), Style(dim: true, reverse: run.style.reverse)) }
        }
        lines.append(line)
    }
}
