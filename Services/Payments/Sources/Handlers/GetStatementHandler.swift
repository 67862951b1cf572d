import Messages
import Runtime
import StripeAPI

/// `payments.get_statement` (Stripe-bound, read only):
/// 1. `GET /v1/balance_transactions` on the connected account, `created[gte]=from`,
///    `created[lt]=to`, `expand[]=data.source`, 100 a page, every page (more than
///    ``maximumTransactions`` is answered `validation.statement_range`: ask for a shorter
///    period);
/// 2. the lines per currency (``StatementLedger``) and the transactions that do not match the
///    suite's orders, refunds and disputes (``StatementReconciler``), read outside any
///    transaction.
/// A command the statement scheduler published (`x-statement-local-date`,
/// `x-statement-time-zone`) also publishes `payments.statement.ready` with the same lines,
/// in the message's transaction (so once: the inbox row commits with it).
/// Thread-safety: `Sendable`, stateless.
struct GetStatementHandler: Sendable {
    /// Header of a scheduled statement: the local date it covers (`YYYY-MM-DD`).
    static let localDateHeader = "x-statement-local-date"
    /// Header of a scheduled statement: the IANA zone of its date.
    static let timeZoneHeader = "x-statement-time-zone"
    /// The most balance transactions one statement reads.
    static let maximumTransactions = 100_000

    /// SQL of the records a statement is reconciled against.
    let records: StatementStore

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: GetStatement, _ context: inout HandlerContext) throws -> Reply<GetStatement.Result> {
        var created = FormParams()
        created.set("gte", command.from)
        created.set("lt", command.to)
        var filters = FormParams()
        filters.set("created", created)
        let params = ListParams(limit: 100, expand: ["data.source"], filters: filters)
        let transactions: [BalanceTransaction]
        switch try context.stripe({ client throws(StripeError) in
            try client.listAllBalanceTransactions(
                params, options: RequestOptions(stripeAccount: command.account), maxItems: Self.maximumTransactions + 1)
        }) {
        case .success(let listed): transactions = listed
        case .failure(let error): return .error(error)
        }
        guard transactions.count <= Self.maximumTransactions else {
            return .error(
                ReplyError(
                    code: ReplyError.Code.statementRange,
                    message: "the period holds more than \(Self.maximumTransactions) balance transactions; ask for a shorter one",
                    field: "to"))
        }
        let wanted = StatementReconciler.references(transactions)
        let reconciler = StatementReconciler(
            orders: try records.orders(account: command.account, paymentIntents: wanted.paymentIntents, on: context.db),
            refunds: try records.known(.refunds, account: command.account, ids: wanted.refunds, on: context.db),
            disputes: try records.known(.disputes, account: command.account, ids: wanted.disputes, on: context.db))
        let result = GetStatement.Result(
            account: command.account, from: command.from, to: command.to, currencies: StatementLedger.totals(transactions),
            transactions: transactions.count, discrepancies: reconciler.discrepancies(transactions))
        let headers = context.envelope.headers.extra
        guard let date = headers[Self.localDateHeader], let zone = headers[Self.timeZoneHeader] else { return .ok(result) }
        let envelopeAccount = command.account
        try context.transaction { _ in
            try context.publish(
                StatementReady(
                    account: result.account, date: date, timeZone: zone, from: result.from, to: result.to,
                    currencies: result.currencies, transactions: result.transactions, discrepancies: result.discrepancies),
                stripeAccount: envelopeAccount)
        }
        if !result.discrepancies.isEmpty {
            context.log.warning(
                "statement does not match the suite's records",
                ["account": command.account, "date": date, "discrepancies": String(result.discrepancies.count)])
        }
        return .ok(result)
    }
}
