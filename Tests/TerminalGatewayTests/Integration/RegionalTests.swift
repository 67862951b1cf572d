import Foundation
import Messages
import StripeSimCore
import StripeAPI
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// Regional rules from the account's country: `manual_preferred` in Australia, Interac in
    /// Canada (captured at once, never manually, refunded on the reader).
    @Suite("Regional rules")
    struct RegionalTests {
        @Test func anAustralianAccountsManualCaptureIsSentAsManualPreferred() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount(country: "AU")
                try await bed.announce(account, country: "AU")
                let reader = try await bed.reader(account: account)
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 3000, account: account)
                #expect(created.captureMethod == .manualPreferred)
                #expect(created.paymentMethodTypes == [.cardPresent])
                let pi = created.paymentIntent
                #expect(bed.sim.object(id: pi)?["capture_method"]?.stringValue == "manual_preferred")
                // The country came from onboarding's event: Stripe was not asked.
                #expect(bed.requests("GET", "/v1/accounts/\(account)").isEmpty)

                try await bed.attempt(pi, reader: reader, account: account)
                #expect(try await bed.authorizedEvent(pi)?.amount == 3000)
                #expect(try bed.payment(pi)?.state == .requiresCapture)
                let captured = try TerminalTestBed.value(
                    try await bed.send(CapturePayment(paymentIntent: pi, amountToCapture: 3300, account: account)), "capture with tip")
                #expect(captured.amountCaptured == 3300)
                #expect(try bed.payment(pi)?.captureMethod == "manual_preferred")
            }
        }

        @Test func aCanadianAccountTakesInteracCapturedAtOnceAndRefundedOnTheReader() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount(country: "CA")
                // An account announced by an update (accounts created before the gateway ran).
                try await bed.publishOnboarding(
                    AccountUpdated(
                        account: account, status: .enabled, detailsSubmitted: true,
                        chargesEnabled: true, payoutsEnabled: true,
                        requirements: AccountRequirements(), changedFields: ["charges_enabled"],
                        occurredAt: Int(Date().timeIntervalSince1970), country: "CA"),
                    account: account)
                #expect(try await eventually { try bed.recordedCountry(account) == "CA" })
                let reader = try await bed.reader(account: account)

                // Manual capture with Interac is refused, and nothing is created or recorded.
                let manualOrder = TerminalTestBed.order()
                let manual = try await bed.send(
                    CreateTerminalPaymentIntent(
                        orderReference: manualOrder, amount: 2000, currency: "cad",
                        captureMethod: .manual, account: account))
                #expect(manual.failure?.code == ReplyError.Code.interacManualCapture)
                #expect(bed.requests("POST", "/v1/payment_intents").isEmpty)

                let order = TerminalTestBed.order()
                let created = try TerminalTestBed.value(
                    try await bed.send(CreateTerminalPaymentIntent(orderReference: order, amount: 2000, currency: "cad", account: account)),
                    "create in Canada")
                #expect(created.captureMethod == .automatic)
                #expect(created.paymentMethodTypes == [.cardPresent, .interacPresent])
                let pi = created.paymentIntent
                _ = try TerminalTestBed.value(
                    try await bed.send(ProcessPayment(reader: reader, paymentIntent: pi, account: account)),
                    "process")
                _ = try await onThread {
                    try bed.stripeClient().presentPaymentMethod(
                        reader: reader, PresentPaymentMethodParams(type: "interac_present"),
                        options: .idempotent(Envelope.newMessageId(), stripeAccount: account))
                }
                try await bed.pumpEvents(account: account)
                #expect(try await bed.wait(TerminalPaymentCaptured.self, pi).first?.amountCaptured == 2000)
                #expect(try bed.payment(pi)?.state == .captured)

                let refund = try await bed.send(TerminalRefundPayment(paymentIntent: pi, account: account))
                #expect(refund.failure?.code == ReplyError.Code.refundInPerson)
                #expect(refund.failure?.message.contains("reader") == true)
                #expect(bed.requests("POST", "/v1/refunds").isEmpty)

                // Manual capture in Canada stays possible for cards only, asked for explicitly.
                let cardOnly = try TerminalTestBed.value(
                    try await bed.send(
                        CreateTerminalPaymentIntent(
                            orderReference: TerminalTestBed.order(), amount: 1500, currency: "cad",
                            captureMethod: .manual, account: account,
                            paymentMethodTypes: [.cardPresent])), "card only")
                #expect(cardOnly.captureMethod == .manual)
                #expect(cardOnly.paymentMethodTypes == [.cardPresent])
            }
        }

        @Test func interacForAnAccountOutsideCanadaIsRefusedAndAnUnannouncedAccountIsFetchedOnce() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount(country: "US")
                let refused = try await bed.send(
                    CreateTerminalPaymentIntent(
                        orderReference: TerminalTestBed.order(), amount: 1000,
                        currency: "usd", captureMethod: .automatic, account: account,
                        paymentMethodTypes: [.cardPresent, .interacPresent]))
                #expect(refused.failure?.code == ReplyError.Code.interacUnavailable)
                #expect(bed.requests("POST", "/v1/payment_intents").isEmpty)
                // Never announced: fetched from Stripe once, then known.
                #expect(try bed.recordedCountry(account) == "US")
                _ = try await bed.createPayment(TerminalTestBed.order(), amount: 1000, account: account)
                #expect(bed.requests("GET", "/v1/accounts/\(account)").count == 1)
            }
        }
    }
}
