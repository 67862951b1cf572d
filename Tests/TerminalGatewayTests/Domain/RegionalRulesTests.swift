import Messages
import Testing
@testable import TerminalGateway

/// ``RegionalRules``: Canada's Interac, Australia's `manual_preferred`, everyone else unchanged.
struct RegionalRulesTests {
    private func choice(
        _ country: String?, _ capture: TerminalCaptureMethod? = nil,
        _ types: [TerminalPaymentMethodType]? = nil
    ) -> RegionalRules.Choice? {
        try? RegionalRules.decide(country: country, captureMethod: capture, paymentMethodTypes: types).get()
    }

    private func code(
        _ country: String?, _ capture: TerminalCaptureMethod? = nil,
        _ types: [TerminalPaymentMethodType]? = nil
    ) -> String? {
        if case .failure(let error) = RegionalRules.decide(country: country, captureMethod: capture, paymentMethodTypes: types) {
            return error.code
        }
        return nil
    }

    @Test func aUSAccountKeepsManualCaptureOfCardPresent() {
        #expect(choice("US") == RegionalRules.Choice(captureMethod: .manual, paymentMethodTypes: [.cardPresent]))
        #expect(choice(nil, .automatic) == RegionalRules.Choice(captureMethod: .automatic, paymentMethodTypes: [.cardPresent]))
    }

    @Test func aCanadianAccountAddsInteracAndCapturesAtOnce() {
        #expect(choice("CA") == RegionalRules.Choice(captureMethod: .automatic, paymentMethodTypes: [.cardPresent, .interacPresent]))
        #expect(code("CA", .manual) == ReplyError.Code.interacManualCapture)
        // Manual capture in Canada without Interac is the caller's explicit choice.
        #expect(choice("CA", .manual, [.cardPresent]) == RegionalRules.Choice(captureMethod: .manual, paymentMethodTypes: [.cardPresent]))
    }

    @Test func interacOutsideCanadaIsRefused() {
        #expect(code("US", .automatic, [.cardPresent, .interacPresent]) == ReplyError.Code.interacUnavailable)
        #expect(code(nil, nil, [.cardPresent, .interacPresent]) == ReplyError.Code.interacUnavailable)
    }

    @Test func anAustralianAccountsManualCaptureIsManualPreferred() {
        #expect(choice("AU") == RegionalRules.Choice(captureMethod: .manualPreferred, paymentMethodTypes: [.cardPresent]))
        #expect(choice("AU", .manual)?.captureMethod == .manualPreferred)
        #expect(choice("AU", .automatic)?.captureMethod == .automatic)
        #expect(choice("US", .manualPreferred)?.captureMethod == .manualPreferred)
    }
}
