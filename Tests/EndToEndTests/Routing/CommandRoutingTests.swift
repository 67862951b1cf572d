import Bus
import Messages
import NotificationsService
import OnboardingService
import PaymentsService
@testable import Runtime
import TerminalGateway
import Testing

/// The catalogue and the services agree (ARCHITECTURE.md "Adding a command"): every command
/// of the catalogue is consumed by exactly one service, every command a service routes is
/// in the catalogue, and every ConnectBus event a service handles or binds is one the
/// catalogue lists (`stripe.*` events are Stripe's, re-published by notifications).
@Suite struct CommandRoutingTests {
    /// Every route of the four services, by service name, built as the services build them
    /// (no connection is opened).
    static func serviceRoutes() throws -> [(service: String, route: Route)] {
        let smtp = try SMTPSettings(url: "smtp://127.0.0.1:2525")
        let notifications = NotificationsSettings(webhooks: WebhookSettings(platformSecrets: ["whsec_routing"]), smtp: smtp)
        let all: [(String, [Route])] = [
            (OnboardingService.name, try OnboardingService.routes(schema: OnboardingService.schema)),
            (PaymentsService.name, try PaymentsService.routes(schema: PaymentsService.schema, settings: PaymentsSettings())),
            (TerminalGatewayService.name, try TerminalGatewayService.routes(schema: TerminalGatewayService.schema)),
            (
                NotificationsService.name,
                try NotificationsService.routes(
                    schema: NotificationsService.schema,
                    settings: notifications, wakeSweeper: {})
            ),
        ]
        return all.flatMap { service, routes in routes.map { (service, $0) } }
    }

    static let catalogue = Catalogue.standard

    @Test func everyCatalogueCommandIsRoutedByExactlyOneService() throws {
        var owners: [String: [String]] = [:]
        for (service, route) in try Self.serviceRoutes() {
            if let command = route.commandName { owners[command, default: []].append(service) }
        }
        let commands = Self.catalogue.entries.filter { $0.kind == .command }.map(\.name)
        #expect(!commands.isEmpty)
        for command in commands {
            #expect(owners[command]?.count == 1, "\(command) is routed by \(owners[command] ?? [])")
        }
        let unknown = Set(owners.keys).subtracting(commands)
        #expect(unknown.isEmpty, "routed but not in the catalogue: \(unknown.sorted())")
    }

    @Test func everyCommandQueueHoldsOneCommandOfItsName() throws {
        for (service, route) in try Self.serviceRoutes() where route.exchange == Exchanges.commands {
            #expect(route.commandName == route.queue, "\(service): \(route.queue) binds \(route.patterns)")
            let entry = Self.catalogue.entry(named: route.queue)
            #expect(entry?.kind == .command && entry?.queue == route.queue, "\(service): \(route.queue)")
        }
    }

    @Test func everyConnectBusEventAServiceHandlesOrBindsIsInTheCatalogue() throws {
        let events = Self.catalogue.entries.filter { $0.kind == .event }.map(\.name)
        for (service, route) in try Self.serviceRoutes() where route.exchange == Exchanges.events {
            let handled = Array(route.handlers.keys) + route.patternHandlers.map(\.pattern)
            for name in (handled + route.patterns) where !name.hasPrefix("stripe.") {
                #expect(
                    events.contains { TopicPattern.matches(name, $0) },
                    "\(service) \(route.queue): \(name) matches no catalogue event")
            }
        }
    }
}
