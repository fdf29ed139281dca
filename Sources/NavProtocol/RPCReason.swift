public import NavigationCore

/// Every `data.reason` navd answers with: the engine's refusals (`NavError.Reason`) and those
/// of the layers above it, which the engine knows nothing of: the request decoder's (a line
/// that is not a request) and the server's (shutting down, the history, routing events).
public enum RPCReason: Sendable, Hashable, CaseIterable {
    /// A refusal of the engine, as it gave it.
    case engine(NavError.Reason)
    case parseError, invalidRequest, tooDeep, batchTooLarge, messageTooLarge, methodNotFound
    case shuttingDown
    /// `nav.goto` of a revision the history no longer (or never) had.
    case historyGone
    /// `event.emit` or `events.listen` of an event the app definition does not declare.
    case unknownEvent

    /// `-32602`, which the request layer answers too (its fields, positional params).
    public static let invalidParams = RPCReason.engine(.invalidParams)
    /// `-32603`, a failure of navd itself, the engine's or the server's.
    public static let internalError = RPCReason.engine(.internalError)
    /// `-32009`, which the server answers too (clients, requests kept behind an emit).
    public static let limitExceeded = RPCReason.engine(.limitExceeded)

    public static let allCases: [RPCReason] = NavError.Reason.allCases.map(RPCReason.engine) + [
        .parseError, .invalidRequest, .tooDeep, .batchTooLarge, .messageTooLarge, .methodNotFound,
        .shuttingDown, .historyGone, .unknownEvent,
    ]

    /// `data.reason` as the wire spells it.
    public var rawValue: String {
        switch self {
        case .engine(let reason): reason.rawValue
        case .parseError: "parseError"
        case .invalidRequest: "invalidRequest"
        case .tooDeep: "tooDeep"
        case .batchTooLarge: "batchTooLarge"
        case .messageTooLarge: "messageTooLarge"
        case .methodNotFound: "methodNotFound"
        case .shuttingDown: "shuttingDown"
        case .historyGone: "historyGone"
        case .unknownEvent: "unknownEvent"
        }
    }

    public init?(rawValue: String) {
        guard let reason = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = reason
    }
}
