/// An integration test's world (servers, a service host, queues, a schema) that a test
/// starts before its body and always stops after it.
///
/// Conforming types are `Sendable`: their parts are shared with dedicated threads.
public protocol StartableTestBed: Sendable {
    /// Starts what the bed runs and waits until it is ready.
    ///
    /// - Throws: when it did not come up.
    func start() async throws

    /// Stops what the bed runs and deletes what it created; failures are ignored.
    func stop() async
}

extension StartableTestBed {
    /// Makes a bed with `make`, starts it, runs `body` against it and always stops it
    /// afterwards, also when starting or `body` threw.
    ///
    /// - Throws: what `make`, ``start()`` or `body` threw.
    public static func run(making make: () throws -> Self, _ body: (Self) async throws -> Void) async throws {
        let bed = try make()
        do {
            try await bed.start()
            try await body(bed)
        } catch {
            await bed.stop()
            throw error
        }
        await bed.stop()
    }
}
