#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime

/// `onboarding.create_oauth_link` (batched: database only): the Connect OAuth authorize URL
/// for a seller who connects an existing Standard account.
///
/// Generates a random `state` (``OAuthState/random()``), keeps it with the seller reference,
/// scope and redirect URI for ``OAuthState/lifetimeSeconds`` (`oauth_states`), and answers
/// ``OAuthAuthorizeURL`` under `STRIPE_CONNECT_BASE` with the platform's client id.
/// Refusals (nothing written): `conflict.oauth_not_configured` without a client id,
/// `validation.invalid_url` for a plain-HTTP redirect URI with a live key,
/// `conflict.duplicate_reference` for a seller reference that already has an account.
/// Thread-safety: `Sendable`, stateless.
struct CreateOAuthLinkHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the issued states.
    let states: OAuthStateStore
    /// The platform's Connect client id (`STRIPE_CONNECT_CLIENT_ID`), if configured.
    let clientId: String?

    /// Handles one command inside its batch's savepoint.
    /// - Throws: `StoreError` (the runtime retries transient ones).
    func handle(_ command: CreateOAuthLink, _ context: inout HandlerContext) throws -> Reply<CreateOAuthLink.Result> {
        guard let clientId else { return .error(OnboardingSettings.oauthNotConfigured) }
        if let uri = command.redirectUri, let problem = RedirectURLPolicy(apiKey: context.worker.config.stripeAPIKey ?? "").problem(with: uri) {
            return .error(.invalid("redirect_uri", problem, code: ReplyError.Code.invalidURL))
        }
        if let existing = try accounts.find(sellerReference: command.sellerReference, on: context.db) {
            return .error(
                .conflict(
                    "duplicate_reference", "seller reference \(command.sellerReference) already has account \(existing.projection.accountId)"))
        }
        let now = Int64(Date().timeIntervalSince1970)
        let state = OAuthState(
            state: OAuthState.random(), sellerReference: command.sellerReference, scope: command.scope ?? .readWrite,
            redirectURI: command.redirectUri, expiresAt: now + OAuthState.lifetimeSeconds)
        let states = self.states
        try context.transaction { db in try states.insert(state, now: now, on: db) }
        let url = OAuthAuthorizeURL.make(
            connectBase: context.worker.config.stripeConnectBase, clientId: clientId, state: state, email: command.email)
        return .ok(CreateOAuthLink.Result(sellerReference: command.sellerReference, url: url, state: state.state, expiresAt: state.expiresAt))
    }
}
