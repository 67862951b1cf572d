import Foundation
import Testing
@testable import StripeAPI

/// The payment method domain model against Stripe's example object, and the `shipping` and
/// domain create parameters as Stripe spells them.
@Suite struct PaymentMethodDomainTests {
    @Test(.enabled(if: Fixtures.available, "skipped: ../shared/stripe/fixtures3.json is not present"))
    func stripesExampleDecodes() throws {
        let domain = try Fixtures.decode(PaymentMethodDomain.self, "payment_method_domain")
        #expect(domain.id == "pmd_1Pgc79B7WZ01zgkWHKCqwAQo")
        #expect(domain.object == "payment_method_domain")
        #expect(domain.domainName == "example.com" && domain.enabled == true)
        #expect(domain.applePay?.status == "active" && domain.googlePay?.status == "active")
        #expect(domain.link?.status == "active" && domain.paypal?.status == "active")
        #expect(domain.created == 1_234_567_890)
    }

    @Test func inactiveWalletCarriesItsReason() throws {
        let json =
            #"{"id":"pmd_1","object":"payment_method_domain","domain_name":"shop.example.com","enabled":true,"apple_pay":{"status":"inactive","status_details":{"error_message":"The domain association file was not found."}}}"#
        let domain = try JSONDecoder().decode(PaymentMethodDomain.self, from: Data(json.utf8))
        #expect(domain.applePay?.status == "inactive")
        #expect(domain.applePay?.statusDetails?.errorMessage == "The domain association file was not found.")
    }

    @Test func createAndShippingParamsUseStripesNames() {
        let create = PaymentMethodDomainCreateParams(domainName: "shop.example.com", enabled: false)
        #expect(FormEncoding.encode(create.formParams) == "domain_name=shop.example.com&enabled=false")
        let shipping = ShippingParams(
            name: "Jenny Rosen", address: Address(country: "US", line1: "510 Townsend St", postalCode: "94103"),
            carrier: "USPS", trackingNumber: "9400")
        var p = FormParams()
        p.set("shipping", shipping.formParams)
        #expect(
            FormEncoding.encode(p) == "shipping[name]=Jenny%20Rosen&shipping[address][line1]=510%20Townsend%20St"
                + "&shipping[address][postal_code]=94103&shipping[address][country]=US&shipping[carrier]=USPS&shipping[tracking_number]=9400")
    }
}
