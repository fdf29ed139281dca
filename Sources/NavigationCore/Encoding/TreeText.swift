import NavJSON

/// A tree's JSON (`NavigationTree.encodedJSON`'s bytes) with where the text of each flow lies
/// in it. A later revision's tree is written into it in place: only the text of each flow a
/// revision's edits changed is written again (`splice`), and the text around it stays where it
/// is, moved as a block when the text written is longer or shorter. The text of the flows that
/// hold a changed flow (its tabs flow or presenter, up to the root) changes only in length,
/// and the flows after it in their text only in where they lie: spans are relative to their
/// holder, so only those spans change. Writing a revision's tree then costs what the revision
/// changed, not a walk of the whole tree; and what the splice left as it was at the text's
/// start and end is what the store's row of it shares with the tree before
/// (`sharedWithPrevious`). A screen's text never changes (a screen is made with its id, params
/// and transition, and removed, never edited; ids are never handed out twice), so a flow
/// written again copies the text of each screen the text holds already: a route on a stack of
/// a thousand screens copies the other 999 instead of writing them. A text written whole is
/// the splice of the root into an empty text. The server keeps one: `nav.state` and the
/// subscribers' `root` are written with it (`History.update`), and so is every revision's tree
/// a durable navd commits (`History.rowsEncodingTrees`).
public struct TreeText: Sendable {
    /// Where a flow's text lies: `offset` bytes from the start of the text of the flow that
    /// holds it (its tabs flow or presenter; the root's, from the start of the tree), so that
    /// a text copied or moved whole moves no span inside it. `writtenAt` is the revision whose
    /// tree it was written for (copied or moved since, it keeps that revision), or a mark
    /// (`rewritten`, `holdsRewritten`).
    struct Span: Hashable, Sendable {
        var offset: Int
        /// -1 for a flow with no text yet (marked changed before it was first written).
        var count: Int
        var writtenAt: Int
    }

    /// The revision whose tree this is.
    public private(set) var revision: Int
    public private(set) var bytes: [UInt8]
    /// The span of each flow `writeFlow` wrote (an embedded flow's text is part of its
    /// parent's). `markChanged` marks the flows whose text changes.
    private(set) var spans: IDMap<FlowID, Span>
    /// The span of each screen's text, its offset from the start of its flow's text
    /// (`writtenAt` unused: a screen's text never changes).
    private(set) var screenSpans: IDMap<ScreenID, Span>
    /// How many bytes this text shares at its start and at its end with the text of the
    /// revision before it, as the last `rewrite` left them (the bytes before the first flow it
    /// wrote and after the last); `nil` when the text was written whole or from an older
    /// revision. At least what the two texts share: the bytes the splice wrote may begin or
    /// end as they did.
    public private(set) var sharedWithPrevious: (prefix: Int, suffix: Int)?
    /// A flow whose own text changed (its screens, tabs, selection, embedded children or
    /// presented flow, or a flow it holds that has no text yet): written again whole, copying
    /// what it holds that did not change.
    private static let rewritten = Int.max
    /// A flow that holds a `rewritten` one: its text is spliced where the flows it holds
    /// changed.
    private static let holdsRewritten = Int.max - 1

    /// The text of `tree`, the tree of `revision`, written whole: the root spliced into an
    /// empty text.
    public init(_ tree: NavigationTree, revision: Int) {
        self.revision = revision
        bytes = []
        spans = IDMap()
        screenSpans = IDMap()
        _ = write(tree.rootFlow, of: tree, at: 0, replacing: Span(offset: 0, count: 0, writtenAt: Self.rewritten), revision: revision)
    }

