import OnboardingService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
ServiceMain.run(service: OnboardingService.name) { environment, arguments in
    let (config, settings) = try ServiceConfig.fromEnvironment(
        service: OnboardingService.name, environment,
        arguments: arguments, requireStripeKey: true,
        settings: OnboardingSettings.init(reading:))
    return OnboardingService.make(config: config, settings: settings).run()
}
