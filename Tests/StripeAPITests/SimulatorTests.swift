import Foundation
import StripeSimCore
import Testing
@testable import StripeAPI

/// The client against the in-process simulator: real HTTP over libcurl, faults injected by
/// the simulator, objects counted in the simulator's state and request log.
@Suite("Stripe client against stripe-sim")
struct SimulatorTests {
    static let key = "sk_test_51ClientAgainstSimulatorKey"

    /// What to do between two attempts instead of sleeping (e.g. switch a fault off).
    final class BetweenAttempts {
        var action: () -> Void = {}
    }

    /// A started simulator and a client whose sleeper runs `betweenAttempts` instead of waiting.
    final class Harness {
        let sim = StripeSimulator()
        let client: StripeClient
        private let between = BetweenAttempts()

        var betweenAttempts: () -> Void {
            get { between.action }
            set { between.action = newValue }
        }

        init(maxRetries: Int = 2, key: String = SimulatorTests.key) throws {
            try sim.start(port: 0)
            var config = StripeConfig(
                apiKey: key, apiBase: sim.baseURL, connectTimeout: .seconds(5),
                timeout: .seconds(30), maxRetries: maxRetries)
            config.apiVersion = "2025-03-31.basil"
            let transport = try CurlTransport(connectTimeout: config.connectTimeout, timeout: config.timeout)
            client = try StripeClient(config: config, transport: transport, sleeper: { [between] _ in between.action() })
        }

        deinit { sim.stop() }

        func entries(path: String) -> [RequestLogEntry] { sim.requestLog.filter { $0.path == path } }
    }

    @Test func injected500ThenSuccessCreatesExactlyOneObject() throws {
        let h = try Harness()
        h.sim.faults = FaultSettings(failRate: 1)
        h.betweenAttempts = { h.sim.faults = FaultSettings() }
        let customer = try h.client.createCustomer(
            CustomerCreateParams(email: "zoë@example.com", metadata: ["order": "1"]),
            options: .idempotent("msg-1:create_customer"))
        #expect(customer.email == "zoë@example.com")
        #expect(customer.metadata == ["order": "1"])
        #expect(h.sim.count(objectType: "customer") == 1)
        let log = h.entries(path: "/v1/customers")
        #expect(log.map(\.status) == [500, 200])
        #expect(log.allSatisfy { $0.idempotencyKey == "msg-1:create_customer" })
        #expect(h.client.lastResponse?.attempts == 2)
    }

    @Test func droppedConnectionAfterExecutionIsReplayedNotRepeated() throws {
        let h = try Harness()
        h.sim.faults = FaultSettings(dropRate: 1)
        h.betweenAttempts = { h.sim.faults = FaultSettings() }
        let intent = try h.client.createPaymentIntent(
            PaymentIntentCreateParams(amount: 2000, currency: "usd", paymentMethodTypes: ["card"]),
            options: .idempotent("msg-2:create_pi"))
        #expect(intent.amount == 2000)
        #expect(h.sim.count(objectType: "payment_intent") == 1)
        #expect(h.client.lastResponse?.idempotentReplayed == true)
        #expect(h.entries(path: "/v1/payment_intents").map(\.replayed) == [false, true])
    }

