internal import NavClient
internal import NavGraph
internal import NavJSON

/// A connection that hands every call's params and result to a coverage recorder on its way
/// back (`navctl run --coverage`): the script's commands run unchanged on top of it.
final class RecordingConnection: NavConnection {
    private let inner: any NavConnection
    private let recording: CoverageRecording

    init(_ inner: any NavConnection, recording: CoverageRecording) {
        self.inner = inner
        self.recording = recording
    }

    var socketPath: String { inner.socketPath }
    var clientID: String? { inner.clientID }

    func call(_ method: String, _ params: JSONValue, timeout: Double?) throws(NavClientError) -> JSONValue {
        let result = try inner.call(method, params, timeout: timeout)
        recording.recorder?.record(method: method, params: params, result: result)
        return result
    }

    func nextNotification(timeout: Double?) throws(NavClientError) -> ServerNotification? {
        try inner.nextNotification(timeout: timeout)
    }

    func close() { inner.close() }
}

/// The recorder a run's connections share (each reconnection is wrapped again); nil until the
/// run has the definition to record against.
final class CoverageRecording {
    var recorder: CoverageRecorder?
}
