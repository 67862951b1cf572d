/// One verb of the `connectbus` CLI (`send`, `tail`, `dlq`, …).
///
/// A verb runs on the process's main thread: it may block on sockets (AMQP, Postgres,
/// HTTP) because the CLI never uses Swift's cooperative pool.
public protocol Verb: SendableMetatype {
    /// The verb as typed, e.g. `send`.
    static var name: String { get }
    /// One line for `connectbus --help`.
    static var summary: String { get }
    /// The full `connectbus <verb> --help` text.
    static var help: String { get }
    /// Options that take a value (names without `--`).
    static var options: Set<String> { get }
    /// Options that take no value (names without `--`).
    static var flags: Set<String> { get }
    /// Runs the verb and returns the process exit status.
    /// - Throws: ``CLIError`` (or a library error, reported as is) on failure.
    static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32
}

/// A verb as a value: its texts, its accepted options and its entry point.
/// Thread-safe (immutable).
public struct VerbEntry: Sendable {
    /// The verb as typed.
    public var name: String
    /// One line for `connectbus --help`.
    public var summary: String
    /// The full help text.
    public var help: String
    /// Options that take a value.
    public var options: Set<String>
    /// Options without value.
    public var flags: Set<String>
    /// Runs the verb; returns the exit status.
    public var run: @Sendable (ParsedArguments, CLIEnvironment) throws -> Int32
}

extension Verb {
    /// This verb as a ``VerbEntry``.
    public static var entry: VerbEntry {
        VerbEntry(
            name: name, summary: summary, help: help, options: options, flags: flags,
            run: { try run($0, environment: $1) })
    }
}
