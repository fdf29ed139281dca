import NavProtocol
import NavHistory
import NavigationCore
import NavJSON

/// Fan-out of committed revisions (docs/protocol.md).
extension NavServer {
    /// Sends the newest revision, `newest` as the history's ring holds it, to every
    /// subscriber: the same encoded bytes to every up-to-date subscriber of a variant (tree or
    /// not, events or not: four at most, each written once, its cause and events copied from
    /// the ring); congested subscribers collect it for a coalesced notification; the
    /// requester's copy waits until its response is written. Only those two keep the revision
    /// past this call: for them it is copied out of the ring once (`ChangeRecord`).
    func broadcast(_ newest: LentRecord, session: [UInt8]?, deferring requester: ClientID, into outbox: inout Outbox) {
        var payloads = Variants()
        var root: [UInt8]?
        var kept: KeptChange?
        for connection in subscribers {
            guard let subscription = connection.delivery, !connection.closing else { continue }
            let id = connection.id
            if connection.congested || subscription.sentRevision != newest.revision - 1 {
                if kept == nil { kept = KeptChange(newestChange(session: session)) }
                enqueue(kept!.record, for: connection)
                if !connection.congested && id != requester { flushPending(connection, into: &outbox) }
                continue
            }
            let variant = (subscription.tree ? 2 : 0) + (subscription.events ? 1 : 0)
            let payload: Payload
            if let cached = payloads[variant] {
                payload = cached
            } else {
                // The tree is encoded once per revision, for both variants that carry it.
                if subscription.tree && root == nil { root = encodedTree() }
                payload = changedNotification(newest, session: session, events: subscription.events, root: subscription.tree ? root : nil)
                payloads[variant] = payload
            }
            connection.subscription!.sentRevision = newest.revision
            if id == requester {
                if kept == nil { kept = KeptChange(newestChange(session: session)) }
                let record = kept!.record
                connection.updateDeferred { $0.append(ClientConnection.Deferred(payload: payload, record: record)) }
            } else if outbox.send(payload, to: id) {
                // Past the high watermark with what this read queued: the next revisions
                // coalesce, even before the transport reports congestion.
                connection.congested = true
            }
        }
    }

    /// The newest revision as `broadcast` keeps it for the subscribers that hold it past the
    /// fan-out, made for the first of them: a reference, so that the loop's local is one word
    /// whatever a `ChangeRecord` holds (an optional record there, copied and tested in place,
    /// made every subscriber's iteration dearer).
    final class KeptChange {
        let record: ChangeRecord

        init(_ record: ChangeRecord) {
            self.record = record
        }
    }

    /// The newest revision, copied out of the history for a subscriber that keeps it past
    /// its fan-out. Not inlined: read in `broadcast`'s loop, the history is accessed (and
    /// checked at run time) across the whole loop, and every subscriber's connection is
    /// retained once more (about 1,000 instructions per revision to 64 subscribers).
    @inline(never)
    func newestChange(session: [UInt8]?) -> ChangeRecord {
        ChangeRecord(entry: history[history.count - 1], session: session)
    }

    /// One revision's notification in each of its four variants (tree or not, events or not),
    /// made on first use. Four stored slots, not an array: nothing to allocate or destroy
    /// element by element per revision.
    struct Variants {
        private var plain, events, tree, treeAndEvents: Payload?

        subscript(variant: Int) -> Payload? {
            get {
                switch variant {
                case 0: return plain
                case 1: return events
                case 2: return tree
                default: return treeAndEvents
                }
            }
            set {
                switch variant {
                case 0: plain = newValue
                case 1: events = newValue
                case 2: tree = newValue
                default: treeAndEvents = newValue
                }
            }
        }
    }

    func takeNotificationBuffer() -> JSONBuffer {
        var spare: JSONBuffer? = nil
        swap(&spare, &spareNotification)
        guard let spare else { return JSONBuffer(capacity: ReadBatch.initialCapacity) }
        return spare
    }

    func putBackNotificationBuffer(_ bytes: consuming JSONBuffer) {
        guard bytes.capacity <= ReadBatch.keptCapacity else { return }
        bytes.removeAll()
        var spare: JSONBuffer? = .some(bytes)
        swap(&spare, &spareNotification)
    }

