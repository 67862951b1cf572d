import Messages
import Runtime
import StripeAPI

/// `terminal.list_readers` (Stripe-bound, read-only): `GET /v1/terminal/readers` filtered by
/// location and status, following pages up to 1000 readers. Thread-safety: `Sendable`, stateless.
struct ListReadersHandler: Sendable {
    /// The most readers one reply carries.
    static let maximum = 1000

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: ListReaders, _ context: inout HandlerContext) throws -> Reply<ListReaders.Result> {
        var params = ListParams(limit: 100)
        params.filters.set("location", command.location)
        params.filters.set("status", command.status?.rawValue)
        switch try context.stripe({ client throws(StripeError) -> [TerminalReader] in
            try client.autoPagingList(
                "/v1/terminal/readers", params: params,
                options: RequestOptions(stripeAccount: command.account), maxItems: Self.maximum)
        }) {
        case .success(let readers):
            return .ok(ListReaders.Result(readers: readers.map(ReaderSummary.init)))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, location: command.location))
        }
    }
}