    /// Marks every flow whose text may differ between this text's tree and the tree of any
    /// revision from the one after it to the newest, `tree`, whose undos are `undo(index)` for
    /// the `indexes` in revision order: each flow an edit of theirs changed (`rewritten`),
    /// and each flow whose text holds one of those (its tabs flow, its presenter, the flow that
    /// embeds it), up to the root (`holdsRewritten`). Returns the marked flows that writing
    /// `tree` leaves marked (for `rewrite`): those removed since, and embedded ones (their
    /// text is their parent's). `nil` when a revision replaced the whole tree or has no undo:
    /// then every flow may have changed. A closure, not a sequence: a generic sequence from
    /// another module is walked unspecialized, through metadata lookups (about 5,000
    /// instructions per revision a tree subscriber or the store is sent).
    public mutating func markChanged(
        by undo: (_ index: Int) -> TreeUndo?, at indexes: Range<Int>, newest tree: NavigationTree
    ) -> [FlowID]? {
        var unwritten: [FlowID] = []
        for index in indexes {
            // Each edit read where the undo holds it (`withEdits`), not copied out.
            guard let inverse = undo(index) else { return nil }
            let read: Void? = inverse.withEdits { edits in
                for edit in edits.indices {
                    switch edits[edit] {
                    case .addedFlow(let id):
                        // Its holder's text has none of it (`mark`).
                        mark(id, in: tree, unwritten: &unwritten)
                    case .removedFlow(let node):
                        // Where it hung is known here, not in `tree`: its holder loses its text.
                        unwritten.append(node.id)
                        mark(node.id, in: tree, unwritten: &unwritten)
                        if let holder = node.parent.holder { mark(holder, in: tree, unwritten: &unwritten) }
                    case .addedScreen(let id):
                        // A screen no longer in the tree was removed since, by an edit that names
                        // its container.
                        if let container = tree.screens.read(id, { $0.pointee.container }) { mark(container, in: tree, unwritten: &unwritten) }
                    case .removedScreen(let node, _):
                        // Removed since, or gone from `tree`: its text is not copied again.
                        screenSpans.removeValue(forKey: node.id)
                        mark(node.container, in: tree, unwritten: &unwritten)
                    case .appendedTab(let flow), .removedTab(_, let flow, _), .appendedChild(let flow), .removedChild(_, let flow, _),
                        .selected(let flow, _), .presented(let flow, _):
                        mark(flow, in: tree, unwritten: &unwritten)
                    }
                }
            }
            guard read != nil else { return nil }
        }
        return unwritten
    }

    /// Marks `flow` `rewritten`, and the flows above it in `tree` as holding it, up to one
    /// marked already. A flow with no text of its own (new since, or embedded) makes the flow
    /// that holds it `rewritten` too: that one's text has to be written to hold it. A flow not
    /// in `tree` was removed since: it is marked if it has a span, and the flows above it are
    /// marked from its removal (`markChanged`).
    private mutating func mark(_ flow: FlowID, in tree: NavigationTree, unwritten: inout [FlowID]) {
        var next: FlowID? = flow
        var mark = Self.rewritten
        while let id = next {
            let was = spans.update(id) { span -> Int in
                defer { span.writtenAt = max(span.writtenAt, mark) }
                return span.writtenAt
            }
            // Marked already: so are the flows above it.
            if let was, was >= Self.holdsRewritten { return }
            guard let parent = tree.flows.read(id, { $0.pointee.parent }) else { return }
            if was == nil {
                // A flow new since, or embedded, has no span: it gets one marked, so that a walk
                // up from each of a thousand new nested flows stops at the first.
                spans.insert(Span(offset: 0, count: -1, writtenAt: mark), for: id)
                if case .embedded = parent { unwritten.append(id) }
                mark = Self.rewritten
            } else {
                mark = Self.holdsRewritten
            }
            next = parent.holder
        }
    }

    /// Becomes the text of `tree`, the tree of `revision`, after `markChanged`: each
    /// `rewritten` flow is written again where its text lies (`splice`), and every other
    /// flow's text stays where it is or moves whole. The flows `markChanged` returned
    /// (`unwritten`) lose their spans.
    public mutating func rewrite(_ tree: NavigationTree, revision: Int, unwritten: [FlowID]) {
        let previous = self.revision
        // The first byte written and the end of the last text written, in the new text.
        var written: (first: Int, end: Int)?
        let root = tree.rootFlow
        if let rootSpan = spans.read(root, { $0.pointee }), rootSpan.writtenAt >= Self.holdsRewritten {
            _ = splice(root, of: tree, at: rootSpan.offset, span: rootSpan, revision: revision, written: &written)
        }
        for flow in unwritten { spans.removeValue(forKey: flow) }
        self.revision = revision
        if previous + 1 == revision {
            sharedWithPrevious = written.map { (prefix: $0.first, suffix: bytes.count - $0.end) } ?? (prefix: bytes.count, suffix: 0)
        } else {
            sharedWithPrevious = nil
        }
    }