    /// Holds a revision for a slow subscriber, keeping the newest `maxCoalescedChanges` whose
    /// listed size stays within `maxCoalescedBytes`; older ones are dropped (`truncated`). The
    /// newest is always listed, however big: a coalesced notification is never bigger than
    /// the budget or the one separate notification its newest revision would have had.
    func enqueue(_ record: ChangeRecord, for connection: ClientConnection) {
        let countLimit = configuration.maxCoalescedChanges
        let byteLimit = configuration.maxCoalescedBytes
        connection.updateSubscription { subscription in
            let events = subscription!.events
            subscription!.pending.append(record)
            subscription!.pendingBytes += record.listedBytes(events: events)
            subscription!.heldRevision = record.revision
            var dropped = 0
            let count = subscription!.pending.count
            while dropped < count - 1 && (count - dropped > countLimit || subscription!.pendingBytes > byteLimit) {
                subscription!.pendingBytes -= subscription!.pending[dropped].listedBytes(events: events)
                dropped += 1
            }
            if dropped > 0 {
                subscription!.pending.removeFirst(dropped)
                subscription!.truncated = true
            }
        }
    }

    /// The requester's own notifications, after its responses; once it is congested (its
    /// responses or these notifications passed the high watermark) the rest coalesce.
    func deliverDeferred(to connection: ClientConnection, into outbox: inout Outbox) {
        guard !connection.deferred.isEmpty else { return }
        let held = connection.takeDeferred()
        for index in held.indices {
            guard !connection.congested else {
                requeue(held[index...].map(\.record), for: connection)
                return
            }
            if outbox.send(held[index].payload, to: connection.id) { connection.congested = true }
        }
        flushPending(connection, into: &outbox)
    }

    /// Revisions whose notifications were not sent go back in front of what the subscription
    /// holds, and its last sent revision back to just before them: they coalesce with the rest.
    func requeue(_ records: [ChangeRecord], for connection: ClientConnection) {
        guard let first = records.first, connection.subscription != nil else { return }
        var later: [ChangeRecord] = []
        var truncated = false
        connection.updateSubscription { subscription in
            swap(&later, &subscription!.pending)
            truncated = subscription!.truncated
            subscription!.pendingBytes = 0
            subscription!.heldRevision = nil
            subscription!.truncated = false
            subscription!.sentRevision = first.revision - 1
        }
        for record in records { enqueue(record, for: connection) }
        for record in later { enqueue(record, for: connection) }
        if truncated { connection.updateSubscription { $0!.truncated = true } }
    }

    /// Sends what a subscriber missed as one coalesced notification, if it can take it.
    func flushPending(_ connection: ClientConnection, into outbox: inout Outbox) {
        let id = connection.id
        guard !connection.congested, !connection.closing,
            let subscription = connection.subscription, let last = subscription.heldRevision
        else { return }
        let includeRoot = subscription.tree || subscription.truncated
        let payload = changedNotification(
            revision: last, base: subscription.sentRevision, changes: subscription.pending,
            events: subscription.events, truncated: subscription.truncated,
            root: includeRoot ? encodedTree() : nil)
        connection.updateSubscription { subscription in
            subscription!.pending.removeAll()
            subscription!.pendingBytes = 0
            subscription!.heldRevision = nil
            subscription!.truncated = false
            subscription!.sentRevision = last
        }
        if outbox.send(payload, to: id) { connection.congested = true }
    }

    /// The `nav.changed` of the newest revision alone, to a subscriber that had the one
    /// before: its change copied from the history's ring.
    func changedNotification(_ newest: LentRecord, session: [UInt8]?, events: Bool, root: [UInt8]?) -> Payload {
        changedNotification(
            revision: newest.revision, base: newest.revision - 1, listing: ChangeRecord.listedBytes(of: newest, events: events),
            truncated: false, session: session, root: root
        ) { ChangeRecord.write(newest, events: events, into: &$0) }
    }

