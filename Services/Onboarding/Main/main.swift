import Foundation
import OnboardingService
import Runtime

// Reads the configuration, builds the service and runs it until SIGTERM/SIGINT.
do {
    let config = try ServiceConfig.fromEnvironment(service: OnboardingService.name, ProcessInfo.processInfo.environment,
                                                   arguments: Array(CommandLine.arguments.dropFirst()),
                                                   requireStripeKey: true)
    exit(OnboardingService.make(config: config).run())
} catch {
    FileHandle.standardError.write(Data("onboarding: \(error)\n".utf8))
    exit(2)
}
