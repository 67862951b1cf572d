import Messages
import StripeSimCore
import StripeAPI
import Testing
import TestKit
@testable import TerminalGateway

extension TerminalIntegrationTests {
    /// `terminal.set_reader_display`: the cart shown on a server-driven reader.
    @Suite("Reader display")
    struct ReaderDisplayTests {
        static let cart = ReaderCart(
            currency: "usd",
            lineItems: [
                ReaderCartLineItem(description: "Flat white", amount: 450, quantity: 2),
                ReaderCartLineItem(description: "Croissant", amount: 350, quantity: 1),
            ], tax: 125, total: 1375)

        @Test func theReaderShowsTheCartAndARedeliveryShowsItOnce() async throws {
            try await TerminalTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let reader = try await bed.reader(account: account)
                let command = SetReaderDisplay(reader: reader, cart: Self.cart, account: account)
                let shown = try TerminalTestBed.value(try await bed.send(command), "set_reader_display")
                #expect(shown.reader == reader)
                #expect(shown.actionStatus == .succeeded)
                let stored = try #require(bed.sim.object(id: reader))
                #expect(stored.value(at: "action.type")?.stringValue == "set_reader_display")
                #expect(stored.value(at: "action.set_reader_display.cart.total")?.intValue == 1375)
                #expect(stored.value(at: "action.set_reader_display.cart.tax")?.intValue == 125)
                #expect(stored.value(at: "action.set_reader_display.cart.currency")?.stringValue == "usd")
                let lines = stored.value(at: "action.set_reader_display.cart.line_items")?.arrayValue ?? []
                #expect(lines.count == 2)
                #expect(lines.first?["description"]?.stringValue == "Flat white")
                #expect(lines.first?["quantity"]?.intValue == 2)

                // A delivery reached Stripe, then the process died; the broker redelivers it:
                // Stripe replays its stored answer (no second display call performed).
                let messageId = Envelope.newMessageId()
                let path = "/v1/terminal/readers/\(reader)/set_reader_display"
                _ = try await onThread {
                    try bed.stripeClient().setReaderDisplay(
                        reader: reader,
                        ReaderDisplayCartParams(
                            currency: "usd",
                            lineItems: [
                                ReaderDisplayLineItem(description: "Flat white", amount: 450, quantity: 2),
                                ReaderDisplayLineItem(description: "Croissant", amount: 350, quantity: 1),
                            ], tax: 125, total: 1375),
                        options: .idempotent("\(messageId):set_reader_display", stripeAccount: account))
                }
                let commands = bed.commands
                try await onThread { try commands.publish(command, messageId: messageId, copies: 1) }
                let reply = try #require(try await onThread { try commands.reply(to: SetReaderDisplay.self, messageId: messageId) })
                #expect(try TerminalTestBed.value(reply, "redelivered display").actionStatus == .succeeded)
                #expect(bed.performed("POST", path) == 2)
                #expect(bed.requests("POST", path).filter(\.replayed).count == 1)
                #expect(bed.requests("POST", path).count == 3)
            }
        }

        @Test func aBusyReaderIsAnsweredAtOnceAndATotalThatDoesNotAddUpIsRefused() async throws {
            try await TerminalTestBed.run { bed in
                let reader = try await bed.reader()
                let created = try await bed.createPayment(TerminalTestBed.order(), amount: 1375)
                _ = try TerminalTestBed.value(
                    try await bed.send(ProcessPayment(reader: reader, paymentIntent: created.paymentIntent)),
                    "process")
                let busy = try await bed.send(SetReaderDisplay(reader: reader, cart: Self.cart))
                #expect(busy.failure?.code == ReplyError.Code.readerBusy)

                var wrong = Self.cart
                wrong.total = 1400
                let before = bed.requests("POST", "/v1/terminal/readers/\(reader)/set_reader_display").count
                let refused = try await bed.send(SetReaderDisplay(reader: reader, cart: wrong))
                #expect(refused.failure?.code == ReplyError.Code.cartTotalMismatch)
                #expect(refused.failure?.field == "cart.total")
                #expect(bed.requests("POST", "/v1/terminal/readers/\(reader)/set_reader_display").count == before)
            }
        }
    }
}
