import Foundation
import Testing
@testable import StripeAPI

@Suite(
    "Stripe's example objects decode",
    .enabled(
        if: Fixtures.available,
        "skipped: ../shared/stripe/fixtures3.json (Stripe's fixtures) is not present next to the repository"))
struct FixtureDecodingTests {
    @Test func account() throws {
        let account = try Fixtures.decode(Account.self, "account")
        #expect(account.id == "acct_1PgafTB7WZ01zgkW")
        #expect(account.object == "account")
        #expect(account.type == .standard)
        #expect(account.controller?.type == "account")
        #expect(account.capabilities?["card_payments"] == .active)
        #expect(account.requirements?.currentlyDue?.contains("external_account") == true)
        #expect(account.requirements?.disabledReason == "requirements.past_due")
        #expect(account.chargesEnabled == false)
        #expect(account.businessProfile?.name == nil)
    }

    @Test func person() throws {
        let person = try Fixtures.decode(Person.self, "person")
        #expect(person.id == "person_1Pgc6oB7WZ01zgkWnmLL70wS")
        #expect(person.account == "acct_1PgafTB7WZ01zgkW")
        #expect(person.relationship?.representative == false)
        #expect(person.verification?.status == "unverified")
    }

    @Test func links() throws {
        let link = try Fixtures.decode(AccountLink.self, "account_link")
        #expect(link.object == "account_link")
        #expect(link.url.hasPrefix("https://"))
        #expect(link.expiresAt == 1234567890)
        let login = try Fixtures.decode(LoginLink.self, "login_link")
        #expect(login.url.contains("/express/"))
    }

    @Test func customerSessionAndEphemeralKey() throws {
        let customer = try Fixtures.decode(Customer.self, "customer")
        #expect(customer.id == "cus_QXg1o8vcGmoR32")
        #expect(customer.balance == 0)
        let session = try Fixtures.decode(CustomerSession.self, "customer_session")
        #expect(session.customer == "cus_QXg1o8vcGmoR32")
        #expect(session.clientSecret?.hasPrefix("cuss_secret_") == true)
        let key = try Fixtures.decode(EphemeralKey.self, "ephemeral_key")
        #expect(key.id == "ephkey_1Pgc6sB7WZ01zgkWtBC5cOXH")
        #expect(key.secret == nil)
    }

    @Test func productAndPrice() throws {
        let product = try Fixtures.decode(Product.self, "product")
        #expect(product.name == "T-shirt")
        #expect(product.defaultPrice == .id("price_1PgafmB7WZ01zgkW02Hf9z6c"))
        let price = try Fixtures.decode(Price.self, "price")
        #expect(price.unitAmount == 2000)
        #expect(price.type == .recurring)
        #expect(price.recurring?.interval == "month")
        #expect(price.product?.id == "prod_QXg1hqf4jFNsqG")
    }

    @Test func checkoutSessionAndLineItem() throws {
        let session = try Fixtures.decode(CheckoutSession.self, "checkout.session")
        #expect(session.id.hasPrefix("cs_test_"))
        #expect(session.mode == .payment)
        #expect(session.status == .open)
        #expect(session.paymentStatus == .unpaid)
        #expect(session.paymentIntent?.id == "pi_1PgafyB7WZ01zgkWSjxsAJo3")
        #expect(session.uiMode == nil)
        #expect(session.customerDetails?.email == "example@example.com")
        let item = try Fixtures.decode(CheckoutSession.LineItem.self, "item")
        #expect(item.object == "item")
        #expect(item.price?.unitAmount == 1000)
        #expect(item.price?.type == .oneTime)
        #expect(item.quantity == 1)
    }

    @Test func paymentIntent() throws {
        let intent = try Fixtures.decode(PaymentIntent.self, "payment_intent")
        #expect(intent.id == "pi_1PgafyB7WZ01zgkWSjxsAJo3")
        #expect(intent.amount == 1099)
        #expect(intent.amountCapturable == 0)
        #expect(intent.amountReceived == 0)
        #expect(intent.status == .requiresPaymentMethod)
        #expect(intent.captureMethod == .automatic)
        #expect(intent.automaticPaymentMethods?.enabled == true)
        #expect(intent.lastPaymentError?.type == "idempotency_error")
        #expect(intent.nextAction?.type == "type")
        #expect(intent.latestCharge == nil)
        #expect(intent.transferData?.destination?.id == "obj_123")
        #expect(intent.transferData?.destination?.object?.object == "account")
    }

