#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StripeAPI

/// The Stripe Connect calls of this service (Accounts v1, Persons, Account Links) over one
/// worker's ``StripeClient``.
///
/// Not `Sendable`: it borrows the worker thread's client; use it on that thread only.
/// Every POST carries the idempotency key it is given; every call throws `StripeError`
/// (Stripe's error, `network`, or `decoding` when the answer is not an object of the
/// expected shape).
struct StripeAccounts {
    /// The worker's client.
    let client: StripeClient

    /// `POST /v1/accounts`; returns the created (or idempotently replayed) account as a
    /// snapshot observed at its `created` time, with its control (``AccountControl``).
    func createAccount(_ params: FormParams, idempotencyKey: String) throws(StripeError) -> (AccountSnapshot, AccountControl) {
        let object: Account = try client.request(.post, "/v1/accounts", params: params,
                                                 options: .idempotent(idempotencyKey))
        let snapshot = try snapshot(object, observedAt: object.created.map(Int64.init), path: "/v1/accounts")
        return (snapshot, object.control)
    }

    /// `POST /v1/accounts/{id}`; returns the account's `requirements.currently_due` after the change.
    func updateAccount(_ id: String, _ params: FormParams, idempotencyKey: String) throws(StripeError) -> [String] {
        let path = "/v1/accounts/\(FormEncoding.percentEncode(id))"
        let object: Account = try client.request(.post, path, params: params, options: .idempotent(idempotencyKey))
        return object.requirements?.currentlyDue ?? []
    }

    /// `POST /v1/accounts/{id}/persons/{person}`; returns the person id.
    func updatePerson(accountId: String, personId: String, _ params: FormParams,
                      idempotencyKey: String) throws(StripeError) -> String {
        let path = "/v1/accounts/\(FormEncoding.percentEncode(accountId))/persons/\(FormEncoding.percentEncode(personId))"
        let person: IdOnly = try client.request(.post, path, params: params, options: .idempotent(idempotencyKey))
        return person.id
    }

    /// `POST /v1/accounts/{id}/login_links`; returns the URL and its creation time.
    func createLoginLink(accountId: String, idempotencyKey: String) throws(StripeError) -> (url: String, created: Int64) {
        let path = "/v1/accounts/\(FormEncoding.percentEncode(accountId))/login_links"
        let link: LoginLinkObject = try client.request(.post, path, params: FormParams(), options: .idempotent(idempotencyKey))
        return (link.url, link.created)
    }

    /// `POST /v1/account_sessions` with `account` and `components[…]`; returns the client
    /// secret and expiry.
    func createAccountSession(accountId: String, components: FormParams,
                              idempotencyKey: String) throws(StripeError) -> (clientSecret: String, expiresAt: Int64) {
        var params = FormParams()
        params.set("account", accountId)
        params.set("components", components)
        let session: SessionObject = try client.request(.post, "/v1/account_sessions", params: params,
                                                        options: .idempotent(idempotencyKey))
        return (session.client_secret, session.expires_at)
    }

    /// `GET /v1/accounts/{id}`; the snapshot is observed at `observedAt` (the fetch time).
    func retrieveAccount(_ id: String, observedAt: Int64) throws(StripeError) -> AccountSnapshot {
        let path = "/v1/accounts/\(FormEncoding.percentEncode(id))"
        let object: Account = try client.request(.get, path)
        return try snapshot(object, observedAt: observedAt, path: path)
    }

    /// `POST /v1/accounts/{id}/persons`; returns the person id (`person_…`).
    func createPerson(accountId: String, _ params: FormParams, idempotencyKey: String) throws(StripeError) -> String {
        let path = "/v1/accounts/\(FormEncoding.percentEncode(accountId))/persons"
        let person: IdOnly = try client.request(.post, path, params: params, options: .idempotent(idempotencyKey))
        return person.id
    }

    /// `POST /v1/account_links` with `account`, `type`, `refresh_url`, `return_url` and
    /// `collect` (when given).
    func createAccountLink(accountId: String, _ parameters: AccountLinkParameters,
                           idempotencyKey: String) throws(StripeError) -> IssuedAccountLink {
        var params = FormParams()
        params.set("account", accountId)
        params.set("type", parameters.type)
        params.set("refresh_url", parameters.refreshURL)
        params.set("return_url", parameters.returnURL)
        params.set("collect", parameters.collect)
        let link: LinkObject = try client.request(.post, "/v1/account_links", params: params,
                                                  options: .idempotent(idempotencyKey))
        return IssuedAccountLink(url: link.url, expiresAt: link.expires_at, created: link.created)
    }

    private func snapshot(_ object: Account, observedAt: Int64?, path: String) throws(StripeError) -> AccountSnapshot {
        guard let observedAt else {
            throw StripeError(kind: .decoding, code: "decoding_failed", message: "account from \(path) lacks created",
                              requestId: client.lastResponse?.requestId)
        }
        return object.snapshot(observedAt: observedAt)
    }

    private struct IdOnly: Decodable { var id: String }
    private struct LoginLinkObject: Decodable { var url: String; var created: Int64 }
    private struct SessionObject: Decodable { var client_secret: String; var expires_at: Int64 }

    // Field names as on the wire (snake_case).
    private struct LinkObject: Decodable {
        var url: String
        var expires_at: Int64
        var created: Int64
    }
}
