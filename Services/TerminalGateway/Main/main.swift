import Foundation
import TerminalGateway
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
do {
    let config = try ServiceConfig.fromEnvironment(service: TerminalGatewayService.name, ProcessInfo.processInfo.environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()))
    exit(TerminalGatewayService.make(config: config).run())
} catch {
    FileHandle.standardError.write(Data("terminal-gateway: \(error)\n".utf8))
    exit(2)
}
