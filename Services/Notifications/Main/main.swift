import Foundation
import NotificationsService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
do {
    let environment = ProcessInfo.processInfo.environment
    let config = try ServiceConfig.fromEnvironment(service: NotificationsService.name, environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()))
    let settings = try NotificationsSettings.fromEnvironment(environment)
    let host = try NotificationsService.make(config: config, settings: settings)
    exit(host.run())
} catch {
    FileHandle.standardError.write(Data("notifications: \(error)\n".utf8))
    exit(2)
}
