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
           let dashboard = control.dashboardType, dashboard != "express" {
            return .error(ReplyError(code: ReplyError.Code.notExpressDashboard,
                                     message: "account \(command.account) has the \(dashboard) dashboard; login links exist only for the Express dashboard" + (dashboard == "full" ? " (the seller signs in at dashboard.stripe.com)" : " (use onboarding.create_account_session for embedded components)"),
                                     retryable: false, field: "account"))
        }
        let key = context.idempotencyKey("create_login_link")
        switch try context.stripe({ stripe throws(StripeError) in
            try stripe.createLoginLink(accountId: command.account, idempotencyKey: key)
        }) {
        case .success(let link): return .ok(CreateLoginLink.Result(account: command.account, url: link.url, created: link.created))
        case .failure(let error): return .error(error)
        }
    }

    /// Handles `onboarding.create_account_session`.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func accountSession(_ command: CreateAccountSession, _ context: inout HandlerContext) throws -> Reply<CreateAccountSession.Result> {
        if let refusal = try refusal(command.account, context) { return .error(refusal) }
        let components = Self.components(command.components)
        let key = context.idempotencyKey("create_account_session")
        let session: (clientSecret: String, expiresAt: Int64)
        switch try context.stripe({ stripe throws(StripeError) in
            try stripe.createAccountSession(accountId: command.account, components: components, idempotencyKey: key)
        }) {
        case .success(let s): session = s
        case .failure(let error): return .error(error)
        }
        let controls = self.controls
        try context.transaction { db in try controls.markOnboardingStarted(accountId: command.account, on: db) }
        return .ok(CreateAccountSession.Result(account: command.account, clientSecret: session.clientSecret,
                                               expiresAt: session.expiresAt))
    }

    /// `components[<name>][enabled]` and `components[<name>][features][<feature>]`.
    static func components(_ c: EmbeddedComponents) -> FormParams {
        func component(_ enabled: Bool, _ features: [(String, Bool?)]) -> FormParams {
            var p = FormParams()
            p.set("enabled", enabled)
            var f = FormParams()
            for (name, value) in features { f.set(name, value) }
            AccountForm.put(&p, "features", f)
            return p
        }
        func account(_ a: EmbeddedComponents.AccountComponent) -> FormParams {
            component(a.enabled, [("external_account_collection", a.features?.externalAccountCollection),
                                  ("disable_stripe_user_authentication", a.features?.disableStripeUserAuthentication)])
        }
        var p = FormParams()
        if let a = c.accountOnboarding { p.set("account_onboarding", account(a)) }
        if let a = c.accountManagement { p.set("account_management", account(a)) }
        if let a = c.notificationBanner { p.set("notification_banner", account(a)) }
        if let pay = c.payments {
            p.set("payments", component(pay.enabled, [
                ("refund_management", pay.features?.refundManagement), ("dispute_management", pay.features?.disputeManagement),
                ("capture_payments", pay.features?.capturePayments),
                ("destination_on_behalf_of_charge_management", pay.features?.destinationOnBehalfOfChargeManagement)]))
        }
        if let out = c.payouts {
            p.set("payouts", component(out.enabled, [
                ("edit_payout_schedule", out.features?.editPayoutSchedule), ("instant_payouts", out.features?.instantPayouts),
                ("standard_payouts", out.features?.standardPayouts),
                ("external_account_collection", out.features?.externalAccountCollection),
                ("disable_stripe_user_authentication", out.features?.disableStripeUserAuthentication)]))
        }
        if let s = c.paymentMethodSettings { p.set("payment_method_settings", component(s.enabled, [])) }
        return p
    }

    private func refusal(_ account: String, _ context: HandlerContext) throws -> ReplyError? {
        guard let record = try accounts.find(accountId: account, on: context.db) else { return .notFound("account", id: account) }
        if record.projection.deauthorized { return .conflict("invalid_state", "account \(account) disconnected the platform") }
        return nil
    }
}
