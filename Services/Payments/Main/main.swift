import Foundation
import PaymentsService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
do {
    let config = try ServiceConfig.fromEnvironment(service: PaymentsService.name, ProcessInfo.processInfo.environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()))
    exit(PaymentsService.make(config: config).run())
} catch {
    FileHandle.standardError.write(Data("payments: \(error)\n".utf8))
    exit(2)
}
