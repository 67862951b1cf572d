/// Every problem found in a service's configuration, reported at once so a bad deploy
/// fails before it connects anywhere.
///
/// Each ``Problem`` names the environment variable (or command-line option) at fault and
/// says what is wrong with it. Messages never contain the value of a secret.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One invalid or missing setting.
    public struct Problem: Sendable, Equatable {
        /// The variable or option at fault, e.g. `DATABASE_URL`, `STRIPE_API_KEY_FILE`, `--workers`.
        public var variable: String
        /// What is wrong, e.g. `is required`, `must be an integer between 1 and 256`.
        public var message: String

        /// Creates a problem report for `variable`.
        public init(variable: String, message: String) {
            self.variable = variable
            self.message = message
        }
    }

    /// Stable machine code for metrics and logs.
    public var code: String { "config.invalid" }
    /// The problems, in the order they were found (never empty when thrown).
    public var problems: [Problem]

    /// Creates an error holding `problems`.
    public init(problems: [Problem]) { self.problems = problems }

    /// One line per problem: `invalid configuration: DATABASE_URL is required; WORKERS must be …`.
    public var description: String {
        "invalid configuration: " + problems.map { "\($0.variable) \($0.message)" }.joined(separator: "; ")
    }
}
