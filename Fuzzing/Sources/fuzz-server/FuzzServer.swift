import FuzzSupport
import NavProtocol
import NavServer
import NavigationCore
import NavJSON

/// The input is everything one client writes to navd (the sample app), in any framing: the
/// frame decoder, the request scanner and parser, every method and the fan-out to a subscriber
/// run on it with no socket. navd's promises checked on every input:
/// - every line navd writes to either client is valid JSON, and ends with a newline;
/// - every response carries an id the client sent (or null), and each well-formed request
///   with an id gets a response with it (unless navd closed the connection);
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
    let responses = (whole.check(input: input), split.responses())
    expect(responses.0 == responses.1, "responses do not depend on how the input is split into reads",
           "whole: \(responses.0.map(JSONWriter.string))\nsplit: \(responses.1.map(JSONWriter.string))")
    return 0
}
