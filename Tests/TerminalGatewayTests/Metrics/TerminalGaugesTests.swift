import Foundation
import Runtime
import Store
import Testing
import TestKit
@testable import TerminalGateway

/// The gateway's database gauges against its migrated tables: uncaptured authorizations and
/// the first expiry; captured payments do not count.
@Suite("Terminal gauges", .enabled(if: IntegrationEnvironment.isEnabled))
struct TerminalGaugesTests {
    @Test func uncapturedAuthorizationsAndTheFirstExpiry() async throws {
        let fixture = try PaymentStoreTests.Fixture()
        try await fixture.run { db, store in
            let registry = MetricsRegistry()
            let sampler = DatabaseGaugeSampler(
                databaseURL: fixture.url, applicationName: "terminal-gauges-tests",
                registry: registry, gauges: TerminalGauges.all(schema: fixture.schema),
                log: Logger(service: "terminal-gauges-tests", level: .error))
            try sampler.sample(on: db)
            #expect(registry.value("connectbus_terminal_authorizations_uncaptured") == 0)
            #expect(registry.value("connectbus_terminal_authorization_next_expiry_timestamp_seconds") == 0)
            try PaymentStoreTests.authorized("o-late", pi: "pi_late", at: 2_000_000, store: store, db: db)
            try PaymentStoreTests.authorized("o-early", pi: "pi_early", at: 1_000_000, store: store, db: db)
            try PaymentStoreTests.authorized("o-done", pi: "pi_done", at: 500_000, store: store, db: db)
            var done = try #require(try store.find(orderReference: "o-done", on: db))
            done.state = .captured
            try store.update(done, on: db)
            try sampler.sample(on: db)
            #expect(registry.value("connectbus_terminal_authorizations_uncaptured") == 2)
            #expect(
                registry.value("connectbus_terminal_authorization_next_expiry_timestamp_seconds")
                    == Double(1_000_000 + TerminalPaymentMachine.captureWindowSeconds))
        }
    }
}
