import Foundation
public import Messages
import StripeAPI

/// The store-builder story a platform plays on ConnectBus (`connectbus story`, run by
/// `scripts/demo.sh`): a seller signs up and is onboarded, buyers pay online, in the app
/// and in the shop, a refund, a dispute won, a payout that fails and the seller's
/// statement, then a summary with its checks. Every command is a Swift value of the
/// `Messages` package sent through ``StoryPlatform``, every reply its typed `Result`.
///
/// Each scene is a method that throws ``StepFailed`` to end itself; a failed scene is
/// counted and the story goes on with the next one (the seller's is needed by all others).
/// Not `Sendable`: use it on the thread that owns its platform.
public final class Story {
    let platform: StoryPlatform
    /// The run's references (orders, buyers, seller).
    public let references: StoryReferences
    /// The platform's own pages (never opened; return and cancel URLs point there).
    let site: String
    /// Where the seller's statement is written (`statement.json`).
    let runDirectory: String
    /// The shop's web domain, registered for wallets and Link.
    let shopDomain = "lovelace-ceramics.example.com"

    /// The seller's connected account, once created.
    public internal(set) var account = ""
    var price = ""
    var reader = ""
    /// The simulator's clock when the story began (Unix seconds).
    var clockStart = 0
    /// The seller's statement, once fetched.
    public internal(set) var statement: GetStatement.Result?
    /// Dead letters parked before the story.
    var deadLettersBefore: Int?

    /// A story for run `references` on `platform`; `site` is the platform's own base URL.
    public init(platform: StoryPlatform, references: StoryReferences, site: String, runDirectory: String) {
        self.platform = platform
        self.references = references
        self.site = site
        self.runDirectory = runDirectory
    }

    /// Plays every scene; `true` when no step failed.
    public func play() -> Bool {
        deadLettersBefore = platform.deadLetters()
        clockStart = (try? platform.simClock()) ?? 0
        do {
            try seller()
        } catch {
            platform.fail("the seller is not onboarded; the rest of the story needs it")
            return false
        }
        let scenes: [() throws -> Void] = [
            paymentMethodDomain, checkout, checkoutElements, delayedFailure, paymentSheet, returningBuyer,
            terminal, appCreated, abandoned, refund, ideal, deferred, moneyAfterTheSale,
        ]
        for scene in scenes { try? scene() }
        return platform.failures.isEmpty
    }

    /// The summary of what the story did (events, e-mails, fees, statement, dead letters).
    public func summary(seconds: Int) -> StorySummary {
        let fees = try? platform.sim(.get, "/v1/application_fees?limit=100", apiKey: true)
        return StorySummary(
            references: references, account: account, events: platform.events.snapshot,
            mails: MaildirMessage.read(maildir: platform.maildir), fees: StorySummary.ApplicationFee.list(fees?.body ?? []),
            statement: statement,
            deadLetters: StorySummary.DeadLetters(
                before: deadLettersBefore, after: platform.deadLetters(),
                mine: account.isEmpty ? nil : platform.deadLetters(account: account)),
            seconds: seconds)
    }

    /// A result as compact JSON, for a failure line.
    static func json(_ value: some Encodable) -> String {
        (try? MessageCoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
}
