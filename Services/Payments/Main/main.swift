import Foundation
import PaymentsService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
do {
    let environment = ProcessInfo.processInfo.environment
    let config = try ServiceConfig.fromEnvironment(service: PaymentsService.name, environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()),
                                                   requireStripeKey: true)
    let settings = try PaymentsSettings.fromEnvironment(environment)
    exit(PaymentsService.make(config: config, settings: settings).run())
} catch {
    FileHandle.standardError.write(Data("payments: \(error)\n".utf8))
    exit(2)
}
