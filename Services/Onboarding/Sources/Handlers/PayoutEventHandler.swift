#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI
import Store

/// `stripe.payout.created`, `.paid`, `.failed` and `.canceled` on `onboarding.events` (the
/// Connect endpoint's events of a connected account's payouts): each is folded into the
/// `payouts` table (``PayoutRecord``) and announced once as `onboarding.payout.*` with the
/// seller's reference, in the same transaction. The body is Stripe's event JSON as the
/// notifications service re-publishes it.
///
/// - An undecodable event is dead-lettered (`validation.malformed_message`, naming the field).
/// - An event without an account (a platform payout) is dead-lettered (`validation.missing_field`):
///   the platform's own payouts are not the sellers'.
/// - An account not recorded yet is handled as every account event is: retried through the
///   delay queues, then dead-lettered (`not_found.account`); nothing is written.
/// - Duplicates and events older than the stored status publish nothing.
/// Thread-safety: `Sendable`, stateless.
struct PayoutEventHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the payouts table.
    let payouts: PayoutStore

    /// Handles one `payout.*` event of `type` for `accountId`.
    /// - Throws: `HandlerError` to retry later, `StoreError`, `EncodingError`.
    func handle(
        _ envelope: Envelope, type: AccountEventType, accountId: String?, created: Int64, _ context: inout HandlerContext
    ) throws -> HandlerOutcome {
        let payout: Payout
        do { payout = try JSONDecoder().decode(PayoutEventBody.self, from: Data(envelope.body)).data.object } catch {
            return .deadLetter(
                ReplyError(
                    code: ReplyError.Code.malformedMessage, message: "Stripe event: data.object is not a payout", field: "data.object"))
        }
        guard let accountId else { return .deadLetter(.missingField("account")) }
        let accounts = self.accounts, payouts = self.payouts
        return try context.transaction { db in
            // The account's row lock serializes its payout events: two events of a new payout
            // handled at once by two workers would otherwise both find no row, and the second
            // save would forget what the first announced.
            guard let record = try accounts.find(accountId: accountId, lock: true, on: db) else {
                throw HandlerError.retry(code: ReplyError.Code.accountNotFound, message: "account \(accountId) is not recorded (yet)")
            }
            let stored = try payouts.find(payoutId: payout.id, lock: true, on: db)
            let (updated, announce) = PayoutRecord.apply(type, payout: payout, created: created, accountId: accountId, to: stored)
            if let updated { try payouts.save(updated, on: db) }
            if announce {
                try Self.publish(type, payout: payout, sellerReference: record.sellerReference, accountId: accountId, at: created, context)
            } else {
                context.log.info("repeated payout event ignored", ["payout": payout.id, "type": type.rawValue, "account": accountId])
            }
            return .done
        }
    }

    /// Publishes the `onboarding.payout.*` event of `type`.
    private static func publish(
        _ type: AccountEventType, payout: Payout, sellerReference: String, accountId: String, at: Int64, _ context: HandlerContext
    ) throws {
        let details = PayoutDetails(
            id: payout.id, amount: payout.amount, currency: payout.currency, status: payout.status.rawValue,
            automatic: payout.automatic ?? false, arrivalDate: payout.arrivalDate ?? 0, destination: payout.destination,
            failureCode: payout.failureCode, failureMessage: payout.failureMessage)
        let message: any PayoutEventMessage.Type
        switch type {
        case .payoutPaid: message = PayoutPaid.self
        case .payoutFailed: message = PayoutFailed.self
        case .payoutCanceled: message = PayoutCanceled.self
        default: message = PayoutCreated.self
        }
        try publishOne(message.init(account: accountId, sellerReference: sellerReference, payout: details, occurredAt: Int(at)), context)
    }

    private static func publishOne(_ event: some PayoutEventMessage, _ context: HandlerContext) throws {
        try context.publish(event, stripeAccount: event.account)
    }

    /// The part of Stripe's event this handler reads: `data.object`, a Payout.
    private struct PayoutEventBody: Decodable {
        struct EventData: Decodable { var object: Payout }
        var data: EventData
    }
}
