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
        let paid = EmailRequest.orderPaid(OrderPaid(account: "acct_1", orderReference: "ord-9", amount: 1250,
                                                    currency: "eur", customerEmail: "b@example.com", occurredAt: 1))
        let failed = EmailRequest.paymentFailed(OrderPaymentFailed(account: "acct_1", orderReference: "ord-9",
                                                                   amount: 1250, currency: "eur", occurredAt: 1))
        let due = EmailRequest.requirementsDue(AccountRequirementsDue(account: "acct_1", currentlyDue: ["external_account"],
                                                                      pastDue: [], occurredAt: 1))
        for request in [paid, failed, due] {
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
