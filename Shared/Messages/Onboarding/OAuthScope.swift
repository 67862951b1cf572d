/// The access a platform asks for when a seller connects an existing Standard account
/// through OAuth (Stripe's Connect OAuth reference, `scope`).
public enum OAuthScope: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Payments on the account and read and write access to its data (Stripe's default).
    case readWrite = "read_write"
    /// Read access only.
    case readOnly = "read_only"
}
