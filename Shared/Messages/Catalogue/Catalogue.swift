/// Every message type of ConnectBus with its wire name, kind, version, routing and JSON
/// Schema, so a platform service in any language can publish commands and read events.
///
/// Schemas are generated from the Codable types by the ``SchemaRecorder``; descriptions are
/// hand-written on each message. Built once on first use; immutable; thread-safe.
public struct Catalogue: Sendable {
    /// The entries in catalogue order: per domain, each command followed by its reply, then events.
    public var entries: [CatalogueEntry]

    /// Every message type the services define, by domain.
    public static let messageTypes: [any BusMessage.Type] =
        OnboardingMessages.all + PaymentsMessages.all + TerminalMessages.all + NotificationsMessages.all

    /// The catalogue of ``messageTypes``.
    public static let standard = Catalogue(messages: messageTypes)

    /// Every entry of the standard catalogue (commands, their replies and events).
    public static var all: [CatalogueEntry] { standard.entries }

    /// Builds a catalogue of the given message types (commands also get a reply entry).
    public init(messages: [any BusMessage.Type]) {
        entries = messages.flatMap { Catalogue.entries(for: $0) }
    }

    /// The entry with this wire name, or nil.
    public func entry(named name: String) -> CatalogueEntry? {
        entries.first { $0.name == name }
    }

    /// The Swift type of the command or event with this wire name, or nil.
    public static func messageType(named name: String) -> (any BusMessage.Type)? {
        messageTypes.first { $0.messageName == name }
    }

    /// The standard catalogue as a JSON document (see ``jsonSchema()``).
    public static func jsonSchemaDocument() -> [UInt8] { standard.jsonSchema() }
}
