#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `payments.create_ephemeral_key` (Stripe-bound): `POST /v1/ephemeral_keys` for a Customer
/// on the connected account with `Stripe-Version` = the API version the mobile SDK sent
/// (required: a command without it is refused by validation before any call), as the
/// legacy `STPCustomerContext` key provider needs. Idempotency-Key
/// `<message_id>:create_ephemeral_key`. The reply's `key` is the key object as JSON text.
/// Thread-safety: `Sendable`, stateless.
struct CreateEphemeralKeyHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: CreateEphemeralKey, _ context: inout HandlerContext) throws -> Reply<CreateEphemeralKey.Result> {
        let key: EphemeralKey
        switch try context.stripe({ client throws(StripeError) in
            try client.createEphemeralKey(
                EphemeralKeyCreateParams(customer: command.customer), apiVersion: command.apiVersion,
                options: context.idempotent("create_ephemeral_key", account: command.account))
        }) {
        case .success(let created): key = created
        case .failure(let error): return .error(error)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(key)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return .ok(
            CreateEphemeralKey.Result(
                account: command.account, ephemeralKey: key.id, secret: key.secret ?? "",
                expiresAt: key.expires ?? 0, customer: command.customer, key: json))
    }
}
