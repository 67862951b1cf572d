/// The error codes a command declares it can answer (DESIGN §4 "Error codes per command"):
/// its route kind and its own codes, those of its `validate()` and its handler.
///
/// Each command declares one, as `static let errorCodes` in its domain's table
/// (`OnboardingErrorCodes.swift`, `PaymentsErrorCodes.swift`, `TerminalErrorCodes.swift`,
/// `NotificationsErrorCodes.swift`). What every command can get is not repeated there: the
/// catalogue adds ``runtime``, the Stripe limit codes of the command's fields
/// (``SchemaLimit``) and, for a Stripe-bound route, ``stripeFamily`` and the domain's Stripe
/// mapping (``answerable(limits:)``). `Tests/deployment/test_error_codes.py` checks the lists
/// against the command corpus and the handlers' sources.
public struct CommandErrorCodes: Sendable {
    /// What the command's route does, which decides the codes the runtime adds.
    public enum Route: Sendable {
        /// A route that calls Stripe (`mode: .oneAtATime(rateLimited: true)`): Stripe's refusals
        /// are `stripe.<code or type>`, except those the domain maps to its own codes (`mapping`).
        case stripe(mapping: [DeclaredErrorCode])
        /// A route that only touches the service's database (`mode: .batched`).
        case database
    }

    /// The route kind.
    public var route: Route
    /// The command's own codes: its `validate()`, its handler and the steps the handler calls.
    public var own: [DeclaredErrorCode]

    /// Declares a command's route kind and its own codes.
    public init(_ route: Route, _ own: [DeclaredErrorCode]) {
        self.route = route
        self.own = own
    }

    /// True for a Stripe-bound route.
    public var callsStripe: Bool {
        if case .stripe = route { return true }
        return false
    }

    /// What any command can be answered by the runtime, before or around its handler: strict
    /// decoding (``MessageDecodingError``), the NUL check of every string (``CommandLimits``),
    /// the inbox (a reused `message_id`), Runtime's `SchemaVersionGate` and the failures that are
    /// retried and then parked (`parked: true`).
    public static let runtime: [DeclaredErrorCode] = [
        DeclaredErrorCode(ReplyError.Code.missingField, "a required field is absent; field names it"),
        DeclaredErrorCode(ReplyError.Code.wrongType, "a field has the wrong JSON type, or is null"),
        DeclaredErrorCode(ReplyError.Code.invalidValue, "a field's value is not allowed (an unknown enum value, a broken rule)"),
        DeclaredErrorCode(ReplyError.Code.unknownField, "a field the command does not define, at any depth; field is its path"),
        DeclaredErrorCode(ReplyError.Code.malformedMessage, "the body is not a JSON object of the command"),
        DeclaredErrorCode(ReplyError.Code.unknownMessage, "the AMQP type names another message than the queue's command"),
        DeclaredErrorCode(ReplyError.Code.nulCharacter, "a string or map key contains U+0000"),
        DeclaredErrorCode(
            ReplyError.Code.messageIdReused, "the message_id was already used with another body; a new command needs a new message_id"),
        DeclaredErrorCode(
            ReplyError.Code.schemaTooNew,
            "x-schema-version is newer than the service's; retried, then parked until a replica of the newer release replays it"),
        DeclaredErrorCode(
            ReplyError.Code.redeliveryLimit,
            "delivered REDELIVERY_LIMIT times without being settled (the worker died or disconnected each time); parked without running the handler"
        ),
        DeclaredErrorCode(ReplyError.Code.internal, "an unexpected failure in the service; retried, then parked"),
        DeclaredErrorCode("store.*", "the service's database failed (e.g. store.connection_failed); transient ones are retried, then parked"),
        DeclaredErrorCode("bus.*", "the broker failed while handling (e.g. bus.connection_lost); retried, then parked"),
    ]

    /// What a Stripe-bound command adds: Stripe's refusals and failures.
    public static let stripeFamily = DeclaredErrorCode(
        ReplyError.Code.stripePrefix + "*",
        "Stripe refused or failed: stripe.<Stripe's code> (e.g. stripe.card_declined) or stripe.<kind> when Stripe sent no code; error.stripe carries Stripe's type, code, decline_code, param and request_id; retryable for network errors, 409, 429 and 5xx"
    )

    /// Every code the command can answer, in this order: the command's own, the domain's Stripe
    /// mapping and ``stripeFamily`` (Stripe-bound routes), the limit codes `limits` of its
    /// fields, then ``runtime``; each code once (its first meaning).
    public func answerable(limits: [DeclaredErrorCode]) -> [DeclaredErrorCode] {
        var stripe: [DeclaredErrorCode] = []
        if case .stripe(let mapping) = route { stripe = mapping + [Self.stripeFamily] }
        var seen: Set<String> = []
        return (own + stripe + limits + Self.runtime).filter { seen.insert($0.code).inserted }
    }
}
