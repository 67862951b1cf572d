import Messages
import Runtime
import StripeAPI

/// `onboarding.create_login_link` and `onboarding.create_account_session` (Stripe-bound):
/// the seller's way into Stripe's Express dashboard and into the embedded components. URLs and
/// client secrets go only into the reply (never stored, logged or published).
///
/// Login link: `POST /v1/accounts/{id}/login_links` (`<message_id>:create_login_link`), only
/// for an account whose recorded dashboard is `express` (else `conflict.not_express_dashboard`
/// before Stripe is called; an account with no recorded control is left to Stripe).
/// Account session: `POST /v1/account_sessions` (`<message_id>:create_account_session`);
/// issuing one marks onboarding as started. Both refuse `not_found.account` and
/// `conflict.invalid_state` (deauthorized). Thread-safety: `Sendable`, stateless.
struct DashboardHandlers: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the account controls.
    let controls: AccountControlStore

    /// Handles `onboarding.create_login_link`.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func loginLink(_ command: CreateLoginLink, _ context: inout HandlerContext) throws -> Reply<CreateLoginLink.Result> {
        if let refusal = try refusal(command.account, context) { return .error(refusal) }
        if let control = try controls.find(accountId: command.account, on: context.db),
            let dashboard = control.dashboardType, dashboard != "express"
        {
            return .error(
                ReplyError(
                    code: ReplyError.Code.notExpressDashboard,
                    message: "account \(command.account) has the \(dashboard) dashboard; login links exist only for the Express dashboard"
                        + (dashboard == "full"
                            ? " (the seller signs in at dashboard.stripe.com)" : " (use onboarding.create_account_session for embedded components)"),
                    retryable: false, field: "account"))
        }
        let key = context.idempotencyKey("create_login_link")
        switch try context.stripe({ client throws(StripeError) in
            let link = try client.createLoginLink(account: command.account, options: .idempotent(key))
            return (
                link.url,
                try StripeAnswer.required(
                    link.created, "created", of: "login_link",
                    from: "/v1/accounts/{id}/login_links", client: client)
            )
        }) {
        case .success(let (url, created)):
            return .ok(CreateLoginLink.Result(account: command.account, url: url, created: Int64(created)))
        case .failure(let error): return .error(error)
        }
    }

    /// Handles `onboarding.create_account_session`.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func accountSession(_ command: CreateAccountSession, _ context: inout HandlerContext) throws -> Reply<CreateAccountSession.Result> {
        if let refusal = try refusal(command.account, context) { return .error(refusal) }
        let params = AccountSessionCreateParams(account: command.account, components: Self.components(command.components))
        let key = context.idempotencyKey("create_account_session")
        let session: AccountSession
        switch try context.stripe({ client throws(StripeError) in
            try client.createAccountSession(params, options: .idempotent(key))
        }) {
        case .success(let s): session = s
        case .failure(let error): return .error(error)
        }
        let controls = self.controls
        try context.transaction { db in try controls.markOnboardingStarted(accountId: command.account, on: db) }
        return .ok(
            CreateAccountSession.Result(
                account: command.account, clientSecret: session.clientSecret,
                expiresAt: Int64(session.expiresAt)))
    }

    /// `components[<name>][enabled]` and `components[<name>][features][<feature>]`, in the
    /// order Stripe's reference lists the components.
    static func components(_ c: EmbeddedComponents) -> [AccountSessionCreateParams.Component] {
        typealias Component = AccountSessionCreateParams.Component
        typealias Feature = Component.Feature
        func account(_ name: String, _ a: EmbeddedComponents.AccountComponent) -> Component {
            Component(
                name: name, enabled: a.enabled,
                features: [
                    Feature("external_account_collection", a.features?.externalAccountCollection),
                    Feature("disable_stripe_user_authentication", a.features?.disableStripeUserAuthentication),
                ])
        }
        var components: [Component] = []
        if let a = c.accountOnboarding { components.append(account("account_onboarding", a)) }
        if let a = c.accountManagement { components.append(account("account_management", a)) }
        if let a = c.notificationBanner { components.append(account("notification_banner", a)) }
        if let pay = c.payments {
            components.append(
                Component(
                    name: "payments", enabled: pay.enabled,
                    features: [
                        Feature("refund_management", pay.features?.refundManagement), Feature("dispute_management", pay.features?.disputeManagement),
                        Feature("capture_payments", pay.features?.capturePayments),
                        Feature("destination_on_behalf_of_charge_management", pay.features?.destinationOnBehalfOfChargeManagement),
                    ]))
        }
        if let out = c.payouts {
            components.append(
                Component(
                    name: "payouts", enabled: out.enabled,
                    features: [
                        Feature("edit_payout_schedule", out.features?.editPayoutSchedule), Feature("instant_payouts", out.features?.instantPayouts),
                        Feature("standard_payouts", out.features?.standardPayouts),
                        Feature("external_account_collection", out.features?.externalAccountCollection),
                        Feature("disable_stripe_user_authentication", out.features?.disableStripeUserAuthentication),
                    ]))
        }
        if let s = c.paymentMethodSettings { components.append(Component(name: "payment_method_settings", enabled: s.enabled)) }
        return components
    }

    private func refusal(_ account: String, _ context: HandlerContext) throws -> ReplyError? {
        guard let record = try accounts.find(accountId: account, on: context.db) else { return .notFound("account", id: account) }
        if record.projection.deauthorized { return .conflict("invalid_state", "account \(account) disconnected the platform") }
        return nil
    }
}
