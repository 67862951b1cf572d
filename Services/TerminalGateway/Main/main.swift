import Foundation
import Runtime
import TerminalGateway

// Reads the configuration (reporting every problem at once), builds the service and runs it
// until SIGTERM/SIGINT.
let environment = ProcessInfo.processInfo.environment
var problems: [String] = []
var config: ServiceConfig?
var settings: TerminalGatewaySettings?
do {
    config = try ServiceConfig.fromEnvironment(service: TerminalGatewayService.name, environment,
                                               arguments: Array(CommandLine.arguments.dropFirst()),
                                               requireStripeKey: true)
} catch {
    problems.append(String(describing: error))
}
do { settings = try TerminalGatewaySettings.fromEnvironment(environment) } catch { problems.append(error.message) }
guard let config, let settings, problems.isEmpty else {
    FileHandle.standardError.write(Data("terminal-gateway: \(problems.joined(separator: "; "))\n".utf8))
    exit(2)
}
exit(TerminalGatewayService.run(config: config, settings: settings))
