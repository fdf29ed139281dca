import FuzzSupport
import NavProtocol
import NavServer
import NavigationCore
import NavJSON

/// The input is everything two clients write to navd (the sample app), in any framing, the
/// clients taking turns at each 0x01 byte while time passes (`ServerSession`): the frame
/// decoder, the request scanner and parser, every method (`nav.goto`, `nav.history`,
/// `session.set`, `event.emit` included), routing events with one client listening and
/// answering `event.handle` (alone, in batches, late, wrongly) and the fan-out to a subscriber
/// run on it with no socket. navd's promises checked on every input:
/// - every line navd writes to any client is valid JSON, and ends with a newline;
/// - every response carries an id its client sent (or null), and each well-formed request
///   with an id gets a response with it (unless navd closed the connection), held emits and
///   the lines kept behind them included, once every listener deadline has passed;
/// - the responses do not depend on how the bytes were split into reads (the same input is
///   also read in pieces of 1 to 1000 bytes, chosen by a hash of the input);
/// - the subscriber's `nav.changed` chain from its `nav.subscribe` revision without a gap and
///   ends at navd's revision, with the same tree as `nav.state`;
/// - the tree's invariants hold, and nothing is sent to a connection after its close.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let whole = ServerSession(input: input, readSize: max(input.count, 1))
    let split = ServerSession(input: input, readSize: ServerSession.readSize(for: input))
    // Every promise on the whole read; the split reads only have to answer the same.
    let responses = (whole.check(), split.responses())
    expect(responses.0 == responses.1, "responses do not depend on how the input is split into reads",
           "whole: \(responses.0.map(JSONWriter.string))\nsplit: \(responses.1.map(JSONWriter.string))")
    return 0
}
