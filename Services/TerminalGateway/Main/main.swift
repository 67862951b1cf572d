import Foundation
import Runtime
import TerminalGateway

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
do {
    let environment = ProcessInfo.processInfo.environment
    let config = try ServiceConfig.fromEnvironment(service: TerminalGatewayService.name, environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()),
                                                   requireStripeKey: true)
    let settings = try TerminalGatewaySettings.fromEnvironment(environment)
    exit(TerminalGatewayService.run(config: config, settings: settings))
} catch {
    FileHandle.standardError.write(Data("terminal-gateway: \(error)\n".utf8))
    exit(2)
}
