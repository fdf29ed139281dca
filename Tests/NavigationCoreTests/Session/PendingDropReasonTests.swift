import Testing
@testable import NavigationCore
import NavJSON

/// A `pendingDropped` event's reason is one of a closed list: read back from JSON (a store
/// keeps events so) it is the same event, and a reason navd never drops a request for, or a
/// failure without its error, is refused rather than carried along as a string.
@Suite struct PendingDropReasonTests {
    @Test func eachReasonReadsBackAsTheSameEvent() throws {
        let failure = NavError(.nothingToClose, "screen s1 is a root: it was not opened by a transition", data: ["screen": "s1"])
        let events: [NavEvent] = [
            .pendingDropped(method: "nav.route", reason: .replaced),
            .pendingDropped(method: "nav.route", reason: .redirectClosed),
            .pendingDropped(method: "nav.deeplink", reason: .reset),
            .pendingDropped(method: "nav.apply", reason: .failed(failure)),
        ]
        #expect(events.map { JSONWriter.string($0.jsonValue) } == [
            #"{"type":"pendingDropped","method":"nav.route","reason":"replaced"}"#,
            #"{"type":"pendingDropped","method":"nav.route","reason":"redirectClosed"}"#,
            #"{"type":"pendingDropped","method":"nav.deeplink","reason":"reset"}"#,
            #"{"type":"pendingDropped","method":"nav.apply","reason":"nothingToClose","error":{"message":"screen s1 is a root: it was not opened by a transition","data":{"screen":"s1","reason":"nothingToClose"}}}"#,
        ])
        for event in events { #expect(try NavEvent(json: event.jsonValue) == event) }
    }

    @Test func aReasonNavdNeverGivesIsRefused() {
        let unknown: JSONValue = ["type": "pendingDropped", "method": "nav.route", "reason": "bored"]
        #expect(throws: TreeDecodingError.self) { try NavEvent(json: unknown) }
        let failureWithoutError: JSONValue = ["type": "pendingDropped", "method": "nav.route", "reason": "conflict"]
        #expect(throws: TreeDecodingError.self) { try NavEvent(json: failureWithoutError) }
    }
}
