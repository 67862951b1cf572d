import Messages
import StripeAPI

extension GetBalance.Amount {
    /// Stripe's balance amounts (`available` or `pending` of a Balance) as the messages carry
    /// them, sorted by currency; none for an absent list.
    static func list(_ amounts: [Balance.Amount]?) -> [GetBalance.Amount] {
        (amounts ?? []).map { GetBalance.Amount(currency: $0.currency, amount: $0.amount) }.sorted { $0.currency < $1.currency }
    }
}
