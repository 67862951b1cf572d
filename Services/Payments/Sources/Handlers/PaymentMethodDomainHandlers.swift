import Messages
import Runtime
import StripeAPI

/// `payments.register_payment_method_domain` (Stripe-bound, writes nothing locally):
/// `GET /v1/payment_method_domains?domain_name=…` on the connected account; an existing one is
/// returned as Stripe has it (`created: false`; its `enabled` is not changed), otherwise
/// `POST /v1/payment_method_domains`
/// with Idempotency-Key `<message_id>:create_payment_method_domain`, so a redelivery, a retry or
/// a second registration of the same hostname never creates a second one. The hostname is sent
/// lowercased. Thread-safety: `Sendable`, stateless.
struct RegisterPaymentMethodDomainHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(
        _ command: RegisterPaymentMethodDomain, _ context: inout HandlerContext
    ) throws
        -> Reply<RegisterPaymentMethodDomain.Result>
    {
        let account = command.account
        let name = command.domainName.lowercased()
        switch try context.stripe({ client throws(StripeError) in
            try client.listPaymentMethodDomains(domainName: name, options: RequestOptions(stripeAccount: account))
        }) {
        case .failure(let error): return .error(error)
        case .success(let found):
            if let existing = found.first(where: { $0.domainName?.lowercased() == name }) {
                return .ok(.init(account: account, domain: PaymentMethodDomainInfo(existing), created: false))
            }
        }
        let params = PaymentMethodDomainCreateParams(domainName: name, enabled: command.enabled)
        switch try context.stripe({ client throws(StripeError) in
            try client.createPaymentMethodDomain(params, options: context.idempotent("create_payment_method_domain", account: account))
        }) {
        case .failure(let error): return .error(error)
        case .success(let domain): return .ok(.init(account: account, domain: PaymentMethodDomainInfo(domain), created: true))
        }
    }
}

/// `payments.list_payment_method_domains` (Stripe-bound, read-only): every page of
/// `GET /v1/payment_method_domains` on the connected account, with the `domain_name`
/// (lowercased) and `enabled` filters. Thread-safety: `Sendable`, stateless.
struct ListPaymentMethodDomainsHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(
        _ command: ListPaymentMethodDomains, _ context: inout HandlerContext
    ) throws
        -> Reply<ListPaymentMethodDomains.Result>
    {
        let account = command.account
        switch try context.stripe({ client throws(StripeError) in
            try client.listPaymentMethodDomains(
                domainName: command.domainName?.lowercased(), enabled: command.enabled,
                options: RequestOptions(stripeAccount: account))
        }) {
        case .failure(let error): return .error(error)
        case .success(let domains): return .ok(.init(account: account, domains: domains.map(PaymentMethodDomainInfo.init)))
        }
    }
}

extension PaymentMethodDomainInfo {
    /// The reply's view of Stripe's object (wallet statuses flattened).
    init(_ d: PaymentMethodDomain) {
        self.init(
            paymentMethodDomain: d.id, domainName: d.domainName ?? "", enabled: d.enabled ?? true,
            applePayStatus: d.applePay?.status, applePayError: d.applePay?.statusDetails?.errorMessage,
            googlePayStatus: d.googlePay?.status, linkStatus: d.link?.status, paypalStatus: d.paypal?.status,
            created: d.created)
    }
}
