import FuzzSupport

/// The input is a program of mutations, loop iterations and restarts run through navd's server
/// with its real store (an SQLite database in a temporary directory, `StoreSession`). What is
/// checked after every restart: the database opens, and what it restores is what the clients
/// were last told (the state, the revision, the history's revisions, causes and trees).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    var session = StoreSession(input: input)
    session.run()
    return 0
}
