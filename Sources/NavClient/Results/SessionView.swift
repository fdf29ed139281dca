public import NavJSON

/// The session (docs/guards.md): every flag with its value, in the order navd lists them, and
/// the request a guard holds. `session.get`'s result, and `session` in `nav.state`,
/// `nav.subscribe` and `nav.changed`.
public struct SessionView: Sendable, Hashable {
    public var flags: [(name: String, value: Bool)] {
        get { zip(flagNames, flagValues).map { (name: $0, value: $1) } }
        set {
            flagNames = newValue.map(\.name)
            flagValues = newValue.map(\.value)
        }
    }
    private var flagNames: [String]
    private var flagValues: [Bool]
    public var pending: PendingRequestView?

    public init(flags: [(name: String, value: Bool)], pending: PendingRequestView?) {
        flagNames = flags.map(\.name)
        flagValues = flags.map(\.value)
        self.pending = pending
    }

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        var names: [String] = []
        var values: [Bool] = []
        for (name, value) in try fields.objectValue("flags").pairs {
            guard case .bool(let set) = value else {
                throw ViewDecodingError(path: fields.path("flags") + "." + name, message: "expected a boolean, got \(value.typeName)")
            }
            names.append(name)
            values.append(set)
        }
        flagNames = names
        flagValues = values
        switch fields.optional("pending") {
        case nil, .null?: pending = nil
        case let value?: pending = try PendingRequestView(json: value, at: fields.path("pending"))
        }
    }

    /// The value of a flag, nil for a name that is no flag.
    public func flag(_ name: String) -> Bool? {
        flagNames.firstIndex(of: name).map { flagValues[$0] }
    }

    /// The names of the flags that are set.
    public var setFlags: [String] { flags.filter(\.value).map(\.name) }
}

/// The request a guard holds: the method and params it was sent with, the guard whose flag it
/// waits for, the screen that requires it, and what the redirect opened.
public struct PendingRequestView: Sendable, Hashable {
    public var method: String
    public var params: JSONObject
    public var guardName: String
    public var screen: String
    /// The redirect's destination, the screen it opened, the flow it started (if any).
    public var redirectTo: String
    public var redirectScreen: String
    public var redirectFlow: String?

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        method = try fields.string("method")
        params = try fields.objectValue("params")
        guardName = try fields.string("guard")
        screen = try fields.string("screen")
        let redirected = try JSONFields(try fields.value("redirected"), at: fields.path("redirected"))
        redirectTo = try redirected.string("to")
        redirectScreen = try redirected.string("screen")
        redirectFlow = try redirected.optionalString("flow")
    }

    /// `account waits for signedIn`.
    public var summary: String { "\(screen) waits for \(guardName)" }
}

/// What `session.set` answered: the revision (the current one when nothing changed), the
/// session after it, the request it resumed and the revision's events.
public struct SessionSetView: Sendable, Hashable {
    public var revision: Int
    public var noop: Bool
    public var session: SessionView
    /// The method of the pending request that was applied, if one was.
    public var resumed: String?
    public var events: [NavEventView]
    public var json: JSONValue

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        revision = try fields.int("revision")
        noop = try fields.flag("noop")
        session = try SessionView(json: ["flags": try fields.value("flags"), "pending": fields.optional("pending") ?? .null])
        resumed = try fields.optional("resumed").map { value throws(ViewDecodingError) in
            try JSONFields(value, at: fields.path("resumed")).string("method")
        }
        events = try NavEventView.list(try fields.value("events"), at: fields.path("events"))
        self.json = json
    }
}
