import Messages
import NotificationsService
import Testing

@Suite("Your payout could not be paid")
struct PayoutFailedEmailTests {
    private func event(code: String?, message: String? = nil) -> PayoutFailed {
        PayoutFailed(
            account: "acct_1", sellerReference: "shop-1",
            payout: PayoutDetails(
                id: "po_1", amount: 12_345, currency: "eur", status: "failed", automatic: true, arrivalDate: 1,
                failureCode: code, failureMessage: message),
            occurredAt: 1)
    }

    @Test("each of Stripe's test failure codes reads in plain words, with what to do, and no code")
    func plainWords() throws {
        for code in ["no_account", "account_closed", "insufficient_funds", "debit_not_authorized", "invalid_currency", "invalid_account_number"] {
            let request = EmailRequest.payoutFailed(event(code: code), updateURL: "https://p.example/s/{account}/bank")
            let rendered = try EmailTemplateText.builtIn(.payoutFailed).render(request.fields)
            #expect(rendered.subject.contains("€123.45"))
            #expect(!rendered.body.contains("{{") && !rendered.body.contains(code), "\(code)")
            #expect(rendered.body.contains("https://p.example/s/acct_1/bank"))
            #expect(request.template.audience == .seller && request.recipient == nil)
        }
    }

    @Test("an unknown code falls back to Stripe's message; without a configured page the dashboard is named")
    func fallbacks() throws {
        let request = EmailRequest.payoutFailed(event(code: "something_new", message: "The bank said no"), updateURL: nil)
        let rendered = try EmailTemplateText.builtIn(.payoutFailed).render(request.fields)
        #expect(rendered.body.contains("failed: The bank said no."))
        #expect(rendered.body.contains("the payout settings of your seller dashboard"))
    }
}
