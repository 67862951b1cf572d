import StripeSimCore
import Messages
import OnboardingService
import TestKit

extension OnboardingTestBed {
    /// Runs `body` against a started test bed and always stops it afterwards.
    static func run(
        apiKey: String = OnboardingTestBed.apiKey,
        _ body: (OnboardingTestBed) async throws -> Void
    ) async throws {
        try await run(making: { try OnboardingTestBed(apiKey: apiKey) }, body)
    }

    /// Runs `body` with a bed whose host runs `workers` workers (events handled concurrently).
    static func run(workers: Int, _ body: (OnboardingTestBed) async throws -> Void) async throws {
        try await run(making: { try OnboardingTestBed(workers: workers) }, body)
    }

    /// A `create_account` command for a fresh seller reference (express account in the US).
    static func newSeller(_ representative: Representative? = nil) -> CreateAccount {
        CreateAccount(
            sellerReference: IntegrationName.make("seller"), country: "US", email: "seller@example.com",
            type: .express, businessProfile: BusinessProfile(name: "Corner Shop", productDescription: "Bread"),
            representative: representative)
    }

    /// A `create_account_link` whose refresh and return URLs are simulator pages, so a
    /// visit can tell where Stripe sent the seller (`page=refresh` or `page=return`).
    func linkCommand(_ account: String, type: AccountLinkType = .accountOnboarding) -> CreateAccountLink {
        CreateAccountLink(
            account: account, refreshUrl: sim.baseURL + "/sim/health?page=refresh",
            returnUrl: sim.baseURL + "/sim/health?page=return", type: type)
    }
}

/// Unique names for references a test creates.
enum IntegrationName {
    static func make(_ prefix: String) -> String {
        "\(prefix)-\(UInt64.random(in: 0...UInt64.max))"
    }
}
