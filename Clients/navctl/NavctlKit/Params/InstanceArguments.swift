public import ArgumentParser
public import NavigationCore

/// A screen instance id on the command line (`s12`): a malformed one is a usage error, before
/// navd is asked.
extension ScreenID: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// A flow instance id on the command line (`f3`).
extension FlowID: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
