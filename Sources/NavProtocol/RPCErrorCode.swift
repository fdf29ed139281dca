internal import NavigationCore

/// The JSON-RPC error codes navd answers with: the specification's own and navd's, one per
/// `RPCReason` (several request-layer reasons share `-32600`).
public enum RPCErrorCode: Int, Sendable, Hashable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case unknownDestination = -32001
    case routeNotAllowed = -32002
    case nothingToClose = -32004
    case conflict = -32005
    case noRouteForURL = -32006
    case unknownInstance = -32007
    case guarded = -32008
    case limitExceeded = -32009
    case shuttingDown = -32010
    /// `event.emit` or `events.listen` of an event the app definition does not declare.
    case unknownEvent = -32011
    /// `nav.goto` of a revision the history no longer (or never) had.
    case historyGone = -32012

    public init(_ reason: RPCReason) {
        switch reason {
        case .parseError: self = .parseError
        case .invalidRequest, .tooDeep, .batchTooLarge, .messageTooLarge: self = .invalidRequest
        case .methodNotFound: self = .methodNotFound
        case .shuttingDown: self = .shuttingDown
        case .historyGone: self = .historyGone
        case .unknownEvent: self = .unknownEvent
        case .engine(let reason):
            switch reason {
            case .invalidParams: self = .invalidParams
            case .internalError: self = .internalError
            case .unknownDestination: self = .unknownDestination
            case .routeNotAllowed: self = .routeNotAllowed
            case .nothingToClose: self = .nothingToClose
            case .conflict: self = .conflict
            case .noRouteForURL: self = .noRouteForURL
            case .unknownInstance: self = .unknownInstance
            case .guarded: self = .guarded
            case .limitExceeded: self = .limitExceeded
            }
        }
    }
}
