/// A Stripe string enum (a status, a type) that keeps working when Stripe adds a value:
/// unknown wire values decode to `unknown(raw)` and encode back unchanged.
///
/// Conforming enums list ``knownCases``, give each its wire ``rawValue`` and declare
/// `case unknown(String)`; decoding, encoding and the catalogue schema come from here.
public protocol StripeEnum: RawRepresentable, Codable, Sendable, Hashable, SchemaDescribable
where RawValue == String {
    /// Every value ConnectBus knows, without `unknown`.
    static var knownCases: [Self] { get }
    /// A value this version does not know yet.
    static func unknown(_ raw: String) -> Self
}

extension StripeEnum {
    /// The known case with this wire value, or `unknown(rawValue)`; never fails.
    public init(rawValue: String) {
        self = Self.parse(rawValue)
    }

    /// The known case with this wire value, or `unknown(raw)`.
    public static func parse(_ raw: String) -> Self {
        knownCases.first { $0.rawValue == raw } ?? unknown(raw)
    }

    /// Decodes a JSON string; any string is accepted.
    /// - Throws: `DecodingError.typeMismatch` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self = Self.parse(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the wire value as a JSON string.
    /// - Throws: what the underlying encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    /// The known values.
    public static var schemaEnumValues: [String] { knownCases.map(\.rawValue) }
    /// Open: Stripe may send values not listed.
    public static var schemaIsOpen: Bool { true }
}