    @Test func retriesExhaustedReportTheLastError() throws {
        let h = try Harness(maxRetries: 2)
        h.sim.faults = FaultSettings(failRate: 1)
        let error = try #require(throws: StripeError.self) {
            try h.client.createCustomer(CustomerCreateParams(email: "a@b.c"), options: .idempotent("msg-3"))
        }
        #expect(error.kind == .api)
        #expect(error.httpStatus == 500)
        #expect(error.requestId == h.sim.requestLog.last?.requestId)
        #expect(h.entries(path: "/v1/customers").count == 3)
        #expect(h.sim.count(objectType: "customer") == 0)
    }

    @Test func rateLimitIsRetried() throws {
        let h = try Harness()
        h.sim.faults = FaultSettings(rateLimitPerSecond: 0)
        h.betweenAttempts = { h.sim.faults = FaultSettings() }
        let product = try h.client.createProduct(ProductCreateParams(name: "Mug"), options: .idempotent("msg-4"))
        #expect(product.name == "Mug")
        #expect(h.entries(path: "/v1/products").map(\.status) == [429, 200])
    }

    @Test func sameKeyWithOtherParamsIsAnIdempotencyError() throws {
        let h = try Harness()
        _ = try h.client.createCustomer(CustomerCreateParams(email: "a@b.c"), options: .idempotent("msg-5"))
        let error = try #require(throws: StripeError.self) {
            try h.client.createCustomer(CustomerCreateParams(email: "other@b.c"), options: .idempotent("msg-5"))
        }
        #expect(error.kind == .idempotency)
        #expect(h.entries(path: "/v1/customers").count == 2)
    }

    @Test func strictErrorsMapToKinds() throws {
        let h = try Harness()
        let unknown = try #require(throws: StripeError.self) {
            try h.client.createCustomer(CustomerCreateParams(extra: ["colour": "red"]), options: .idempotent("msg-6"))
        }
        #expect(unknown.kind == .invalidRequest)
        #expect(unknown.code == "parameter_unknown")
        #expect(unknown.param == "colour")
        let missing = try #require(throws: StripeError.self) { try h.client.retrievePaymentIntent("pi_doesnotexist") }
        #expect(missing.httpStatus == 404)
        #expect(missing.code == "resource_missing")
        let bad = try Harness(key: "sk_live_notatestkey000")
        let auth = try #require(throws: StripeError.self) { try bad.client.retrieveAccount("acct_1") }
        #expect(auth.kind == .authentication)
        #expect(!auth.description.contains("notatestkey000"))
    }

    @Test func manualCapturePaymentFlow() throws {
        let h = try Harness()
        let created = try h.client.createPaymentIntent(
            PaymentIntentCreateParams(
                amount: 5000, currency: "usd", paymentMethodTypes: ["card"], captureMethod: .manual,
                metadata: ["order_id": "o/7 & co"]),
            options: .idempotent("o7:create"))
        #expect(created.status == .requiresPaymentMethod)
        #expect(created.metadata?["order_id"] == "o/7 & co")
        let confirmed = try h.client.confirmPaymentIntent(
            created.id, PaymentIntentConfirmParams(paymentMethod: "pm_card_visa"),
            options: .idempotent("o7:confirm"))
        #expect(confirmed.status == .requiresCapture)
        #expect(confirmed.amountCapturable == 5000)
        let captured = try h.client.capturePaymentIntent(
            created.id, PaymentIntentCaptureParams(amountToCapture: 4000),
            options: .idempotent("o7:capture"))
        #expect(captured.status == .succeeded)
        #expect(captured.amountReceived == 4000)
        let again = try #require(throws: StripeError.self) {
            try h.client.capturePaymentIntent(created.id, options: .idempotent("o7:capture-again"))
        }
        #expect(again.kind == .invalidRequest)
        let expanded = try h.client.retrievePaymentIntent(created.id, expand: ["latest_charge"])
        #expect(expanded.latestCharge?.object?.amountCaptured == 4000)
        let refund = try h.client.createRefund(RefundCreateParams(paymentIntent: created.id, amount: 1000), options: .idempotent("o7:refund"))
        #expect(refund.amount == 1000)
        #expect(refund.paymentIntent?.id == created.id)
    }

    @Test func declinedCardIsACardError() throws {
        let h = try Harness()
        let created = try h.client.createPaymentIntent(
            PaymentIntentCreateParams(amount: 1000, currency: "usd", paymentMethodTypes: ["card"]),
            options: .idempotent("d:create"))
        let error = try #require(throws: StripeError.self) {
            try h.client.confirmPaymentIntent(
                created.id, PaymentIntentConfirmParams(paymentMethod: "pm_card_chargeDeclined"),
                options: .idempotent("d:confirm"))
        }
        #expect(error.kind == .card)
        #expect(error.code == "card_declined")
        #expect(error.httpStatus == 402)
        #expect(h.entries(path: "/v1/payment_intents/\(created.id)/confirm").count == 1)
        let after = try h.client.retrievePaymentIntent(created.id)
        #expect(after.status == .requiresPaymentMethod)
        #expect(after.lastPaymentError?.code == "card_declined")
    }

    @Test func connectOnboardingAndCheckoutShapesDecode() throws {
        let h = try Harness()
        let account = try h.client.createAccount(
            AccountCreateParams(
                controller: .init(feesPayer: "application", lossesPayments: "application", stripeDashboardType: "express"),
                country: "US", email: "shop@example.com", requestedCapabilities: ["card_payments", "transfers"]),
            options: .idempotent("acct:create"))
        #expect(account.id.hasPrefix("acct_"))
        #expect(account.requirements?.currentlyDue?.isEmpty == false)
        let link = try h.client.createAccountLink(
            AccountLinkCreateParams(account: account.id, refreshUrl: "https://shop.example/refresh", returnUrl: "https://shop.example/return"),
            options: .idempotent("acct:link"))
        #expect(link.url.hasPrefix(h.sim.baseURL))
        let onAccount = RequestOptions(stripeAccount: account.id, idempotencyKey: "cs:create")
        let session = try h.client.createCheckoutSession(
            CheckoutSessionCreateParams(
                lineItems: [CheckoutLineItemParams(priceData: .init(currency: "usd", unitAmount: 1500, productName: "Tee"), quantity: 2)],
                successUrl: "https://shop.example/ok", cancelUrl: "https://shop.example/cancel",
                clientReferenceId: "order_1", applicationFeeAmount: 100),
            options: onAccount)
        #expect(session.status == .open)
        #expect(session.amountTotal == 3000)
        #expect(session.url != nil)
        let fetched = try h.client.retrieveCheckoutSession(session.id, options: RequestOptions(stripeAccount: account.id))
        #expect(fetched.clientReferenceId == "order_1")
        let hidden = try #require(throws: StripeError.self) { try h.client.retrieveCheckoutSession(session.id) }
        #expect(hidden.httpStatus == 404)
    }

    @Test func eventsAutoPageAcrossPages() throws {
        let h = try Harness()
        for i in 0..<5 {
            _ = try h.client.createCustomer(CustomerCreateParams(email: "c\(i)@example.com"), options: .idempotent("ev-\(i)"))
        }
        let events: [StripeEvent] = try h.client.autoPagingList("/v1/events", params: ListParams(limit: 2, filters: ["type": "customer.created"]))
        #expect(events.count == 5)
        #expect(Set(events.map(\.id)).count == 5)
        #expect(events.allSatisfy { $0.dataObjectType == "customer" })
        #expect(h.entries(path: "/v1/events").count == 3)
    }

    @Test func threeDSecureCardRequiresAction() throws {
        let h = try Harness()
        let intent = try h.client.createPaymentIntent(
            PaymentIntentCreateParams(
                amount: 1500, currency: "eur", paymentMethodTypes: ["card"], paymentMethod: "pm_card_authenticationRequired",
                confirm: true, returnUrl: "https://shop.example/after-3ds"),
            options: .idempotent("3ds:create"))
        #expect(intent.status == .requiresAction)
        #expect(intent.nextAction?.type != nil)
    }

    @Test func terminalReaderFlowDecodes() throws {
        let h = try Harness()
        let location = try h.client.createLocation(
            TerminalLocationCreateParams(
                displayName: "Shop", line1: "1 Main St", city: "San Francisco", postalCode: "94102",
                state: "CA", country: "US"),
            options: .idempotent("t:loc"))
        let reader = try h.client.createReader(
            TerminalReaderCreateParams(registrationCode: "simulated-wpe", location: location.id, label: "Till 1"),
            options: .idempotent("t:reader"))
        #expect(reader.id.hasPrefix("tmr_"))
        #expect(reader.location?.id == location.id)
        let readers = try h.client.listReaders(ListParams(filters: ["location": .string(location.id)]))
        #expect(readers.data.map(\.id) == [reader.id])
        let token = try h.client.createConnectionToken(location: location.id, options: .idempotent("t:token"))
        #expect(token.secret.isEmpty == false)
        let intent = try h.client.createPaymentIntent(
            PaymentIntentCreateParams(amount: 2500, currency: "usd", paymentMethodTypes: ["card_present"], captureMethod: .manual),
            options: .idempotent("t:pi"))
        let processing = try h.client.processPaymentIntent(
            reader: reader.id, ProcessPaymentIntentParams(paymentIntent: intent.id),
            options: .idempotent("t:process"))
        #expect(processing.action?.type == .processPaymentIntent)
        #expect(processing.action?.status == .inProgress)
        #expect(processing.action?.processPaymentIntent?.paymentIntent?.id == intent.id)
        let done = try h.client.presentPaymentMethod(reader: reader.id, options: .idempotent("t:present"))
        #expect(done.action?.status == .succeeded)
        let authorized = try h.client.retrievePaymentIntent(intent.id, expand: ["latest_charge"])
        #expect(authorized.status == .requiresCapture)
        #expect(authorized.amountCapturable == 2500)
        #expect(authorized.latestCharge?.object?.paymentMethodDetails?.type == "card_present")
        #expect(authorized.latestCharge?.object?.paymentMethodDetails?.cardPresent?.last4 != nil)
    }
}
