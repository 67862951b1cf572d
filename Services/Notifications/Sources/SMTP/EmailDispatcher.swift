#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Messages
public import Runtime
public import Store
import StripeAPI

/// Sends the e-mail an event asks for, at most once per event and template (see
/// ``EmailStore``), and publishes `notifications.email.sent` or `.failed`.
///
/// Runs in a Stripe-bound route (one message per worker, no transaction held while SMTP
/// talks): the attempt is recorded `sending` (autocommit), the message is sent, then the
/// outcome and its event are written in the message's transaction. A transient failure
/// (`smtp.unavailable`) before the last attempt is recorded `retrying` and retried through
/// the runtime's delay queues; a permanent one (`smtp.rejected`, template problems) or the
/// last attempt parks the send (`parked`, `notifications.email.failed` with `final: true`)
/// and acks the event, so nothing is lost and nothing is sent twice.
///
/// Recipients (``recipient(for:_:)``): the event's address; else, for a buyer's message,
/// what Stripe knows of the order's PaymentIntent (``BuyerEmail``: one rate-limited
/// `GET /v1/payment_intents/{id}` on the connected account), for a seller's the address
/// recorded for the account. A buyer's message never falls back to the seller's address.
/// With no address, nothing is sent and `notifications.email.skipped` (`no_recipient`) is
/// published.
/// Thread-safety: `Sendable`; the SMTP client is per worker.
public struct EmailDispatcher: Sendable {
    let emails: EmailStore
    let recipients: RecipientStore
    let smtp: SMTPSettings
    let templatesDirectory: String
    let now: @Sendable () -> Date

    /// Creates a dispatcher.
    public init(
        schema: SQLIdentifier, smtp: SMTPSettings, templatesDirectory: String,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        emails = EmailStore(schema: schema)
        recipients = RecipientStore(schema: schema)
        self.smtp = smtp
        self.templatesDirectory = templatesDirectory
        self.now = now
    }

    /// Handles `request`, caused by the event being handled in `ctx`.
    /// - Throws: `HandlerError.retry` for a transient failure before the last attempt;
    ///   `StoreError` (retried by the runtime); `StripeError` from the buyer lookup
    ///   (retried when Stripe says so, else dead-lettered by the runtime).
    public func dispatch(_ request: EmailRequest, _ ctx: inout HandlerContext) throws -> HandlerOutcome {
        let source = ctx.envelope
        guard let recipient = try recipient(for: request, &ctx) else {
            return try skip(request, reason: .noRecipient, &ctx)
        }
        guard EmailAddress.isValid(recipient) else {
            return .deadLetter(
                ReplyError(
                    code: "email.invalid_recipient", message: "recipient is not an e-mail address",
                    retryable: false))
        }
        let attempt = EmailStore.Attempt(
            notification: "\(source.messageId):\(request.template.rawValue)",
            sourceMessageId: source.messageId, sourceEvent: source.type,
            template: request.template.rawValue, recipient: recipient,
            account: request.account, orderReference: request.orderReference)
        guard let attempts = try emails.beginAttempt(attempt, on: ctx.db) else {
            ctx.log.info("already sent", ["notification": attempt.notification])
            return .done
        }
        do {
            let text = try EmailTemplateText.load(request.template, from: templatesDirectory)
            let rendered = try text.render(request.fields)
            let message = EmailMessage(
                from: smtp.from, to: recipient, subject: rendered.subject, body: rendered.body,
                messageId: attempt.notification, date: now())
            let client = try ctx.worker.resource(SMTPClient.self) { try SMTPClient(settings: smtp) }
            try OpenSpan.around(
                "SMTP send", kind: .client, of: ctx.traceContext,
                attributes: SMTPSpan.attributes(smtp, attempt, attempts: attempts),
                describe: SMTPSpan.code
            ) {
                try client.send(message.bytes, to: recipient)
            }
        } catch let problem as EmailTemplateText.Problem {
            return try park(attempt, attempts: attempts, code: problem.code, message: "\(problem)", &ctx)
        } catch let error as SMTPError {
            guard error.isTransient, !ctx.isLastAttempt else {
                return try park(attempt, attempts: attempts, code: error.code, message: error.description, &ctx)
            }
            try emails.markFailed(
                attempt.notification, status: "retrying", code: error.code,
                message: error.description, on: ctx.db)
            throw HandlerError.retry(code: error.code, message: error.description)
        }
        let occurredAt = Int(now().timeIntervalSince1970)
        try ctx.transaction { db in try emails.markSent(attempt.notification, on: db) }
        try ctx.publish(
            EmailSent(
                notification: attempt.notification, template: request.template,
                recipient: recipient, sourceEvent: source.type, sourceMessageId: source.messageId,
                account: request.account, orderReference: request.orderReference,
                attempts: attempts, occurredAt: occurredAt), stripeAccount: request.account)
        return .done
    }

