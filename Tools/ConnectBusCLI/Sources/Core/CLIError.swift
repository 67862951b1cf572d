/// A failure the CLI reports to the operator: what went wrong and what to do about it.
///
/// `exitCode` is 2 for a usage problem (bad arguments), 1 for everything else (a server
/// down, an error reply, a timeout). A plain value; thread-safe.
public struct CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, one line.
    public var message: String
    /// What to do about it (may be empty).
    public var hint: String
    /// The process exit status to use.
    public var exitCode: Int32

    /// An error with a hint and an exit status (default 1).
    public init(_ message: String, hint: String = "", exitCode: Int32 = 1) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }

    /// A usage error (exit status 2) that points at the verb's `--help`.
    public static func usage(_ message: String, verb: String) -> CLIError {
        CLIError(message, hint: "run `connectbus \(verb) --help` for the accepted arguments", exitCode: 2)
    }

    /// `error: <message>` and, when there is one, `hint: <hint>` on the next line.
    public var description: String {
        hint.isEmpty ? "error: \(message)" : "error: \(message)\nhint: \(hint)"
    }
}
