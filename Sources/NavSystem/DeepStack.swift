internal import Glibc

/// Runs a program's work on a thread with a large stack, and never returns.
///
/// A navigation tree nests one level per presented container, and every walk of it (the JSON
/// scanner, the tree's decoder and writers) recurses once per level: a tree of a few thousand
/// modals, which any client may build, overflowed the 8 MiB main thread when navd restored it
/// from its database (a SIGSEGV at every start: the state could no longer be opened). The
/// limits bound a tree at 100,000 screens, so at most that many levels; `stackBytes` holds
/// that depth in a debug build with room to spare. The stack is reserved address space: pages
/// are only backed by memory when a walk that deep touches them.
public enum DeepStack {
    /// 1 GiB of address space.
    public static let stackBytes = 1 << 30

    /// Calls `body` on a new thread with a `stackBytes` stack and waits for it; `body` ends
    /// the process itself (`exit`). Where the thread cannot be made, `body` runs here.
    public static func run(_ body: @convention(c) () -> Void) -> Never {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let context = unsafeBitCast(body, to: UnsafeMutableRawPointer.self)
        if pthread_attr_setstacksize(&attributes, stackBytes) == 0,
            pthread_create(&thread, &attributes, { context in
                unsafeBitCast(context!, to: (@convention(c) () -> Void).self)()
                return nil
            }, context) == 0
        {
            pthread_join(thread, nil)
        } else {
            body()
        }
        exit(0)
    }
}