    /// The `nav.changed` of the revisions a subscriber missed, coalesced: `changes` are those
    /// still listed, and the session is the one the last of them that changed it left.
    func changedNotification(
        revision: Int, base: Int, changes: [ChangeRecord], events: Bool, truncated: Bool, root: [UInt8]?
    ) -> Payload {
        changedNotification(
            revision: revision, base: base, listing: changes.reduce(0) { $0 + 1 + $1.listedBytes(events: events) },
            truncated: truncated, session: changes.last(where: { $0.session != nil })?.session, root: root
        ) { bytes in
            for (index, change) in changes.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                change.writeJSON(events: events, into: &bytes)
            }
        }
    }

    /// `nav.changed {revision, baseRevision, changes, truncated?, session?, root?}` as one
    /// line, written directly: `writeChanges` writes the changes (about `listing` bytes), and
    /// the session and the tree are spliced in already encoded.
    private func changedNotification(
        revision: Int, base: Int, listing: Int, truncated: Bool, session: [UInt8]?, root: [UInt8]?,
        writeChanges: (inout JSONBuffer) -> Void
    ) -> Payload {
        // One buffer serves every notification (taken and put back): only the payload's own
        // array is allocated per notification.
        var bytes = takeNotificationBuffer()
        bytes.reserveCapacity(160 + (root?.count ?? 0) + listing)
        RPCEncoder.notification(.navChanged, into: &bytes) { bytes in
            JSONWriter.raw(#"{"revision":"#, into: &bytes)
            JSONWriter.writeInt(revision, into: &bytes)
            JSONWriter.raw(#","baseRevision":"#, into: &bytes)
            JSONWriter.writeInt(base, into: &bytes)
            JSONWriter.raw(#","changes":["#, into: &bytes)
            writeChanges(&bytes)
            bytes.append(UInt8(ascii: "]"))
            if truncated { JSONWriter.raw(#","truncated":true"#, into: &bytes) }
            // The session as the last revision that changed it left it: the current one.
            if let session {
                JSONWriter.raw(#","session":"#, into: &bytes)
                bytes.append(session)
            }
            if let root {
                JSONWriter.raw(#","root":"#, into: &bytes)
                bytes.append(root)
            }
            bytes.append(UInt8(ascii: "}"))
        }
        let payload = Payload(bytes.bytes)
        putBackNotificationBuffer(bytes)
        return payload
    }

    /// The transport holds more unsent bytes for `id` than its high watermark: stop sending
    /// separate notifications; they coalesce until `drained`.
    public func congested(_ id: ClientID) {
        connection(for: id)?.congested = true
    }

    /// The connection drained below the low watermark: send what it missed, coalesced.
    public func drained(_ id: ClientID) -> [ServerOutput] {
        var outbox = Outbox()
        drained(id, into: &outbox)
        return outbox.outputs
    }

    /// `drained(_:)` for the daemon: the notification goes to `handler`, which says whether it
    /// congested the connection again.
    public func drained(_ id: ClientID, handler: any ServerOutputHandler) {
        var outbox = Outbox(handler: handler)
        drained(id, into: &outbox)
    }

    func drained(_ id: ClientID, into outbox: inout Outbox) {
        guard let connection = connection(for: id) else { return }
        connection.congested = false
        flushPending(connection, into: &outbox)
    }

    /// SIGINT/SIGTERM: refuse further mutations and tell every client why. A held
    /// `event.emit` is answered first (`-32010`), then the lines kept behind it run as if
    /// they had just arrived (mutations and emits are refused the same way): nothing a client
    /// asked goes unanswered.
    public func shutdown(reason: String) -> [ServerOutput] {
        shuttingDown = true
        var outbox = Outbox()
        perform(updateEventQueue { $0.shutdown(Self.shuttingDownError) }, into: &outbox)
        var bytes = JSONBuffer()
        RPCEncoder.notification(.daemonShutdown, into: &bytes) { JSONWriter.write(["reason": .string(reason)] as JSONObject, into: &$0) }
        let payload = Payload(bytes.bytes)
        for id in connections.values.map(\.id).sorted() { outbox.send(payload, to: id) }
        return outbox.outputs
    }
}
