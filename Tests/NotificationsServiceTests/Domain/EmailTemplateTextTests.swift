import FoundationEssentials
import Messages
import NotificationsService
import Testing

@Suite("EmailTemplateText")
struct EmailTemplateTextTests {
    @Test("fills named fields in subject and body")
    func fills() throws {
        let text = try EmailTemplateText(parsing: "Subject: Order {{order_reference}}\n\nPaid {{ amount }}.\nBye")
        let rendered = try text.render(["order_reference": "ord-1", "amount": "€12.50"])
        #expect(rendered.subject == "Order ord-1")
        #expect(rendered.body == "Paid €12.50.\nBye")
    }

    @Test("a field without a value is an error naming it")
    func missingField() throws {
        let text = try EmailTemplateText(parsing: "Subject: Hi\n\n{{amount}} for {{order_reference}}")
        #expect(throws: EmailTemplateText.Problem.missingField("order_reference")) {
            try text.render(["amount": "€1.00"])
        }
    }

    @Test("a file saved with CRLF line ends reads like one with LF; a lone CR is kept")
    func crlfFile() throws {
        let text = try EmailTemplateText(parsing: "Subject:  Order {{order_reference}} \r\n\r\nLine 1\r\nLine\r2\r\n")
        #expect(text.subject == "Order {{order_reference}}")
        #expect(text.body == "Line 1\nLine\r2\n")
    }

    @Test("a file without a Subject line is malformed")
    func malformed() {
        #expect(throws: EmailTemplateText.Problem.self) { try EmailTemplateText(parsing: "Hello {{amount}}") }
    }

    @Test("every template file of the service renders the fields its event gives")
    func shippedTemplates() throws {
        let directory = NotificationsSettings.defaultTemplatesDirectory()
        let paid = EmailRequest.orderPaid(
            OrderPaid(
                account: "acct_1", orderReference: "ord-9", amount: 1250,
                currency: "eur", customerEmail: "b@example.com", occurredAt: 1))
        let failed = EmailRequest.paymentFailed(
            OrderPaymentFailed(
                account: "acct_1", orderReference: "ord-9",
                amount: 1250, currency: "eur", occurredAt: 1))
        let due = EmailRequest.requirementsDue(
            AccountRequirementsDue(
                account: "acct_1", currentlyDue: ["external_account"],
                pastDue: [], occurredAt: 1))
        let asked = EmailRequest.authenticationRequired(
            OrderRequiresAction(
                account: "acct_1", orderReference: "ord-9", amount: 1250, currency: "eur",
                authenticationUrl: "https://shop.example/pay/ord-9", occurredAt: 1))
        let payout = EmailRequest.payoutFailed(
            PayoutFailed(
                account: "acct_1", sellerReference: "shop-1",
                payout: PayoutDetails(
                    id: "po_1", amount: 1250, currency: "eur", status: "failed", automatic: true, arrivalDate: 1, failureCode: "no_account"),
                occurredAt: 1), updateURL: nil)
        for request in [paid, failed, due, asked, payout] {
            let rendered = try EmailTemplateText.load(request.template, from: directory).render(request.fields)
            #expect(!rendered.subject.isEmpty)
            #expect(!rendered.body.contains("{{"))
        }
        let confirmation = try EmailTemplateText.load(.orderConfirmation, from: directory).render(paid.fields)
        #expect(confirmation.body.contains("€12.50"))
        #expect(confirmation.subject.contains("ord-9"))
    }
}

@Suite("Built-in templates")
struct BuiltInTemplatesTests {
    @Test("the copies compiled into the binary equal the template files", arguments: EmailTemplate.allCases)
    func sameAsFiles(template: EmailTemplate) throws {
        let path = NotificationsSettings.defaultTemplatesDirectory() + "/" + template.rawValue + ".txt"
        let file = try EmailTemplateText(parsing: try String(contentsOfFile: path, encoding: .utf8))
        #expect(try EmailTemplateText.builtIn(template) == file)
    }

    @Test("a folder without the file falls back to the built-in copy")
    func fallback() throws {
        #expect(try EmailTemplateText.load(.orderConfirmation, from: "/nonexistent") == EmailTemplateText.builtIn(.orderConfirmation))
    }
}

@Suite("Finish setting up your account")
struct RequirementsDueEmailTests {
    @Test("the e-mail names the deadline and the future requirements")
    func namesTheDeadline() throws {
        // 1798761600 = 2027-01-01T00:00:00Z
        let request = EmailRequest.requirementsDue(
            AccountRequirementsDue(
                account: "acct_1", currentlyDue: [], pastDue: [], occurredAt: 1,
                futureDue: ["individual.verification.document"], futureDeadline: 1_798_761_600))
        let rendered = try EmailTemplateText.builtIn(.onboardingIncomplete).render(request.fields)
        #expect(rendered.body.contains("by 2027-01-01 00:00 UTC"))
        #expect(rendered.body.contains("- individual.verification.document"))
    }

    @Test("the earlier of the two deadlines is named")
    func earlierDeadline() {
        let event = AccountRequirementsDue(
            account: "acct_1", currentlyDue: ["external_account"], pastDue: [],
            currentDeadline: 1_798_761_600 + 86_400 * 31, occurredAt: 1,
            futureDue: ["x"], futureDeadline: 1_798_761_600)
        #expect(event.deadline == 1_798_761_600)
        #expect(EmailRequest.requirementsDue(event).fields["deadline"]?.contains("2027-01-01") == true)
    }

    @Test("dates before and after leap days")
    func calendar() {
        #expect(UTCDateText.format(0) == "1970-01-01 00:00 UTC")
        #expect(UTCDateText.format(951_782_400) == "2000-02-29 00:00 UTC")
        #expect(UTCDateText.format(1_764_597_630) == "2025-12-01 14:00 UTC")
    }
}
