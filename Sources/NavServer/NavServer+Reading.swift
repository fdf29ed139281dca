import NavProtocol
import NavigationCore
import NavJSON

// Reading: a connection'\''s bytes, split into lines, each line decoded and answered in one
// `ReadBatch`, and what the read produced handed on.
extension NavServer {
    /// Bytes read from a connection: answers every complete message in them.
    public func receive(_ bytes: UnsafeRawBufferPointer, from id: ClientID) -> [ServerOutput] {
        read(bytes, from: id, into: Outbox()).outputs
    }

    /// `receive(_:from:)` for the daemon: every output goes to `handler` as it arises, the
    /// responses straight from the read's buffer.
    public func receive(_ bytes: UnsafeRawBufferPointer, from id: ClientID, handler: any ServerOutputHandler) {
        _ = read(bytes, from: id, into: Outbox(handler: handler))
    }

    func read(_ bytes: UnsafeRawBufferPointer, from id: ClientID, into outbox: consuming Outbox) -> Outbox {
        guard let connection = connection(for: id), !connection.closing else { return outbox }
        // The decoder is moved into a local for the read (and back after): a frame is handled
        // as the decoder finds it, in place in its buffer, without an access to the connection
        // held open meanwhile. The connection is then moved into the read, not retained for it.
        var decoder = connection.takeDecoder()
        var read = ReadBatch(connection: consume connection, responses: takeSpareResponses(), outbox: outbox)
        decoder.feed(bytes) { handle($0, in: &read) }
        read.connection.restoreDecoder(&decoder)
        return finish(read)
    }

    /// The peer sent its last byte: a final line without a newline still counts (so
    /// `printf '{…}' | nc -U` gets its answer).
    public func endOfInput(_ id: ClientID) -> [ServerOutput] {
        guard let connection = connection(for: id), !connection.closing else { return [] }
        var read = ReadBatch(connection: connection, responses: takeSpareResponses(), outbox: Outbox())
        var decoder = connection.takeDecoder()
        decoder.finish { handle($0, in: &read) }
        connection.restoreDecoder(&decoder)
        return finish(read).outputs
    }

    func takeSpareResponses() -> JSONBuffer? {
        var spare: JSONBuffer? = nil
        swap(&spare, &spareResponses)
        return spare
    }

    /// One read of a connection as it is answered: the responses of its frames, in order,
    /// whether any of them committed a revision, and the outputs that go out meanwhile
    /// (notifications to others, a close).
    struct ReadBatch: ~Copyable {
        let connection: ClientConnection
        var responses: JSONBuffer
        var committed = false
        var outbox: Outbox
        /// The entry being answered is part of a batch.
        var inBatch = false
        /// What the read's lines made the event queue decide, performed after each line
        /// (`performEventActions(of:)`).
        var eventActions: [EventAction] = []

        /// Room for the usual responses of a read, not one allocation per doubling.
        static let initialCapacity = 4096
        /// A buffer grown past this by a big read is not kept for the next one.
        static let keptCapacity = 64 * 1024

        init(connection: ClientConnection, responses: consuming JSONBuffer?, outbox: consuming Outbox) {
            self.connection = connection
            self.responses = responses ?? JSONBuffer(capacity: Self.initialCapacity)
            self.outbox = outbox
        }
    }

    func handle(_ frame: Frame, in read: inout ReadBatch) {
        // `read.connection` read where it is used: a local taken first was retained and
        // released for every line.
        guard !read.connection.closing else { return }
        switch frame {
        case .line(let line):
            handleLine(line, in: &read)
            performEventActions(of: &read)
        case .oversized:
            let connection = read.connection
            connection.oversizedLines += 1
            RPCEncoder.failure(id: .null, error: .messageTooLarge(limit: configuration.maxLineBytes), into: &read.responses)
            if connection.oversizedLines >= configuration.maxOversizedLines {
                connection.closing = true
                read.outbox.send(read.responses, to: connection.id)
                read.responses.removeAll()
                read.outbox.close(connection.id, reason: "\(configuration.maxOversizedLines) messages over \(configuration.maxLineBytes) bytes")
            }
        }
    }

    func finish(_ read: consuming ReadBatch) -> Outbox {
        let connection = read.connection
        if read.outbox.send(read.responses, to: connection.id) { connection.congested = true }
        let committed = read.committed
        var outbox = read.outbox
        if read.responses.capacity <= ReadBatch.keptCapacity {
            read.responses.removeAll()
            var spare: JSONBuffer? = .some(read.responses)
            swap(&spare, &spareResponses)
        }
        // Others were sent each revision as it committed; this client gets its own
        // notifications only now, after the responses that caused them.
        if committed { deliverDeferred(to: connection, into: &outbox) }
        return outbox
    }

    /// One line: a request, a notification or a batch, decoded (`JSONRPC.decode`) and answered.
    /// A batch's answers are one array on one line; a batch of notifications is not answered.
    func handleLine(_ line: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch) {
        let message = JSONRPC.decode(line: line, limits: limits)
        // Behind a held emit, requests wait (in order); answers to navd's requests do not.
        if read.connection.holdsEmit {
            keepBehindEmit(line, message, in: &read)
            return
        }
        switch message {
        case .failure(let error):
            RPCEncoder.failure(id: .null, error: error, into: &read.responses)
        case .single(let entry):
            answer(entry, of: line, in: &read)
        case .batch(let entries):
            // Each answer is written as a single one is, its newline then turned into the
            // separator; the `[` comes out again if no entry is answered. A response in the
            // batch (a listener's answer) writes nothing: navd never answers a response.
            let start = read.responses.count
            read.responses.append(UInt8(ascii: "["))
            read.inBatch = true
            defer { read.inBatch = false }
            for entry in entries {
                let before = read.responses.count
                answer(entry, of: line, in: &read)
                if read.responses.count > before {
                    read.responses.removeLast()
                    read.responses.append(UInt8(ascii: ","))
                }
            }
            if read.responses.count == start + 1 {
                read.responses.removeLast()
            } else {
                read.responses.removeLast()
                read.responses.append("]\n")
            }
        }
    }

}
