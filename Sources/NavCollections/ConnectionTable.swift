/// The open connections of the server or of the transport, by their id's number: what every
/// request and every send looks up.
///
/// A class holding its `HashTable` behind a pointer it allocates: the owner keeps it in a
/// `let`, and neither that property nor the table's memory is an access Swift checks for
/// exclusivity at run time. A table stored in a `var` of the owner would be one: a lookup
/// (a read of the property) costs a runtime check unless the whole module provably never
/// holds an access to it open across a call, and an insertion or removal (which may allocate
/// or free) does hold one. A lookup borrows the table in place: it copies neither the table
/// nor its arrays.
///
/// Not thread-safe, as its owners are not: a table is used on one thread. Nothing a lookup,
/// insertion or removal runs can reach the table again (connections are plain objects).
public final class ConnectionTable<Connection: AnyObject> {
    @usableFromInline let table: UnsafeMutablePointer<HashTable<UInt64, Connection>>

    public init() {
        table = .allocate(capacity: 1)
        table.initialize(to: HashTable())
    }

    deinit {
        table.deinitialize(count: 1)
        table.deallocate()
    }

    @inlinable
    public var count: Int { table.pointee.count }

    @inlinable
    public var isEmpty: Bool { table.pointee.isEmpty }

    /// The connections, in no particular order.
    @inlinable
    public var values: [Connection] { table.pointee.values }

    @inlinable
    public subscript(id: UInt64) -> Connection? { table.pointee[id] }

    /// Adds a connection, or replaces the one with this id.
    @inlinable
    public func insert(_ connection: Connection, for id: UInt64) {
        table.pointee.insert(connection, for: id)
    }

    /// Removes the connection with this id and returns it; `nil` if there is none.
    @inlinable
    @discardableResult
    public func remove(_ id: UInt64) -> Connection? {
        table.pointee.removeValue(forKey: id)
    }
}
