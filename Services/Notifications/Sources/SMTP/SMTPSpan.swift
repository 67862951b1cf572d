import Runtime

/// The attributes of an e-mail send's client span (`SMTP send`, child of the event's consumer
/// span): `network.protocol.name` `smtp`, `server.address`, `server.port`,
/// `connectbus.email.notification` (the send's key, `<message id>:<template>`),
/// `connectbus.email.template`, `connectbus.email.attempt`; a failure's `error.type` is the
/// ``SMTPError`` code (`smtp.unavailable`, `smtp.rejected`, …).
enum SMTPSpan {
    static func attributes(
        _ smtp: SMTPSettings, _ attempt: EmailStore.Attempt, attempts: Int
    )
        -> [(String, SpanData.Value)]
    {
        [
            ("network.protocol.name", .string("smtp")), ("server.address", .string(smtp.host)),
            ("server.port", .int(smtp.port)), ("connectbus.email.notification", .string(attempt.notification)),
            ("connectbus.email.template", .string(attempt.template)), ("connectbus.email.attempt", .int(attempts)),
        ]
    }

    /// The stable code of what a send threw.
    static func code(_ error: any Error) -> String {
        (error as? SMTPError)?.code ?? String(describing: type(of: error))
    }
}