    /// Brings the text of `flow` (marked), which lies from `start` as `span` says, up to date
    /// in place: written again whole when it is `rewritten`, else each flow it holds that is
    /// marked is, and those after it in its text move; returns how many bytes longer its text
    /// became. `written` notes the first and the last text written.
    private mutating func splice(
        _ flow: FlowID, of tree: NavigationTree, at start: Int, span: Span, revision: Int, written: inout (first: Int, end: Int)?
    ) -> Int {
        if span.writtenAt == Self.rewritten {
            let grown = write(flow, of: tree, at: start, replacing: span, revision: revision)
            written = (written?.first ?? start, start + span.count + grown)
            return grown
        }
        // It holds the flows that changed: its tabs, then the flow it presents, in the order
        // of its text. Each one after a text that grew moves by as much. Read out of the node
        // first: a closure that splices them would hold a copy of the tree.
        var grown = 0
        let (tabs, presented) = tree.flows.read(flow) { ($0.pointee.tabs, $0.pointee.presented) } ?? ([], nil)
        for tab in tabs { grown += spliceHeld(tab, of: tree, in: start, movedBy: grown, revision: revision, written: &written) }
        if let presented {
            grown += spliceHeld(presented, of: tree, in: start, movedBy: grown, revision: revision, written: &written)
        }
        spans.update(flow) { span in
            span.count += grown
            span.writtenAt = revision
        }
        return grown
    }

    /// `splice` of `flow`, held by the flow whose text starts at `start`, when it is marked,
    /// after its span moved by `moved` bytes; returns how many bytes longer its text became.
    private mutating func spliceHeld(
        _ flow: FlowID, of tree: NavigationTree, in start: Int, movedBy moved: Int, revision: Int, written: inout (first: Int, end: Int)?
    ) -> Int {
        let found = spans.update(flow) { span -> Span in
            span.offset += moved
            return span
        }
        guard let span = found, span.writtenAt >= Self.holdsRewritten else { return 0 }
        return splice(flow, of: tree, at: start + span.offset, span: span, revision: revision, written: &written)
    }

    /// Writes the text of `flow`, which lies from `start` as `span` says (its `count` bytes
    /// replaced), copying each flow it holds that is not marked and each screen whose text is
    /// here; the spans of what it holds move to where their text now lies. Returns how many
    /// bytes longer its text became.
    private mutating func write(_ flow: FlowID, of tree: NavigationTree, at start: Int, replacing span: Span, revision: Int) -> Int {
        if !isKnownUniquelyReferenced(&scratch) { scratch = Scratch() }
        let out = scratch.buffer
        out.pointee.removeAll()
        // Its holder's text starts `span.offset` bytes before it, where `bytes` has it and
        // where `out` would (before its start).
        Self.withWriter(
            source: bytes, spans: &spans, screenSpans: &screenSpans, copyingThrough: self.revision, revision: revision,
            holder: TreeTextWriter.Holder(source: start - span.offset, written: -span.offset)
        ) { tree.writeFlow(flow, into: &out.pointee, text: &$0) }
        out.pointee.withUnsafeBytes { bytes.replaceSubrange(start..<(start + span.count), with: $0) }
        return out.pointee.count - span.count
    }

