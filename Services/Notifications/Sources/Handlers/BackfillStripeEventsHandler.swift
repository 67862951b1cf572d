import Messages
import Runtime

/// `notifications.backfill` → records a sweep request (``BackfillStore/request(since:on:)``)
/// in the command's transaction and wakes this process's ``BackfillSweeper``; whichever
/// replica sweeps next takes it (within 2 s). Replies once recorded.
enum BackfillStripeEventsHandler {
    static func handle(
        _ command: BackfillStripeEvents, _ ctx: inout HandlerContext, _ store: BackfillStore,
        wake: @Sendable () -> Void
    ) throws -> Reply<BackfillStripeEvents.Result> {
        try ctx.transaction { db in try store.request(since: command.since.map(Int64.init), on: db) }
        wake()
        return .ok(BackfillStripeEvents.Result(requested: true, since: command.since))
    }
}
