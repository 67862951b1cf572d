/// A string-valued type (an enum) that tells the catalogue its allowed values, since they
/// cannot be discovered by walking `init(from:)`.
///
/// `CaseIterable` string enums get ``schemaEnumValues`` for free; open Stripe enums
/// (``StripeEnum``) list their known cases and say that other values may appear.
public protocol SchemaDescribable {
    /// The allowed (or, for open enums, known) wire values, in documentation order.
    static var schemaEnumValues: [String] { get }
    /// True when values outside ``schemaEnumValues`` are accepted (Stripe may add statuses).
    static var schemaIsOpen: Bool { get }
}

extension SchemaDescribable {
    /// Default: closed; only the listed values are accepted.
    public static var schemaIsOpen: Bool { false }
}

extension SchemaDescribable where Self: CaseIterable & RawRepresentable, Self.RawValue == String {
    /// Every case's raw value.
    public static var schemaEnumValues: [String] { allCases.map(\.rawValue) }
}

/// A type whose fields carry hand-written descriptions in the catalogue, keyed by wire
/// (snake_case) name. Fields without one get a description from the naming conventions
/// (amounts, currency, account, `*_at` timestamps, URLs).
public protocol FieldDocumented {
    /// Descriptions by wire field name, e.g. `["order_reference": "The platform's order id."]`.
    static var fieldDescriptions: [String: String] { get }
}
