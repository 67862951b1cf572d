import NotificationsService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
ServiceMain.run(service: NotificationsService.name) { environment, arguments in
    let (config, settings) = try ServiceConfig.fromEnvironment(
        service: NotificationsService.name, environment,
        arguments: arguments,
        settings: NotificationsSettings.init(reading:))
    return try NotificationsService.make(config: config, settings: settings).run()
}
