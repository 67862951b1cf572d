import Foundation
import NotificationsService
import Runtime

// Reads the configuration, builds the service (and its dedicated webhook server when
// WEBHOOK_HTTP_PORT is set) and runs it until SIGTERM/SIGINT.
do {
    let environment = ProcessInfo.processInfo.environment
    let config = try ServiceConfig.fromEnvironment(service: NotificationsService.name, environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()))
    let settings = try NotificationsSettings.fromEnvironment(environment)
    let (host, ingress) = try NotificationsService.makeParts(config: config, settings: settings)
    let webhooks = try settings.webhookPort.map { port in
        try WebhookServer(ingress: ingress, port: port, threads: settings.webhookThreads,
                          loopbackOnly: config.httpLoopbackOnly, maxBodyBytes: settings.webhooks.maxBodyBytes)
    }
    let code = host.run()
    webhooks?.stop()
    exit(code)
} catch {
    FileHandle.standardError.write(Data("notifications: \(error)\n".utf8))
    exit(2)
}
