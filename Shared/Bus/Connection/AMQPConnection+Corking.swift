#if canImport(Glibc)
import Glibc
#endif

extension AMQPConnection {
    /// Runs `body` — a run of ``publish(_:exchange:routingKey:mandatory:)`` calls — with the
    /// socket corked (Linux `TCP_CORK`, tcp(7)): the frames rabbitmq-c writes are held in
    /// the kernel and leave in full segments when `body` returns, instead of one segment
    /// per message (rabbitmq-c sets `MSG_MORE` on a publish's method and header frames but
    /// not on its body frame). A batch of 50 events then reaches the broker in a few
    /// segments: one read for its connection process rather than 50, and no wake-up of the
    /// broker per message on the publisher's side. The frames are the library's own; only
    /// when they leave the socket changes.
    ///
    /// The socket is uncorked (which sends what is held at once) before `corked` returns or
    /// rethrows, so nothing waits for the kernel's 200 ms cork limit. Nested calls cork once.
    /// A socket that refuses the option (not TCP) is written as before.
    /// - Throws: whatever `body` throws.
    public func corked<T>(_ body: () throws -> T) rethrows -> T {
        let socket = socketDescriptor
        guard socket >= 0, !isCorked, Self.setCork(socket, true) else { return try body() }
        isCorked = true
        defer {
            isCorked = false
            _ = Self.setCork(socket, false)
        }
        return try body()
    }

    /// Whether the socket is corked now (`TCP_CORK` read back from the kernel; tests).
    var socketIsCorked: Bool {
        let socket = socketDescriptor
        guard socket >= 0 else { return false }
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_CORK, &value, &length) == 0 else { return false }
        return value != 0
    }

    private static func setCork(_ socket: Int32, _ on: Bool) -> Bool {
        var value: Int32 = on ? 1 : 0
        return setsockopt(socket, Int32(IPPROTO_TCP), TCP_CORK, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }
}
