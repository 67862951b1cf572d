/// One message of the catalogue: what it is called on the wire, where it goes and its schema.
public struct CatalogueEntry: Sendable {
    /// Wire name (`type` property), e.g. `payments.create_checkout_session` or `…​.reply`.
    public var name: String
    /// Command, reply or event.
    public var kind: MessageKind
    /// Schema version (`x-schema-version`).
    public var version: Int
    /// The Swift type that models it, e.g. `CreateCheckoutSession` or `Reply<CreateCheckoutSession.Result>`.
    public var swiftType: String
    /// Hand-written description.
    public var description: String
    /// Exchange it is published on: `connectbus.commands`, `connectbus.events`, or `""`
    /// (the default exchange) for replies.
    public var exchange: String
    /// Routing key: the name for commands and events; nil for replies (sent to `reply_to`).
    public var routingKey: String?
    /// Queue that holds a command (named like its routing key); nil otherwise.
    public var queue: String?
    /// For a command, the name of its reply; for a reply, the name of its command.
    public var related: String?
    /// JSON Schema (draft 2020-12) of the body.
    public var schema: JSONValue
    /// The Swift type, for commands and events (nil for replies).
    public var messageType: (any BusMessage.Type)?
    /// For a reply, every error code its command can answer (``CommandErrorCodes/answerable(limits:)``);
    /// nil for commands, events and the reply of a command that declares none.
    public var errorCodes: [DeclaredErrorCode]? = nil

    /// The exchange of commands.
    public static let commandsExchange = "connectbus.commands"
    /// The exchange of events.
    public static let eventsExchange = "connectbus.events"
    /// The stream that keeps every event of ``eventsExchange`` (bound with `#`), read from
    /// an `x-stream-offset`.
    public static let eventHistoryStream = "connectbus.events.history"
}
