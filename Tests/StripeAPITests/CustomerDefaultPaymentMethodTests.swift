import Foundation
import Testing
@testable import StripeAPI

/// A Customer's default PaymentMethod (`invoice_settings.default_payment_method`) as Stripe
/// sends it, and the update parameter as Stripe spells it.
@Suite struct CustomerDefaultPaymentMethodTests {
    @Test func invoiceSettingsDecodeAnIdOrAnExpandedMethod() throws {
        let plain = #"{"id":"cus_1","object":"customer","invoice_settings":{"custom_fields":null,"default_payment_method":"pm_1","footer":null}}"#
        let customer = try JSONDecoder().decode(Customer.self, from: Data(plain.utf8))
        #expect(customer.invoiceSettings?.defaultPaymentMethod?.id == "pm_1")
        let expanded = #"{"id":"cus_1","invoice_settings":{"default_payment_method":{"id":"pm_2","object":"payment_method","type":"card"}}}"#
        #expect(try JSONDecoder().decode(Customer.self, from: Data(expanded.utf8)).invoiceSettings?.defaultPaymentMethod?.object?.type == "card")
        let none = #"{"id":"cus_1","invoice_settings":{"default_payment_method":null}}"#
        #expect(try JSONDecoder().decode(Customer.self, from: Data(none.utf8)).invoiceSettings?.defaultPaymentMethod == nil)
    }

    @Test func updateSendsTheDefaultUnderInvoiceSettings() {
        #expect(
            FormEncoding.encode(CustomerUpdateParams(defaultPaymentMethod: "pm_1").formParams)
                == "invoice_settings[default_payment_method]=pm_1")
        #expect(FormEncoding.encode(CustomerUpdateParams(defaultPaymentMethod: "").formParams) == "invoice_settings[default_payment_method]=")
        #expect(FormEncoding.encode(CustomerUpdateParams(email: "a@b.test").formParams) == "email=a%40b.test")
    }
}
