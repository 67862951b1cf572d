import Foundation
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Payment method domains")
    struct PaymentMethodDomains {
        @Test("register on the connected account, list with filters; registering again or redelivered creates nothing more")
        func registerAndList() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let other = try await bed.connectedAccount()
                let first = try unwrap(try await bed.send(RegisterPaymentMethodDomain(account: account, domainName: "Shop.Example.com")))
                #expect(first.created)
                #expect(first.domain.domainName == "shop.example.com" && first.domain.enabled)
                #expect(first.domain.paymentMethodDomain.hasPrefix("pmd_"))
                #expect(
                    first.domain.applePayStatus == "active" && first.domain.googlePayStatus == "active"
                        && first.domain.linkStatus == "active")
                let create = try #require(bed.requests("POST", "/v1/payment_method_domains").first)
                #expect(create.account == account)
                #expect(create.params["domain_name"]?.stringValue == "shop.example.com")
                #expect(create.idempotencyKey?.hasSuffix(":create_payment_method_domain") == true)

                let again = try unwrap(try await bed.send(RegisterPaymentMethodDomain(account: account, domainName: "shop.example.com")))
                #expect(!again.created)
                #expect(again.domain.paymentMethodDomain == first.domain.paymentMethodDomain)

                // The same command delivered twice, then a marker on the same queue.
                let blog = RegisterPaymentMethodDomain(account: account, domainName: "blog.example.com", enabled: false)
                let marker = try unwrap(
                    try await bed.deliverTwice(
                        blog, account: account, then: RegisterPaymentMethodDomain(account: other, domainName: "shop.example.com")))
                #expect(marker.created)
                #expect(bed.requests("POST", "/v1/payment_method_domains").count == 3)
                #expect(bed.sim.count(objectType: "payment_method_domain") == 3)

                let all = try unwrap(try await bed.send(ListPaymentMethodDomains(account: account)))
                #expect(Set(all.domains.map(\.domainName)) == ["shop.example.com", "blog.example.com"])
                #expect(all.domains.first { $0.domainName == "blog.example.com" }?.enabled == false)
                let enabled = try unwrap(try await bed.send(ListPaymentMethodDomains(account: account, enabled: true)))
                #expect(enabled.domains.map(\.domainName) == ["shop.example.com"])
                let one = try unwrap(try await bed.send(ListPaymentMethodDomains(account: other, domainName: "SHOP.example.com")))
                #expect(one.domains.map(\.paymentMethodDomain) == [marker.domain.paymentMethodDomain])
                #expect(bed.requests("GET", "/v1/payment_method_domains").allSatisfy { $0.account != nil })
            }
        }
    }
}