    @Test func paymentMethodChargeRefundFee() throws {
        let method = try Fixtures.decode(PaymentMethod.self, "payment_method")
        #expect(method.card?.last4 == "4242")
        #expect(method.card?.expYear == 2030)
        #expect(method.metadata?["order_id"] == "123456789")
        let charge = try Fixtures.decode(Charge.self, "charge")
        #expect(charge.id == "ch_1PgafuB7WZ01zgkWXYmPNZs8")
        #expect(charge.status == "succeeded")
        #expect(charge.paymentMethodDetails?.type == "card")
        #expect(charge.paymentMethodDetails?.card?.network == "visa")
        #expect(charge.applicationFee == nil)
        let refund = try Fixtures.decode(Refund.self, "refund")
        #expect(refund.status == .succeeded)
        #expect(refund.charge?.id == "ch_1PgafuB7WZ01zgkWXYmPNZs8")
        let fee = try Fixtures.decode(ApplicationFee.self, "application_fee")
        #expect(fee.account?.id == "acct_1PgafTB7WZ01zgkW")
        #expect(fee.amount == 100)
    }

    @Test func dispute() throws {
        let dispute = try Fixtures.decode(Dispute.self, "dispute")
        #expect(dispute.id == "dp_1Pgc71B7WZ01zgkWMevJiAUx")
        #expect(dispute.amount == 1000)
        #expect(dispute.charge?.id == "ch_1PgafuB7WZ01zgkWXYmPNZs8")
        #expect(dispute.status == .warningNeedsResponse)
        #expect(dispute.status?.isClosed == false)
        #expect(dispute.reason == "general")
        #expect(dispute.evidenceDetails?.dueBy == 1_723_679_999)
        #expect(dispute.evidenceDetails?.submissionCount == 0)
        #expect(dispute.balanceTransactions == [])
        #expect(dispute.evidence?["uncategorized_text"] == .null)
    }

    @Test func balance() throws {
        let balance = try Fixtures.decode(Balance.self, "balance")
        #expect(balance.object == "balance")
        #expect(balance.available == [Balance.Amount(amount: 0, currency: "usd")])
        #expect(balance.pending?.first?.currency == "usd")
    }

    @Test func balanceTransaction() throws {
        let txn = try Fixtures.decode(BalanceTransaction.self, "balance_transaction")
        #expect(txn.id == "txn_1PgaxNB7WZ01zgkWEV3TLf40")
        #expect(txn.amount == 100 && txn.fee == 0 && txn.net == 100)
        #expect(txn.type == "charge" && txn.reportingCategory == "charge" && txn.status == "available")
        #expect(txn.source == .id("ch_1PgafuB7WZ01zgkWXYmPNZs8"))
        #expect(txn.feeDetails == [])
    }

    @Test func balanceTransactionWithExpandedSource() throws {
        let json = """
            {"id":"txn_1","object":"balance_transaction","amount":-500,"created":1,"currency":"usd","fee":1500,
             "fee_details":[{"amount":1500,"application":null,"currency":"usd","description":"Dispute fee","type":"stripe_fee"}],
             "net":-2000,"reporting_category":"dispute","status":"available","type":"adjustment",
             "source":{"id":"du_1","object":"dispute","charge":"ch_1","payment_intent":{"id":"pi_1","object":"payment_intent"}}}
            """
        let txn = try JSONDecoder().decode(BalanceTransaction.self, from: Data(json.utf8))
        #expect(txn.source?.object == BalanceTransaction.Source(id: "du_1", object: "dispute", paymentIntent: "pi_1", charge: "ch_1"))
        #expect(txn.feeDetails?.first?.type == "stripe_fee")
        let charge = try JSONDecoder().decode(
            BalanceTransaction.Source.self,
            from: Data(#"{"id":"ch_9","object":"charge","payment_intent":"pi_9","payment_method_details":{"type":"card_present"}}"#.utf8))
        #expect(
            charge
                == BalanceTransaction.Source(id: "ch_9", object: "charge", paymentIntent: "pi_9", charge: "ch_9", paymentMethodType: "card_present"))
    }

    @Test func terminal() throws {
        let token = try Fixtures.decode(TerminalConnectionToken.self, "terminal.connection_token")
        #expect(token.secret == "pst_test_iPPfmBn7kZ0gIJ4xpehqTnC")
        let location = try Fixtures.decode(TerminalLocation.self, "terminal.location")
        #expect(location.displayName == "My First Store")
        #expect(location.address?.postalCode == "94102")
        let reader = try Fixtures.decode(TerminalReader.self, "terminal.reader")
        #expect(reader.status == .online)
        #expect(reader.deviceType == "bbpos_wisepos_e")
        #expect(reader.action?.type == .refundPayment)
        #expect(reader.action?.status == .failed)
        #expect(reader.location == nil)
    }

    @Test func eventAndWebhookEndpoint() throws {
        let event = try Fixtures.decode(StripeEvent.self, "event")
        #expect(event.id == "evt_1Pgc76B7WZ01zgkWwyRHS12y")
        #expect(event.type == "plan.created")
        #expect(event.created == 1234567890)
        #expect(event.apiVersion == nil)
        #expect(event.account == nil)
        #expect(event.dataObjectType == "plan")
        #expect(event.dataObjectId == "price_1PgafmB7WZ01zgkW6dKueIc5")
        #expect(event.data.object["amount"] == .int(2000))
        let endpoint = try Fixtures.decode(WebhookEndpoint.self, "webhook_endpoint")
        #expect(endpoint.enabledEvents == ["charge.failed", "charge.succeeded"])
        #expect(endpoint.status == "enabled")
    }

    @Test func everyModelRoundTripsThroughItsEncoding() throws {
        let intent = try Fixtures.decode(PaymentIntent.self, "payment_intent")
        let again = try JSONDecoder().decode(PaymentIntent.self, from: JSONEncoder().encode(intent))
        #expect(again == intent)
        let account = try Fixtures.decode(Account.self, "account")
        #expect(try JSONDecoder().decode(Account.self, from: JSONEncoder().encode(account)) == account)
    }
}

@Suite("Model decoding details")
struct ModelDecodingTests {
    @Test func unknownEnumValuesAreKept() throws {
        let json = #"{"id":"pi_1","object":"payment_intent","status":"requires_teleportation","capture_method":"manual"}"#
        let intent = try JSONDecoder().decode(PaymentIntent.self, from: Data(json.utf8))
        #expect(intent.status == .unknown("requires_teleportation"))
        #expect(intent.status?.rawValue == "requires_teleportation")
        #expect(intent.captureMethod == .manual)
        let encoded = String(decoding: try JSONEncoder().encode(intent), as: UTF8.self)
        #expect(encoded.contains("requires_teleportation"))
    }

