import Foundation
import NotificationsService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
do {
    let config = try ServiceConfig.fromEnvironment(service: NotificationsService.name, ProcessInfo.processInfo.environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()))
    exit(NotificationsService.make(config: config).run())
} catch {
    FileHandle.standardError.write(Data("notifications: \(error)\n".utf8))
    exit(2)
}
