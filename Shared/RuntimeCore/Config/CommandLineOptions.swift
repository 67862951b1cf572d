/// The command-line options every service executable accepts.
///
/// `--queues a,b` (or `--queues=a,b`) picks which of the service's queues this process
/// consumes (default: all of them); `--workers N` overrides `WORKERS`. Any other argument
/// is reported as a problem. Pure value parsing; thread-safe.
public struct CommandLineOptions: Sendable, Equatable {
    /// Queues named with `--queues`, or `nil` when the option was not given.
    public var queues: [String]?
    /// Worker threads per queue named with `--workers`, or `nil`.
    public var workers: Int?

    /// Creates options from values.
    public init(queues: [String]? = nil, workers: Int? = nil) {
        self.queues = queues
        self.workers = workers
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``ConfigError`` naming `--queues` or `--workers` for a missing or malformed
    ///   value, and any unknown argument.
    public static func parse(_ arguments: [String]) throws(ConfigError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var problems: [ConfigError.Problem] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let (name, inline) = split(argument)
            guard name == "--queues" || name == "--workers" else {
                problems.append(.init(variable: argument, message: "is not a known option (use --queues, --workers)"))
                continue
            }
            var value = inline
            if value == nil, index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty else {
                problems.append(.init(variable: name, message: "needs a value"))
                continue
            }
            if name == "--queues" {
                let queues = value.split(separator: ",").map(String.init).filter { !$0.isEmpty }
                if queues.isEmpty { problems.append(.init(variable: name, message: "needs at least one queue name")) }
                options.queues = queues
            } else if let workers = Int(value), (1...256).contains(workers) {
                options.workers = workers
            } else {
                problems.append(.init(variable: name, message: "must be an integer between 1 and 256"))
            }
        }
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        return options
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
