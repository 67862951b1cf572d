public import Messages

/// A reply error whose code its command does not declare (``DeclaresErrorCodes``, DESIGN §4
/// "Error codes per command"): the test helpers that read replies (``CommandChannel``) throw it,
/// so every integration test holds the services to the catalogue's `error_codes`.
public struct UndeclaredErrorCode: Error, Equatable, CustomStringConvertible {
    /// The command's wire name.
    public var command: String
    /// The code its reply carried.
    public var code: String

    /// Throws when `reply` is an error whose code `C` does not declare; a command without a
    /// declaration passes (`ErrorCodeDeclarationTests` names it).
    /// - Throws: ``UndeclaredErrorCode``.
    public static func check<C: CommandMessage>(_ reply: Reply<C.Result>, of _: C.Type) throws(UndeclaredErrorCode) {
        guard let error = reply.failure, let codes = Catalogue.errorCodes(of: C.self) else { return }
        guard !codes.contains(where: { $0.matches(error.code) }) else { return }
        throw UndeclaredErrorCode(command: C.messageName, code: error.code)
    }

    /// What to do about it.
    public var description: String {
        "\(command) answered \(code), which its errorCodes (Shared/Messages/<Domain>/<Domain>ErrorCodes.swift) do not declare: declare it, then `make catalogue-file`"
    }
}