    /// The buffer each flow's text is written into before it is spliced into `bytes`, kept with
    /// its capacity from one splice to the next (one allocated and freed for each splice cost
    /// about 200 instructions). A copy of a text shares it until one of the two writes: that
    /// one makes its own (`write`), so only a text that holds the only reference writes into
    /// it. Behind a pointer, not a stored property of the class: each access to one would be
    /// checked for exclusivity at run time (`swift_beginAccess`: about 125 instructions).
    private final class Scratch: @unchecked Sendable {
        let buffer: UnsafeMutablePointer<JSONBuffer>

        init() {
            buffer = .allocate(capacity: 1)
            // A text written whole starts from nothing: room for a small tree's.
            buffer.initialize(to: JSONBuffer(capacity: 2048))
        }

        deinit {
            buffer.deinitialize(count: 1)
            buffer.deallocate()
        }
    }
    private var scratch = Scratch()

    /// Calls `body` with a writer that copies from `source` and reads or notes where each text
    /// lies in `spans` and `screenSpans`: all three lent to it for the call, where they are
    /// (owned by the writer, they would be retained and released, and the spans moved in and
    /// out, for every text written).
    private static func withWriter(
        source: [UInt8], spans: inout IDMap<FlowID, Span>, screenSpans: inout IDMap<ScreenID, Span>, copyingThrough: Int,
        revision: Int?, holder: TreeTextWriter.Holder, _ body: (inout TreeTextWriter?) -> Void
    ) {
        source.withUnsafeBytes { source in
            withUnsafeMutablePointer(to: &spans) { spans in
                withUnsafeMutablePointer(to: &screenSpans) { screenSpans in
                    var writer: TreeTextWriter? = TreeTextWriter(
                        source: source, spans: spans, screenSpans: screenSpans, copyingThrough: copyingThrough, revision: revision,
                        holder: holder)
                    body(&writer)
                }
            }
        }
    }

    /// The JSON of `tree`, the tree of a revision after `through` and not after this text's:
    /// every flow written for a revision at or before `through` is copied. Its text is the
    /// same in every tree from `through` on: a flow an edit changed after `through` was
    /// marked by the `markChanged` of a `rewrite` after it, and written again then, or the
    /// text was written whole after it.
    public func encoded(_ tree: NavigationTree, copyingThrough through: Int) -> [UInt8] {
        // Lent, not changed: a writer without a revision only reads the spans.
        var (spans, screenSpans) = (spans, screenSpans)
        var out = JSONBuffer(capacity: bytes.count + 256)
        Self.withWriter(
            source: bytes, spans: &spans, screenSpans: &screenSpans, copyingThrough: through, revision: nil,
            holder: TreeTextWriter.Holder(source: 0)
        ) { tree.writeFlow(tree.rootFlow, into: &out, text: &$0) }
        return out.bytes
    }
}

/// What `NavigationTree.writeFlow` does besides writing a flow: it copies the flow's text from
/// `source` when its span there was written at or before `copyingThrough`, and a screen's
/// text when `source` has it; when writing the tree of `revision`, it notes in `spans` and
/// `screenSpans` (which held the spans in `source`) where each text now lies.
struct TreeTextWriter {
    /// The flow whose text is being written, which holds the flows written next: where its
    /// text starts in `source` (`nil` when it had none) and in the text being written.
    struct Holder {
        var source: Int?
        var written = 0
    }

    /// The text copied from (empty when there is none), and the spans of what it holds,
    /// changed in place: lent for the writing (`TreeText.withWriter`).
    private let source: UnsafeRawBufferPointer
    private let spans: UnsafeMutablePointer<IDMap<FlowID, TreeText.Span>>
    private let screenSpans: UnsafeMutablePointer<IDMap<ScreenID, TreeText.Span>>
    let copyingThrough: Int
    /// `nil`: the spans are read, not changed.
    let revision: Int?
    private var holder: Holder

    /// `holder`: where the text holding the first flow written starts in `source` and in the
    /// text written.
    init(
        source: UnsafeRawBufferPointer, spans: UnsafeMutablePointer<IDMap<FlowID, TreeText.Span>>,
        screenSpans: UnsafeMutablePointer<IDMap<ScreenID, TreeText.Span>>, copyingThrough: Int, revision: Int?, holder: Holder
    ) {
        self.source = source
        self.holder = holder
        self.spans = spans
        self.screenSpans = screenSpans
        self.copyingThrough = copyingThrough
        self.revision = revision
    }

