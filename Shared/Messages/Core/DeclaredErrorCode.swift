/// One error code a command's reply can carry, with what it means for that command: an
/// entry of the command's `error_codes` in the catalogue and of `x-error-codes` in the
/// AsyncAPI document.
///
/// A `code` ending in `.*` is a family whose details are not ours to list (`stripe.*`: Stripe's
/// own codes; `store.*`, `bus.*`: the service's Postgres and RabbitMQ failures).
public struct DeclaredErrorCode: Sendable, Hashable {
    /// The stable code, e.g. `conflict.account_not_ready` (see ``ReplyError/Code``), or a
    /// family such as `stripe.*`.
    public var code: String
    /// A short, safe explanation of when the command answers it.
    public var meaning: String

    /// Declares `code` with its `meaning`.
    public init(_ code: String, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }

    /// True for a family (`stripe.*`): any code with the prefix before `*`.
    public var isFamily: Bool { code.hasSuffix(".*") }

    /// True when `code` is this code, or a member of this family.
    public func matches(_ code: String) -> Bool {
        isFamily ? code.hasPrefix(String(self.code.dropLast())) : code == self.code
    }
}
