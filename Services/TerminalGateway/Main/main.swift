import Runtime
import TerminalGateway

// Reads the configuration and the gateway's settings in one pass (every problem at once),
// builds the service and runs it until SIGTERM/SIGINT.
ServiceMain.run(service: TerminalGatewayService.name) { environment, arguments in
    let (config, settings) = try ServiceConfig.fromEnvironment(
        service: TerminalGatewayService.name, environment,
        arguments: arguments, requireStripeKey: true,
        settings: TerminalGatewaySettings.init(reading:))
    return TerminalGatewayService.make(config: config, settings: settings).run()
}
