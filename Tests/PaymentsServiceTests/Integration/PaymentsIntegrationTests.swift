import Testing
import TestKit

/// Every integration suite of the service, nested here so they run one test at a time even
/// when the test runner runs suites in parallel: each test starts its own host on the real
/// queue names (`payments.events`, `payments.create_checkout_session`, …).
@Suite("payments against RabbitMQ, Postgres and stripe-sim", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
enum PaymentsIntegrationTests {}
