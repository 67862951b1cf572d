#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The entry point the service executables share: ignore `SIGPIPE` (``BrokenPipe``), read
/// the configuration, run the service until SIGTERM/SIGINT, exit with its status — without
/// loading Foundation.
///
/// ```swift
/// ServiceMain.run(service: "payments") { environment, arguments in
///     let config = try ServiceConfig.fromEnvironment(service: "payments", environment, arguments: arguments)
///     return PaymentsService.make(config: config).run()
/// }
/// ```
public enum ServiceMain {
    /// Exit status for a configuration the service cannot start with (after the reason is
    /// printed on standard error as `<service>: <reason>`).
    public static let configurationProblemStatus: Int32 = 2

    /// Sets `SIGPIPE` to ignored (``BrokenPipe/ignore()``), then calls `body` with the
    /// process environment and the command-line arguments (without the program name) and
    /// exits with the status it returns. An error `body` throws is printed as
    /// `<service>: <error>` on standard error, and the process exits with
    /// ``configurationProblemStatus``.
    public static func run(service: String, _ body: ([String: String], [String]) throws -> Int32) -> Never {
        BrokenPipe.ignore()
        do {
            exit(try body(ProcessInfo.processInfo.environment, Array(CommandLine.arguments.dropFirst())))
        } catch {
            fail(service: service, String(describing: error))
        }
    }

    /// Prints `<service>: <reason>` on standard error and exits with
    /// ``configurationProblemStatus``.
    public static func fail(service: String, _ reason: String) -> Never {
        Logger.writeToStandardError("\(service): \(reason)\n")
        exit(configurationProblemStatus)
    }
}
