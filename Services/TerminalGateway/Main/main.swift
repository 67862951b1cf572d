import Runtime
import TerminalGateway

// Reads the configuration (reporting every problem at once), builds the service and runs it
// until SIGTERM/SIGINT.
ServiceMain.run(service: TerminalGatewayService.name) { environment, arguments in
    var problems: [String] = []
    var config: ServiceConfig?
    var settings: TerminalGatewaySettings?
    do {
        config = try ServiceConfig.fromEnvironment(service: TerminalGatewayService.name, environment,
                                                   arguments: arguments, requireStripeKey: true)
    } catch {
        problems.append(String(describing: error))
    }
    do throws(TerminalGatewaySettings.Problem) {
        settings = try TerminalGatewaySettings.fromEnvironment(environment)
    } catch {
        problems.append(error.message)
    }
    guard let config, let settings, problems.isEmpty else {
        ServiceMain.fail(service: TerminalGatewayService.name, problems.joined(separator: "; "))
    }
    return TerminalGatewayService.run(config: config, settings: settings)
}
