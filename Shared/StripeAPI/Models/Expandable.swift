/// A Stripe field that holds either an object's id or, when expanded with `expand[]`,
/// the object itself (e.g. `latest_charge`, `customer`, `payment_intent`).
///
/// Decodes a JSON string as ``id(_:)`` and a JSON object as ``object(_:)``.
public indirect enum Expandable<T: StripeIdentifiable>: Codable, Sendable, Equatable {
    /// Not expanded: the object's id.
    case id(String)
    /// Expanded: the whole object.
    case object(T)

    /// The object's id in either form.
    public var id: String {
        switch self {
        case .id(let id): id
        case .object(let object): object.id
        }
    }

    /// The expanded object, or `nil` when only the id was sent.
    public var object: T? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Decodes an id string or an expanded object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self = .id(id)
        } else {
            self = .object(try container.decode(T.self))
        }
    }

    /// Encodes the id string or the expanded object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .id(let id): try container.encode(id)
        case .object(let object): try container.encode(object)
        }
    }
}

/// A Stripe object with an `id` (accounts, charges, PaymentIntents, …).
public protocol StripeIdentifiable: Codable, Sendable, Equatable {
    /// Stripe's id, e.g. `pi_…`, `acct_…`.
    var id: String { get }
}