    @Test func expandableDecodesIdOrObject() throws {
        let asId = #"{"id":"pi_1","latest_charge":"ch_1"}"#
        let expanded =
            #"{"id":"pi_1","latest_charge":{"id":"ch_1","object":"charge","amount":500,"payment_method_details":{"type":"card_present","card_present":{"brand":"visa","last4":"0000","overcapture_supported":true,"read_method":"contactless_emv"}}}}"#
        let a = try JSONDecoder().decode(PaymentIntent.self, from: Data(asId.utf8))
        let b = try JSONDecoder().decode(PaymentIntent.self, from: Data(expanded.utf8))
        #expect(a.latestCharge == .id("ch_1"))
        #expect(a.latestCharge?.object == nil)
        #expect(b.latestCharge?.id == "ch_1")
        #expect(b.latestCharge?.object?.amount == 500)
        #expect(b.latestCharge?.object?.paymentMethodDetails?.cardPresent?.overcaptureSupported == true)
    }

    @Test func missingRequiredIdFails() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PaymentIntent.self, from: Data(#"{"object":"payment_intent"}"#.utf8))
        }
    }

    @Test func connectEventDecodesTypedObject() throws {
        let json =
            #"{"id":"evt_1","object":"event","type":"payment_intent.succeeded","account":"acct_9","api_version":"2025-03-31.basil","created":1700000000,"data":{"object":{"id":"pi_7","object":"payment_intent","amount":1099,"status":"succeeded","brand_new_field":{"x":[1,2.5,null,true]}}}}"#
        let event = try JSONDecoder().decode(StripeEvent.self, from: Data(json.utf8))
        #expect(event.account == "acct_9")
        #expect(event.apiVersion == "2025-03-31.basil")
        let intent = try event.dataObject(as: PaymentIntent.self)
        #expect(intent.id == "pi_7")
        #expect(intent.status == .succeeded)
        #expect(event.data.object["brand_new_field"]?["x"] == .array([.int(1), .double(2.5), .null, .bool(true)]))
    }

    @Test func listDecodes() throws {
        let json = #"{"object":"list","url":"/v1/payment_intents","has_more":true,"data":[{"id":"pi_1","object":"payment_intent"}]}"#
        let list = try JSONDecoder().decode(StripeList<PaymentIntent>.self, from: Data(json.utf8))
        #expect(list.hasMore)
        #expect(list.data.map(\.id) == ["pi_1"])
        #expect(list.url == "/v1/payment_intents")
    }
}

extension FixtureDecodingTests {
    @Test func setupIntentDecodes() throws {
        let intent = try Fixtures.decode(SetupIntent.self, "setup_intent")
        #expect(intent.id == "seti_1Pgag7B7WZ01zgkWSgwGdb8Z")
        #expect(intent.status == .requiresPaymentMethod)
        #expect(intent.usage == "off_session")
        #expect(intent.paymentMethodTypes == ["card"])
        #expect(intent.lastSetupError?.type == "idempotency_error")
        #expect(intent.nextAction?.type == "type")
        #expect(intent.clientSecret?.hasPrefix("seti_1Pgag7B7WZ01zgkWSgwGdb8Z_secret_") == true)
    }
}