    /// Whom `request` goes to: the event's address; else the buyer's as Stripe knows it
    /// (asked through ``HandlerContext/stripe(mapping:answeringAtOnce:_:)`` like every Stripe
    /// call: a retryable failure is retried later, another thrown), or the seller's as
    /// recorded; `nil` when none is known.
    /// - Throws: `StoreError`, `StripeError`, `HandlerError` (retry).
    func recipient(for request: EmailRequest, _ ctx: inout HandlerContext) throws -> String? {
        if let given = request.recipient?.trimmingSpaces(), !given.isEmpty { return given }
        switch request.template.audience {
        case .seller:
            return try request.account.flatMap { try recipients.email(account: $0, on: ctx.db) }
        case .buyer:
            guard let paymentIntent = request.paymentIntent, let account = request.account else { return nil }
            guard ctx.worker.config.stripeAPIKey != nil else {
                ctx.log.warning(
                    "STRIPE_API_KEY is not set: the buyer's address cannot be asked of Stripe",
                    ["template": request.template.rawValue, "payment_intent": paymentIntent])
                return nil
            }
            let answer = try ctx.stripe(mapping: { $0 }) { client throws(StripeError) in
                try client.retrievePaymentIntent(
                    paymentIntent, expand: BuyerEmail.expand,
                    options: RequestOptions(stripeAccount: account))
            }
            switch answer {
            case .success(let intent): return BuyerEmail.from(intent)
            case .failure(let error): throw error
            }
        }
    }

    /// Sends nothing and publishes `notifications.email.skipped`.
    private func skip(
        _ request: EmailRequest, reason: EmailSkipReason, _ ctx: inout HandlerContext
    ) throws
        -> HandlerOutcome
    {
        let source = ctx.envelope
        ctx.log.info(
            "no recipient e-mail known; nothing sent",
            ["template": request.template.rawValue, "reason": reason.rawValue])
        try ctx.publish(
            EmailSkipped(
                notification: "\(source.messageId):\(request.template.rawValue)",
                template: request.template, reason: reason, sourceEvent: source.type,
                sourceMessageId: source.messageId, account: request.account,
                orderReference: request.orderReference,
                occurredAt: Int(now().timeIntervalSince1970)), stripeAccount: request.account)
        return .done
    }

    /// Records the send as parked and publishes the final failure.
    private func park(
        _ attempt: EmailStore.Attempt, attempts: Int, code: String, message: String,
        _ ctx: inout HandlerContext
    ) throws -> HandlerOutcome {
        ctx.log.warning("e-mail parked", ["notification": attempt.notification, "error_code": code])
        try ctx.transaction { db in
            try emails.markFailed(attempt.notification, status: "parked", code: code, message: message, on: db)
        }
        guard let template = EmailTemplate(rawValue: attempt.template) else { return .done }
        try ctx.publish(
            EmailFailed(
                notification: attempt.notification, template: template,
                recipient: attempt.recipient, sourceEvent: attempt.sourceEvent,
                sourceMessageId: attempt.sourceMessageId, account: attempt.account,
                orderReference: attempt.orderReference, attempts: attempts, errorCode: code,
                errorMessage: message, final: true,
                occurredAt: Int(now().timeIntervalSince1970)), stripeAccount: attempt.account)
        return .done
    }
}
