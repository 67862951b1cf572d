/// A Stripe string enum that keeps values this code does not know yet.
///
/// Stripe adds enum values without a new API version, so every enum has an
/// `unknown(String)` case; decoding never fails on a new value and encoding writes the
/// raw string back. Conforming enums list their known cases in ``known`` and spell each
/// case's wire value in ``rawValue``.
public protocol StripeStringEnum: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Every case except `unknown`, used to map wire strings to cases.
    static var known: [Self] { get }
    /// A value Stripe sent that this code does not know.
    static func unknown(_ raw: String) -> Self
    /// The wire string, e.g. `requires_capture`.
    var rawValue: String { get }
}

extension StripeStringEnum {
    /// The case whose wire string is `rawValue`, or `unknown(rawValue)`.
    public init(rawValue: String) {
        self = Self.known.first { $0.rawValue == rawValue } ?? Self.unknown(rawValue)
    }

    /// Decodes the wire string; never fails on an unknown value.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the wire string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The wire string.
    public var description: String { rawValue }
}