    /// Appends the text of `screen` as `source` has it (in the flow being written), and notes
    /// where it now lies; `false` (nothing written) when the screen has to be written.
    mutating func copy(_ screen: ScreenID, into out: inout JSONBuffer) -> Bool {
        guard let held = holder.source else { return false }
        guard revision != nil else {
            // The spans are the text's own, shared: read in place, not changed (a change would
            // copy the whole table).
            let copied: Void? = screenSpans.pointee.read(screen) {
                Self.append(source, at: held + $0.pointee.offset, count: $0.pointee.count, to: &out)
            }
            return copied != nil
        }
        let written = holder.written
        // One lookup of the span: read, and moved to where the text now lies.
        let copied: Void? = screenSpans.pointee.update(screen) { span in
            Self.append(source, at: held + span.offset, count: span.count, to: &out)
            span.offset = out.count - span.count - written
        }
        return copied != nil
    }

    /// Appends `count` bytes of `source` from `start` to `out`.
    @inline(__always)
    private static func append(_ source: UnsafeRawBufferPointer, at start: Int, count: Int, to out: inout JSONBuffer) {
        out.append(UnsafeRawBufferPointer(rebasing: source[start..<(start + count)]))
    }

    /// `screen`'s text, in the flow being written, lies from `start` to `end`.
    mutating func wrote(_ screen: ScreenID, start: Int, end: Int) {
        guard revision != nil else { return }
        screenSpans.pointee.insert(TreeText.Span(offset: start - holder.written, count: end - start, writtenAt: 0), for: screen)
    }

    /// What `open` did with a flow: copied its text, or began to write it, inside the holder
    /// to restore when it is written (`leave`).
    enum Opened {
        case copied
        case writing(outer: Holder)
    }

    /// Appends the text of `flow` as `source` has it and notes where it now lies, when its
    /// span there was written at or before `copyingThrough`; else the flow, whose text starts
    /// at `start`, is to be written: it holds the flows written until `leave`. One lookup of
    /// its span either way.
    mutating func open(_ flow: FlowID, at start: Int, into out: inout JSONBuffer) -> Opened {
        let outer = holder
        guard let held = outer.source else {
            holder = Holder(source: nil, written: start)
            return .writing(outer: outer)
        }
        let through = copyingThrough
        let found: Found?
        if revision == nil {
            // Read in place, as a screen's span (`copy(_:into:)`).
            found = spans.pointee.read(flow) { span -> Found in
                guard span.pointee.writtenAt <= through else { return .text(at: span.pointee.count < 0 ? nil : held + span.pointee.offset) }
                Self.append(source, at: held + span.pointee.offset, count: span.pointee.count, to: &out)
                return .copied
            }
        } else {
            // Read, and moved to where the text now lies.
            found = spans.pointee.update(flow) { span -> Found in
                guard span.writtenAt <= through else { return .text(at: span.count < 0 ? nil : held + span.offset) }
                Self.append(source, at: held + span.offset, count: span.count, to: &out)
                span.offset = out.count - span.count - outer.written
                return .copied
            }
        }
        switch found {
        case .copied: return .copied
        case .text(let at): holder = Holder(source: at, written: start)
        case nil: holder = Holder(source: nil, written: start)
        }
        return .writing(outer: outer)
    }

    /// What the span of a flow to open says: its text was copied, or where it starts in
    /// `source` (`nil`: it has none yet).
    private enum Found {
        case copied
        case text(at: Int?)
    }

    /// `flow`'s text, which started at `start`, ends at `end` (`written`: it was there to write).
    mutating func leave(_ flow: FlowID, restoring outer: Holder, start: Int, end: Int, written: Bool) {
        holder = outer
        if written, let revision {
            spans.pointee.insert(TreeText.Span(offset: start - outer.written, count: end - start, writtenAt: revision), for: flow)
        }
    }
}
