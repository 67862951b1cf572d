/// A message that travels on the bus: a command, an event or (through ``Reply``) a reply.
///
/// Conforming types are data only: `Codable`, `Sendable`, `Equatable` structs whose stored
/// properties are camelCase in Swift and snake_case on the wire (``MessageCoder`` converts).
/// Amounts are `Int` in the currency's smallest unit; currencies are lowercase ISO 4217 codes;
/// timestamps are `Int` Unix seconds.
///
/// The wire name and version are declared explicitly and never derived from the Swift type
/// name: a breaking change is a new version (or a new name), not an edit.
public protocol BusMessage: Codable, Sendable, Equatable {
    /// The wire name: the AMQP `type` property and the routing key,
    /// e.g. `payments.create_checkout_session` or `payments.order.paid`.
    static var messageName: String { get }
    /// The schema version carried in the `x-schema-version` header; starts at 1.
    static var schemaVersion: Int { get }
    /// A hand-written, one-paragraph description of the message for the catalogue.
    /// Defaults to the empty string; every catalogued message provides one.
    static var messageDescription: String { get }
}

extension BusMessage {
    /// Default: no description. Catalogued messages override it.
    public static var messageDescription: String { "" }
}

/// A command: a request for one service to do one thing, routed on `connectbus.commands`
/// to the quorum queue named like ``BusMessage/messageName``.
///
/// When the command carries `reply_to`, the handler answers with a ``Reply`` of ``Result``
/// whose AMQP `type` is ``replyName`` (`<command>.reply`).
public protocol CommandMessage: BusMessage {
    /// What a successful handling of the command returns in its reply.
    associatedtype Result: Codable & Sendable & Equatable
}

extension CommandMessage {
    /// The AMQP `type` of this command's reply: `<command>.reply`.
    public static var replyName: String { messageName + ".reply" }
    /// The command queue (quorum, durable) that holds this command: its wire name.
    public static var queueName: String { messageName }
}

/// A command that declares the error codes its reply can carry (its domain's table, e.g.
/// `PaymentsErrorCodes.swift`). Every catalogued command adopts it; `ErrorCodeDeclarationTests`
/// fails, naming the command, for one that does not.
public protocol DeclaresErrorCodes: CommandMessage {
    /// The command's route kind and its own codes (see ``CommandErrorCodes``).
    static var errorCodes: CommandErrorCodes { get }
}

/// An event: a fact that happened, published on `connectbus.events` with the routing key
/// ``BusMessage/messageName`` (`<source>.<entity>.<past_tense>`) for anyone to consume.
public protocol EventMessage: BusMessage {}

/// The kind of a catalogued message.
public enum MessageKind: String, Codable, Sendable, Equatable, CaseIterable {
    /// A command, consumed from its own queue.
    case command
    /// A reply to a command, sent to the command's `reply_to` queue.
    case reply
    /// An event, published on the events exchange.
    case event
}
