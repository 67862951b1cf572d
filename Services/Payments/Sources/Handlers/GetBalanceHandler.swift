import Messages
import Runtime
import StripeAPI

/// `payments.get_balance` (Stripe-bound, read only): `GET /v1/balance` on the connected
/// account, answered per currency (sorted), available and pending. Writes and publishes
/// nothing. Thread-safety: `Sendable`, stateless.
struct GetBalanceHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: GetBalance, _ context: inout HandlerContext) throws -> Reply<GetBalance.Result> {
        switch try context.stripe({ client throws(StripeError) in
            try client.retrieveBalance(options: RequestOptions(stripeAccount: command.account))
        }) {
        case .success(let balance):
            return .ok(
                GetBalance.Result(
                    account: command.account, available: GetBalance.Amount.list(balance.available),
                    pending: GetBalance.Amount.list(balance.pending)))
        case .failure(let error):
            return .error(error)
        }
    }
}
