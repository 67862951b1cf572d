import Messages
import Runtime
import StripeAPI

/// `terminal.create_location` (Stripe-bound): `POST /v1/terminal/locations` with
/// Idempotency-Key `<message_id>:create_location`, so a redelivery creates one location; the
/// location and its `time_zone` (checked against the IANA database first:
/// `validation.invalid_time_zone`) are recorded for the daily reconciliation.
/// Thread-safety: `Sendable`, stateless.
struct CreateLocationHandler: Sendable {
    /// SQL of the locations table.
    let locations: LocationStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CreateLocation, _ context: inout HandlerContext) throws -> Reply<CreateLocation.Result> {
        if let zone = command.timeZone, DailyReconcilePlan.rules(zone) == nil {
            return .error(
                .invalid(
                    "time_zone", "\(zone) is not a time zone this service knows (IANA name, e.g. Australia/Sydney)",
                    code: ReplyError.Code.invalidTimeZone))
        }
        let a = command.address
        let params = TerminalLocationCreateParams(
            displayName: command.displayName, line1: a.line1, city: a.city,
            postalCode: a.postalCode, state: a.state, country: a.country,
            metadata: command.metadata)
        var form = params.formParams
        if let line2 = a.line2, case .object(var address)? = form["address"] {
            address.set("line2", line2)
            form["address"] = .object(address)
        }
        let key = context.idempotencyKey("create_location")
        switch try context.stripe({ client throws(StripeError) -> TerminalLocation in
            try client.request(
                .post, "/v1/terminal/locations", params: form,
                options: .idempotent(key, stripeAccount: command.account))
        }) {
        case .success(let location):
            let locations = self.locations
            return try context.transaction { db in
                try locations.saveLocation(location.id, account: command.account, timeZone: command.timeZone, on: db)
                return .ok(CreateLocation.Result(location: location.id, displayName: location.displayName ?? command.displayName))
            }
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error))
        }
    }
}
