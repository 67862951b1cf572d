import PaymentsService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
ServiceMain.run(service: PaymentsService.name) { environment, arguments in
    let (config, settings) = try ServiceConfig.fromEnvironment(
        service: PaymentsService.name, environment,
        arguments: arguments, requireStripeKey: true,
        settings: PaymentsSettings.init(reading:))
    return PaymentsService.make(config: config, settings: settings).run()
}
